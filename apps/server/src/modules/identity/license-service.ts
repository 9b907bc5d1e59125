import {
  eventValue,
  eventText,
  fieldError,
  formatMessage,
  isValidIdentityNumber,
  LICENSE_REGISTRY_COUNTRIES,
  MESSAGES,
  normalizeIdentityNumber,
  type LicenseCheck,
  type LicenseCheckResult,
  type LicenseState,
  type LicenseStatusResponse,
  type ValidateLicenseRequest,
  type ValidateLicenseResponse,
} from '@fleetdesk/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { licenseChecks, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { LicenseRegistryCountry, LicenseVerdict, LicenseVerifier } from '../../integrations/license/provider.ts';
import { REGISTRY_NAME } from '../../integrations/license/provider.ts';
import type { Actor } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { findCustomer, type UserRow } from './lookup.ts';

/** How long the register may take before the check counts as ERROR. */
export const LICENSE_REGISTER_TIMEOUT_MS = 10_000;

const isRegistryCountry = (c: string): c is LicenseRegistryCountry => (LICENSE_REGISTRY_COUNTRIES as readonly string[]).includes(c);

/**
 * §4 licence states after a check: SUCCESS → VERIFIED; REJECTED → MISSING; ERROR (the register did not answer)
 * leaves a verified licence verified and otherwise marks it PENDING (to be checked again).
 */
function stateAfter(result: LicenseCheckResult, user: UserRow): { state: LicenseState; verified: boolean } {
  if (result === 'SUCCESS') return { state: 'VERIFIED', verified: true };
  if (result === 'REJECTED') return { state: 'MISSING', verified: false };
  return user.verifiedDriversLicense ? { state: 'VERIFIED', verified: true } : { state: 'PENDING', verified: false };
}

/** The person the register is asked about: the number sent, else the user's own identity number of that country. */
function lookupNumber(user: UserRow, country: LicenseRegistryCountry, given: string | undefined): string {
  if (given) return normalizeIdentityNumber(country, given);
  if (user.identityCountry === country && user.identityNumber) {
    return isValidIdentityNumber(country, user.identityNumber) ? normalizeIdentityNumber(country, user.identityNumber) : user.identityNumber;
  }
  throw AppError.invalidInput([{ field: 'identificationNumber', message: MESSAGES.required }]);
}

async function askRegister(
  verifier: LicenseVerifier,
  country: LicenseRegistryCountry,
  identityNumber: string,
  validUntil: string | null,
  today: string,
): Promise<LicenseVerdict> {
  try {
    return await verifier.verify({ country, identityNumber, validUntil, today }, AbortSignal.timeout(LICENSE_REGISTER_TIMEOUT_MS));
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return {
      result: 'ERROR',
      verifier: REGISTRY_NAME[country],
      reason: timedOut ? 'The licence register did not answer in time' : 'The licence register could not be reached',
    };
  }
}

/**
 * POST /api/users/{username}/license/validate. Swedish and Norwegian licences are looked up in the register (the
 * verification integration) outside any transaction; other countries are validated manually by the staff member,
 * who is then the verifier. Every check writes a license_checks row, updates the user's licence columns and appends
 * a USER_ACTION event, in one transaction. REJECTED and ERROR answer 200 with the §8 message.
 */
