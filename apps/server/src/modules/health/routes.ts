import { ZErrorEnvelope, ZHealthResponse, ZReadyResponse } from '@fleetdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describeDatabaseError } from '../../db/sql-state.ts';
import { unavailableEnvelope } from '../../http/errors.ts';
import type { Readiness } from './readiness.ts';

const tags = ['health'];

/**
 * GET /api/health (liveness: the process answers, no database) and GET /api/ready (readiness: the database answers and
 * is migrated). Both public, and `probe`: the app's session hook leaves them alone, so they never touch the database
 * for a session and answer the same with or without credentials.
 */
export function registerHealthRoutes(app: FastifyInstance, readiness: () => Promise<Readiness>) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/health',
    {
      config: { public: true, probe: true },
      schema: {
        tags,
        summary: 'Liveness: the server process answers (does not touch the database)',
        security: [],
        response: { 200: ZHealthResponse },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  typed.get(
    '/api/ready',
    {
      config: { public: true, probe: true },
      schema: {
        tags,
        summary: 'Readiness: 200 when the database answers and every committed migration is applied; else 503 naming what is missing',
        security: [],
        response: { 200: ZReadyResponse, 503: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      const state = await readiness();
      if (state.ready) return { status: 'ready' as const, migrations: state.migrations };
      request.log.warn(
        { missing: state.errors.map((e) => e.field), ...(state.cause ? { cause: describeDatabaseError(state.cause) } : {}) },
        'not ready',
      );
      return reply.status(503).send(unavailableEnvelope(state.errors));
    },
  );
}
