import { afterEach, describe, expect, it } from 'vitest';
import { BOOKING_ACTION_SHORTCUTS } from '@/features/bookings/booking-shortcuts';
import { GO_TO_TARGETS, isTypingTarget, shortcutKey } from '@/lib/shortcuts/keys';
import { moveInList, navItemProps } from '@/lib/shortcuts/list-navigation';
import { pageShortcut } from '@/lib/shortcuts/page-shortcuts';

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
