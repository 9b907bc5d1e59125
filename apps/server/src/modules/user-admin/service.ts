import {
  eventText,
  MESSAGE_IDS,
  MESSAGES,
  SSO_LOCKED_FIELDS,
  type ErrorItem,
  type FreeMonths,
  type PendingDeletionResponse,
  type UserDetail,
  type UserUpdateRequest,
  type ZPendingDeletionQuery,
} from '@fleetdesk/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { bookings, companies, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/sql-state.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { refreshDuplicateFlags } from '../users/index.ts';
import { appendEvent } from '../events/index.ts';
import { toUserSummary } from '../users/index.ts';
import { statusRefused } from './rules.ts';
import { findCustomer, hasSingleSignOn, toUserDetail, type UserRow, type UserViewSettings } from './user-view.ts';

/**
 * The user page's record operations (docs/decisions/0025-user-admin.md): update with every §5 rule, confirm
 * deletion, free months and the list of users pending deletion. Each mutation runs in one transaction with the
 * user row locked and appends a USER_ACTION event with the acting staff member.
 */

const usernameTaken = () => AppError.of(MESSAGE_IDS.usernameTaken, 409, 'usernameTaken');
type UserUpdate = Partial<typeof users.$inferInsert>;

/** The value a locked SSO field would get from the body (undefined: the body leaves it as it is). */
function lockedFieldChange(row: UserRow, body: UserUpdateRequest, field: (typeof SSO_LOCKED_FIELDS)[number]): boolean {
  switch (field) {
    case 'username':
      return body.username !== row.username;
    case 'givenName':
    case 'familyName':
    case 'mobilePhone':
      return body[field] !== row[field];
    case 'customerNumber':
    case 'emailAddress':
      return body[field] !== undefined && body[field] !== row[field];
    case 'userCategory':
      return body.userCategory !== undefined && body.userCategory !== row.userCategory;
    case 'company':
      return body.company !== null && body.company.id !== row.companyId;
  }
}

/**
 * PUT /api/users/{username}: validates the §5 rules the schema cannot see (company of the operator, housing-association
 * membership, §6 fields locked for single sign-on), checks that a new user name is free (any case, any operator: 409),
 * then stores the editable fields. Read-only fields (status, htmlId, outstanding payments, licence and identity flags,
 * block) never come from the body.
 */
