import { ZAlarm, ZAlarmListQuery, ZAlarmListResponse, ZAlarmParams, ZErrorEnvelope } from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { acknowledgeAlarm, listAlarms } from './service.ts';

const tags = ['alarms'];

/** GET /api/alarms and PUT /api/alarms/{alarmId}/acknowledge (§7; docs/decisions/0016-vehicles-journal-alarms.md). */
export function registerAlarmRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/alarms',
    {
      schema: {
        tags,
        summary: "The operator's alarms, newest first (category, state, vin, bid; keyset cursor)",
        querystring: ZAlarmListQuery,
        response: { 200: ZAlarmListResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope },
      },
    },
    async (request) => listAlarms(db, requireSession(request), request.query),
  );

  app.put(
    '/api/alarms/:alarmId/acknowledge',
    {
      schema: {
        tags,
        summary: 'Acknowledge a triggered alarm (state HANDLED, by whom and when)',
        params: ZAlarmParams,
        response: { 200: ZAlarm, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope, 409: ZErrorEnvelope },
      },
    },
    async (request) => acknowledgeAlarm(db, requireSession(request), request.params.alarmId),
  );
}
