import {
  ZBookingParams,
  ZBookingPaymentsResponse,
  ZErrorEnvelope,
  ZOrderPaymentTypeRequest,
  ZPaymentMethodsResponse,
  ZPaymentResponse,
  ZPaymentStatusRequest,
  ZPaymentsQuery,
  ZPaymentsResponse,
  ZReplacePaymentRequest,
  ZSandboxAuthorizeRequest,
  ZUsernameParams,
  ZUserPaymentsQuery,
  ZUserPaymentsResponse,
  ZReasonRequest,
} from '@fleetdesk/contract';
import { z } from 'zod';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { idempotencyKeyOf } from '../../http/idempotency.ts';
import { isSandboxProvider } from '../../integrations/payments/sandbox.ts';
import { listPaymentMethods, listPayments, listUserPayments } from './lists.ts';
import {
  authorizeSandboxPayment,
  cancelEventPayment,
  getPayment,
  listBookingPayments,
  releasePayment,
  replaceBookingPayment,
  retryPayment,
  setInvoiceStatus,
  setOrderPaymentType,
} from './service.ts';

const ZOrderParams = z.object({ orderId: z.string().trim().min(1).max(40) });
const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope, 409: ZErrorEnvelope };

/** Payment operations, booking and user payments, the payments screen (§4, §7; docs/decisions/0021-payments.md). */
export function registerPaymentRoutes(app: App, ctx: AppContext) {
  const { db } = ctx;
  const deps = { payments: ctx.payments };

  app.get(
    '/api/bookings/:bid/payments',
    {
      schema: {
        tags: ['payments'],
        summary: "The booking's payments: the booking payment (BOK) first, then its event payments (EVE), oldest first",
        params: ZBookingParams,
        response: { 200: ZBookingPaymentsResponse, ...errors },
      },
    },
    async (request) => listBookingPayments(db, requireSession(request), request.params.bid),
  );

  app.get(
    '/api/payments',
    {
      schema: {
        tags: ['payments'],
        summary: "The operator's payments, newest first, keyset-paged (status, type, from, to, user, search)",
        querystring: ZPaymentsQuery,
        response: { 200: ZPaymentsResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope },
      },
    },
    async (request) => listPayments(db, requireSession(request), request.query),
  );

  app.get(
    '/api/payments/:orderId',
    {
      schema: { tags: ['payments'], summary: 'One payment', params: ZOrderParams, response: { 200: ZPaymentResponse, ...errors } },
    },
    async (request) => getPayment(db, requireSession(request), request.params.orderId),
  );

  app.put(
    '/api/payments/:orderId/status',
    {
      schema: {
        tags: ['payments'],
        summary: 'User invoice status: UNPAID → INVOICE_SENT → PAID, INVOICE_SENT → UNPAID',
        params: ZOrderParams,
        body: ZPaymentStatusRequest,
        response: { 200: ZPaymentResponse, ...errors },
      },
    },
    async (request) => setInvoiceStatus(db, requireSession(request), request.params.orderId, request.body.status),
  );

  app.put(
    '/api/payments/:orderId/paymentType',
    {
      schema: {
        tags: ['payments'],
        summary: 'Switch an order between credit card and user invoice',
        params: ZOrderParams,
        body: ZOrderPaymentTypeRequest,
        response: { 200: ZPaymentResponse, ...errors },
      },
    },
    async (request) => setOrderPaymentType(db, requireSession(request), request.params.orderId, request.body.paymentType, deps),
  );

  app.post(
    '/api/payments/:orderId/retry',
    {
      schema: {
        tags: ['payments'],
        summary: 'Revive or retry an ABANDONED or UNPAID card payment (Idempotency-Key honoured)',
        params: ZOrderParams,
        response: { 200: ZPaymentResponse, ...errors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return retryPayment(db, session, request.params.orderId, idempotencyKeyOf(request.headers), deps);
    },
  );

  app.post(
    '/api/payments/:orderId/release',
    {
      schema: {
        tags: ['payments'],
        summary: 'Release an INVOICE payment that is not NO_CHARGE, or an ABANDONED card payment (the reason in the body)',
        params: ZOrderParams,
        body: ZReasonRequest.nullish(),
        response: { 200: ZPaymentResponse, ...errors },
      },
    },
    async (request) => releasePayment(db, requireSession(request), request.params.orderId, deps, request.body?.reason),
  );

  app.post(
    '/api/payments/:orderId/cancel',
    {
      schema: {
        tags: ['payments'],
        summary: 'Cancel an event payment (EVE) that is not PAID (the reason in the body)',
        params: ZOrderParams,
        body: ZReasonRequest.nullish(),
        response: { 200: ZPaymentResponse, ...errors },
      },
    },
    async (request) => cancelEventPayment(db, requireSession(request), request.params.orderId, deps, request.body?.reason),
  );

  app.post(
    '/api/bookings/:bid/payment/replace',
    {
      schema: {
        tags: ['payments'],
        summary: 'Replace the booking payment with a new one of a type; the old one becomes NO_CHARGE',
        params: ZBookingParams,
        body: ZReplacePaymentRequest,
        response: { 200: ZPaymentResponse, ...errors },
      },
    },
    async (request) => replaceBookingPayment(db, requireSession(request), request.params.bid, request.body.paymentType, deps),
  );

  app.get(
    '/api/users/:username/payments',
    {
      schema: {
        tags: ['payments', 'users'],
        summary: "The user's payments (default: the last 12 months) and outstanding payments per currency",
        params: ZUsernameParams,
        querystring: ZUserPaymentsQuery,
        response: { 200: ZUserPaymentsResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => listUserPayments(db, requireSession(request), request.params.username, request.query),
  );

  app.get(
    '/api/users/:username/payments/methods',
    {
      schema: {
        tags: ['payments', 'users'],
        summary: "The user's registered cards",
        params: ZUsernameParams,
        response: { 200: ZPaymentMethodsResponse, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => listPaymentMethods(db, requireSession(request), request.params.username),
  );

  const sandbox = ctx.payments;
  if (isSandboxProvider(sandbox)) {
    app.post(
      '/api/sandbox/payments/:orderId/authorize',
      {
        schema: {
          tags: ['payments'],
          summary: "Sandbox only: the customer's part of a card authorisation (NEEDS_AUTHORIZATION → RESERVED or ABANDONED)",
          params: ZOrderParams,
          body: ZSandboxAuthorizeRequest,
          response: { 200: ZPaymentResponse, ...errors },
        },
      },
      async (request) => authorizeSandboxPayment(db, requireSession(request), request.params.orderId, request.body.outcome, sandbox),
    );
  }
}
