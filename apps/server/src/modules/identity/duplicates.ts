import type { SuspiciousUsersQuery, SuspiciousUsersResponse, UserDuplicate, UserDuplicatesResponse } from '@fleetdesk/contract';
import { and, desc, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fleets, users } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';
import { present } from '../users/index.ts';
import { findCustomer } from './lookup.ts';

/**
 * Suspicious registrations (§3; docs/decisions/0026-identity-licence.md): the duplicate_* flags are kept by
 * users/duplicate-flags.ts; these services list a subject's twins and the flagged customers.
 */
/**
 * GET /api/users/{username}/duplicate: the customers sharing the subject's e-mail, phone or identity number.
 * userDuplicates lists this operator's users only (with what matched); ownerMap counts them per operator name,
 * so another operator's users are only ever a number.
 */
export async function getUserDuplicates(db: Db, actor: Actor, username: string): Promise<UserDuplicatesResponse> {
  const subject = await findCustomer(db, actor, username);
  const email = present(subject.emailAddress) ? subject.emailAddress.toLowerCase() : null;
  const phone = present(subject.mobilePhone) ? subject.mobilePhone : null;
  const idNumber = present(subject.identityNumber) ? subject.identityNumber : null;
  const matchers: SQL[] = [];
  if (email) matchers.push(sql`lower(${users.emailAddress}) = ${email}`);
  if (phone) matchers.push(eq(users.mobilePhone, phone));
  if (idNumber) matchers.push(eq(users.identityNumber, idNumber));
  if (!matchers.length) return { userDuplicates: [], ownerMap: {} };

  const rows = await db
    .select({
      fleetId: users.fleetId,
      fleetName: fleets.name,
      username: users.username,
      givenName: users.givenName,
      familyName: users.familyName,
      emailAddress: users.emailAddress,
      mobilePhone: users.mobilePhone,
      identityNumber: users.identityNumber,
      status: users.status,
      applyDate: users.applyDate,
    })
    .from(users)
    .innerJoin(fleets, eq(fleets.id, users.fleetId))
    .where(and(eq(users.role, 'CUSTOMER'), sql`${users.id} <> ${subject.id}`, or(...matchers)))
    .orderBy(desc(users.applyDate), asc(users.username))
    .limit(500);

  const ownerMap: Record<string, number> = {};
  const userDuplicates: UserDuplicate[] = [];
  for (const r of rows) {
    ownerMap[r.fleetName] = (ownerMap[r.fleetName] ?? 0) + 1;
    if (r.fleetId !== actor.fleet) continue;
    userDuplicates.push({
      username: r.username,
      givenName: r.givenName,
      familyName: r.familyName,
      emailAddress: r.emailAddress,
      mobilePhone: r.mobilePhone,
      status: r.status,
      applyDate: r.applyDate?.toISOString() ?? null,
      duplicateEmail: email !== null && r.emailAddress?.toLowerCase() === email,
      duplicatePhone: phone !== null && r.mobilePhone === phone,
      duplicateIdentityNumber: idNumber !== null && r.identityNumber === idNumber,
    });
  }
  return { userDuplicates, ownerMap };
}

/** GET /api/admin/users/suspicious: the operator's customers with a duplicate flag, newest registration first. */
export async function listSuspiciousUsers(db: Db, actor: Actor, q: SuspiciousUsersQuery): Promise<SuspiciousUsersResponse> {
  const where = and(
    eq(users.fleetId, actor.fleet),
    eq(users.role, 'CUSTOMER'),
    or(eq(users.duplicateEmail, true), eq(users.duplicatePhone, true), eq(users.duplicateIdentityNumber, true)),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        username: users.username,
        givenName: users.givenName,
        familyName: users.familyName,
        emailAddress: users.emailAddress,
        mobilePhone: users.mobilePhone,
        status: users.status,
        applyDate: users.applyDate,
        duplicateEmail: users.duplicateEmail,
        duplicatePhone: users.duplicatePhone,
        duplicateIdentityNumber: users.duplicateIdentityNumber,
      })
      .from(users)
      .where(where)
      .orderBy(sql`${users.applyDate} DESC NULLS LAST`, asc(users.username))
      .limit(q.pageSize + 1)
      .offset(q.page * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return {
    results: rows.slice(0, q.pageSize).map((r) => ({ ...r, applyDate: r.applyDate?.toISOString() ?? null })),
    total: counted?.n ?? 0,
    moreResults: rows.length > q.pageSize,
    currentPage: q.page,
  };
}
