import type { OidcAccount } from './oidc-test-provider.ts';

/**
 * The demo identity provider mounted under the server at /demo-idp (DEMO_IDP, on outside production), so that
 * single sign-on works offline in `npm start`. Its one account is the demo staff member Siri Støtte: the e-mail
 * domain fjord-mobility.example is configured for Fjord Mobility (seed/demo-sso.ts), so she lands as `support`.
 */
export const DEMO_IDP_PATH = '/demo-idp';
export const DEMO_IDP_CLIENT_ID = 'fleetdesk-console';
export const DEMO_IDP_ACCOUNTS: OidcAccount[] = [
  {
    login: 'siri',
    password: 'sso-demo',
    sub: 'demo-idp|siri',
    email: 'siri.stotte@fjord-mobility.example',
    givenName: 'Siri',
    familyName: 'Støtte',
  },
];
