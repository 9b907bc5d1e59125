import {
  ZAdjustedValuesRequest,
  ZAdjustQuery,
  ZBookingEventsQuery,
  ZBookingEventsResponse,
  ZBookingParams,
  ZBookingResponse,
  ZChargingPinQuery,
  ZChargingPinResponse,
  ZDeactivateRequest,
  ZErrorEnvelope,
  ZForceDeactivateQuery,
  ZMetadata,
  ZMetadataSpecResponse,
  ZReasonQuery,
  ZReasonRequest,
  ZTechnicalIssueRequest,
} from '@fleetdesk/contract';
import { z } from 'zod';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import type { ChargingProvider } from '../../integrations/charging/provider.ts';
import { sandboxChargingProvider } from '../../integrations/charging/sandbox.ts';
import { adjustBookingValues } from './adjusted-values.ts';
import { listBookingEvents } from './booking-events.ts';
import { checkoutBooking, reportTechnicalIssue } from './booking-flags.ts';
import { getChargingActivationData } from './charging-pin.ts';
import { adjustBooking, undoExtension } from './extend.ts';
import { getBookingMetadata, getBookingMetadataSpec, updateBookingMetadata, updateBookingMetadataSpec } from './metadata-service.ts';
import { sendBookingReceipt } from './receipt.ts';
import { activateBooking, cancelBooking, deactivateBooking, forceDeactivateBooking, replaceBooking } from './transitions.ts';

export interface BookingLifecycleDeps {
  /** The charging provider (default: the built-in sandbox). */
  charging?: ChargingProvider;
}

const tags = ['bookings'];
/** Errors of a booking mutation: bad input or a refused activate/deactivate/force end (400), 404, state conflicts (409). */
const mutationErrors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope, 409: ZErrorEnvelope };
/**
 * The reason of an action: from the JSON body (how the console sends it, out of URLs and logs), else from the spec's
 * `?reason=` query. The body wins when both are given.
 */
const reason = (q: { reason?: string | undefined }, body?: { reason?: string | undefined } | null) => {
  const given = body?.reason ?? q.reason;
  return given ? { reason: given } : {};
};
/** The optional JSON body with the reason (a request without a body is fine). */
const reasonBody = ZReasonRequest.nullish();

/**
 * The booking lifecycle calls of §7 (docs/decisions/0012-booking-lifecycle.md). The services, one file per concern:
 * transitions.ts, extend.ts, adjusted-values.ts, booking-flags.ts, receipt.ts, metadata-service.ts, booking-events.ts
 * and charging-pin.ts, all on the locked booking of locked-booking.ts.
 */
