import {
  BILLING_AMOUNT_MAX,
  BILLING_COMMENT_MAX,
  BILLING_MAX_ITEMS,
  formatMessage,
  MESSAGES,
  ZBillingItem,
  ZBillingResponse,
  ZBookingParams,
  ZErrorEnvelope,
  ZFixedPriceResponse,
} from '@fleetdesk/contract';
import { z } from 'zod';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { idempotencyKeyOf } from '../../http/idempotency.ts';
import { addBillingItems, updateFixedPrice } from './service.ts';

/**
 * The request bodies: the contract's ZBillingRequest and ZFixedPriceRequest, with the §5 form messages on the
 * amount and the type, so that the 400 envelope names what is wrong in the form's words.
 */
const amountMessage = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? MESSAGES.amountRequired : MESSAGES.amountNotNumber;

export const ZBillingBody = z
  .array(
    ZBillingItem.extend({
      value: z.number({ error: amountMessage }),
      type: z.string({ error: MESSAGES.specifyBillingType }).transform((t) => t.replace(/ /g, '_')),
    }),
  )
  .min(1)
  .max(BILLING_MAX_ITEMS);

export const ZFixedPriceBody = z.object({
  price: z
    .number({ error: amountMessage })
    .min(0, { error: MESSAGES.amountNegative })
    .max(BILLING_AMOUNT_MAX, { error: formatMessage('amountTooLarge', { max: BILLING_AMOUNT_MAX.toFixed(2) }) }),
  comment: z.string().max(BILLING_COMMENT_MAX).nullable().optional(),
});

const tags = ['bookings', 'payments'];
const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope, 409: ZErrorEnvelope };

/** POST /api/bookings/{bid}/billing and /fixedprice (docs/decisions/0022-billing.md); the rules are in service.ts. */
export function registerBillingRoutes(app: App, { db, payments }: AppContext) {
  app.post(
    '/api/bookings/:bid/billing',
    {
      schema: {
        tags,
        summary: 'Add fees (event payments) or a credit (a negative line of the booking payment) to a booking',
        description: 'Takes an optional Idempotency-Key header: a retry with the same key is applied once and answers the first result.',
        params: ZBookingParams,
        body: ZBillingBody,
        response: { 200: ZBillingResponse, ...errors },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const { booking, replayed } = await addBillingItems(
        db,
        session,
        request.params.bid,
        request.body,
        { payments },
        {
          idempotencyKey: idempotencyKeyOf(request.headers),
        },
      );
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return booking;
    },
  );

  app.post(
    '/api/bookings/:bid/fixedprice',
    {
      schema: {
        tags,
        summary: 'Set a fixed price (without VAT) on a booking that is not finished',
        params: ZBookingParams,
        body: ZFixedPriceBody,
        response: { 200: ZFixedPriceResponse, ...errors },
      },
    },
    async (request) => updateFixedPrice(db, requireSession(request), request.params.bid, 'SET', request.body),
  );

  app.put(
    '/api/bookings/:bid/fixedprice',
    {
      schema: {
        tags,
        summary: "Change a booking's fixed price",
        params: ZBookingParams,
        body: ZFixedPriceBody,
        response: { 200: ZFixedPriceResponse, ...errors },
      },
    },
    async (request) => updateFixedPrice(db, requireSession(request), request.params.bid, 'CHANGE', request.body),
  );

  app.delete(
    '/api/bookings/:bid/fixedprice',
    {
      schema: { tags, summary: "Remove a booking's fixed price", params: ZBookingParams, response: { 200: ZFixedPriceResponse, ...errors } },
    },
    async (request) => updateFixedPrice(db, requireSession(request), request.params.bid, 'REMOVE', null),
  );
}
