import type { SavedView, SavedViewScreen } from '@fleetdesk/contract';

/** The console path of each screen a view can be saved on. */
export const SCREEN_PATHS: Record<Exclude<SavedViewScreen, 'companyUsers'>, string> = {
  support: '/support',
  users: '/users',
  payments: '/payments',
  alarms: '/alarms',
  eventLog: '/event',
  activeBookings: '/activebookings',
};

/** Where a view opens: its screen with its params as the URL's search params. */
export function viewLocation(view: Pick<SavedView, 'screen' | 'params'>): { to: string; search: Record<string, unknown> } {
  if (view.screen === 'companyUsers') {
    const { companyId, ...rest } = view.params;
    return { to: `/companies/${String(companyId)}`, search: { ...rest, tab: 'users' } };
  }
  return { to: SCREEN_PATHS[view.screen], search: view.params };
}

/** The params to save from the screen's URL: its search params (the server keeps those of the screen's schema). */
export function paramsOfLocation(screen: SavedViewScreen, pathname: string, search: Record<string, unknown>): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined && v !== ''));
  if (screen === 'companyUsers') {
    const id = /^\/companies\/(\d+)/.exec(pathname)?.[1];
    const { tab: _tab, edit: _edit, page: _page, ...rest } = kept;
    return { ...rest, companyId: Number(id) };
  }
  return kept;
}
