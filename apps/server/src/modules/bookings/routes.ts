import { ZBooking, ZBookingParams, ZErrorEnvelope } from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { getBooking } from './service.ts';

export function registerBookingRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/bookings/:bid',
    {
      schema: {
        tags: ['bookings'],
        summary: 'A booking by bid (upper-cased), with its actions, allocation and payment',
        params: ZBookingParams,
        response: { 200: ZBooking, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => getBooking(db, requireSession(request), request.params.bid),
  );
}
