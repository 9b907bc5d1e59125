import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { MESSAGE_IDS, MESSAGES } from '@fleetdesk/contract';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { App, AppContext } from './http/context.ts';
import { AppError, envelope, sendError } from './http/errors.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { registerBookingRoutes } from './modules/bookings/routes.ts';
import { registerBookingCreateRoutes } from './modules/bookings/create-routes.ts';
import { registerUserRoutes } from './modules/users/routes.ts';
import { registerBookingLifecycleRoutes } from './modules/bookings/lifecycle-routes.ts';
import { registerBookingPaymentTypeRoutes } from './modules/bookings/payment-type-routes.ts';
import { parseAuthToken, resolveSession } from './modules/auth/service.ts';
import { parseBearer, resolveBearerSession } from './modules/auth/sso-service.ts';
import { registerConfigRoutes, VERSION } from './modules/config/routes.ts';
import { registerEventRoutes } from './modules/events/routes.ts';
import { registerFleetRoutes } from './modules/fleets/routes.ts';
import { registerSearchRoutes } from './modules/search/routes.ts';
import { registerVehicleRoutes } from './modules/vehicles/routes.ts';
import { registerVehicleCommandRoutes } from './modules/vehicle-commands/routes.ts';
import { registerDamageRoutes } from './modules/damage/routes.ts';
import { registerAlarmRoutes } from './modules/alarms/routes.ts';
import { registerPaymentRoutes } from './modules/payments/routes.ts';
import { registerBillingRoutes } from './modules/billing/routes.ts';
import { registerUserAdminRoutes } from './modules/user-admin/routes.ts';
import { registerIdentityRoutes } from './modules/identity/routes.ts';
import { registerCompanyRoutes } from './modules/companies/routes.ts';
import { registerPoolRoutes } from './modules/pools/routes.ts';
import { registerActiveBookingRoutes } from './modules/active-bookings/routes.ts';
import { registerFleetMapRoutes } from './modules/fleet-map/routes.ts';
import type { PaymentProvider } from './integrations/payments/provider.ts';
import { sandboxPaymentProvider } from './integrations/payments/sandbox.ts';
import { createTelematics } from './integrations/telematics/telematics.ts';
import type { Telematics } from './integrations/telematics/types.ts';
import { vehicleTelematicsHandler } from './modules/vehicle-commands/telematics-handler.ts';
import { startCommandSweeper } from './modules/vehicle-commands/sweeper.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Serve the built SPA from config.webDist (default: when it exists). */
  serveWeb?: boolean;
  /** The vehicles' telematics (default: from config, TELEMATICS=simulator|mqtt). Started here, stopped on close. */
  telematics?: Telematics;
  /** The card payment provider (default: the built-in sandbox). */
  payments?: PaymentProvider;
}

/** Builds the Fastify instance: one server for /api and the built SPA. */
export async function buildApp({ config, db, serveWeb, telematics: givenTelematics, payments = sandboxPaymentProvider() }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Fleetdesk API', version: VERSION, description: 'The /api of the support console (spec §7).' },
      components: {
        securitySchemes: {
          authToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'AUTH-TOKEN <token>' },
          // Single sign-on (docs/decisions/0028): the provider's ID token, with the issuer in X-Token-Issuer.
          bearerToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An ID token of a configured provider' },
          tokenIssuer: { type: 'apiKey', in: 'header', name: 'X-Token-Issuer', description: 'The issuer of the bearer token' },
        },
      },
      security: [{ authToken: [] }, { bearerToken: [], tokenIssuer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  app.setErrorHandler((error, _request, reply) => sendError(reply, error));

  // Every /api route needs a session unless its config says public.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = parseAuthToken(request.headers.authorization);
    if (token) request.session = await resolveSession(db, token);
    else {
      const bearer = parseBearer(request.headers.authorization);
      const issuer = request.headers['x-token-issuer'];
      if (bearer) request.session = await resolveBearerSession(db, bearer, typeof issuer === 'string' ? issuer : undefined);
    }
    if (!request.session && !request.routeOptions.config.public && request.routeOptions.url) {
      throw AppError.unauthorized();
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  // Vehicle telematics: answers and status reports go to the database; a sweeper times out unanswered commands.
  const telematics = givenTelematics ?? createTelematics(config, db, app.log);
  await telematics.start(vehicleTelematicsHandler(db, app.log));
  const stopSweeper = startCommandSweeper(db, config.COMMAND_TIMEOUT_SECONDS, (err) => app.log.error({ err }, 'command sweeper failed'));
  app.addHook('onClose', async () => {
    await stopSweeper();
    await telematics.stop();
  });

  const ctx: AppContext = { db, config, telematics, payments };
  registerConfigRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerFleetRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerBookingRoutes(app, ctx);
  registerBookingCreateRoutes(app, ctx, { payments });
  registerUserRoutes(app, ctx);
  registerBookingLifecycleRoutes(app, ctx);
  registerBookingPaymentTypeRoutes(app, ctx, { payments });
  registerSearchRoutes(app, ctx);
  registerVehicleRoutes(app, ctx);
  registerVehicleCommandRoutes(app, ctx);
  registerDamageRoutes(app, ctx);
  registerAlarmRoutes(app, ctx);
  registerPaymentRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerUserAdminRoutes(app, ctx);
  registerIdentityRoutes(app, ctx);
  registerCompanyRoutes(app, ctx);
  registerPoolRoutes(app, ctx);
  registerActiveBookingRoutes(app, ctx);
  registerFleetMapRoutes(app, ctx);
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

  const webRoot = config.webDist;
  const withWeb = serveWeb ?? existsSync(path.join(webRoot, 'index.html'));
  if (withWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders(res, file) {
        res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && withWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // The SPA routes on the client (including its own not-found page).
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(envelope(404, MESSAGE_IDS.routeNotFound, MESSAGES.routeNotFound));
  });

  return app;
}
