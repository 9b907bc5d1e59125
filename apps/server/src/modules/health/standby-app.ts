import { MESSAGE_IDS, MESSAGES } from '@fleetdesk/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { envelope, RETRY_AFTER_SECONDS, unavailableEnvelope } from '../../http/errors.ts';
import { fastifyServerOptions, registerServerDefaults } from '../../http/server-setup.ts';
import { DATABASE_BEING_PREPARED } from './readiness.ts';
import { registerHealthRoutes } from './routes.ts';

/**
 * What a server answers while its PostgreSQL is not reachable yet or is being migrated (server.ts): /api/health 200,
 * /api/ready 503 naming the database, every other /api route a 503 envelope (MESSAGE_IDS.unavailable), and anything
 * else (the SPA) a plain 503. It owns the listening socket; `serverFactory` lets server.ts hand requests over to the
 * full app once the database is ready, without closing the port.
 */
export async function buildStandbyApp(
  config: Config,
  logger: FastifyBaseLogger,
  serverFactory?: FastifyServerOptions['serverFactory'],
): Promise<FastifyInstance> {
  const app = Fastify({ ...fastifyServerOptions(config, logger), ...(serverFactory ? { serverFactory } : {}) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerServerDefaults(app, config);
  registerHealthRoutes(app, async () => ({ ready: false, errors: [DATABASE_BEING_PREPARED] }));
  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(envelope(500, MESSAGE_IDS.internal, MESSAGES.genericError));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi) return reply.status(503).send(unavailableEnvelope());
    return reply.status(503).type('text/plain; charset=utf-8').send(`${MESSAGES.serviceUnavailable}\n`);
  });
  return app;
}