export function registerBookingLifecycleRoutes(app: App, { db }: AppContext, deps: BookingLifecycleDeps = {}) {
  const charging = deps.charging ?? sandboxChargingProvider();

  app.post(
    '/api/bookings/:bid/activate-without-pin',
    {
      schema: {
        tags,
        summary: 'Activate a booking without the customer PIN (INACTIVE → ACTIVE)',
        params: ZBookingParams,
        querystring: ZReasonQuery,
        body: reasonBody,
        response: { 200: ZBookingResponse, ...mutationErrors },
      },
    },
    async (request) => activateBooking(db, requireSession(request), request.params.bid, reason(request.query, request.body)),
  );

  app.post(
    '/api/bookings/:bid/deactivate',
    {
      schema: {
        tags,
        summary: 'Deactivate an active booking (checked, or unchecked)',
        params: ZBookingParams,
        querystring: ZReasonQuery,
        body: ZDeactivateRequest,
        response: { 200: ZBookingResponse, ...mutationErrors },
      },
    },
    async (request) =>
      deactivateBooking(db, requireSession(request), request.params.bid, {
        unchecked: request.body.unchecked,
        ...reason(request.query, request.body),
      }),
  );

  app.post(
    '/api/bookings/:bid/force-deactivate-without-pin',
    {
      schema: {
        tags,
        summary: 'Force end a booking with its usage, or as not used (the reason in the body, or in the query)',
        params: ZBookingParams,
        querystring: ZForceDeactivateQuery,
        body: reasonBody,
        response: { 200: ZBookingResponse, ...mutationErrors },
      },
    },
    async (request) =>
      forceDeactivateBooking(db, requireSession(request), request.params.bid, {
        ...request.query,
        reason: request.body?.reason ?? request.query.reason,
      }),
  );

  app.delete(
    '/api/bookings/:bid',
    {
      schema: {
        tags,
        summary: 'Cancel a booking (the reason in the body, or in the query)',
        params: ZBookingParams,
        querystring: ZReasonQuery,
        body: reasonBody,
        response: { 200: ZBookingResponse, ...mutationErrors },
      },
    },
    async (request) => cancelBooking(db, requireSession(request), request.params.bid, reason(request.query, request.body)),
  );

  app.post(
    '/api/bookings/:bid/replace-with-taxi',
    {
      schema: {
        tags,
        summary: 'Cancel a booking, replaced by a taxi',
        params: ZBookingParams,
        querystring: ZReasonQuery,
        body: reasonBody,
        response: { 200: ZBookingResponse, ...mutationErrors },
      },
    },
    async (request) => replaceBooking(db, requireSession(request), request.params.bid, 'TAXI', reason(request.query, request.body)),
  );

  app.post(
    '/api/bookings/:bid/replace-with-rideshare',
    {
      schema: {
        tags,
        summary: 'Cancel a booking, replaced by a ride share',
        params: ZBookingParams,
        querystring: ZReasonQuery,
        body: reasonBody,
        response: { 200: ZBookingResponse, ...mutationErrors },
      },
    },
    async (request) => replaceBooking(db, requireSession(request), request.params.bid, 'RIDESHARE', reason(request.query, request.body)),
  );

  app.put(
    '/api/bookings/:bid/adjust',
    {
      schema: {
        tags,
        summary: 'Extend a booking (endTime, optional admin fee) or lock changes for the customer',
        params: ZBookingParams,
        querystring: ZAdjustQuery,
        response: { 200: ZBookingResponse, ...mutationErrors },
      },
    },
    async (request) => adjustBooking(db, requireSession(request), request.params.bid, request.query),
  );

  app.post(
    '/api/bookings/:bid/undo-extension',
    {
      schema: {
        tags,
        summary: "Undo the staff member's own latest extension of the booking, within minutes of making it",
        description:
          'Puts the end and the estimate back and removes the admin fee the extension added while its payment is not paid or invoiced. ' +
          '409 when there is no such extension, the booking changed since, or the fee is already charged.',
        params: ZBookingParams,
        response: { 200: ZBookingResponse, ...mutationErrors },
      },
    },
    async (request) => undoExtension(db, requireSession(request), request.params.bid),
  );

  app.put(
    '/api/bookings/:bid/adjustedValues',
    {
      schema: {
        tags,
        summary: 'Adjust the historic values of a finished booking',
        params: ZBookingParams,
        body: ZAdjustedValuesRequest,
        response: { 200: ZBookingResponse, ...mutationErrors },
      },
    },
    async (request) => adjustBookingValues(db, requireSession(request), request.params.bid, request.body),
  );

  app.post(
    '/api/bookings/:bid/checkout',
    {
      schema: {
        tags,
        summary: 'Check out a booking that requires it',
        params: ZBookingParams,
        response: { 200: ZBookingResponse, ...mutationErrors },
      },
    },
    async (request) => checkoutBooking(db, requireSession(request), request.params.bid),
  );

  app.post(
    '/api/bookings/:bid/receipt',
    {
      schema: { tags, summary: 'Mail the receipt to the customer (204)', params: ZBookingParams, response: { 204: z.null(), ...mutationErrors } },
    },
    async (request, reply) => {
      await sendBookingReceipt(db, requireSession(request), request.params.bid);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/bookings/:bid/metadataSpec',
    {
      schema: {
        tags,
        summary: "The metadata spec of the booking's contract",
        params: ZBookingParams,
        response: { 200: ZMetadataSpecResponse, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => getBookingMetadataSpec(db, requireSession(request), request.params.bid),
  );

  app.put(
    '/api/bookings/:bid/metadataSpec',
    {
      schema: {
        tags,
        summary: "Replace the metadata spec of the booking's contract (ADMIN)",
        params: ZBookingParams,
        body: ZMetadataSpecResponse,
        response: { 200: ZMetadataSpecResponse, 403: ZErrorEnvelope, ...mutationErrors },
      },
    },
    async (request) => updateBookingMetadataSpec(db, requireSession(request), request.params.bid, request.body),
  );

  app.get(
    '/api/bookings/:bid/metadata',
    {
      schema: {
        tags,
        summary: 'The metadata of a booking',
        params: ZBookingParams,
        response: { 200: ZMetadata, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => getBookingMetadata(db, requireSession(request), request.params.bid),
  );

  app.put(
    '/api/bookings/:bid/metadata',
    {
      schema: {
        tags,
        summary: "Set the metadata of a booking (validated against the contract's spec)",
        params: ZBookingParams,
        body: ZMetadata,
        response: { 200: ZMetadata, ...mutationErrors },
      },
    },
    async (request) => updateBookingMetadata(db, requireSession(request), request.params.bid, request.body),
  );

  app.post(
    '/api/bookings/:bid/technical-issue',
    {
      schema: {
        tags,
        summary: 'Report a technical issue of a booking (once)',
        params: ZBookingParams,
        body: ZTechnicalIssueRequest,
        response: { 200: ZBookingResponse, ...mutationErrors },
      },
    },
    async (request) => reportTechnicalIssue(db, requireSession(request), request.params.bid, request.body.description),
  );

  app.get(
    '/api/bookings/:bid/events',
    {
      schema: {
        tags,
        summary: 'Events of a booking: five types, epoch to 2100, 10 per page (keyset cursor)',
        params: ZBookingParams,
        querystring: ZBookingEventsQuery,
        response: { 200: ZBookingEventsResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => listBookingEvents(db, requireSession(request), request.params.bid, request.query),
  );

  app.get(
    '/api/charging/activation-data',
    {
      schema: {
        tags: ['charging'],
        summary: "The charging provider's PIN for a booking that has not started",
        querystring: ZChargingPinQuery,
        response: { 200: ZChargingPinResponse, ...mutationErrors },
      },
    },
    async (request) => getChargingActivationData(db, requireSession(request), request.query.bid, charging),
  );
}
