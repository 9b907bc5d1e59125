import {
  type EventTextPart,
  eventValue,
  eventText,
  formatMessage,
  MESSAGE_IDS,
  MESSAGES,
  messageRef,
  type MessageRef,
  USER_ACTION_STATUSES,
  type BlockReason,
  type BlockStatus,
  type BulkApproveResponse,
  type IdentityMethod,
  type UserActionResponse,
  type UserDetail,
  type UserStatus,
} from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, fleets, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { enqueueMail } from '../../integrations/mail/mailer.ts';
import { mailLanguage } from '../../lib/mail-language.ts';
import type { Actor } from '../auth/index.ts';
import { requestPasswordReset, type AuthSettings } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { confirmationMail } from './confirmation-mail.ts';
import { statusRefused } from './rules.ts';
import { findCustomer, hasSingleSignOn, toUserDetail, type UserRow, type UserViewSettings } from './user-view.ts';

/**
 * §4 status actions (docs/decisions/0025-user-admin.md). Each one locks the user row, checks §4's table against the
 * current status (409 otherwise), applies its effect and appends a USER_ACTION event naming the acting staff member,
 * the action and the status change, all in one transaction.
 */

type UserUpdate = Partial<typeof users.$inferInsert>;
interface Effect {
  set: UserUpdate;
  text: EventTextPart;
  properties?: Record<string, unknown>;
}

/** Runs one action on the locked row: `decide` refuses (throws) or returns the effect. */
async function act(
  db: Db,
  actor: Actor,
  username: string,
  action: string,
  decide: (row: UserRow, tx: Db) => Promise<Effect> | Effect,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const row = await findCustomer(tx, actor, username, { forUpdate: true });
    return applyEffect(tx, actor, row, action, await decide(row, tx));
  });
}

/** Writes `effect` to the (locked) row and appends its USER_ACTION event, in the caller's transaction. */
async function applyEffect(tx: Db, actor: Actor, row: UserRow, action: string, effect: Effect): Promise<UserRow> {
  const now = new Date();
  const statusChanges = effect.set.status !== undefined && effect.set.status !== row.status;
  const [next] = await tx
    .update(users)
    .set({ ...effect.set, ...(statusChanges ? { lastStatusChangeDate: now } : {}), updatedAt: now })
    .where(eq(users.id, row.id))
    .returning();
  await appendEvent(tx, actor, {
    type: 'USER_ACTION',
    text: effect.text,
    affectedUsername: row.username,
    occurred: now,
    properties: { public: false, action, fromStatus: row.status, toStatus: next!.status, ...effect.properties },
  });
  return next!;
}

const allow = (label: string, statuses: readonly UserStatus[], row: UserRow) => {
  if (!statuses.includes(row.status)) throw statusRefused(label, row.status);
};

/** POST /api/users/{username}/block (§4: BLOCKED, with a reason of §4 and an optional message). */
export async function blockUser(
  db: Db,
  actor: Actor,
  username: string,
  blockReason: BlockReason,
  blockMessage: string | null,
  settings: UserViewSettings,
): Promise<UserDetail> {
  const row = await act(db, actor, username, 'BLOCK', (u) => {
    allow('Block', USER_ACTION_STATUSES.BLOCK, u);
    return {
      set: { status: 'BLOCKED', blockReason, blockMessage, blockedByUsername: actor.username, blockedAt: new Date() },
      text: eventText('userBlocked', { blockReason: eventValue('blockReason', blockReason) }),
      properties: { blockReason, blockMessage },
    };
  });
  return toUserDetail(db, actor, row, settings);
}

/** GET /api/users/{username}/block: the block status, null when the user carries none. */
export async function getBlockStatus(db: Db, actor: Actor, username: string): Promise<BlockStatus | null> {
  const u = await findCustomer(db, actor, username);
  if (!u.blockReason) return null;
  return {
    blockReason: u.blockReason,
    blockMessage: u.blockMessage,
    blockedByUsername: u.blockedByUsername,
    timestamp: (u.blockedAt ?? u.updatedAt).toISOString(),
  };
}

