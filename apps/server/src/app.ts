import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGE_IDS, MESSAGES } from '@fleetdesk/contract';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { describeDatabaseError } from './db/sql-state.ts';
import { registerCompression } from './http/compression.ts';
import type { App, AppContext } from './http/context.ts';
import { AppError, envelope, sendError } from './http/errors.ts';
import { assertSafeText, registerInputGuard } from './http/input-guard.ts';
import { allowedMethods } from './http/method-not-allowed.ts';
import { registerOpenApi } from './http/openapi-document.ts';
import { fastifyServerOptions, registerServerDefaults } from './http/server-setup.ts';
import { createLogger } from './logger.ts';
import { checkReadiness } from './modules/health/readiness.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { registerBookingRoutes } from './modules/bookings/routes.ts';
import { registerBookingCreateRoutes } from './modules/bookings/create-routes.ts';
import { registerUserRoutes } from './modules/users/routes.ts';
import { registerBookingLifecycleRoutes } from './modules/bookings/lifecycle-routes.ts';
import { registerBookingPaymentTypeRoutes } from './modules/bookings/payment-type-routes.ts';
import { parseAuthToken, resolveSession } from './modules/auth/service.ts';
import { parseBearer, resolveBearerSession } from './modules/auth/sso-service.ts';
import { sessionCheckOf } from './modules/auth/session.ts';
import { registerConfigRoutes } from './modules/config/routes.ts';
import { registerEventRoutes } from './modules/events/routes.ts';
import { registerFleetRoutes } from './modules/fleets/routes.ts';
import { registerSearchRoutes } from './modules/search/routes.ts';
import { registerVehicleRoutes } from './modules/vehicles/routes.ts';
import { registerVehicleCommandRoutes } from './modules/vehicle-commands/routes.ts';
import { registerVehicleServiceRoutes } from './modules/vehicle-service/index.ts';
import { registerDamageRoutes } from './modules/damage/routes.ts';
import { registerAlarmRoutes } from './modules/alarms/routes.ts';
import { registerPaymentRoutes } from './modules/payments/routes.ts';
import { registerBillingRoutes } from './modules/billing/routes.ts';
import { registerUserAdminRoutes } from './modules/user-admin/routes.ts';
import { registerStaffRoutes } from './modules/staff/routes.ts';
import { registerIdentityRoutes } from './modules/identity/routes.ts';
import { registerCompanyRoutes } from './modules/companies/routes.ts';
import { registerPoolRoutes } from './modules/pools/routes.ts';
import { registerActiveBookingRoutes } from './modules/active-bookings/routes.ts';
import { registerFleetMapRoutes } from './modules/fleet-map/routes.ts';
import { registerNoteRoutes } from './modules/notes/routes.ts';
import { registerSavedViewRoutes } from './modules/saved-views/routes.ts';
import { registerPreferenceRoutes } from './modules/preferences/routes.ts';
import { registerContactRoutes } from './modules/contacts/routes.ts';
import { registerLiveRoutes, startLiveHub } from './modules/live/index.ts';
import type { Notifications } from './db/notifications.ts';
import type { PaymentProvider } from './integrations/payments/provider.ts';
import { sandboxPaymentProvider } from './integrations/payments/sandbox.ts';
import { ALWAYS_LEADER, LEADER_KEYS, postgresLeaderLock } from './db/leader-lock.ts';
import { createTelematics } from './integrations/telematics/telematics.ts';
import type { Telematics } from './integrations/telematics/types.ts';
import { vehicleTelematicsHandler } from './modules/vehicle-commands/telematics-handler.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Serve the built SPA from config.webDist (default: when it exists). */
  serveWeb?: boolean;
  /** The vehicles' telematics (default: from config, TELEMATICS=simulator|mqtt). Started here, stopped on close. */
  telematics?: Telematics;
  /** The card payment provider (default: the built-in sandbox). */
  payments?: PaymentProvider;
  /** The server's logger, shared with main.ts and the database (default: JSON lines on stdout at LOG_LEVEL). */
  logger?: FastifyBaseLogger;
  /** The database's LISTEN/NOTIFY, which feeds GET /api/stream (without it the stream sends no live changes). */
  notifications?: Notifications;
}

