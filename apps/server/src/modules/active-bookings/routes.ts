import { ZActiveBookingsQuery, ZActiveBookingsResponse, ZErrorEnvelope } from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { listActiveBookings } from './service.ts';

/** GET /api/activebookings (§1, §3 Active-bookings row; the path is not shown in §7). */
export function registerActiveBookingRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/activebookings',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Every ACTIVE booking of the operator with its status and overdue hours, most overdue first (overdue=true: past their end only)',
        querystring: ZActiveBookingsQuery,
        response: { 200: ZActiveBookingsResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope },
      },
    },
    async (request) => listActiveBookings(db, requireSession(request), request.query),
  );
}
