import {
  ZErrorEnvelope,
  ZIdentityNumberResponse,
  ZLicenseChecksResponse,
  ZLicenseStatusQuery,
  ZLicenseStatusResponse,
  ZSetIdentityRequest,
  ZSetIdentityResponse,
  ZSuspiciousUsersQuery,
  ZSuspiciousUsersResponse,
  ZUserDuplicatesResponse,
  ZUsernameParams,
  ZValidateLicenseRequest,
  ZValidateLicenseResponse,
} from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import type { LicenseVerifier } from '../../integrations/license/provider.ts';
import { sandboxLicenseVerifier } from '../../integrations/license/sandbox.ts';
import { getUserDuplicates, listSuspiciousUsers } from './duplicates.ts';
import { revealIdentityNumber, setIdentity } from './identity-service.ts';
import { licenseStatusFor, listLicenseChecks, validateLicense } from './license-service.ts';

/**
 * Identity number, driver's licence checks, duplicates and suspicious registrations (issue 6 points 5 and 6;
 * paths in packages/contract/src/api/identity.ts, docs/decisions/0026-identity-licence.md).
 */
export function registerIdentityRoutes(app: App, { db, config }: AppContext, opts: { licenseVerifier?: LicenseVerifier } = {}) {
  const verifier = opts.licenseVerifier ?? sandboxLicenseVerifier();
  const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope };

  app.get(
    '/api/users/:username/identity',
    {
      schema: {
        tags: ['users'],
        summary: 'Reveal the identity number (logged: every call appends a USER_ACTION event "Identity number shown")',
        params: ZUsernameParams,
        response: { 200: ZIdentityNumberResponse, ...errors },
      },
    },
    async (request) => revealIdentityNumber(db, requireSession(request), request.params.username),
  );

  app.put(
    '/api/users/:username/identity',
    {
      schema: {
        tags: ['users'],
        summary: 'Set the identity (country SE/NO, identificationNumber with its check digits); a MANUAL, verified identity. Returns the user',
        params: ZUsernameParams,
        body: ZSetIdentityRequest,
        response: { 200: ZSetIdentityResponse, ...errors },
      },
    },
    async (request) => setIdentity(db, requireSession(request), request.params.username, request.body, { publicUrl: config.publicUrl }),
  );

  app.post(
    '/api/users/:username/license/validate',
    {
      schema: {
        tags: ['users'],
        summary: "Validate the driver's licence: SE and NO in the register, other countries manually (result). validUntil required for SE",
        params: ZUsernameParams,
        body: ZValidateLicenseRequest,
        response: { 200: ZValidateLicenseResponse, ...errors },
      },
    },
    async (request) => validateLicense(db, requireSession(request), verifier, request.params.username, request.body),
  );

  app.get(
    '/api/users/:username/license/checks',
    {
      schema: {
        tags: ['users'],
        summary: "The user's driver's-licence checks, newest first",
        params: ZUsernameParams,
        response: { 200: ZLicenseChecksResponse, ...errors },
      },
    },
    async (request) => listLicenseChecks(db, requireSession(request), request.params.username),
  );

  app.get(
    '/api/admin/users/license-status',
    {
      schema: {
        tags: ['users'],
        summary: "Driver's-licence status for a list of user names (usernames=a,b; at most 100): a map by user name",
        querystring: ZLicenseStatusQuery,
        response: { 200: ZLicenseStatusResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope },
      },
    },
    async (request) => licenseStatusFor(db, requireSession(request), request.query.usernames ?? []),
  );

  app.get(
    '/api/users/:username/duplicate',
    {
      schema: {
        tags: ['users'],
        summary: "Users sharing the e-mail, phone or identity number: this operator's users, and a count per operator",
        params: ZUsernameParams,
        response: { 200: ZUserDuplicatesResponse, ...errors },
      },
    },
    async (request) => getUserDuplicates(db, requireSession(request), request.params.username),
  );

  app.get(
    '/api/admin/users/suspicious',
    {
      schema: {
        tags: ['users'],
        summary: "The operator's suspicious registrations (a duplicate e-mail, phone or identity number), newest first, paged",
        querystring: ZSuspiciousUsersQuery,
        response: { 200: ZSuspiciousUsersResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope },
      },
    },
    async (request) => listSuspiciousUsers(db, requireSession(request), request.query),
  );
}
