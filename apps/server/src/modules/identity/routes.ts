import type { App, AppContext } from '../../http/context.ts';

/** Identity number, driver's licence checks, duplicates and suspicious registrations (issue 6); being built. */
export function registerIdentityRoutes(_app: App, _ctx: AppContext) {}
