import { createElement } from 'react';
import { cleanup, render, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALLOWED } from '@fleetdesk/contract';
import { ActionsMenu, type ActionsMenuItem } from '@/components/actions-menu';
import { BOOKING_ACTION_SHORTCUTS } from '@/features/bookings/booking-shortcuts';
import { GO_TO_TARGETS, isTypingTarget, shortcutKey } from '@/lib/shortcuts/keys';
import { moveInList, navItemProps } from '@/lib/shortcuts/list-navigation';
import { pageActions, pageShortcut, usePageActions, type PageAction } from '@/lib/shortcuts/page-shortcuts';

const press = (key: string, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});

describe('shortcutKey', () => {
  it('reads the character the layout produced: "?" is Shift+/ (en-GB), Shift+ß (de) and Shift++ (nb, sv)', () => {
    // The event's key is "?" in every one of these layouts; its code (the physical key) differs, and is not read.
    expect(shortcutKey(press('?', { shiftKey: true }))).toBe('?');
  });

  it('takes plain letters in lower case, and a German keyboard\'s "z" where a British one has "y"', () => {
    expect(shortcutKey(press('g'))).toBe('g');
    expect(shortcutKey(press('z'))).toBe('z');
    expect(shortcutKey(press('j'))).toBe('j');
  });

  it('leaves Ctrl, Alt, AltGr (Ctrl+Alt), Meta and Shift+letter combinations to the browser and the system', () => {
    expect(shortcutKey(press('k', { ctrlKey: true }))).toBeNull();
    expect(shortcutKey(press('k', { metaKey: true }))).toBeNull();
    expect(shortcutKey(press('@', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutKey(press('D', { shiftKey: true }))).toBeNull();
    expect(shortcutKey(press('Enter'))).toBeNull();
    expect(shortcutKey(press('ø'))).toBeNull();
    expect(shortcutKey({ ...press('g'), isComposing: true })).toBeNull();
  });
});

describe('isTypingTarget', () => {
  it('is true in text fields, text areas, selects, editable content and text roles; false elsewhere', () => {
    const input = document.createElement('input');
    expect(isTypingTarget(input)).toBe(true);
    input.type = 'checkbox';
    expect(isTypingTarget(input)).toBe(false);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
    const spin = document.createElement('span');
    spin.setAttribute('role', 'spinbutton');
    expect(isTypingTarget(spin)).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('moveInList', () => {
  afterEach(() => document.body.replaceChildren());

  it('moves the focus through the marked items, from the first down and back up, and stops at the ends', () => {
    const list = document.createElement('div');
    for (const name of ['one', 'two', 'three']) {
      const link = document.createElement('a');
      link.href = `#${name}`;
      link.textContent = name;
      for (const [attribute, value] of Object.entries(navItemProps)) link.setAttribute(attribute, value);
      list.append(link);
    }
    const unmarked = document.createElement('a');
    unmarked.href = '#other';
    list.append(unmarked);
    document.body.append(list);
    const focused = () => document.activeElement?.textContent;

    expect(moveInList(list, 1, document.activeElement)).toBe(true);
    expect(focused()).toBe('one');
    moveInList(list, 1, document.activeElement);
    moveInList(list, 1, document.activeElement);
    expect(focused()).toBe('three');
    expect(moveInList(list, 1, document.activeElement)).toBe(false);
    expect(focused()).toBe('three');
    moveInList(list, -1, document.activeElement);
    expect(focused()).toBe('two');
  });

  it('does nothing where no list is shown', () => {
    expect(moveInList(document.body, 1, null)).toBe(false);
  });
});

describe('shortcut tables', () => {
  it('"g" reaches the six screens of issue 19 and no screen takes a page key', () => {
    expect(GO_TO_TARGETS).toEqual({ s: '/support', a: '/activebookings', e: '/event', p: '/pools', u: '/users', m: '/fleetMap' });
    expect(pageShortcut('x')).toBeUndefined();
  });

  it("gives each booking action its own letter, none of the lists' or the screens' keys, and none to unasked changes", () => {
    const keys = Object.values(BOOKING_ACTION_SHORTCUTS);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z]$/);
    expect(keys).not.toContain('j');
    expect(keys).not.toContain('k');
    expect(keys).not.toContain('g');
    // Run from the menu without a question: no key, so that a stray key press changes nothing.
    expect(BOOKING_ACTION_SHORTCUTS.lockForUser).toBeUndefined();
    expect(BOOKING_ACTION_SHORTCUTS.unlockForUser).toBeUndefined();
    expect(BOOKING_ACTION_SHORTCUTS.mailReceipt).toBeUndefined();
  });
});

describe('page actions and their keys', () => {
  afterEach(cleanup);

  it("runs a key's action from the newest screen that registered it, and forgets a screen once it is gone", () => {
    const card = { deactivate: vi.fn(), extend: vi.fn() };
    const dialog = vi.fn();
    const cardActions: PageAction[] = [
      { id: 'deactivate', label: 'Deactivate', shortcut: 'd', run: card.deactivate },
      { id: 'extend', label: 'Extend', shortcut: 'x', run: card.extend },
      { id: 'note', label: 'Add a note', run: vi.fn() },
    ];
    const below = renderHook(() => usePageActions(cardActions));
    const above = renderHook(() => usePageActions([{ id: 'discard', label: 'Discard', shortcut: 'd', run: dialog }]));
    expect(pageActions().map((action) => action.id)).toEqual(['discard', 'deactivate', 'extend', 'note']);
    pageShortcut('d')?.();
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(card.deactivate).not.toHaveBeenCalled();
    pageShortcut('x')?.();
    expect(card.extend).toHaveBeenCalledTimes(1);
    expect(pageShortcut('n')).toBeUndefined();

    above.unmount();
    pageShortcut('d')?.();
    expect(card.deactivate).toHaveBeenCalledTimes(1);
    below.unmount();
    expect(pageActions()).toEqual([]);
    expect(pageShortcut('x')).toBeUndefined();
  });

  it("gives a record's actions menu's allowed entries (not links) their keys and the palette's list, none while it is busy", () => {
    type Key = 'deactivate' | 'extend' | 'cancel' | 'receipt';
    const items: ActionsMenuItem<Key>[] = [
      { key: 'deactivate', label: 'Deactivate', icon: createElement('span'), ability: ALLOWED, shortcut: 'd' },
      { key: 'extend', label: 'Extend', icon: createElement('span'), ability: { allowed: false, reason: 'bookingNotActive' }, shortcut: 'x' },
      { key: 'cancel', label: 'Cancel', icon: createElement('span'), ability: ALLOWED },
      { key: 'receipt', label: 'Receipt', icon: createElement('span'), ability: ALLOWED, href: '/receipt', shortcut: 'r' },
    ];
    const onChoose = vi.fn();
    const menu = (busy: boolean) => createElement(ActionsMenu<Key>, { label: 'Actions', items, onChoose, busy, pageShortcuts: true });
    const { rerender } = render(menu(false));
    expect(pageActions().map((action) => [action.id, action.shortcut])).toEqual([
      ['deactivate', 'd'],
      ['cancel', undefined],
    ]);
    pageShortcut('d')?.();
    expect(onChoose).toHaveBeenCalledWith('deactivate');
    expect(pageShortcut('x')).toBeUndefined();
    expect(pageShortcut('r')).toBeUndefined();
    rerender(menu(true));
    expect(pageShortcut('d')).toBeUndefined();
    expect(pageActions()).toEqual([]);
  });
});
