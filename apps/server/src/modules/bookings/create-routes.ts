import {
  ZAvailabilityQuery,
  ZAvailabilityResponse,
  ZBooking,
  ZBookingCreateRequest,
  ZBookingParams,
  ZBookingUpdateRequest,
  ZContractRulesResponse,
  ZErrorEnvelope,
  ZIntIdParam,
  ZPriceRequest,
  ZPriceResponse,
  ZSuggestionsQuery,
  ZSuggestionsResponse,
} from '@fleetdesk/contract';
import { z } from 'zod';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { sandboxPaymentProvider } from '../../integrations/payments/sandbox.ts';
import { getAvailability } from './availability.ts';
import { getContractRules } from './contract-rules.ts';
import { createBooking, type BookingDeps } from './create-booking.ts';
import { estimatePrice } from './estimate.ts';
import { listSuggestions } from './suggestions.ts';
import { updateBooking } from './update-booking.ts';

const emptyToUndefined = (v: unknown) => (v === '' || v === null || v === 'null' ? undefined : v);
/** GET /api/contracts/{id}/rules?poolId (path not shown in the spec). */
const ZContractRulesParams = z.object({ id: ZIntIdParam });
const ZContractRulesQuery = z.object({ poolId: z.preprocess(emptyToUndefined, ZIntIdParam.optional()) });

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope };

/** Booking creation and update, price, availability, contract rules and suggestions (spec §7 Bookings). */
export function registerBookingCreateRoutes(app: App, { db }: AppContext, deps: BookingDeps = { payments: sandboxPaymentProvider() }) {
  app.post(
    '/api/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Create a booking (rules, allocation, estimate and payment reservation)',
        body: ZBookingCreateRequest,
        response: { 201: ZBooking, ...errors, 409: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      const booking = await createBooking(db, requireSession(request), deps, request.body);
      return reply.status(201).send(booking);
    },
  );

  app.put(
    '/api/bookings/:bid',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Update an INACTIVE or ACTIVE booking (a started one keeps its pools, start, distance and vehicle)',
        params: ZBookingParams,
        body: ZBookingUpdateRequest,
        response: { 200: ZBooking, ...errors, 409: ZErrorEnvelope },
      },
    },
    async (request) => updateBooking(db, requireSession(request), deps, request.params.bid, request.body),
  );

  app.get(
    '/api/bookings/suggestions',
    {
      schema: {
        tags: ['bookings'],
        summary: "The customer's recent distinct choices (contract, pools, specification), newest first, at most 5",
        querystring: ZSuggestionsQuery,
        response: { 200: ZSuggestionsResponse, ...errors },
      },
    },
    async (request) => listSuggestions(db, requireSession(request), request.query.user),
  );

  app.post(
    '/api/price',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The price estimate of a booking under a contract',
        body: ZPriceRequest,
        response: { 200: ZPriceResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope },
      },
    },
    async (request) => estimatePrice(db, requireSession(request), request.body),
  );

  app.get(
    '/api/availability',
    {
      schema: {
        tags: ['bookings'],
        summary: "The pool's free vehicles in [from, to), counted per class and model, with estimated prices",
        querystring: ZAvailabilityQuery,
        response: { 200: ZAvailabilityResponse, ...errors },
      },
    },
    async (request) => getAvailability(db, requireSession(request), request.query),
  );

  app.get(
    '/api/contracts/:id/rules',
    {
      schema: {
        tags: ['bookings'],
        summary: "The contract's booking rules (and, with poolId, taxi and access rules for that pool)",
        params: ZContractRulesParams,
        querystring: ZContractRulesQuery,
        response: { 200: ZContractRulesResponse, ...errors },
      },
    },
    async (request) => getContractRules(db, requireSession(request), request.params.id, request.query.poolId),
  );
}