export async function updateUser(db: Db, actor: Actor, username: string, body: UserUpdateRequest, settings: UserViewSettings): Promise<UserDetail> {
  const updated = await db.transaction(async (tx) => {
    const row = await findCustomer(tx, actor, username, { forUpdate: true });
    const errors: ErrorItem[] = [];

    let company: typeof companies.$inferSelect | undefined;
    if (body.company === null) {
      errors.push({ field: 'company', message: MESSAGES.required });
    } else {
      [company] = await tx
        .select()
        .from(companies)
        .where(and(eq(companies.id, body.company.id), eq(companies.fleetId, actor.fleet)))
        .limit(1);
      if (!company) errors.push({ field: 'company', message: MESSAGES.notFound });
    }

    if (await hasSingleSignOn(tx, row.id)) {
      for (const field of SSO_LOCKED_FIELDS) {
        if (lockedFieldChange(row, body, field)) errors.push({ field, message: MESSAGES.ssoFieldLocked });
      }
    }

    // Housing-association divisions (§5): a confirmed membership or a staff override. A confirmation or override
    // belongs to the company it was given for, so moving to another company starts without one.
    const companyChanged = company !== undefined && company.id !== row.companyId;
    const membershipConfirmedAt = companyChanged ? null : row.membershipConfirmedAt;
    const membershipOverride = body.membershipOverride ?? (companyChanged ? false : row.membershipOverride);
    if (company?.requiresMembershipConfirmation && !membershipConfirmedAt && !membershipOverride) {
      errors.push({ field: 'company', message: MESSAGES.membershipConfirmationRequired });
    }
    if (errors.length) throw AppError.invalidInput(errors);

    const renamed = body.username !== row.username;
    if (body.username.toLowerCase() !== row.username.toLowerCase()) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${body.username})`)
        .limit(1);
      if (taken) throw usernameTaken();
    }

    const set: UserUpdate = {
      username: body.username,
      givenName: body.givenName,
      familyName: body.familyName,
      mobilePhone: body.mobilePhone,
      companyId: company!.id,
      membershipOverride,
      updatedAt: new Date(),
    };
    if (companyChanged) Object.assign(set, { membershipConfirmedAt: null, membershipConfirmedBy: null });
    const optional = [
      'emailAddress',
      'language',
      'pinCode',
      'rfid',
      'customerNumber',
      'campaignCode',
      'note',
      'premiumAccess',
      'userCategory',
      'freeMonths',
    ] as const;
    for (const key of optional) {
      if (body[key] !== undefined) Object.assign(set, { [key]: body[key] });
    }
    if (body.address) {
      for (const key of ['streetAddress', 'zipCode', 'city', 'countryCode'] as const) {
        if (body.address[key] !== undefined) Object.assign(set, { [key]: body.address[key] });
      }
    }
    const changed = Object.keys(set).filter((k) => {
      if (k === 'updatedAt') return false;
      const before = row[k as keyof UserRow];
      const after = set[k as keyof UserUpdate];
      return !(before === after || (before instanceof Date && after instanceof Date && before.getTime() === after.getTime()));
    });

    let next: UserRow;
    try {
      [next] = (await tx.update(users).set(set).where(eq(users.id, row.id)).returning()) as [UserRow];
    } catch (err) {
      if (isUniqueViolation(err)) throw usernameTaken();
      throw err;
    }
    // §4 suspicious registrations: the user's new e-mail or phone may make (or end) a duplicate, here or elsewhere.
    if (changed.includes('emailAddress') || changed.includes('mobilePhone')) {
      await refreshDuplicateFlags(
        tx,
        [row.id],
        [{ emailAddress: row.emailAddress, mobilePhone: row.mobilePhone, identityNumber: row.identityNumber }],
      );
    }
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      text: renamed
        ? eventText('userRenamed', { from: row.username, to: next.username })
        : changed.length
          ? eventText('userUpdated', { fields: changed.join(', ') })
          : eventText('userSavedUnchanged'),
      affectedUsername: next.username,
      properties: {
        public: false,
        action: 'UPDATE_USER',
        changedFields: changed,
        ...(renamed ? { previousUsername: row.username } : {}),
        ...(body.membershipOverride !== undefined && body.membershipOverride !== row.membershipOverride
          ? { membershipOverride: body.membershipOverride }
          : {}),
      },
    });
    return next;
  });
  return toUserDetail(db, actor, updated, settings);
}

/**
 * DELETE /api/users/{username}: confirm deletion (§4), only from DELETION_REQUESTED and not while a booking is
 * running. The row goes; the schema keeps bookings and payments with user_id null (ON DELETE SET NULL) and drops
 * sessions, cards, contracts, sign-on links, reset tokens and licence checks (ON DELETE CASCADE). The event log keeps
 * the user name as text.
 */
export async function confirmUserDeletion(db: Db, actor: Actor, username: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findCustomer(tx, actor, username, { forUpdate: true });
    if (row.status !== 'DELETION_REQUESTED') throw statusRefused('Confirm deletion', row.status);
    const [active] = await tx
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.userId, row.id), eq(bookings.state, 'ACTIVE')));
    if ((active?.n ?? 0) > 0) throw AppError.of(MESSAGE_IDS.userActionNotAllowed, 409, 'userHasActiveBooking');
    await tx.delete(users).where(eq(users.id, row.id));
    // Its twins may no longer be duplicates of anyone.
    await refreshDuplicateFlags(tx, [], [{ emailAddress: row.emailAddress, mobilePhone: row.mobilePhone, identityNumber: row.identityNumber }]);
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      text: eventText('userDeleted'),
      affectedUsername: row.username,
      properties: { public: false, action: 'CONFIRM_DELETION', fromStatus: row.status, deletionRequestedBy: row.deletionRequestedBy },
    });
  });
}

/** GET /api/users/{username}/freeMonths */
export async function getFreeMonths(db: Db, actor: Actor, username: string): Promise<FreeMonths> {
  return { freeMonths: (await findCustomer(db, actor, username)).freeMonths };
}

/** PUT /api/users/{username}/freeMonths: zero or more (§5). */
export async function setFreeMonths(db: Db, actor: Actor, username: string, freeMonths: number): Promise<FreeMonths> {
  return db.transaction(async (tx) => {
    const row = await findCustomer(tx, actor, username, { forUpdate: true });
    await tx.update(users).set({ freeMonths, updatedAt: new Date() }).where(eq(users.id, row.id));
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      text: eventText('freeMonthsSet', { from: row.freeMonths, to: freeMonths }),
      affectedUsername: row.username,
      properties: { public: false, action: 'SET_FREE_MONTHS', from: row.freeMonths, to: freeMonths },
    });
    return { freeMonths };
  });
}

/** GET /api/admin/users/pending-deletion: the operator's users awaiting deletion, oldest request first (unknown request times last). */
export async function listPendingDeletion(db: Db, actor: Actor, q: z.infer<typeof ZPendingDeletionQuery>): Promise<PendingDeletionResponse> {
  const where = and(eq(users.fleetId, actor.fleet), eq(users.status, 'DELETION_REQUESTED'), eq(users.role, 'CUSTOMER'));
  const [rows, [total]] = await Promise.all([
    db
      .select({ u: users, companyName: companies.name })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(sql`${users.deletionRequestedAt} asc nulls last`, asc(users.id))
      .limit(q.pageSize + 1)
      .offset(q.page * q.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    results: rows.slice(0, q.pageSize).map(({ u, companyName }) => ({
      ...toUserSummary(u, companyName ?? null),
      deletionRequestedAt: u.deletionRequestedAt?.toISOString() ?? null,
      deletionRequestedBy: u.deletionRequestedBy,
    })),
    moreResults: rows.length > q.pageSize,
    currentPage: q.page,
    total: total?.n ?? 0,
  };
}
