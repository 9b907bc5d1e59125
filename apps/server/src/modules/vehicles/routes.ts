import type { App, AppContext } from '../../http/context.ts';

export function registerVehicleRoutes(_app: App, _ctx: AppContext) {
  // Filled in by issue 3.
}
