import { z } from 'zod';
import { ZErrorEnvelope, ZNote, ZNoteCreateRequest, ZNoteListQuery, ZNoteListResponse, ZNoteParams, ZNoteUpdateRequest } from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { createNote, deleteNote, listNotes, updateNote } from './service.ts';

const tags = ['notes'];
const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope };

/** Internal notes on users, bookings and vehicles (issue 18 point 2; contract in packages/contract/src/api/notes.ts). */
export function registerNoteRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/notes',
    {
      schema: {
        tags,
        summary: "A user's, booking's or vehicle's internal notes: pinned first, then newest first (pinned=true: the pinned ones only)",
        querystring: ZNoteListQuery,
        response: { 200: ZNoteListResponse, ...errors },
      },
    },
    async (request) => listNotes(db, requireSession(request), request.query),
  );

  app.post(
    '/api/notes',
    {
      schema: {
        tags,
        summary: 'Add an internal note (at most 2,000 characters) to a user, a booking or a vehicle',
        body: ZNoteCreateRequest,
        response: { 201: ZNote, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createNote(db, requireSession(request), request.body)),
  );

  app.patch(
    '/api/notes/:id',
    {
      schema: {
        tags,
        summary: "Change a note's text and/or whether it is pinned",
        params: ZNoteParams,
        body: ZNoteUpdateRequest,
        response: { 200: ZNote, ...errors },
      },
    },
    async (request) => updateNote(db, requireSession(request), request.params.id, request.body),
  );

  app.delete(
    '/api/notes/:id',
    {
      schema: {
        tags,
        summary: 'Delete a note (its event keeps the text)',
        params: ZNoteParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteNote(db, requireSession(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
