import { z } from 'zod';
import { ZAuthenticationMethod, ZIsoDateTime, ZStaffUser } from '../entities.ts';
import { PASSWORD_MIN_LENGTH } from '../limits.ts';

/** POST /api/auth (Basic credentials to log in, `AUTH-TOKEN <token>` to refresh). */
export const ZAuthResponse = z.object({ token: z.string(), expires: ZIsoDateTime, user: ZStaffUser });
export type AuthResponse = z.infer<typeof ZAuthResponse>;

/** GET /api/auth/methods?username=&authEndpointURL=&clientRedirectUrl= */
export const ZAuthMethodsQuery = z.object({
  username: z.string().trim().min(1),
  authEndpointURL: z.string().optional(),
  clientRedirectUrl: z.string().optional(),
});
export const ZAuthMethodsResponse = z.array(ZAuthenticationMethod);

/** POST /api/password-reset {username}: answers 202 whether or not the user exists. */
export const ZPasswordResetRequest = z.object({ username: z.string().trim().min(1) });
export const ZPasswordResetResponse = z.object({ message: z.string() });

/** POST /api/password-reset/confirm {token, password}: sets the password from a mailed link. */
export const ZPasswordResetConfirm = z.object({ token: z.string().min(16), password: z.string().min(PASSWORD_MIN_LENGTH) });

/** GET /api/config: public client configuration (no auth). */
export const ZClientConfig = z.object({
  productName: z.string(),
  helpDeskWidgetUrl: z.string().nullable(),
  version: z.string(),
  /** The fleet map's tile URL template (MAP_TILE_URL), null for none: the map then shows its plain background. */
  mapTileUrl: z.string().nullable().optional(),
  mapTileAttribution: z.string().nullable().optional(),
});
export type ClientConfig = z.infer<typeof ZClientConfig>;
