import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';

/**
 * Back links keep their search (issue 17, docs/decisions/0056-undo-and-plain-urls.md): the lists a record page is
 * opened from are remembered with their query parameters as they were last shown, and a back link returns to that
 * list, search, page and filters included. Kept per tab (sessionStorage), so a reload of the record page still goes
 * back to the search; a link opened from elsewhere finds no list and goes to the list's first screen.
 */

/** The lists whose searches are remembered, by path. */
export const RETURN_LISTS = ['/users', '/support'] as const;
export type ReturnList = (typeof RETURN_LISTS)[number];

export interface ListReturn {
  path: ReturnList;
  search: Record<string, unknown>;
}

const STORAGE_KEY = 'fleetdesk.listReturn';

let memory: ListReturn | null = null;

const isReturnList = (path: string): path is ReturnList => (RETURN_LISTS as readonly string[]).includes(path);

function read(): ListReturn | null {
  if (memory) return memory;
  try {
    const stored = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    if (!stored) return null;
    const parsed = JSON.parse(stored) as Partial<ListReturn>;
    if (typeof parsed.path === 'string' && isReturnList(parsed.path) && parsed.search && typeof parsed.search === 'object') {
      memory = { path: parsed.path, search: parsed.search };
    }
  } catch {
    // Storage unavailable or spoilt: no list to return to.
  }
  return memory;
}

/** Records a location shown by the router when it is one of the lists. */
export function rememberListLocation(location: Pick<ParsedLocation, 'pathname' | 'search'>): void {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (!isReturnList(path)) return;
  memory = { path, search: { ...(location.search as Record<string, unknown>) } };
  try {
    globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(memory));
  } catch {
    // Storage full or unavailable: the memory copy still serves this page's life.
  }
}

/** The list a record page's back link returns to: the last list shown, or `fallback`'s first screen. */
export function listReturn(fallback: ReturnList): ListReturn {
  return read() ?? { path: fallback, search: {} };
}

/** Forgets the remembered list (logout, tests). */
export function forgetListReturn(): void {
  memory = null;
  try {
    globalThis.sessionStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/** Remembers every list the router shows. */
export function trackListReturns(router: AnyRouter): () => void {
  return router.subscribe('onResolved', ({ toLocation }) => rememberListLocation(toLocation));
}
