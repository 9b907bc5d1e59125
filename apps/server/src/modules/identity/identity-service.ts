import {
  eventValue,
  eventText,
  normalizeIdentityNumber,
  type IdentityNumberResponse,
  type SetIdentityRequest,
  type UserDetail,
} from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { refreshDuplicateFlags } from '../users/index.ts';
import { findCustomer } from './lookup.ts';
import { toUserDetail, type UserViewSettings } from '../user-admin/index.ts';

/**
 * GET /api/users/{username}/identity: an explicit reveal of the identity number (§5: shown only after a click, with
 * a note that it is logged). Every call appends a USER_ACTION event "Identity number shown" with the acting staff
 * member, in the same transaction as the read; the number itself never goes into the event log.
 */
export async function revealIdentityNumber(db: Db, actor: Actor, username: string): Promise<IdentityNumberResponse> {
  return db.transaction(async (tx) => {
    const user = await findCustomer(tx, actor, username);
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      affectedUsername: user.username,
      text: eventText(user.identityNumber ? 'identityNumberShown' : 'identityNumberShownNone'),
      properties: { action: 'IDENTITY_NUMBER_SHOWN', identityCountry: user.identityCountry },
    });
    return {
      username: user.username,
      identityCountry: user.identityCountry,
      identificationNumber: user.identityNumber,
      identityMethod: user.identityMethod,
      identityVerified: user.identityVerified,
    };
  });
}

/**
 * PUT /api/users/{username}/identity: staff set the identity from a document they checked, so it becomes a MANUAL,
 * verified identity (the approval wizard's step 1; §4 "the manual identity method can be replaced"). The number is
 * validated by the contract (format and check digits, message on identificationNumber) and stored normalized;
 * the duplicate flags of the user and of former and new twins are refreshed in the same transaction.
 */
export async function setIdentity(
  db: Db,
  actor: Actor,
  username: string,
  body: SetIdentityRequest,
  settings: UserViewSettings,
  now = new Date(),
): Promise<UserDetail> {
  const row = await db.transaction(async (tx) => {
    const user = await findCustomer(tx, actor, username);
    const identityNumber = normalizeIdentityNumber(body.country, body.identificationNumber);
    const [updated] = await tx
      .update(users)
      .set({
        identityCountry: body.country,
        identityNumber,
        identityMethod: 'MANUAL',
        identityGivenName: user.givenName,
        identityFamilyName: user.familyName,
        identityVerified: true,
        identityVerifiedAt: now,
        identityVerifiedBy: actor.username,
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
    await refreshDuplicateFlags(tx, [user.id], [{ identityNumber: user.identityNumber }]);
    const changed = user.identityNumber !== identityNumber || user.identityCountry !== body.country;
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      affectedUsername: user.username,
      text: identitySetText(body.country, user.identityMethod && user.identityMethod !== 'MANUAL' ? user.identityMethod : null, changed),
      properties: {
        action: 'IDENTITY_SET',
        identityCountry: body.country,
        identityMethod: 'MANUAL',
        previousMethod: user.identityMethod,
        numberChanged: changed,
      },
      occurred: now,
    });
    const [fresh] = await tx.select().from(users).where(eq(users.id, user.id)).limit(1);
    return fresh ?? updated!;
  });
  return toUserDetail(db, actor, row, settings);
}

/** "Identity set manually (NO), replacing BANKID, number unchanged" as event text parts. */
function identitySetText(country: string, replacing: string | null, changed: boolean) {
  const params = { country, method: replacing ? eventValue('identityMethod', replacing) : undefined };
  if (replacing) return eventText(changed ? 'identitySetReplacing' : 'identitySetReplacingUnchanged', params);
  return eventText(changed ? 'identitySet' : 'identitySetUnchanged', params);
}