export async function validateLicense(
  db: Db,
  actor: Actor,
  verifier: LicenseVerifier,
  username: string,
  body: ValidateLicenseRequest,
  now = new Date(),
): Promise<ValidateLicenseResponse> {
  const user = await findCustomer(db, actor, username);
  const today = now.toISOString().slice(0, 10);
  const validUntil = body.validUntil ?? null;
  let verdict: LicenseVerdict;
  if (isRegistryCountry(body.country)) {
    const identityNumber = lookupNumber(user, body.country, body.identificationNumber);
    verdict = await askRegister(verifier, body.country, identityNumber, validUntil, today);
  } else {
    const result = body.result!; // the contract requires it for manual countries
    if (result === 'SUCCESS' && validUntil && validUntil < today) {
      throw AppError.invalidInput([fieldError('validUntil', 'licenceExpiredOn', { date: validUntil })]);
    }
    verdict = { result, verifier: actor.username, reason: result === 'REJECTED' ? 'Rejected by manual validation' : null };
  }

  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update').limit(1);
    if (!current) throw AppError.notFound(); // deleted meanwhile
    const { state, verified } = stateAfter(verdict.result, current);
    await tx.insert(licenseChecks).values({
      fleetId: current.fleetId,
      userId: current.id,
      country: body.country,
      validUntil,
      result: verdict.result,
      state,
      verifier: verdict.verifier,
      message: verdict.reason,
      checkedBy: actor.username,
      checkedAt: now,
    });
    const keepsOld = verdict.result === 'ERROR' && current.verifiedDriversLicense;
    await tx
      .update(users)
      .set({
        licenseState: state,
        verifiedDriversLicense: verified,
        licenseVerifier: keepsOld ? current.licenseVerifier : verdict.verifier,
        licenseCheckedAt: keepsOld ? current.licenseCheckedAt : now,
        licenseCountry: keepsOld ? current.licenseCountry : body.country,
        licenseValidUntil: keepsOld ? current.licenseValidUntil : validUntil,
        updatedAt: now,
      })
      .where(eq(users.id, current.id));
    const how = isRegistryCountry(body.country) ? verdict.verifier : 'manual';
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      affectedUsername: current.username,
      text: eventText(verdict.reason ? 'licenceCheckReason' : 'licenceCheck', {
        country: body.country,
        verifier: eventValue('verifier', how),
        result: eventValue('licenceResult', verdict.result),
        reason: verdict.reason ?? undefined,
      }),
      properties: { action: 'LICENSE_CHECK', country: body.country, validUntil, result: verdict.result, state, verifier: verdict.verifier },
      occurred: now,
    });
    return {
      result: verdict.result,
      status: {
        state,
        verifier: keepsOld ? current.licenseVerifier : verdict.verifier,
        timestamp: (keepsOld ? current.licenseCheckedAt : now)?.toISOString() ?? null,
      },
      verifiedDriversLicense: verified,
      message: verdict.result === 'SUCCESS' ? null : formatMessage('licenseNotVerified', { user: current.username }),
      reason: verdict.reason,
    };
  });
}

/** GET /api/users/{username}/license/checks: the user's checks, newest first (at most 100). */
export async function listLicenseChecks(db: Db, actor: Actor, username: string): Promise<LicenseCheck[]> {
  const user = await findCustomer(db, actor, username);
  const rows = await db
    .select()
    .from(licenseChecks)
    .where(and(eq(licenseChecks.userId, user.id), eq(licenseChecks.fleetId, actor.fleet)))
    .orderBy(desc(licenseChecks.checkedAt), desc(licenseChecks.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    country: r.country,
    validUntil: r.validUntil,
    result: r.result as LicenseCheckResult,
    state: r.state as LicenseState,
    verifier: r.verifier,
    reason: r.message,
    checkedBy: r.checkedBy,
    checkedAt: r.checkedAt.toISOString(),
  }));
}

/** GET /api/admin/users/license-status?usernames=…: a map by user name; unknown and other operators' users are left out. */
export async function licenseStatusFor(db: Db, actor: Actor, usernames: string[]): Promise<LicenseStatusResponse> {
  const lowered = [...new Set(usernames.map((u) => u.trim().toLowerCase()).filter(Boolean))];
  if (!lowered.length) return {};
  const rows = await db
    .select({ username: users.username, state: users.licenseState, verifier: users.licenseVerifier, checkedAt: users.licenseCheckedAt })
    .from(users)
    .where(
      and(
        eq(users.fleetId, actor.fleet),
        eq(users.role, 'CUSTOMER'),
        sql`lower(${users.username}) IN (${sql.join(
          lowered.map((u) => sql`${u}`),
          sql`, `,
        )})`,
      ),
    );
  const map: LicenseStatusResponse = {};
  for (const r of rows) map[r.username] = { state: r.state, verifier: r.verifier, timestamp: r.checkedAt?.toISOString() ?? null };
  return map;
}
