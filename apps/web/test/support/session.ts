import type { AuthResponse } from '@fleetdesk/contract';
import { sessionStore } from '@/lib/session/session';
import { sessionFromAuthResponse } from '@/lib/session/session-schema';

/**
 * The signed-in staff member of the web tests, shared by the whole-app harness (app-harness.tsx) and the component
 * harness (component-harness.tsx): `signIn()` in beforeEach (or before `startApp`), `signOut()` after (teardownApp
 * signs out by itself).
 */

export type StaffUser = AuthResponse['user'];

/** Siri of the support desk at fjord (operator Fjord Mobility, Europe/Oslo), writing English. */
export const SUPPORT_STAFF: StaffUser = {
  username: 'support',
  givenName: 'Siri',
  familyName: 'Support',
  emailAddress: null,
  language: 'en-GB',
  fleet: 'fjord',
  role: 'SUPPORT',
};

/**
 * When the test sessions end, beyond any test clock: a session neither runs out nor is refreshed while a test runs,
 * whatever the date. Also the expiry of a fake login's answer.
 */
export const SESSION_EXPIRES = '2099-01-01T00:00:00.000Z';

/** Signs `SUPPORT_STAFF` (with `user`'s changes: another name, operator or role) in, as a login would; returns who. */
export function signIn(user: Partial<StaffUser> = {}): StaffUser {
  const staff = { ...SUPPORT_STAFF, ...user };
  sessionStore.setSession(sessionFromAuthResponse({ token: 'token-0', expires: SESSION_EXPIRES, user: staff }));
  return staff;
}

/** Ends the session as a logout does. */
export function signOut(): void {
  sessionStore.clear('logout');
}