/**
 * §4 "Activate sets ACTIVE and clears the block status": from BLOCKED (unblock) and from DELETION_REQUESTED
 * (reactivate, which also withdraws the deletion request). A user blocked before the deletion request comes back
 * unblocked: reactivating is the staff member's decision to let the customer use the service again (block again if
 * not). The event keeps what the user was (`fromStatus`, and the REQUEST_DELETION event before it).
 */
const activateEffect = (u: UserRow): Effect => ({
  set: {
    status: 'ACTIVE',
    blockReason: null,
    blockMessage: null,
    blockedByUsername: null,
    blockedAt: null,
    deletionRequestedAt: null,
    deletionRequestedBy: null,
  },
  text: eventText(u.status === 'BLOCKED' ? 'userUnblocked' : 'userReactivated'),
  properties: { kind: u.status === 'BLOCKED' ? 'UNBLOCK' : 'REACTIVATE' },
});

/** POST /api/users/{username}/activate (§7): the §4 Activate of a BLOCKED or DELETION_REQUESTED user → ACTIVE. */
export async function activateUser(db: Db, actor: Actor, username: string, settings: UserViewSettings): Promise<UserDetail> {
  const row = await act(db, actor, username, 'ACTIVATE', (u) => {
    allow('Activate', ['BLOCKED', 'DELETION_REQUESTED'], u);
    return activateEffect(u);
  });
  return toUserDetail(db, actor, row, settings);
}

/** POST /api/users/{username}/reactivate: the same Activate, for DELETION_REQUESTED only (the menu's Reactivate). */
export async function reactivateUser(db: Db, actor: Actor, username: string, settings: UserViewSettings): Promise<UserDetail> {
  const row = await act(db, actor, username, 'REACTIVATE', (u) => {
    allow('Reactivate', USER_ACTION_STATUSES.REACTIVATE, u);
    return activateEffect(u);
  });
  return toUserDetail(db, actor, row, settings);
}

/** Why a user cannot be approved: the §8 error id, the HTTP code and the message (key and params) a refusal answers. */
interface ApproveRefusal {
  errorId: string;
  httpCode: 404 | 409;
  ref: MessageRef;
}

/** The outcome of the approval check: the row that can be approved, or why not (with the row, when there is one). */
type ApproveCheck = { row: UserRow; refusal: null } | { row: UserRow | null; refusal: ApproveRefusal };

/**
 * The one approval check (§4: AWAITING_APPROVAL or PENDING_OLD), used by the single approve, the bulk approve's plan
 * and its run, so the plan cannot drift from what is applied. No row is an unknown user, another operator's user or a
 * staff account (404, as findCustomer answers).
 */
function checkApprove(row: UserRow | null): ApproveCheck {
  if (!row) return { row, refusal: { errorId: MESSAGE_IDS.userNotFound, httpCode: 404, ref: messageRef('userNotFound') } };
  if (USER_ACTION_STATUSES.APPROVE.includes(row.status)) return { row, refusal: null };
  const ref = messageRef('userActionNotAllowed', { action: 'Approve', status: row.status });
  return { row, refusal: { errorId: MESSAGE_IDS.userActionNotAllowed, httpCode: 409, ref } };
}

const approveEffect =
  (actor: Actor, reason?: string) =>
  (u: UserRow): Effect => {
    const { refusal } = checkApprove(u);
    if (refusal) throw new AppError(refusal.errorId, refusal.httpCode, refusal.ref.message);
    return {
      set: { status: 'APPROVED', approvedAt: new Date(), approvedBy: actor.username },
      text: reason ? eventText('userApprovedInBulk', { reason }) : eventText('userApproved'),
      ...(reason ? { properties: { bulk: true, reason } } : {}),
    };
  };

/** POST /api/users/{username}/approve: AWAITING_APPROVAL or PENDING_OLD → APPROVED. */
export async function approveUser(db: Db, actor: Actor, username: string, settings: UserViewSettings): Promise<UserDetail> {
  return toUserDetail(db, actor, await act(db, actor, username, 'APPROVE', approveEffect(actor)), settings);
}

/** The operator's customer by name, or null where findCustomer answers 404. */
async function findCustomerOrNull(db: Db, actor: Actor, username: string, opts: { forUpdate?: boolean } = {}): Promise<UserRow | null> {
  try {
    return await findCustomer(db, actor, username, opts);
  } catch (err) {
    if (err instanceof AppError && err.httpCode === 404) return null;
    throw err;
  }
}

