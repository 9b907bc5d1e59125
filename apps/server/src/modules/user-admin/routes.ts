import type { App, AppContext } from '../../http/context.ts';

/** User page API: get/update/delete user, status actions, block, free months, bulk approve (issue 6); being built. */
export function registerUserAdminRoutes(_app: App, _ctx: AppContext) {}
