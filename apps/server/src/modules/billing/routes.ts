import type { App, AppContext } from '../../http/context.ts';

/** POST /api/bookings/{bid}/billing and /fixedprice (issue 5; being built). */
export function registerBillingRoutes(_app: App, _ctx: AppContext) {}