type BulkApproveResult = BulkApproveResponse['results'][number];

/** A user that is not (or would not be) approved: the HTTP code and message a single approval would answer. */
const refused = (name: string, row: UserRow | null, refusal: ApproveRefusal): BulkApproveResult => ({
  username: row?.username ?? name.trim(),
  approved: false,
  status: null,
  httpCode: refusal.httpCode,
  outcome: 'SKIPPED',
  ...refusal.ref,
});

/**
 * One user of a bulk approval. The plan reads the user and asks `checkApprove`; the run locks the row in its own
 * transaction, asks the same check again (the user may have changed since the plan) and only then writes the status
 * and the one event.
 */
async function approveOneOfBulk(db: Db, actor: Actor, name: string, reason: string | undefined, dryRun: boolean): Promise<BulkApproveResult> {
  if (dryRun) {
    const check = checkApprove(await findCustomerOrNull(db, actor, name));
    if (check.refusal !== null) return refused(name, check.row, check.refusal);
    return { username: check.row.username, approved: false, status: null, httpCode: null, outcome: 'PLANNED', ...messageRef('userWouldBeApproved') };
  }
  return db.transaction(async (tx) => {
    const check = checkApprove(await findCustomerOrNull(tx, actor, name, { forUpdate: true }));
    if (check.refusal !== null) return refused(name, check.row, check.refusal);
    const next = await applyEffect(tx, actor, check.row, 'APPROVE', approveEffect(actor, reason)(check.row));
    return { username: next.username, approved: true, status: next.status, httpCode: null, outcome: 'DONE', ...messageRef('userApproved') };
  });
}

/**
 * POST /api/admin/users/approved: each user on its own (one failure does not undo the others), in request order,
 * each name once. A user that cannot be found or approved is reported with the HTTP code and message a single
 * approval would have answered. With `dryRun` the same check gives the plan and nothing is written.
 */
export async function approveUsers(
  db: Db,
  actor: Actor,
  { usernames, reason, dryRun = false }: { usernames: readonly string[]; reason?: string | undefined; dryRun?: boolean | undefined },
): Promise<BulkApproveResponse> {
  const seen = new Set<string>();
  const results: BulkApproveResult[] = [];
  for (const name of usernames) {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    results.push(await approveOneOfBulk(db, actor, name, reason, dryRun));
  }
  return { dryRun, results };
}

/** POST /api/users/{username}/requestDeletion: every status but DELETION_REQUESTED. */
export async function requestUserDeletion(db: Db, actor: Actor, username: string, settings: UserViewSettings): Promise<UserDetail> {
  const row = await act(db, actor, username, 'REQUEST_DELETION', (u) => {
    if (u.status === 'DELETION_REQUESTED') throw statusRefused('Request deletion', u.status);
    return {
      set: { status: 'DELETION_REQUESTED', deletionRequestedAt: new Date(), deletionRequestedBy: actor.username },
      text: eventText('deletionRequested'),
    };
  });
  return toUserDetail(db, actor, row, settings);
}

const noEmail = () => AppError.of(MESSAGE_IDS.userActionNotAllowed, 409, 'receiptNoEmail');

/** POST /api/users/{username}/resend-confirmation: PENDING or AWAITING_CONFIRMATION; mails through the outbox. */
export async function resendConfirmation(db: Db, actor: Actor, username: string, settings: UserViewSettings): Promise<UserActionResponse> {
  const row = await act(db, actor, username, 'RESEND_CONFIRMATION', async (u, tx) => {
    allow('Resend confirmation', USER_ACTION_STATUSES.RESEND_CONFIRMATION, u);
    if (!u.emailAddress) throw noEmail();
    const [fleet] = await tx
      .select({ name: fleets.name, defaultLanguage: fleets.defaultLanguage })
      .from(fleets)
      .where(eq(fleets.id, actor.fleet))
      .limit(1);
    const mail = confirmationMail({
      language: mailLanguage(u.language, fleet?.defaultLanguage),
      operator: fleet?.name ?? 'Fleetdesk',
      givenName: u.givenName,
      username: u.username,
    });
    await enqueueMail(tx, { fleet: actor.fleet, to: u.emailAddress, subject: mail.subject, text: mail.text });
    return { set: { confirmationSentAt: new Date() }, text: eventText('confirmationResent') };
  });
  return { message: MESSAGES.confirmationResent, user: await toUserDetail(db, actor, row, settings) };
}

