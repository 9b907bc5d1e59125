import { ZErrorEnvelope, ZFleetMapQuery, ZFleetMapResponse } from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { getFleetMap } from './service.ts';

/** GET /api/fleetmap (§1 Fleet overview map; the path is not shown in §7). */
export function registerFleetMapRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/fleetmap',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Every vehicle of the operator at its last position with a status (alarm, low battery, booked, available)',
        querystring: ZFleetMapQuery,
        response: { 200: ZFleetMapResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope },
      },
    },
    async (request) => getFleetMap(db, requireSession(request), request.query),
  );
}
