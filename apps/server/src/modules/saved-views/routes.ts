import { z } from 'zod';
import {
  ZErrorEnvelope,
  ZSavedView,
  ZSavedViewCount,
  ZSavedViewCreateRequest,
  ZSavedViewListResponse,
  ZSavedViewParams,
  ZSavedViewUpdateRequest,
} from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { countSavedView, createView, deleteView, listViews, updateView } from './service.ts';

const tags = ['views'];
const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 403: ZErrorEnvelope, 404: ZErrorEnvelope };

/** Saved views as work queues (issue 19 point 3; contract in packages/contract/src/api/saved-views.ts). */
export function registerSavedViewRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/views',
    {
      schema: {
        tags,
        summary: 'My saved views and the shared ones of my operator (built-in first, then by name)',
        response: { 200: ZSavedViewListResponse, 401: ZErrorEnvelope },
      },
    },
    async (request) => listViews(db, requireSession(request)),
  );

  app.post(
    '/api/views',
    {
      schema: {
        tags,
        summary: "Save a list screen's filters, sort and columns as a view, private or shared with the operator's staff",
        body: ZSavedViewCreateRequest,
        response: { 201: ZSavedView, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createView(db, requireSession(request), request.body)),
  );

  app.patch(
    '/api/views/:id',
    {
      schema: {
        tags,
        summary: 'Rename a view, change its params or whether it is shared (its owner; an admin for a shared one)',
        params: ZSavedViewParams,
        body: ZSavedViewUpdateRequest,
        response: { 200: ZSavedView, ...errors },
      },
    },
    async (request) => updateView(db, requireSession(request), request.params.id, request.body),
  );

  app.delete(
    '/api/views/:id',
    {
      schema: {
        tags,
        summary: 'Delete a view (its owner; an admin for a shared one; built-in views stay)',
        params: ZSavedViewParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteView(db, requireSession(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/views/:id/count',
    {
      schema: {
        tags,
        summary: "How many records the view's filters match now (its screen's own search)",
        params: ZSavedViewParams,
        response: { 200: ZSavedViewCount, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => countSavedView(db, requireSession(request), request.params.id),
  );
}
