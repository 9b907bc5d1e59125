import {
  ZContact,
  ZContactAssigneesResponse,
  ZContactCreateRequest,
  ZContactListQuery,
  ZContactListResponse,
  ZContactParams,
  ZContactUpdateRequest,
  ZErrorEnvelope,
  ZUsernameParams,
} from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { createContact, listContactAssignees, listContacts, updateContact } from './service.ts';

const tags = ['contacts'];
const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope };

/** Logged customer contacts (issue 18 point 3; contract in packages/contract/src/api/notes.ts). */
export function registerContactRoutes(app: App, { db }: AppContext) {
  app.post(
    '/api/users/:username/contacts',
    {
      schema: {
        tags,
        summary: 'Log a contact with the customer: channel, reason, optional booking or vehicle, note, status and assignee',
        params: ZUsernameParams,
        body: ZContactCreateRequest,
        response: { 201: ZContact, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createContact(db, requireSession(request), request.params.username, request.body)),
  );

  app.get(
    '/api/contacts',
    {
      schema: {
        tags,
        summary: "The operator's logged contacts, newest first, by status, assignee and customer (the team's open contacts: status=OPEN)",
        querystring: ZContactListQuery,
        response: { 200: ZContactListResponse, ...errors },
      },
    },
    async (request) => listContacts(db, requireSession(request), request.query),
  );

  app.get(
    '/api/contacts/assignees',
    {
      schema: {
        tags,
        summary: "The operator's enabled staff, whom a contact may be assigned to",
        response: { 200: ZContactAssigneesResponse, 401: ZErrorEnvelope },
      },
    },
    async (request) => listContactAssignees(db, requireSession(request)),
  );

  app.patch(
    '/api/contacts/:id',
    {
      schema: {
        tags,
        summary: "Change a contact's status (resolve, reopen), assignee, note, reason or channel",
        params: ZContactParams,
        body: ZContactUpdateRequest,
        response: { 200: ZContact, ...errors },
      },
    },
    async (request) => updateContact(db, requireSession(request), request.params.id, request.body),
  );
}
