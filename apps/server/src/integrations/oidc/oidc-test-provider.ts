import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type OidcContext } from 'oidc-provider';

/**
 * A small but real OpenID Connect provider (oidc-provider) for the demo and the tests: authorization code with
 * PKCE (S256), public clients, signed ID tokens, JWKS and discovery. Its login page checks a fixed list of
 * accounts; consent is implied (first-party clients), so a login lands straight back at the client.
 * It runs either mounted under the Fleetdesk server (the demo identity provider at /demo-idp) or on its own
 * loopback port (the tests). Not for production: sessions, codes and grants live in memory.
 */

export interface OidcAccount {
  /** What the person types on the provider's login page. */
  login: string;
  password: string;
  /** The subject (`sub`) of the ID token. */
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

export interface OidcClientRegistration {
  clientId: string;
  redirectUris: string[];
}

export interface OidcTestProviderOptions {
  /** The issuer URL; its path is where the provider is mounted (e.g. http://localhost:3000/demo-idp). */
  issuer: string;
  clients: OidcClientRegistration[];
  accounts: OidcAccount[];
  /** The private signing key (RS256 JWK with a kid); generated when not given. */
  signingKey?: JWK;
  /** ID token lifetime in seconds (default 3600). */
  idTokenTtlSeconds?: number;
  /** Behind a TLS-terminating proxy: trust X-Forwarded-Proto and -Host. */
  trustProxy?: boolean;
}

export interface OidcTestProvider {
  issuer: string;
  signingKey: JWK;
  /** Node request handler for every path under the issuer's path. */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/** An RS256 private key as JWK, with a kid, usable both by the provider and by tests that forge tokens. */
export async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(action: string, hint: string, error: boolean) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo identity provider: sign in</title>
<style>
body{font-family:system-ui,sans-serif;background:#eef1f5;display:flex;justify-content:center;padding-top:10vh;margin:0}
main{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15);width:20rem}
h1{font-size:1.25rem;margin:0 0 .25rem}p{color:#555;font-size:.875rem;margin:0 0 1rem}
label{display:block;font-size:.875rem;margin:.75rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{margin-top:1.25rem;width:100%;padding:.6rem;font-size:1rem;background:#1565c0;color:#fff;border:0;border-radius:4px;cursor:pointer}
.error{color:#b71c1c;background:#fdecea;padding:.5rem;border-radius:4px}
</style></head>
<body><main>
<h1>Demo identity provider</h1>
<p>Single sign-on for the Fleetdesk demo. Not a real account system.</p>
${error ? '<p class="error" role="alert">Wrong user name or password.</p>' : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="login">User name</label><input id="login" name="login" autocomplete="username" autofocus required value="${escapeHtml(hint)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
</main></body></html>`;
}

async function readForm(req: IncomingMessage, limit = 16_384): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > limit) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

function send(res: ServerResponse, status: number, contentType: string, body: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}

export async function createOidcTestProvider(options: OidcTestProviderOptions): Promise<OidcTestProvider> {
  const issuerUrl = new URL(options.issuer);
  const mountPath = issuerUrl.pathname.replace(/\/$/, '');
  const signingKey = options.signingKey ?? (await generateSigningKey());
  const accounts = new Map(options.accounts.map((a) => [a.sub, a]));

  const provider = new Provider(options.issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      token_endpoint_auth_method: 'none',
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'preferred_username'] },
    // The e-mail belongs in the ID token: Fleetdesk maps people by subject or e-mail from it.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${mountPath}/interaction/${interaction.uid}` },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: options.idTokenTtlSeconds ?? 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: true,
          name: `${account.givenName} ${account.familyName}`,
          given_name: account.givenName,
          family_name: account.familyName,
          preferred_username: account.login,
        }),
      };
    },
    // First-party clients: the grant of openid, email and profile is implied, so no consent page.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { client, session, result, provider: p } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await p.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  provider.proxy = options.trustProxy ?? false;
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return send(res, 400, 'text/plain; charset=utf-8', 'This sign-in has expired. Start again.');
    if (details.prompt.name !== 'login') {
      // Consent is implied for these clients (loadExistingGrant), so no other prompt is expected.
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: `unsupported prompt ${details.prompt.name}` });
    }
    const formAction = `${mountPath}/interaction/${uid}/login`;
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req);
      const login = (form.get('login') ?? '').trim().toLowerCase();
      const account = options.accounts.find((a) => a.login.toLowerCase() === login || a.email.toLowerCase() === login);
      if (!account || account.password !== form.get('password'))
        return send(res, 401, 'text/html; charset=utf-8', loginPage(formAction, login, true));
      return provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
    }
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    return send(res, 200, 'text/html; charset=utf-8', loginPage(formAction, hint, false));
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const originalUrl = req.url ?? '/';
    const url = new URL(originalUrl, 'http://provider.invalid');
    if (mountPath && !url.pathname.startsWith(`${mountPath}/`) && url.pathname !== mountPath) return send(res, 404, 'text/plain', 'Not found');
    const inner = url.pathname.slice(mountPath.length) || '/';
    const m = inner.match(/^\/interaction\/([\w-]+)(?:\/(login))?$/);
    if (m?.[1]) {
      interaction(req, res, m[1], m[2]).catch((err: unknown) => {
        if (!res.headersSent) send(res, 400, 'text/plain; charset=utf-8', `Sign-in failed: ${err instanceof Error ? err.message : 'unknown error'}`);
      });
      return;
    }
    // oidc-provider routes without the mount path and learns it from originalUrl (as under Express' app.use).
    Object.assign(req, { originalUrl, url: `${inner}${url.search}` });
    callback(req, res);
  }

  return { issuer: options.issuer, signingKey, handle };
}
