import {
  ZErrorEnvelope,
  ZJournalQuery,
  ZJournalResponse,
  ZJournalXlsQuery,
  ZParkingPlaceInfoRequest,
  ZStatusForQuery,
  ZStatusForResponse,
  ZVehicle,
  ZVehicleBookingsQuery,
  ZVehicleBookingsResponse,
  ZVehicleListQuery,
  ZVehicleListResponse,
  ZVehicleStatus,
  ZVehicleUpdateRequest,
  ZVinParams,
} from '@fleetdesk/contract';
import { z } from 'zod';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { getJournal } from './journal.ts';
import { attachmentDisposition, journalFileName, journalWorkbook, XLS_CONTENT_TYPE } from './journal-xls.ts';
import { getVehicleStatus, listVehicleBookings, listVehicles, statusFor, updateParkingPlaceInfo, updateVehiclePublicNote } from './service.ts';
import { getVehicle } from './vehicle-view.ts';

const tags = ['vehicles'];
const readErrors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope };

/**
 * The vehicle calls of §7 (docs/decisions/0016-vehicles-journal-alarms.md). Remote commands are registered by
 * modules/vehicle-commands and damage by modules/damage.
 */
export function registerVehicleRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/vehicles',
    {
      schema: {
        tags,
        summary: "Search the operator's vehicles (VIN, registration, model, pool, city) or list them; no hit is 404",
        querystring: ZVehicleListQuery,
        response: { 200: ZVehicleListResponse, ...readErrors },
      },
    },
    async (request) => listVehicles(db, requireSession(request), request.query),
  );

  app.get(
    '/api/vehicles/statusFor',
    {
      schema: {
        tags,
        summary: 'Statuses of the given VINs (vin=A&vin=B or vin=A,B); unknown ones are left out',
        querystring: ZStatusForQuery,
        response: { 200: ZStatusForResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope },
      },
    },
    async (request) => statusFor(db, requireSession(request), request.query.vin),
  );

  app.get(
    '/api/vehicles/by-vin/:vin',
    {
      schema: { tags, summary: 'One vehicle by VIN', params: ZVinParams, response: { 200: ZVehicle, ...readErrors } },
    },
    async (request) => getVehicle(db, requireSession(request), request.params.vin),
  );

  app.put(
    '/api/vehicles/by-vin/:vin',
    {
      schema: {
        tags,
        summary: "Update the vehicle's public note",
        params: ZVinParams,
        body: ZVehicleUpdateRequest,
        response: { 200: ZVehicle, ...readErrors },
      },
    },
    async (request) => updateVehiclePublicNote(db, requireSession(request), request.params.vin, request.body.publicNote),
  );

  app.put(
    '/api/vehicles/by-vin/:vin/parkingPlaceInfo',
    {
      schema: {
        tags,
        summary: "Update the vehicle's parking place info (204)",
        params: ZVinParams,
        body: ZParkingPlaceInfoRequest,
        response: { 204: z.null(), ...readErrors },
      },
    },
    async (request, reply) => {
      await updateParkingPlaceInfo(db, requireSession(request), request.params.vin, request.body.parkingPlaceInfo);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/vehicles/by-vin/:vin/status',
    {
      schema: {
        tags,
        summary: "The vehicle's latest status; 404 when it has reported none",
        params: ZVinParams,
        response: { 200: ZVehicleStatus, ...readErrors },
      },
    },
    async (request) => getVehicleStatus(db, requireSession(request), request.params.vin),
  );

  app.get(
    '/api/vehicles/by-vin/:vin/bookings',
    {
      schema: {
        tags,
        summary: 'Bookings of the vehicle overlapping a window (default now ± 3 days), start ascending',
        params: ZVinParams,
        querystring: ZVehicleBookingsQuery,
        response: { 200: ZVehicleBookingsResponse, ...readErrors },
      },
    },
    async (request) => listVehicleBookings(db, requireSession(request), request.params.vin, request.query),
  );

  app.get(
    '/api/vehicles/by-vin/:vin/journal',
    {
      schema: {
        tags,
        summary: "The vehicle's drives in one month of the operator's time zone (default: the current month)",
        params: ZVinParams,
        querystring: ZJournalQuery,
        response: { 200: ZJournalResponse, ...readErrors },
      },
    },
    async (request) => {
      const { locale: _locale, ...journal } = await getJournal(db, requireSession(request), request.params.vin, request.query);
      return journal;
    },
  );

  app.get(
    '/api/vehicles/by-vin/:vin/journal.xls',
    {
      schema: {
        tags,
        summary:
          "The month's journal as an Excel 97 (.xls) file named '{reg} - {year} - {month}.xls', in the language `lang` (default: the operator's)",
        params: ZVinParams,
        querystring: ZJournalXlsQuery,
        produces: [XLS_CONTENT_TYPE],
        response: { 200: z.instanceof(Buffer).describe('The journal as an Excel 97 workbook (application/vnd.ms-excel)'), ...readErrors },
      },
    },
    async (request, reply) => {
      const { lang, ...month } = request.query;
      const journal = await getJournal(db, requireSession(request), request.params.vin, month);
      const bytes = journalWorkbook(journal, lang);
      return reply
        .header('content-type', XLS_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(journalFileName(journal.registrationNumber, journal.year, journal.month)))
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
}
