import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { ZDamage, ZDamageListQuery, ZDamageListResponse, ZDamageParams, ZDamageReportForm, ZErrorEnvelope, ZVinParams } from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { createFileStorage } from '../../integrations/storage/storage.ts';
import { notMultipart, parseDamageReport, REPORT_FORM_LIMITS } from './report-form.ts';
import { deleteDamage, fixDamage, listDamage, readDamagePhoto, reportDamage, type PhotoVariant } from './service.ts';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope };
/** Photos never change under their URL; the browser may keep them, shared caches may not (they need a session). */
const PHOTO_CACHE_CONTROL = 'private, max-age=3600';

export function registerDamageRoutes(app: App, { db, config }: AppContext) {
  const storage = createFileStorage(config);

  app.get(
    '/api/damage/by-vin/:vin',
    {
      schema: {
        tags: ['damage'],
        summary: "The vehicle's damage: unfixed before fixed, then newest first (includeFixed=false: unfixed only)",
        params: ZVinParams,
        querystring: ZDamageListQuery,
        response: { 200: ZDamageListResponse, ...errors },
      },
    },
    async (request) => listDamage(db, requireSession(request), request.params.vin, request.query.includeFixed),
  );

  app.post(
    '/api/damage/:id/fix',
    {
      schema: {
        tags: ['damage'],
        summary: 'Mark a damage as fixed (409 when it already is)',
        params: ZDamageParams,
        response: { 200: ZDamage, ...errors, 409: ZErrorEnvelope },
      },
    },
    async (request) => fixDamage(db, requireSession(request), request.params.id),
  );

  app.delete(
    '/api/damage/:id',
    {
      schema: {
        tags: ['damage'],
        summary: 'Delete a damage and its photo',
        params: ZDamageParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteDamage(db, storage, requireSession(request), request.params.id, request.log);
      return reply.status(204).send(null);
    },
  );

  // The upload in its own scope: only this route parses multipart, and any other body is a 400 (not 415).
  void app.register(async (scope: App) => {
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyMultipart, { limits: REPORT_FORM_LIMITS });
    scope.addContentTypeParser('*', (_request, _payload, done) => done(notMultipart(), undefined));

    scope.post(
      '/api/damage/by-vin/:vin',
      {
        schema: {
          tags: ['damage'],
          summary: 'Report damage: multipart/form-data with description_operator, description_en (1–80 characters each) and the file part image',
          consumes: ['multipart/form-data'],
          multipartBody: ZDamageReportForm,
          params: ZVinParams,
          response: { 201: ZDamage, ...errors },
        },
      },
      async (request, reply) => {
        const damage = await reportDamage(db, storage, requireSession(request), request.params.vin, () => parseDamageReport(request));
        return reply.status(201).send(damage);
      },
    );
  });

  // The photos as bytes (the web fetches them with the session header); cacheable by the browser only.
  void app.register(async (scope: App) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode === 200) reply.header('Cache-Control', PHOTO_CACHE_CONTROL);
      return payload;
    });
    for (const variant of ['image', 'thumbnail'] as const satisfies readonly PhotoVariant[]) {
      scope.get(
        `/api/damage/:id/${variant}`,
        {
          schema: {
            tags: ['damage'],
            summary: variant === 'image' ? 'The damage photo (JPEG)' : 'The damage thumbnail (JPEG, 320 px wide)',
            params: ZDamageParams,
            produces: ['image/jpeg'],
            response: { 200: z.instanceof(Buffer).describe('The JPEG bytes (image/jpeg)'), ...errors },
          },
        },
        async (request, reply) => {
          const photo = await readDamagePhoto(db, storage, requireSession(request), request.params.id, variant);
          return reply.type(photo.contentType).send(photo.data);
        },
      );
    }
  });
}
