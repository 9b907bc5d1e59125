import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';

/**
 * The state of one single-sign-on attempt between the redirect to the provider and its callback (PKCE verifier,
 * state, nonce, provider), kept in the browser instead of a table: an encrypted and authenticated JWT
 * (dir + A256GCM, keyed by SSO_SECRET) in an httpOnly, SameSite=Lax cookie limited to /api/auth/sso that
 * expires after ten minutes.
 */
export const SSO_COOKIE_NAME = 'fleetdesk_sso';
export const SSO_COOKIE_PATH = '/api/auth/sso';
export const SSO_FLOW_TTL_SECONDS = 600;

const ZSsoFlow = z.object({
  providerId: z.number().int(),
  codeVerifier: z.string().min(43),
  state: z.string().min(1),
  nonce: z.string().min(1),
  returnTo: z.string().optional(),
});
export type SsoFlow = z.infer<typeof ZSsoFlow>;

const keyOf = (secret: string) => createHash('sha256').update(`fleetdesk-sso-flow\n${secret}`).digest();

export async function sealSsoFlow(flow: SsoFlow, secret: string): Promise<string> {
  return new EncryptJWT({ flow })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${SSO_FLOW_TTL_SECONDS}s`)
    .encrypt(keyOf(secret));
}

/** The flow of a cookie, or null when it is missing, tampered with, made with another key or expired. */
export async function openSsoFlow(value: string | undefined, secret: string): Promise<SsoFlow | null> {
  if (!value) return null;
  try {
    const { payload } = await jwtDecrypt(value, keyOf(secret));
    const parsed = ZSsoFlow.safeParse(payload.flow);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function ssoCookieHeader(value: string, secure: boolean, maxAgeSeconds = SSO_FLOW_TTL_SECONDS): string {
  return [
    `${SSO_COOKIE_NAME}=${value}`,
    `Path=${SSO_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function readSsoCookie(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === SSO_COOKIE_NAME) return part.slice(i + 1).trim();
  }
  return undefined;
}
