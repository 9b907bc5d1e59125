import type { App, AppContext } from '../../http/context.ts';

/** Companies, users by company, batch user creation, fleet by user name (issue 6); being built. */
export function registerCompanyRoutes(_app: App, _ctx: AppContext) {}
