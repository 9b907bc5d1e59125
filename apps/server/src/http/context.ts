import type { PaymentProvider } from '../integrations/payments/provider.ts';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Telematics } from '../integrations/telematics/types.ts';
import type { RequestSession } from '../modules/auth/session.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, password reset, auth methods, client config). */
    public?: boolean;
    /** A liveness or readiness probe: answered without looking at credentials, so it never waits on the database for a session. */
    probe?: boolean;
  }
}

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** What route modules get: the database, the configuration and the integrations the app owns. No globals. */
export interface AppContext {
  db: Db;
  config: Config;
  /** The vehicles' telematics (simulator or MQTT), started with the app and stopped when it closes. */
  telematics: Telematics;
  /** The card payment provider (the sandbox unless one is given to buildApp). */
  payments: PaymentProvider;
}

export function requireSession(request: FastifyRequest): RequestSession {
  if (!request.session) throw AppError.unauthorized();
  return request.session;
}

export function requestMeta(request: FastifyRequest) {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, ...(ua ? { userAgent: ua } : {}) };
}
