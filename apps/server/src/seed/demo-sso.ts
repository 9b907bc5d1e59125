import type { Db } from '../db/client.ts';
import { identityProviders } from '../db/schema.ts';
import { DEMO_IDP_CLIENT_ID, DEMO_IDP_PATH } from '../integrations/oidc/demo-idp.ts';
import { count, type FleetWorld, type SharedState } from './demo-world.ts';

/**
 * The demo identity provider for Fjord Mobility's staff (docs/decisions/0028-single-sign-on.md): the built-in
 * provider at /demo-idp, client `fleetdesk-console`, for the e-mail domain fjord-mobility.example, so that
 * `support` and `admin` see 'Sign in with Fjord demo sign-in' and its account `siri` lands as `support`.
 * The issuer follows PUBLIC_URL: the server rewrites it at start (syncDemoProviderIssuer).
 * Appended after everything else, drawing no random numbers, so that no other demo identifier moves.
 */
export const DEMO_IDP_DISPLAY_NAME = 'Fjord demo sign-in';

export async function insertDemoStaffIdentityProvider(db: Db, w: FleetWorld, sh: SharedState): Promise<void> {
  if (w.cat.id !== 'fjord') return;
  await db.insert(identityProviders).values({
    fleetId: w.cat.id,
    issuer: `http://localhost:3000${DEMO_IDP_PATH}`,
    clientId: DEMO_IDP_CLIENT_ID,
    displayName: DEMO_IDP_DISPLAY_NAME,
    providerLogoUrl: null,
    emailDomains: ['fjord-mobility.example'],
    companyId: null,
    preventPasswordLogin: false,
  });
  count(sh, 'identity_providers', 1);
}
