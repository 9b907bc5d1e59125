import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type EventTextPart,
  eventValue,
  eventText,
  formatMessage,
  MESSAGE_IDS,
  MESSAGES,
  PASSWORD_RESET_TTL_MS,
  STAFF_SET_PASSWORD_TTL_HOURS,
  type Language,
  type StaffCreateRequest,
  type StaffList,
  type StaffMember,
  type StaffRole,
  type StaffUpdateRequest,
} from '@fleetdesk/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, fleets, passwordResetTokens, payments, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/sql-state.ts';
import { AppError } from '../../http/errors.ts';
import { enqueueMail } from '../../integrations/mail/mailer.ts';
import { mailLanguage } from '../../lib/mail-language.ts';
import { hashPassword } from '../auth/index.ts';
import { issuePasswordToken, passwordLink, passwordMail, revokeUserSessions } from '../auth/index.ts';
import type { Actor, RequestSession } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { assertStaffAllowed, staffAbilities, type StaffRuleContext, type StaffRuleMember } from './rules.ts';

/**
 * The operator's staff accounts (issue 13; docs/decisions/0039-staff-accounts.md). Staff are `users` rows with role
 * SUPPORT or ADMIN. The API services check the ADMIN policy first and are scoped to the session's operator; the
 * command line (cli/staff.ts) calls the same operations as `system`. Every change appends a USER_ACTION event with
 * the actor in the same transaction. Changes that could remove the operator's last enabled ADMIN lock the operator's
 * enabled ADMIN rows first (`for update`, in id order), so two admins demoting each other at once cannot leave none;
 * an acting admin who is no longer among them (demoted or disabled a moment ago) is refused with 403.
 */

type UserRow = typeof users.$inferSelect;
const STAFF_ROLES: StaffRole[] = ['SUPPORT', 'ADMIN'];

/** Who changes staff accounts: an admin's session, or the command line (`system`, user id null). */
export interface StaffActor extends Actor {
  userId: number | null;
}

export interface StaffSettings {
  /** The console's public address, for the mailed links. */
  publicUrl: string;
}

export const SET_PASSWORD_TTL_MS = STAFF_SET_PASSWORD_TTL_HOURS * 60 * 60 * 1000;

export const staffNotFound = () => AppError.notFound(MESSAGE_IDS.staffNotFound, 'staffNotFound');
const usernameTaken = () =>
  AppError.of(MESSAGE_IDS.usernameTaken, 409, 'usernameTaken', undefined, [{ field: 'username', message: MESSAGES.usernameTaken }]);

/** The policy of every /api/staff route: a session (401) of an ADMIN (403). */
export function assertStaffAdmin(session: RequestSession | null): RequestSession {
  if (!session) throw AppError.unauthorized();
  if (session.role !== 'ADMIN') throw AppError.forbidden();
  return session;
}

const isEnabled = (u: UserRow) => u.disabledAt === null && u.status === 'ACTIVE';
const ruleMember = (u: UserRow): StaffRuleMember => ({
  id: u.id,
  role: u.role as StaffRole,
  enabled: isEnabled(u),
  passwordLoginAllowed: u.passwordLoginAllowed,
  hasEmail: Boolean(u.emailAddress),
});
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The contract's member, with the abilities of the acting admin on it. */
export function toStaffMember(u: UserRow, ctx: StaffRuleContext): StaffMember {
  return {
    username: u.username,
    givenName: u.givenName,
    familyName: u.familyName,
    emailAddress: u.emailAddress,
    language: isLanguage(u.language) ? u.language : DEFAULT_LANGUAGE,
    role: u.role as StaffRole,
    status: isEnabled(u) ? 'ACTIVE' : 'DISABLED',
    passwordPending: u.needsToSetPassword,
    passwordLoginAllowed: u.passwordLoginAllowed,
    lastLoginAt: iso(u.lastLoginAt),
    disabledAt: iso(u.disabledAt),
    disabledBy: u.disabledBy,
    createdAt: u.createdAt.toISOString(),
    abilities: staffAbilities(ruleMember(u), ctx),
  };
}

const staffOf = (fleet: string) => and(eq(users.fleetId, fleet), inArray(users.role, STAFF_ROLES));
const enabledAdminsOf = (fleet: string) =>
  and(eq(users.fleetId, fleet), eq(users.role, 'ADMIN'), isNull(users.disabledAt), eq(users.status, 'ACTIVE'));