/**
 * POST /api/users/{username}/password-reset: mails a reset link through modules/auth's password reset (its limits
 * apply), unless password login is not allowed or the user signs in with single sign-on (409).
 */
export async function resetUserPassword(
  db: Db,
  actor: Actor,
  username: string,
  settings: UserViewSettings & AuthSettings,
): Promise<UserActionResponse> {
  const u = await findCustomer(db, actor, username);
  if (!u.passwordLoginAllowed || (await hasSingleSignOn(db, u.id)))
    throw AppError.of(MESSAGE_IDS.passwordLoginNotAllowed, 409, 'passwordLoginNotAllowed');
  if (!u.emailAddress) throw noEmail();
  await requestPasswordReset(db, u.username, settings);
  await appendEvent(db, actor, {
    type: 'USER_ACTION',
    text: eventText('passwordResetSent'),
    affectedUsername: u.username,
    properties: { public: false, action: 'RESET_PASSWORD', fromStatus: u.status, toStatus: u.status },
  });
  return { message: formatMessage('passwordResetSent', { user: u.username }), user: await toUserDetail(db, actor, u, settings) };
}

/** POST /api/users/{username}/verify-identity: identityVerified with who and when (the identity number is U2's). */
export async function verifyIdentity(
  db: Db,
  actor: Actor,
  username: string,
  identityMethod: IdentityMethod | undefined,
  settings: UserViewSettings,
): Promise<UserDetail> {
  const row = await act(db, actor, username, 'VERIFY_IDENTITY', (u) => {
    if (u.identityVerified) throw AppError.of(MESSAGE_IDS.userActionNotAllowed, 409, 'identityAlreadyVerified');
    const method = identityMethod ?? u.identityMethod ?? 'MANUAL';
    return {
      set: { identityVerified: true, identityVerifiedAt: new Date(), identityVerifiedBy: actor.username, identityMethod: method },
      text: eventText('identityVerified', { method: eventValue('identityMethod', method) }),
      properties: { identityMethod: method },
    };
  });
  return toUserDetail(db, actor, row, settings);
}

/**
 * POST /api/users/{username}/membership/check (§7 "check membership (username, company code)"; §5 housing-association
 * divisions). The association gives its residents a membership code: the code entered must be the user's division's
 * company code (any case). SUCCESS confirms the membership (by and at, an event); REJECTED changes nothing but is logged
 * too. A user whose company needs no confirmation answers 409. Docs/decisions/0025-user-admin.md.
 */
export async function checkMembership(
  db: Db,
  actor: Actor,
  username: string,
  companyCode: string,
  settings: UserViewSettings,
): Promise<{ result: 'SUCCESS' | 'REJECTED'; user: UserDetail }> {
  let result: 'SUCCESS' | 'REJECTED' = 'REJECTED';
  const row = await act(db, actor, username, 'CHECK_MEMBERSHIP', async (u, tx) => {
    const [company] = u.companyId === null ? [] : await tx.select().from(companies).where(eq(companies.id, u.companyId)).limit(1);
    if (!company?.requiresMembershipConfirmation) throw AppError.of(MESSAGE_IDS.userActionNotAllowed, 409, 'membershipCheckNotNeeded');
    const confirmed = company.companyCode !== null && company.companyCode.trim().toLowerCase() === companyCode.trim().toLowerCase();
    result = confirmed ? 'SUCCESS' : 'REJECTED';
    return confirmed
      ? {
          set: { membershipConfirmedAt: new Date(), membershipConfirmedBy: actor.username },
          text: eventText('membershipConfirmed', { company: company.name }),
          properties: { result, companyId: company.id },
        }
      : { set: {}, text: eventText('membershipNotConfirmed', { company: company.name }), properties: { result, companyId: company.id } };
  });
  return { result, user: await toUserDetail(db, actor, row, settings) };
}
