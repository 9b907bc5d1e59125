import { useSyncExternalStore } from 'react';
import { COLOR_SCHEME_CHOICES, DEFAULT_COLOR_SCHEME, isOneOf, type ColorSchemeChoice } from '@fleetdesk/contract';

/**
 * The console's colour scheme (issue 19; docs/decisions/0068-dark-mode.md, 0078-color-scheme-preference.md): each
 * staff member chooses System, Light or Dark; System (the default) follows the browser's `prefers-color-scheme`. The
 * choice is the staff member's preference on the server (GET/PATCH /api/me/preferences), so it follows them to any
 * computer; this browser keeps a copy per staff member (operator and user name) as the fast cache, applied before the
 * first render, and the server's value wins once it arrives. The scheme in use is written to `<html
 * data-color-scheme>`, which both MUI's CSS variables (lib/theme/theme.ts) and the login page's plain CSS (plain.css)
 * read. Free of MUI and of the API client: the login page uses it too, and main.tsx hands it the server's side.
 */
export { COLOR_SCHEME_CHOICES, type ColorSchemeChoice };
export type ColorScheme = 'light' | 'dark';

export const COLOR_SCHEME_ATTRIBUTE = 'data-color-scheme';

const storageKey = (owner: string) => `fleetdesk.colorScheme.${owner}`;

/** The signed-in staff member ("fleet/username"), or null (the login page follows the system). */
let owner: string | null = null;
/** Choices made where the browser stores nothing (private mode): they last for this page. */
const unsaved = new Map<string, ColorSchemeChoice>();
const listeners = new Set<(choice: ColorSchemeChoice) => void>();
const darkQuery = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

/** The signed-in staff member's choice; System without one. */
export function readColorSchemeChoice(): ColorSchemeChoice {
  if (!owner) return DEFAULT_COLOR_SCHEME;
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(storageKey(owner));
  } catch {
    // Storage unavailable: the choice made on this page, if any.
  }
  return isOneOf(COLOR_SCHEME_CHOICES, stored) ? stored : (unsaved.get(owner) ?? DEFAULT_COLOR_SCHEME);
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

/** Keeps a staff member's choice in this browser (in memory where the browser stores nothing, e.g. private mode). */
function keepInBrowser(who: string, choice: ColorSchemeChoice) {
  unsaved.set(who, choice);
  try {
    window.localStorage.setItem(storageKey(who), choice);
  } catch {
    // Private mode: kept in memory for this page.
  }
}

/** Where the staff member's choice is kept on the server (GET/PATCH /api/me/preferences), given by main.tsx. */
export interface ColorSchemeServer {
  load(): Promise<ColorSchemeChoice>;
  /** Stores the choice; answers what the server keeps. */
  save(choice: ColorSchemeChoice): Promise<ColorSchemeChoice>;
}

let server: ColorSchemeServer | null = null;
/** Choices made in this page so far: a server value read before the latest choice is out of date when it arrives. */
let choicesMade = 0;
/** The choice each staff member has on the server, as far as this page knows: what a failed save goes back to. */
const onServer = new Map<string, ColorSchemeChoice>();

/** Takes the signed-in staff member's choice from the server; it wins over this browser's copy unless a choice was made meanwhile. */
function reconcileWithServer(who: string) {
  if (!server) return;
  const made = choicesMade;
  server.load().then(
    (choice) => {
      if (made !== choicesMade) return;
      onServer.set(who, choice);
      const shown = owner === who ? readColorSchemeChoice() : null;
      keepInBrowser(who, choice);
      // The common case, this browser's copy already the server's: nothing to redraw.
      if (shown !== null && shown !== choice) announce();
    },
    // Offline or refused (a 401 ends the session anyway): this browser's copy stays in use.
    () => undefined,
  );
}

/**
 * The signed-in staff member chooses a scheme (the top bar's menu): it applies at once (in every MUI root and the plain
 * pages) and is saved on the server. When the save fails, the choice the server keeps is back, and the promise rejects
 * with the error, for the menu to say so; a save overtaken by a later choice, or by a logout, settles quietly.
 */
export async function chooseColorScheme(choice: ColorSchemeChoice): Promise<void> {
  const who = owner;
  if (!who) return;
  const before = onServer.get(who) ?? readColorSchemeChoice();
  const made = ++choicesMade;
  keepInBrowser(who, choice);
  announce();
  if (!server) return;
  try {
    const saved = await server.save(choice);
    if (made === choicesMade) onServer.set(who, saved);
  } catch (error) {
    if (made !== choicesMade || owner !== who) return;
    keepInBrowser(who, before);
    announce();
    throw error;
  }
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
 * Applies the scheme of whoever is signed in, before the first render (main.tsx) and on every login and logout, from
 * this browser's copy at once and then from the server (when `preferences` is given); and follows the system's scheme
 * and choices made in other tabs.
 */
export function followStaffColorScheme(source: StaffSource, preferences?: ColorSchemeServer): void {
  server = preferences ?? null;
  const update = () => {
    const user = source.getSession()?.user;
    const next = user ? `${user.fleet ?? ''}/${user.username}` : null;
    if (next === owner) return;
    owner = next;
    announce();
    if (next) reconcileWithServer(next);
  };
  update();
  applyToDocument();
  source.subscribe(update);
  darkQuery?.addEventListener('change', applyToDocument);
  window.addEventListener('storage', (event) => {
    if (owner && event.key === storageKey(owner)) announce();
  });
}
