import {
  ZAuthMethodsQuery,
  ZAuthMethodsResponse,
  ZAuthResponse,
  ZErrorEnvelope,
  ZPasswordResetConfirm,
  ZPasswordResetRequest,
  ZPasswordResetResponse,
} from '@fleetdesk/contract';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { assertSafeText } from '../../http/input-guard.ts';
import { LOGIN_SECURITY } from '../../http/openapi-security.ts';
import { requestMeta, requireSession, type App, type AppContext } from '../../http/context.ts';
import {
  confirmPasswordReset,
  listAuthMethods,
  loginWithPassword,
  parseAuthToken,
  parseBasic,
  refreshSession,
  requestPasswordReset,
  revokeSession,
} from './service.ts';
import { registerSsoRoutes } from './sso-routes.ts';
import { parseBearer } from './sso-service.ts';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 403: ZErrorEnvelope, 429: ZErrorEnvelope };

export function registerAuthRoutes(app: App, ctx: AppContext) {
  const { db, config } = ctx;
  const settings = { sessionTtlMs: config.SESSION_TTL_MINUTES * 60_000, publicUrl: config.publicUrl };

  app.post(
    '/api/auth',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Log in (Basic) or refresh (AUTH-TOKEN, or Bearer + X-Token-Issuer of single sign-on)',
        security: LOGIN_SECURITY,
        response: { 200: ZAuthResponse, ...errors },
      },
    },
    async (request) => {
      const header = request.headers.authorization;
      // The onRequest hook resolved the AUTH-TOKEN (or bearer) under the idle rule; a refresh marked
      // X-Fleetdesk-Background is no use, and the new session keeps the old one's last use (docs/decisions/0039).
      // A single-sign-on session (bearer ID token) is refreshed into a console session, so that work goes on after
      // the ID token runs out (docs/decisions/0028-single-sign-on.md).
      if (parseAuthToken(header) || parseBearer(header)) return refreshSession(db, requireSession(request), settings, requestMeta(request));
      const creds = parseBasic(header);
      if (!creds) throw AppError.unauthorized();
      // The input guard for the one text a header carries into the database (login attempts are recorded by name).
      assertSafeText(creds.username, 'username');
      return loginWithPassword(db, creds, settings, requestMeta(request));
    },
  );

  app.delete(
    '/api/auth',
    {
      schema: { tags: ['auth'], summary: 'Log out: revoke the session', response: { 204: z.null(), 401: ZErrorEnvelope } },
    },
    async (request, reply) => {
      await revokeSession(db, requireSession(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/methods',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'External sign-in methods of a user',
        querystring: ZAuthMethodsQuery,
        response: { 200: ZAuthMethodsResponse, 400: ZErrorEnvelope },
      },
    },
    async (request) => listAuthMethods(db, request.query.username, settings),
  );

  registerSsoRoutes(app, ctx);

  app.post(
    '/api/password-reset',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link',
        body: ZPasswordResetRequest,
        response: { 202: ZPasswordResetResponse, 400: ZErrorEnvelope },
      },
    },
    async (request, reply) => reply.status(202).send(await requestPasswordReset(db, request.body.username, settings)),
  );

  app.post(
    '/api/password-reset/confirm',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from a reset link',
        body: ZPasswordResetConfirm,
        response: { 204: z.null(), 400: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      await confirmPasswordReset(db, request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
  );
}
