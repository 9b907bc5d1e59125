import { useSyncExternalStore } from 'react';

/**
 * The console's colour scheme (issue 19; docs/decisions/0068-dark-mode.md): each staff member chooses System, Light
 * or Dark; System (the default) follows the browser's `prefers-color-scheme`. The choice is kept in this browser per
 * staff member (operator and user name), and the scheme in use is written to `<html data-color-scheme>`, which both
 * MUI's CSS variables (lib/theme/theme.ts) and the login page's plain CSS (plain.css) read. Free of MUI: the login
 * page uses it too.
 */
export const COLOR_SCHEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ColorSchemeChoice = (typeof COLOR_SCHEME_CHOICES)[number];
export type ColorScheme = 'light' | 'dark';

export const COLOR_SCHEME_ATTRIBUTE = 'data-color-scheme';

const isChoice = (value: unknown): value is ColorSchemeChoice => COLOR_SCHEME_CHOICES.includes(value as ColorSchemeChoice);
const storageKey = (owner: string) => `fleetdesk.colorScheme.${owner}`;

/** The signed-in staff member ("fleet/username"), or null (the login page follows the system). */
let owner: string | null = null;
/** Choices made where the browser stores nothing (private mode): they last for this page. */
const unsaved = new Map<string, ColorSchemeChoice>();
const listeners = new Set<(choice: ColorSchemeChoice) => void>();
const darkQuery = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

/** The signed-in staff member's choice; System without one. */
export function readColorSchemeChoice(): ColorSchemeChoice {
  if (!owner) return 'system';
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(storageKey(owner));
  } catch {
    // Storage unavailable: the choice made on this page, if any.
  }
  return isChoice(stored) ? stored : (unsaved.get(owner) ?? 'system');
}

export const resolveColorScheme = (choice: ColorSchemeChoice): ColorScheme =>
  choice === 'system' ? (darkQuery?.matches ? 'dark' : 'light') : choice;

function applyToDocument() {
  if (typeof document !== 'undefined') document.documentElement.setAttribute(COLOR_SCHEME_ATTRIBUTE, resolveColorScheme(readColorSchemeChoice()));
}

function announce() {
  applyToDocument();
  const choice = readColorSchemeChoice();
  listeners.forEach((listener) => listener(choice));
}

/** Stores the signed-in staff member's choice and applies it at once (in every MUI root and the plain pages). */
export function setColorSchemeChoice(choice: ColorSchemeChoice): void {
  if (!owner) return;
  unsaved.set(owner, choice);
  try {
    window.localStorage.setItem(storageKey(owner), choice);
  } catch {
    // Private mode: kept in memory for this page.
  }
  announce();
}

/** Calls the listener with the choice whenever it changes (a choice, another staff member signing in, another tab). */
export function subscribeColorSchemeChoice(listener: (choice: ColorSchemeChoice) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in staff member's choice, re-rendering when it changes. */
export function useColorSchemeChoice(): ColorSchemeChoice {
  return useSyncExternalStore(subscribeColorSchemeChoice, readColorSchemeChoice, readColorSchemeChoice);
}

interface StaffSource {
  getSession(): { user: { fleet?: string; username: string } } | null;
  subscribe(listener: () => void): () => void;
}

/**
 * Applies the scheme of whoever is signed in, before the first render (main.tsx) and on every login and logout, and
 * follows the system's scheme and choices made in other tabs.
 */
export function followStaffColorScheme(source: StaffSource): void {
  const update = () => {
    const user = source.getSession()?.user;
    const next = user ? `${user.fleet ?? ''}/${user.username}` : null;
    if (next === owner) return;
    owner = next;
    announce();
  };
  update();
  applyToDocument();
  source.subscribe(update);
  darkQuery?.addEventListener('change', applyToDocument);
  window.addEventListener('storage', (event) => {
    if (owner && event.key === storageKey(owner)) announce();
  });
}
