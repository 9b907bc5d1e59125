import { ZErrorEnvelope, ZEventSearchQuery, ZEventSearchResponse } from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { searchEvents } from './service.ts';

export function registerEventRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Search the event log (vin, bid or user required)',
        querystring: ZEventSearchQuery,
        response: { 200: ZEventSearchResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => searchEvents(db, requireSession(request), request.query),
  );
}
