export { startLiveHub, LIVE_CHANNEL, type LiveHub } from './hub.ts';
export { registerLiveRoutes } from './routes.ts';
