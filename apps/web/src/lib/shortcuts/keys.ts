/**
 * Keyboard shortcuts (issue 19 point 2; docs/decisions/0066-keyboard-shortcuts.md): the pure part, shared by the
 * console's key handler, the actions menus and the list of shortcuts.
 */

/** "g" then a letter goes to a screen. */
export const GO_TO_TARGETS = {
  s: '/support',
  a: '/activebookings',
  e: '/event',
  p: '/pools',
  u: '/users',
  m: '/fleetMap',
} as const;
export type GoToKey = keyof typeof GO_TO_TARGETS;
export const GO_TO_KEYS = Object.keys(GO_TO_TARGETS) as GoToKey[];

/** How long after "g" the second key of a sequence is awaited. */
export const SEQUENCE_TIMEOUT_MS = 1500;

const TEXT_INPUT_TYPES = new Set([
  '',
  'text',
  'search',
  'email',
  'tel',
  'url',
  'password',
  'number',
  'date',
  'datetime-local',
  'time',
  'month',
  'week',
]);
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

interface ElementLike {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
  type?: string;
}

/** Whether a key press goes to something the staff member types into: then no shortcut fires. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as ElementLike | null;
  if (!element || typeof element.tagName !== 'string') return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return TEXT_INPUT_TYPES.has((element.type ?? '').toLowerCase());
  const role = element.getAttribute?.('role');
  return role ? TEXT_ROLES.has(role) : false;
}

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
  defaultPrevented?: boolean;
}

/**
 * The shortcut a key press names, or null: a letter without modifiers (lower case), or "?". It reads `key`, the
 * character the keyboard layout produced, not `code`, the physical key: "?" is Shift+/ on a British keyboard,
 * Shift+ß on a German and Shift++ on a Norwegian or Swedish one, and "y" and "z" swap places on a German one. Ctrl, Alt
 * (AltGr is Ctrl+Alt) and Meta combinations are the browser's and the system's; Shift with a letter is left alone.
 */
export function shortcutKey(event: KeyLike): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing || event.defaultPrevented) return null;
  if (event.key === '?') return '?';
  if (event.shiftKey || !/^[a-z]$/i.test(event.key)) return null;
  return event.key.toLowerCase();
}
