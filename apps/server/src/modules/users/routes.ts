import {
  USER_BOOKINGS_TOTAL_HEADER,
  ZErrorEnvelope,
  ZCustomerTimelineQuery,
  ZCustomerTimelineResponse,
  ZUsablePoolsResponse,
  ZUserBookingsQuery,
  ZUserBookingsResponse,
  ZUserContractsResponse,
  ZUsernameParams,
  ZUserSearchQuery,
  ZUserSearchResponse,
} from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { findFleetUser, listUsablePools, listUserContracts, searchUsers } from './service.ts';
import { listUserBookings } from '../bookings/index.ts';
import { customerTimeline } from '../events/index.ts';

export function registerUserRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/users/:username/timeline',
    {
      schema: {
        tags: ['users'],
        summary:
          "The customer's timeline, newest first: bookings, commands, payments, status decisions, identity checks, mails, notes and contacts (kind and period filters, keyset cursor)",
        params: ZUsernameParams,
        querystring: ZCustomerTimelineQuery,
        response: { 200: ZCustomerTimelineResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => {
      const actor = requireSession(request);
      const user = await findFleetUser(db, actor, request.params.username);
      return customerTimeline(db, actor, user.username, request.query);
    },
  );

  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'User search: free text, mobilePhone and username (one of them required), status filter, paging',
        querystring: ZUserSearchQuery,
        response: { 200: ZUserSearchResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope },
      },
    },
    async (request) => searchUsers(db, requireSession(request), request.query),
  );

  app.get(
    '/api/users/:username/contracts',
    {
      schema: {
        tags: ['users'],
        summary: "The user's contracts (price list, metadata spec, bookable rules, taxi pools)",
        params: ZUsernameParams,
        response: { 200: ZUserContractsResponse, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => listUserContracts(db, requireSession(request), request.params.username),
  );

  app.get(
    '/api/users/:username/usable-pools',
    {
      schema: {
        tags: ['users'],
        summary: "The operator's enabled pools; directAccess when linked to one of the user's contracts",
        params: ZUsernameParams,
        response: { 200: ZUsablePoolsResponse, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => listUsablePools(db, requireSession(request), request.params.username),
  );

  app.get(
    '/api/users/:username/bookings',
    {
      schema: {
        tags: ['users'],
        summary:
          "The user's bookings overlapping a period (default: yesterday to tomorrow) in the given states; active first, then by start; offset/limit (at most 100), the total in X-Total-Count",
        params: ZUsernameParams,
        querystring: ZUserBookingsQuery,
        response: { 200: ZUserBookingsResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { bookings, total } = await listUserBookings(db, requireSession(request), request.params.username, request.query);
      void reply.header(USER_BOOKINGS_TOTAL_HEADER, String(total));
      return bookings;
    },
  );
}
