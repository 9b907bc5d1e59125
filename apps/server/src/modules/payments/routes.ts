import type { App, AppContext } from '../../http/context.ts';

/** Payment operations, booking and user payments, the payments screen (issue 5; being built). */
export function registerPaymentRoutes(_app: App, _ctx: AppContext) {}
