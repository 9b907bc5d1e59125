import { ZBookingParams, ZErrorEnvelope, ZPaymentTypeRequest, ZPaymentTypeResponse } from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { sandboxPaymentProvider } from '../../integrations/payments/sandbox.ts';
import { setBookingPaymentType, type PaymentTypeDeps } from './payment-type-service.ts';

/** §7 "set payment type for a booking (bid, paymentType)"; the rules are in payment-type-service.ts. */
export function registerBookingPaymentTypeRoutes(app: App, { db }: AppContext, deps: PaymentTypeDeps = { payments: sandboxPaymentProvider() }) {
  app.put(
    '/api/bookings/:bid/paymentType',
    {
      schema: {
        tags: ['bookings', 'payments'],
        summary: 'Switch the booking payment between credit card and user invoice',
        params: ZBookingParams,
        body: ZPaymentTypeRequest,
        response: { 200: ZPaymentTypeResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope, 409: ZErrorEnvelope },
      },
    },
    async (request) => setBookingPaymentType(db, requireSession(request), request.params.bid, request.body.paymentType, deps),
  );
}
