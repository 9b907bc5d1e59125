import {
  ZErrorEnvelope,
  ZPaletteQuery,
  ZPaletteResponse,
  ZSearchBookingsPage,
  ZSearchBookingsQuery,
  ZSearchPageQuery,
  ZSearchUsersPage,
  ZSearchVehiclesPage,
  ZSupportSearchQuery,
  ZSupportSearchResponse,
} from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { searchPalette } from './palette.ts';
import { searchBookingsPage, searchUsersPage, searchVehiclesPage, supportSearch } from './service.ts';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope };

export function registerSearchRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary:
          "Combined support search: first pages of vehicles, bookings (active, future, historic) and users, plus other operators' match counts",
        querystring: ZSupportSearchQuery,
        response: { 200: ZSupportSearchResponse, ...errors },
      },
    },
    async (request) => supportSearch(db, requireSession(request), request.query),
  );

  app.get(
    '/api/search/vehicles',
    {
      schema: {
        tags: ['search'],
        summary: "Next page of the support search's vehicles (keyset cursor)",
        querystring: ZSearchPageQuery,
        response: { 200: ZSearchVehiclesPage, ...errors },
      },
    },
    async (request) => searchVehiclesPage(db, requireSession(request), request.query),
  );

  app.get(
    '/api/search/users',
    {
      schema: {
        tags: ['search'],
        summary: "Next page of the support search's users (keyset cursor)",
        querystring: ZSearchPageQuery,
        response: { 200: ZSearchUsersPage, ...errors },
      },
    },
    async (request) => searchUsersPage(db, requireSession(request), request.query),
  );

  app.get(
    '/api/search/bookings',
    {
      schema: {
        tags: ['search'],
        summary: 'Next page of one booking group of the support search (keyset cursor)',
        querystring: ZSearchBookingsQuery,
        response: { 200: ZSearchBookingsPage, ...errors },
      },
    },
    async (request) => searchBookingsPage(db, requireSession(request), request.query),
  );

  app.get(
    '/api/search/palette',
    {
      schema: {
        tags: ['search'],
        summary: "The command palette's search: a few of the operator's users, bookings, vehicles, pools, companies and payments for one phrase",
        querystring: ZPaletteQuery,
        response: { 200: ZPaletteResponse, ...errors },
      },
    },
    async (request) => searchPalette(db, requireSession(request), request.query),
  );
}
