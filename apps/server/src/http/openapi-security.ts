/** The OpenAPI security schemes and requirements (docs/decisions/0041-openapi-document.md). */

/** The security schemes: the console's session token, single sign-on's bearer ID token with its issuer, and Basic for logging in. */
export const SECURITY_SCHEMES = {
  authToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`AUTH-TOKEN <token>`: the token `POST /api/auth` returns' },
  // Single sign-on (docs/decisions/0028): the provider's ID token, with the issuer in X-Token-Issuer.
  bearerToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An ID token of a configured single-sign-on provider' },
  tokenIssuer: { type: 'apiKey', in: 'header', name: 'X-Token-Issuer', description: 'The issuer of the bearer token' },
  basicAuth: { type: 'http', scheme: 'basic', description: "A staff member's user name and password (POST /api/auth only)" },
} as const;

/** What every operation needs unless it says otherwise: a console session, or a single-sign-on ID token with its issuer. */
export const SESSION_SECURITY: readonly SecurityRequirement[] = [{ authToken: [] }, { bearerToken: [], tokenIssuer: [] }];
/** `POST /api/auth`: Basic credentials log in; a session token (or an ID token) refreshes. */
export const LOGIN_SECURITY: readonly SecurityRequirement[] = [{ basicAuth: [] }, ...SESSION_SECURITY];
type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;
