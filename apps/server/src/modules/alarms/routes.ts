import {
  ZAlarm,
  ZAlarmBulkRequest,
  ZAlarmBulkResponse,
  ZAlarmComment,
  ZAlarmCommentCreateRequest,
  ZAlarmCommentListResponse,
  ZAlarmListQuery,
  ZAlarmListResponse,
  ZAlarmParams,
  ZErrorEnvelope,
} from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { addAlarmComment, bulkAlarms, listAlarmComments } from './bulk.ts';
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

  app.post(
    '/api/alarms/bulk',
    {
      schema: {
        tags,
        summary: 'Bulk acknowledge or assign alarms: with dryRun the plan, else per alarm what was done (one event each)',
        body: ZAlarmBulkRequest,
        response: { 200: ZAlarmBulkResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope },
      },
    },
    async (request) => bulkAlarms(db, requireSession(request), request.body),
  );

  app.get(
    '/api/alarms/:alarmId/comments',
    {
      schema: {
        tags,
        summary: "The alarm's comments, oldest first",
        params: ZAlarmParams,
        response: { 200: ZAlarmCommentListResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => listAlarmComments(db, requireSession(request), request.params.alarmId),
  );

  app.post(
    '/api/alarms/:alarmId/comments',
    {
      schema: {
        tags,
        summary: 'Comment on an alarm (at most 2000 characters)',
        params: ZAlarmParams,
        body: ZAlarmCommentCreateRequest,
        response: { 201: ZAlarmComment, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request, reply) => reply.code(201).send(await addAlarmComment(db, requireSession(request), request.params.alarmId, request.body.text)),
  );
}