/**
 * The operator's enabled ADMIN accounts, locked until the transaction ends (id order, so concurrent changes queue
 * instead of deadlocking). A change waiting here sees the committed result of the one before it.
 */
async function lockEnabledAdmins(tx: Db, actor: StaffActor): Promise<number> {
  const rows = await tx.select({ id: users.id }).from(users).where(enabledAdminsOf(actor.fleet)).orderBy(asc(users.id)).for('update');
  // An admin demoted or disabled by a change that committed while this request was on its way acts no more.
  if (actor.userId !== null && !rows.some((r) => r.id === actor.userId)) throw AppError.forbidden();
  return rows.length;
}

async function countEnabledAdmins(db: Db, fleet: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(enabledAdminsOf(fleet));
  return row?.n ?? 0;
}

/** The operator's staff member by user name (any case); a customer, another operator's member or nobody is 404. */
export async function findStaffMember(db: Db, fleet: string, username: string, opts: { forUpdate?: boolean } = {}): Promise<UserRow> {
  const name = username.trim();
  if (!name) throw staffNotFound();
  const query = db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${name})`, staffOf(fleet)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw staffNotFound();
  return row;
}

/** GET /api/staff: the operator's staff in user-name order, each with the acting admin's abilities. */
export async function listStaff(db: Db, session: RequestSession): Promise<StaffList> {
  const actor = assertStaffAdmin(session);
  const rows = await db
    .select()
    .from(users)
    .where(staffOf(actor.fleet))
    .orderBy(sql`lower(${users.username})`, asc(users.id));
  const ctx = { actorUserId: actor.userId, enabledAdmins: rows.filter((u) => u.role === 'ADMIN' && isEnabled(u)).length };
  return { staff: rows.map((u) => toStaffMember(u, ctx)) };
}

/** The set-password mail of a new member (72 hours) or the reset mail an admin sends (one hour), through the outbox. */
async function mailPasswordLink(tx: Db, member: UserRow, kind: 'SET_PASSWORD' | 'RESET', settings: StaffSettings, now: Date): Promise<void> {
  const [fleet] = await tx
    .select({ name: fleets.name, defaultLanguage: fleets.defaultLanguage })
    .from(fleets)
    .where(eq(fleets.id, member.fleetId))
    .limit(1);
  const operator = fleet?.name ?? 'Fleetdesk';
  const token = await issuePasswordToken(tx, member.id, kind === 'SET_PASSWORD' ? SET_PASSWORD_TTL_MS : PASSWORD_RESET_TTL_MS, now);
  // In the member's own language, else the operator's default (docs/decisions/0077-customer-mail-language.md).
  const person = {
    language: mailLanguage(member.language, fleet?.defaultLanguage),
    givenName: member.givenName,
    username: member.username,
    link: passwordLink(settings.publicUrl, token),
  };
  const mail =
    kind === 'SET_PASSWORD'
      ? passwordMail({ ...person, kind, operator, loginUrl: `${settings.publicUrl}/login`, validHours: STAFF_SET_PASSWORD_TTL_HOURS })
      : passwordMail({ ...person, kind: 'ADMIN_RESET', operator, validHours: PASSWORD_RESET_TTL_MS / 3_600_000 });
  await enqueueMail(tx, { fleet: member.fleetId, to: member.emailAddress!, subject: mail.subject, text: mail.text });
}

export interface NewStaffMember {
  username: string;
  givenName: string;
  familyName: string;
  emailAddress: string | null;
  role: StaffRole;
  /** Default: the operator's language. */
  language?: Language | null;
  /** The command line may set a first password; otherwise the member sets one from the mailed link. */
  password?: string;
}

/**
 * Creates a staff member of the actor's operator. Without a password the member gets the set-password mail (the
 * link lives STAFF_SET_PASSWORD_TTL_HOURS) and has no password until then. User names are unique across every
 * operator, in any case (409 usernameTaken on the username field).
 */
export async function createStaff(db: Db, actor: StaffActor, input: NewStaffMember, settings: StaffSettings, now = new Date()): Promise<UserRow> {
  if (!input.password && !input.emailAddress) throw AppError.invalidInput([{ field: 'emailAddress', message: MESSAGES.required }]);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const [fleet] = await tx.select().from(fleets).where(eq(fleets.id, actor.fleet)).limit(1);
    if (!fleet) throw AppError.notFound(MESSAGE_IDS.fleetNotFound);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${input.username})`)
      .limit(1);
    if (taken) throw usernameTaken();
    let row: UserRow;
    try {
      [row] = (await tx
        .insert(users)
        .values({
          fleetId: actor.fleet,
          username: input.username,
          role: input.role,
          passwordHash,
          needsToSetPassword: passwordHash === null,
          givenName: input.givenName,
          familyName: input.familyName,
          emailAddress: input.emailAddress,
          language: input.language ?? fleet.defaultLanguage,
          status: 'ACTIVE',
          userCategory: 'FLEET',
          applyDate: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning()) as [UserRow];
    } catch (err) {
      if (isUniqueViolation(err)) throw usernameTaken();
      throw err;
    }
    if (!passwordHash) await mailPasswordLink(tx, row, 'SET_PASSWORD', settings, now);
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      text: eventText('staffCreated', { role: eventValue('staffRole', input.role) }),
      affectedUsername: row.username,
      occurred: now,
      properties: { public: false, action: 'STAFF_CREATED', role: input.role, setPasswordMailed: !passwordHash },
    });
    return row;
  });
}

