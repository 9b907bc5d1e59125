import { ZErrorEnvelope, ZFleetParams, ZFleetResponse } from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { getFleet } from './service.ts';

export function registerFleetRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/fleets/:fleet',
    {
      schema: {
        tags: ['fleets'],
        summary: "The session's operator",
        params: ZFleetParams,
        response: { 200: ZFleetResponse, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => getFleet(db, requireSession(request), request.params.fleet),
  );
}
