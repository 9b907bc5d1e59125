import type { App, AppContext } from '../../http/context.ts';

export function registerSearchRoutes(_app: App, _ctx: AppContext) {
  // Filled in by issue 3.
}