/** POST /api/staff: 201 with the new member; the set-password link goes by mail. */
export async function createStaffMember(
  db: Db,
  session: RequestSession,
  body: StaffCreateRequest,
  settings: StaffSettings,
  now = new Date(),
): Promise<StaffMember> {
  const actor = assertStaffAdmin(session);
  const row = await createStaff(db, actor, { ...body, language: body.language ?? null }, settings, now);
  return toStaffMember(row, { actorUserId: actor.userId, enabledAdmins: await countEnabledAdmins(db, actor.fleet) });
}

/**
 * Changes a member's role and/or whether the account is disabled, under the rules (rules.ts). Disabling ends every
 * session of the member and every unused password link in the same transaction; enabling starts no session. A value
 * the member already has changes nothing (no event): a retried request is harmless. One event per change.
 */
export async function changeStaff(
  db: Db,
  actor: StaffActor,
  username: string,
  change: Pick<StaffUpdateRequest, 'role' | 'disabled' | 'reason'>,
  now = new Date(),
): Promise<{ member: UserRow; ctx: StaffRuleContext; changed: boolean }> {
  return db.transaction(async (tx) => {
    const enabledAdmins = await lockEnabledAdmins(tx, actor);
    const row = await findStaffMember(tx, actor.fleet, username, { forUpdate: true });
    const ctx = { actorUserId: actor.userId, enabledAdmins };
    const member = ruleMember(row);
    const set: Partial<typeof users.$inferInsert> = {};
    const changes: { text: EventTextPart; properties: Record<string, unknown> }[] = [];
    const reason = change.reason ? { reason: change.reason } : {};

    if (change.role !== undefined && change.role !== row.role) {
      assertStaffAllowed('changeRole', member, ctx);
      set.role = change.role;
      changes.push({
        text: eventText('staffRoleChanged', { from: eventValue('staffRole', row.role), to: eventValue('staffRole', change.role) }),
        properties: { action: 'STAFF_ROLE_CHANGED', from: row.role, to: change.role },
      });
    }
    if (change.disabled === true && member.enabled) {
      assertStaffAllowed('disable', member, ctx);
      Object.assign(set, { disabledAt: now, disabledBy: actor.username });
      changes.push({ text: eventText('staffDisabled'), properties: { action: 'STAFF_DISABLED' } });
    } else if (change.disabled === false && !member.enabled) {
      assertStaffAllowed('enable', member, ctx);
      Object.assign(set, { disabledAt: null, disabledBy: null, status: 'ACTIVE' });
      changes.push({ text: eventText('staffEnabled'), properties: { action: 'STAFF_ENABLED' } });
    }
    if (!changes.length) return { member: row, ctx, changed: false };

    const [next] = (await tx
      .update(users)
      .set({ ...set, updatedAt: now })
      .where(eq(users.id, row.id))
      .returning()) as [UserRow];
    if (set.disabledAt) {
      await revokeUserSessions(tx, row.id, now);
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, row.id), isNull(passwordResetTokens.usedAt)));
    }
    for (const c of changes) {
      await appendEvent(tx, actor, {
        type: 'USER_ACTION',
        text: c.text,
        affectedUsername: row.username,
        occurred: now,
        properties: { public: false, ...c.properties, ...reason },
      });
    }
    const wasAdmin = member.enabled && row.role === 'ADMIN';
    const isAdmin = isEnabled(next) && next.role === 'ADMIN';
    return { member: next, ctx: { ...ctx, enabledAdmins: enabledAdmins - (wasAdmin ? 1 : 0) + (isAdmin ? 1 : 0) }, changed: true };
  });
}