/** Builds the Fastify instance: one server for /api and the built SPA. */
export async function buildApp({
  config,
  db,
  serveWeb,
  telematics: givenTelematics,
  payments = sandboxPaymentProvider(),
  logger,
  notifications,
}: BuildOptions): Promise<App> {
  const app = Fastify(fastifyServerOptions(config, logger ?? createLogger(config))).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
  // Helmet (CSP, HSTS on https), X-Request-Id, Cache-Control: no-store on /api.
  await registerServerDefaults(app, config);
  // Brotli or gzip for API answers over ~1 kB (before the routes: the plugin attaches itself to each route).
  await registerCompression(app);
  // No NUL or unpaired surrogate in any path parameter, query value or body reaches a handler (400 naming the field).
  registerInputGuard(app);

  // The OpenAPI document (/api/openapi.json) from the routes' zod schemas, and its reference page (/api/docs).
  await registerOpenApi(app, config);

  app.setErrorHandler((error, _request, reply) => sendError(reply, error));

  // Every /api route needs a session unless its config says public.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.probe) return;
    const token = parseAuthToken(request.headers.authorization);
    // The idle rule (SESSION_IDLE_MINUTES); X-Fleetdesk-Background: 1 authenticates without counting as use.
    const check = sessionCheckOf(config.SESSION_IDLE_MINUTES, request.headers);
    if (token) request.session = await resolveSession(db, token, check);
    else {
      const bearer = parseBearer(request.headers.authorization);
      const issuer = request.headers['x-token-issuer'];
      if (bearer && typeof issuer === 'string') assertSafeText(issuer, 'X-Token-Issuer');
      if (bearer) request.session = await resolveBearerSession(db, bearer, typeof issuer === 'string' ? issuer : undefined, check);
    }
    if (!request.session && !request.routeOptions.config.public && request.routeOptions.url) {
      throw AppError.unauthorized();
    }
  });

  // Vehicle telematics: answers and status reports go to the database (the server's jobs time out unanswered commands:
  // src/jobs/server-jobs.ts).
  // On PostgreSQL, of N server copies only the leader runs the simulator's status reports (src/db/leader-lock.ts).
  const simulatorLeader =
    !givenTelematics && config.DATABASE_URL && config.TELEMATICS === 'simulator' && config.SIMULATOR_TICK_SECONDS > 0
      ? postgresLeaderLock(config.DATABASE_URL, LEADER_KEYS.simulator, app.log)
      : ALWAYS_LEADER;
  const telematics = givenTelematics ?? createTelematics(config, db, app.log, simulatorLeader.isLeader);
  await telematics.start(vehicleTelematicsHandler(db, app.log));
  // Live changes (GET /api/stream): every server copy listens to the event log's announcements.
  const liveHub = await startLiveHub(db, notifications, (err) =>
    app.log.warn({ database: describeDatabaseError(err) }, 'live stream: could not read changes'),
  );
  app.addHook('preClose', async () => liveHub.endAll());
  app.addHook('onClose', async () => {
    await telematics.stop();
    await simulatorLeader.stop();
    await liveHub.stop();
  });

  const ctx: AppContext = { db, config, telematics, payments };
  registerConfigRoutes(app, ctx);
  registerHealthRoutes(app, () => checkReadiness(db));
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
  registerVehicleServiceRoutes(app, ctx);
  registerDamageRoutes(app, ctx);
  registerAlarmRoutes(app, ctx);
  registerPaymentRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerUserAdminRoutes(app, ctx);
  registerStaffRoutes(app, ctx);
  registerIdentityRoutes(app, ctx);
  registerCompanyRoutes(app, ctx);
  registerPoolRoutes(app, ctx);
  registerActiveBookingRoutes(app, ctx);
  registerFleetMapRoutes(app, ctx);
  registerNoteRoutes(app, ctx);
  registerSavedViewRoutes(app, ctx);
  registerPreferenceRoutes(app, ctx);
  registerContactRoutes(app, ctx);
  registerLiveRoutes(app, ctx, liveHub);

  const webRoot = config.webDist;
  const withWeb = serveWeb ?? existsSync(path.join(webRoot, 'index.html'));
  if (withWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes <file>.br and <file>.gz beside each text file: sent as they are, by the client's Accept-Encoding.
      preCompressed: true,
      setHeaders(res, file) {
        res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A missing /assets/ file (a chunk of an older build) is a 404, not the SPA; the app then reloads into the new build.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && withWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // The SPA routes on the client (including its own not-found page).
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    // A known path asked with another method: 405 and the methods it takes.
    const allow = allowedMethods(app, request.url);
    if (allow.length > 0) {
      return reply
        .status(405)
        .header('Allow', allow.join(', '))
        .send(envelope(405, MESSAGE_IDS.methodNotAllowed, MESSAGES.methodNotAllowed));
    }
    return reply.status(404).send(envelope(404, MESSAGE_IDS.routeNotFound, MESSAGES.routeNotFound));
  });

  return app;
}
