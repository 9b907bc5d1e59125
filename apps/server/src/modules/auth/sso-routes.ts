import { ZErrorEnvelope, ZIntIdParam } from '@fleetdesk/contract';
import { z } from 'zod';
import { requestMeta, type App, type AppContext } from '../../http/context.ts';
import { DEMO_IDP_ACCOUNTS, DEMO_IDP_CLIENT_ID, DEMO_IDP_PATH } from '../../integrations/oidc/demo-idp.ts';
import { createOidcTestProvider, type OidcTestProvider } from '../../integrations/oidc/oidc-test-provider.ts';
import { SSO_COOKIE_NAME, SSO_COOKIE_PATH, readSsoCookie, ssoCookieHeader } from './sso-cookie.ts';
import { finishSsoLogin, ssoRedirectUri, startSsoLogin, syncDemoProviderIssuer, SSO_CALLBACK_PATH } from './sso-service.ts';

/** GET /api/auth/sso/{providerId}/login: path and query. */
export const ZSsoLoginParams = z.object({ providerId: ZIntIdParam });
export const ZSsoLoginQuery = z.object({
  /** Passed to the provider as login_hint. */
  username: z.string().max(200).optional(),
  /** A same-origin path to open after the login (others are ignored). */
  returnTo: z.string().max(2000).optional(),
});

/** Single sign-on: the start of the code flow, its callback, and the demo identity provider (docs/decisions/0028). */
export function registerSsoRoutes(app: App, { db, config }: AppContext) {
  const settings = { publicUrl: config.publicUrl, secret: config.ssoSecret };
  const secure = config.publicUrl.startsWith('https:');
  if (!config.SSO_SECRET) app.log.info('SSO_SECRET is not set: using a random key for this process (set it when running several server copies)');

  app.get(
    '/api/auth/sso/:providerId/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: "Single sign-on: redirects (302) to the provider's authorization endpoint (code flow with PKCE), or to /postLogin?error=unavailable",
        params: ZSsoLoginParams,
        querystring: ZSsoLoginQuery,
        response: {
          302: z.null().describe("Found: a redirect to the provider's authorization endpoint, or to /postLogin?error=unavailable"),
          400: ZErrorEnvelope,
          404: ZErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { location, cookie } = await startSsoLogin(db, settings, request.params.providerId, request.query, (err) =>
        request.log.warn({ err }, 'single sign-on: provider unavailable'),
      );
      if (cookie) reply.header('Set-Cookie', ssoCookieHeader(cookie, secure));
      return reply.redirect(location, 302);
    },
  );

  app.get(
    SSO_CALLBACK_PATH,
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          'Single sign-on callback (the redirect_uri): redirects (302) to /postLogin with issuer, token, username and expirationTime, or /postLogin?error=expired|failed|unknownUser|notStaff',
        response: { 302: z.null().describe('Found: a redirect to /postLogin, signed in or with the error') },
      },
    },
    async (request, reply) => {
      const url = new URL(request.url, `${config.publicUrl}/`);
      const callbackUrl = new URL(`${ssoRedirectUri(config.publicUrl)}${url.search}`);
      const location = await finishSsoLogin(db, settings, callbackUrl, readSsoCookie(request.headers.cookie), requestMeta(request), (err) =>
        request.log.warn({ err }, 'single sign-on: callback refused'),
      );
      reply.header('Set-Cookie', `${SSO_COOKIE_NAME}=; Path=${SSO_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
      return reply.redirect(location, 302);
    },
  );

  if (config.demoIdp) registerDemoIdentityProvider(app, { db, config });
}

/** The demo identity provider (oidc-provider) under /demo-idp, created on first use. */
function registerDemoIdentityProvider(app: App, { db, config }: Pick<AppContext, 'db' | 'config'>) {
  const issuer = `${config.publicUrl}${DEMO_IDP_PATH}`;
  let provider: Promise<OidcTestProvider> | undefined;
  const demo = () =>
    (provider ??= createOidcTestProvider({
      issuer,
      clients: [{ clientId: DEMO_IDP_CLIENT_ID, redirectUris: [ssoRedirectUri(config.publicUrl)] }],
      accounts: DEMO_IDP_ACCOUNTS,
      trustProxy: config.TRUST_PROXY,
    }));
  app.addHook('onReady', async () => {
    await syncDemoProviderIssuer(db, DEMO_IDP_CLIENT_ID, issuer);
  });
  // The provider answers on the raw request before Fastify parses a body (its forms are urlencoded).
  for (const url of [DEMO_IDP_PATH, `${DEMO_IDP_PATH}/*`]) {
    app.route({
      method: ['GET', 'POST'],
      url,
      schema: { hide: true },
      onRequest: async (request, reply) => {
        reply.hijack();
        const { handle } = await demo();
        await new Promise<void>((resolve) => {
          reply.raw.once('close', resolve);
          handle(request.raw, reply.raw);
        });
      },
      handler: async () => undefined,
    });
  }
}