/** PATCH /api/staff/{username}: role and/or disabled (with an optional reason for the events). */
export async function updateStaffMember(
  db: Db,
  session: RequestSession,
  username: string,
  body: StaffUpdateRequest,
  now = new Date(),
): Promise<StaffMember> {
  const actor = assertStaffAdmin(session);
  const { member, ctx } = await changeStaff(db, actor, username, body, now);
  return toStaffMember(member, ctx);
}

/**
 * POST /api/staff/{username}/reset-password: mails the member a reset link (one hour); a member who has not yet set
 * a password gets the set-password link again (72 hours). Refused (409) for a disabled member, one without password
 * login (passwordLoginNotAllowed) or without an e-mail address.
 */
export async function sendStaffPasswordLink(
  db: Db,
  session: RequestSession,
  username: string,
  settings: StaffSettings,
  now = new Date(),
): Promise<{ message: string }> {
  const actor = assertStaffAdmin(session);
  return db.transaction(async (tx) => {
    const row = await findStaffMember(tx, actor.fleet, username, { forUpdate: true });
    assertStaffAllowed('resetPassword', ruleMember(row), { actorUserId: actor.userId, enabledAdmins: await countEnabledAdmins(tx, actor.fleet) });
    const kind = row.needsToSetPassword ? 'SET_PASSWORD' : 'RESET';
    await mailPasswordLink(tx, row, kind, settings, now);
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      text: eventText(kind === 'SET_PASSWORD' ? 'staffSetPasswordResent' : 'staffPasswordResetSent'),
      affectedUsername: row.username,
      occurred: now,
      properties: { public: false, action: 'STAFF_PASSWORD_RESET_SENT', kind },
    });
    return { message: formatMessage('staffPasswordLinkSent', { email: row.emailAddress! }) };
  });
}

/**
 * Sets a member's password (the command line): the member no longer needs to set one, and every session of theirs
 * ends, as after a reset link.
 */
export async function setStaffPassword(db: Db, actor: StaffActor, username: string, password: string, now = new Date()): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await findStaffMember(tx, actor.fleet, username, { forUpdate: true });
    const [next] = (await tx
      .update(users)
      .set({ passwordHash, needsToSetPassword: false, updatedAt: now })
      .where(eq(users.id, row.id))
      .returning()) as [UserRow];
    await revokeUserSessions(tx, row.id, now);
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      text: eventText('staffPasswordSet'),
      affectedUsername: row.username,
      occurred: now,
      properties: { public: false, action: 'STAFF_PASSWORD_SET' },
    });
    return next;
  });
}

/**
 * Removes a staff account (the command line): sessions, reset tokens and sign-on links go with it (ON DELETE
 * CASCADE); the event log keeps the user name as text. Refused for the operator's last enabled ADMIN, and for a
 * member that bookings or payments refer to (they would lose who they were): disable that one instead.
 */
export async function removeStaff(db: Db, actor: StaffActor, username: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const enabledAdmins = await lockEnabledAdmins(tx, actor);
    const row = await findStaffMember(tx, actor.fleet, username, { forUpdate: true });
    assertStaffAllowed('remove', ruleMember(row), { actorUserId: actor.userId, enabledAdmins });
    const [booking] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, row.id)).limit(1);
    const [payment] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.userId, row.id)).limit(1);
    if (booking || payment) {
      throw new AppError(MESSAGE_IDS.conflict, 409, `"${row.username}" has bookings or payments that refer to the account; disable it instead.`);
    }
    await tx.delete(users).where(eq(users.id, row.id));
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      text: eventText('staffRemoved', { role: eventValue('staffRole', row.role) }),
      affectedUsername: row.username,
      occurred: now,
      properties: { public: false, action: 'STAFF_REMOVED', role: row.role },
    });
  });
}
