import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';

/**
 * Fleetdesk as an OpenID Connect relying party: discovery (openid-client), the authorization code flow with
 * PKCE, and ID-token verification against the issuer's published keys (jose). Discovery documents and key
 * sets are cached per issuer in the process (a cache, not state: every server copy rebuilds it on demand).
 */

const DISCOVERY_TTL_MS = 10 * 60_000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain http is accepted only for issuers on this machine (the demo and test providers); others need https. */
export function issuerAllowed(issuer: string): boolean {
  try {
    const url = new URL(issuer);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}

const discoveries = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The provider's configuration for one client (public client: PKCE, no secret), cached for ten minutes. */
export function discoverProvider(issuer: string, clientId: string, now = Date.now()): Promise<oidc.Configuration> {
  const key = `${issuer}\n${clientId}`;
  const cached = discoveries.get(key);
  if (cached && now - cached.at < DISCOVERY_TTL_MS) return cached.config;
  if (!issuerAllowed(issuer)) return Promise.reject(new Error(`issuer ${issuer} must use https`));
  const url = new URL(issuer);
  const config = oidc.discovery(url, clientId, undefined, oidc.None(), url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {});
  discoveries.set(key, { at: now, config });
  config.catch(() => discoveries.delete(key));
  return config;
}

export interface AuthorizationRequest {
  url: URL;
  codeVerifier: string;
  state: string;
  nonce: string;
}

/** The authorization URL of the code flow with PKCE (S256), a fresh state and nonce. */
export async function buildAuthorizationRequest(config: oidc.Configuration, redirectUri: string, loginHint?: string): Promise<AuthorizationRequest> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  };
  if (loginHint) parameters.login_hint = loginHint;
  return { url: oidc.buildAuthorizationUrl(config, parameters), codeVerifier, state, nonce };
}

export interface CodeExchangeResult {
  idToken: string;
  claims: JWTPayload & { sub: string; exp: number };
}

/**
 * Exchanges the code of the callback URL: checks state, PKCE and the ID token (signature, issuer, audience,
 * nonce, expiry) as openid-client does.
 */
export async function exchangeCode(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { codeVerifier: string; state: string; nonce: string },
): Promise<CodeExchangeResult> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!tokens.id_token || !claims) throw new Error('no ID token');
  return { idToken: tokens.id_token, claims: claims as CodeExchangeResult['claims'] };
}

/** Verifies a JWT against the issuer's JWKS (discovered, then cached by jose): signature, issuer and expiry. */
export async function verifyIssuerJwt(token: string, issuer: string, clientId: string): Promise<JWTPayload> {
  const config = await discoverProvider(issuer, clientId);
  const jwksUri = config.serverMetadata().jwks_uri;
  if (!jwksUri) throw new Error(`issuer ${issuer} publishes no jwks_uri`);
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri), { cacheMaxAge: DISCOVERY_TTL_MS });
    keySets.set(jwksUri, keys);
  }
  const { payload } = await jwtVerify(token, keys, { issuer, requiredClaims: ['sub', 'exp'] });
  return payload;
}
