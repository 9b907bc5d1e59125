import {
  ZErrorEnvelope,
  ZPoolBookingsQuery,
  ZPoolBookingsResponse,
  ZPoolContractOptionsResponse,
  ZPoolGroupsResponse,
  ZPoolListResponse,
  ZPoolParams,
  ZPoolUpdateRequest,
  ZPoolUpdateResponse,
  ZPoolVehiclesResponse,
} from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { listPoolContractOptions } from './contract-options.ts';
import { listPoolBookings, listPoolGroups, listPools, listPoolVehicles, updatePool } from './service.ts';

const tags = ['pools'];
const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope };

/** §7 pools: GET /api/pools, PUT /api/pools/{poolId}, GET /api/pools/{id}/bookings, pool groups, pool vehicles. */
export function registerPoolRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/pools',
    {
      schema: {
        tags,
        summary: "The operator's pools (disabled ones too), by city and name",
        response: { 200: ZPoolListResponse, 401: ZErrorEnvelope },
      },
    },
    async (request) => listPools(db, requireSession(request)),
  );

  app.get(
    '/api/pools/groups',
    {
      schema: { tags, summary: "The operator's pool groups: a map of id to name", response: { 200: ZPoolGroupsResponse, 401: ZErrorEnvelope } },
    },
    async (request) => listPoolGroups(db, requireSession(request)),
  );

  app.get(
    '/api/pools/contracts',
    {
      schema: {
        tags,
        summary: "The operator's contracts a pool can allow (id, name, type), by name",
        response: { 200: ZPoolContractOptionsResponse, 401: ZErrorEnvelope },
      },
    },
    async (request) => listPoolContractOptions(db, requireSession(request)),
  );

  app.put(
    '/api/pools/:poolId',
    {
      schema: {
        tags,
        summary: "Update a pool's editable §3 fields (logged as an event)",
        params: ZPoolParams,
        body: ZPoolUpdateRequest,
        response: { 200: ZPoolUpdateResponse, ...errors },
      },
    },
    async (request) => updatePool(db, requireSession(request), request.params.poolId, request.body),
  );

  app.get(
    '/api/pools/:poolId/vehicles',
    {
      schema: {
        tags,
        summary: 'The vehicles placed in the pool (hidden ones flagged)',
        params: ZPoolParams,
        response: { 200: ZPoolVehiclesResponse, ...errors },
      },
    },
    async (request) => listPoolVehicles(db, requireSession(request), request.params.poolId),
  );

  app.get(
    '/api/pools/:poolId/bookings',
    {
      schema: {
        tags,
        summary: "The pool's bookings in a window (§9: today to the end of tomorrow; upcoming=1: from one hour ago)",
        params: ZPoolParams,
        querystring: ZPoolBookingsQuery,
        response: { 200: ZPoolBookingsResponse, ...errors },
      },
    },
    async (request) => listPoolBookings(db, requireSession(request), request.params.poolId, request.query),
  );
}
