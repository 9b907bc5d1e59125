import {
  MESSAGE_IDS,
  MESSAGES,
  ZBlockStatusResponse,
  ZBulkApproveResponse,
  ZErrorEnvelope,
  ZUserActionResponse,
  ZUserDetail,
  ZUserStatus,
  canBulkApprove,
  userActionsFor,
  type UserStatus,
} from '@fleetdesk/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { events, mailOutbox, users } from '../src/db/schema.ts';
import { addUserAuthMethod, createFleet, createIdentityProvider, createStaff, createUser } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let db: Db;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createUser(db, 'fjord', { username: 'demo.pending', status: 'AWAITING_APPROVAL' });
  await createUser(db, 'malar', { username: 'demo.se.pending', status: 'AWAITING_APPROVAL' });
  // A customer on single sign-on whose password login is still allowed: only the sign-on method refuses a reset.
  const sso = await createUser(db, 'fjord', {
    username: 'demo.sso',
    status: 'ACTIVE',
    emailAddress: 'demo.sso@nordlys.example',
    passwordLoginAllowed: true,
  });
  const provider = await createIdentityProvider(db, 'fjord', { displayName: 'Nordlys SSO', emailDomains: ['nordlys.example'] });
  await addUserAuthMethod(db, sso.id, provider.id, 'nordlys-sub-1');
  token = await login(t.app, 'support', 'support-demo');
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: authToken(token) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const envelope = (res: { json(): unknown }) => ZErrorEnvelope.parse(res.json());
const userOf = async (username: string) => (await db.select().from(users).where(eq(users.username, username)))[0]!;
const eventsOf = (username: string) => db.select().from(events).where(eq(events.affectedUsername, username)).orderBy(desc(events.id));
const customer = (status: UserStatus, over: Partial<typeof users.$inferInsert> = {}) => createUser(db, 'fjord', { status, ...over });

/** Each action, its path and the statuses §4 offers it in. */
const ACTIONS = [
  {
    name: 'Block',
    path: 'block',
    body: { blockReason: 'ABUSE' },
    allowed: ['PENDING', 'AWAITING_CONFIRMATION', 'AWAITING_APPROVAL', 'PENDING_OLD', 'APPROVED', 'ACTIVE'],
    to: 'BLOCKED',
  },
  { name: 'Resend confirmation', path: 'resend-confirmation', body: undefined, allowed: ['PENDING', 'AWAITING_CONFIRMATION'], to: null },
  { name: 'Approve', path: 'approve', body: undefined, allowed: ['AWAITING_APPROVAL', 'PENDING_OLD'], to: 'APPROVED' },
  { name: 'Activate', path: 'activate', body: undefined, allowed: ['BLOCKED', 'DELETION_REQUESTED'], to: 'ACTIVE' },
  { name: 'Reactivate', path: 'reactivate', body: undefined, allowed: ['DELETION_REQUESTED'], to: 'ACTIVE' },
  {
    name: 'Request deletion',
    path: 'requestDeletion',
    body: undefined,
    allowed: ZUserStatus.options.filter((s) => s !== 'DELETION_REQUESTED'),
    to: 'DELETION_REQUESTED',
  },
] as const;

describe('§4 status actions: every status, allowed or refused', () => {
  for (const action of ACTIONS) {
    it(`${action.name}: allowed in ${action.allowed.join(', ')}; 409 otherwise`, async () => {
      for (const status of ZUserStatus.options) {
        const u = await customer(status);
        const res = await post(`/api/users/${u.username}/${action.path}`, action.body);
        const allowed = (action.allowed as readonly string[]).includes(status);
        if (!allowed) {
          expect(res.statusCode, `${action.name} from ${status}`).toBe(409);
          expect(envelope(res)).toMatchObject({
            messageId: MESSAGE_IDS.userActionNotAllowed,
            message: `${action.name} is not possible for a user with status ${status}`,
          });
          expect((await userOf(u.username)).status).toBe(status);
          expect(await eventsOf(u.username)).toHaveLength(0);
          continue;
        }
        expect(res.statusCode, `${action.name} from ${status}: ${res.body}`).toBe(200);
        const row = await userOf(u.username);
        expect(row.status, `${action.name} from ${status}`).toBe(action.to ?? status);
        const [ev] = await eventsOf(u.username);
        expect(ev, `${action.name} from ${status}`).toMatchObject({
          type: 'USER_ACTION',
          typeGroup: 'USER_ACTION',
          actingUsername: 'support',
          affectedUsername: u.username,
        });
        expect(ev!.properties).toMatchObject({ fromStatus: status, toStatus: action.to ?? status });
        if (action.to && action.to !== status) expect(row.lastStatusChangeDate).not.toBeNull();
      }
    });
  }

  it('the shared §4 rules agree with the server', () => {
    expect(userActionsFor({ status: 'AWAITING_APPROVAL', passwordLoginAllowed: true, singleSignOn: false, identityVerified: false })).toEqual([
      'BLOCK',
      'APPROVE',
      'REQUEST_DELETION',
      'RESET_PASSWORD',
      'VERIFY_IDENTITY',
    ]);
    expect(userActionsFor({ status: 'DELETION_REQUESTED', passwordLoginAllowed: false, singleSignOn: false, identityVerified: true })).toEqual([
      'REACTIVATE',
      'CONFIRM_DELETION',
    ]);
    expect(userActionsFor({ status: 'ACTIVE', passwordLoginAllowed: true, singleSignOn: true, identityVerified: true })).toEqual([
      'BLOCK',
      'NEW_BOOKING',
      'REQUEST_DELETION',
    ]);
    expect(canBulkApprove(['AWAITING_APPROVAL', 'AWAITING_APPROVAL'])).toBe(true);
    expect(canBulkApprove(['AWAITING_APPROVAL', 'PENDING_OLD'])).toBe(false);
    expect(canBulkApprove([])).toBe(false);
  });
});

describe('block and unblock', () => {
  it('blocks with a §4 reason and message, shows the block status, and unblock clears it', async () => {
    const u = await customer('ACTIVE');
    const res = await post(`/api/users/${u.username}/block`, { blockReason: 'VANDALISM', blockMessage: 'Broke a mirror' });
    expect(res.statusCode, res.body).toBe(200);
    const blocked = ZUserDetail.parse(res.json());
    expect(blocked).toMatchObject({
      status: 'BLOCKED',
      blockStatus: { blockReason: 'VANDALISM', blockMessage: 'Broke a mirror', blockedByUsername: 'support' },
    });
    expect(blocked.availableActions).toContain('UNBLOCK');
    const status = await t.app.inject({ method: 'GET', url: `/api/users/${u.username}/block`, headers: { authorization: authToken(token) } });
    expect(ZBlockStatusResponse.parse(status.json())).toMatchObject({ blockReason: 'VANDALISM', blockedByUsername: 'support' });
    expect((await eventsOf(u.username))[0]).toMatchObject({ displayText: 'User blocked (VANDALISM)' });

    const unblocked = ZUserDetail.parse((await post(`/api/users/${u.username}/activate`)).json());
    expect(unblocked).toMatchObject({ status: 'ACTIVE', blockStatus: null });
    const none = await t.app.inject({ method: 'GET', url: `/api/users/${u.username}/block`, headers: { authorization: authToken(token) } });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
  });

  it('requires a block reason of §4', async () => {
    const u = await customer('ACTIVE');
    for (const body of [{}, { blockReason: null }, { blockMessage: 'x' }]) {
      const res = await post(`/api/users/${u.username}/block`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(envelope(res).errors).toContainEqual(expect.objectContaining({ field: 'blockReason', message: MESSAGES.blockReasonRequired }));
    }
    expect((await post(`/api/users/${u.username}/block`, { blockReason: 'BAD_MOOD' })).statusCode).toBe(400);
    expect((await post(`/api/users/${u.username}/block`, { blockReason: 'ABUSE', blockMessage: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await userOf(u.username)).status).toBe('ACTIVE');
  });
});

describe('activate (§4: "Activate sets ACTIVE and clears the block status") and reactivate', () => {
  const BLOCK = {
    blockReason: 'UNPAID_BILLS',
    blockMessage: 'Pay the invoice first',
    blockedByUsername: 'kari',
    blockedAt: new Date('2026-03-01T10:00:00Z'),
  } as const;
  const cleared = {
    blockReason: null,
    blockMessage: null,
    blockedByUsername: null,
    blockedAt: null,
    deletionRequestedAt: null,
    deletionRequestedBy: null,
  };

  it('sets ACTIVE from BLOCKED and clears the block status', async () => {
    const u = await customer('BLOCKED', BLOCK);
    const res = await post(`/api/users/${u.username}/activate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZUserDetail.parse(res.json())).toMatchObject({ status: 'ACTIVE', blockStatus: null });
    expect(await userOf(u.username)).toMatchObject({ status: 'ACTIVE', ...cleared });
    const [ev] = await eventsOf(u.username);
    expect(ev).toMatchObject({ displayText: 'User unblocked', actingUsername: 'support' });
    expect(ev!.properties).toMatchObject({ action: 'ACTIVATE', kind: 'UNBLOCK', fromStatus: 'BLOCKED', toStatus: 'ACTIVE' });
  });

  it('sets ACTIVE from DELETION_REQUESTED, whatever the status before the request, and clears the block status', async () => {
    for (const before of ['AWAITING_APPROVAL', 'AWAITING_CONFIRMATION', 'BLOCKED', 'ACTIVE'] as const) {
      const u = await customer(before, before === 'BLOCKED' ? BLOCK : {});
      const requested = ZUserDetail.parse((await post(`/api/users/${u.username}/requestDeletion`)).json());
      expect(requested).toMatchObject({ status: 'DELETION_REQUESTED', deletionRequestedBy: 'support' });
      expect(requested.availableActions).toEqual(expect.arrayContaining(['REACTIVATE', 'CONFIRM_DELETION']));

      const res = await post(`/api/users/${u.username}/activate`);
      expect(res.statusCode, res.body).toBe(200);
      expect(ZUserDetail.parse(res.json()), `from ${before}`).toMatchObject({
        status: 'ACTIVE',
        blockStatus: null,
        deletionRequestedAt: null,
        deletionRequestedBy: null,
      });
      expect(await userOf(u.username), `from ${before}`).toMatchObject({ status: 'ACTIVE', ...cleared });
      const [ev] = await eventsOf(u.username);
      expect(ev).toMatchObject({ displayText: 'User reactivated', actingUsername: 'support' });
      expect(ev!.properties).toMatchObject({ action: 'ACTIVATE', kind: 'REACTIVATE', fromStatus: 'DELETION_REQUESTED', toStatus: 'ACTIVE' });
    }
  });

  it('reactivate is the same Activate, for DELETION_REQUESTED only', async () => {
    const u = await customer('DELETION_REQUESTED', { ...BLOCK, deletionRequestedAt: new Date('2026-03-02T10:00:00Z'), deletionRequestedBy: 'kari' });
    const res = await post(`/api/users/${u.username}/reactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZUserDetail.parse(res.json())).toMatchObject({ status: 'ACTIVE', blockStatus: null, deletionRequestedAt: null });
    expect(await userOf(u.username)).toMatchObject({ status: 'ACTIVE', ...cleared });
    expect((await eventsOf(u.username))[0]!.properties).toMatchObject({ action: 'REACTIVATE', fromStatus: 'DELETION_REQUESTED', toStatus: 'ACTIVE' });

    const blocked = await customer('BLOCKED', BLOCK);
    const refused = await post(`/api/users/${blocked.username}/reactivate`);
    expect(refused.statusCode).toBe(409);
    expect(await userOf(blocked.username)).toMatchObject({ status: 'BLOCKED', blockReason: 'UNPAID_BILLS' });
  });
});

describe('resend confirmation, password reset and verify identity', () => {
  it('resends the confirmation through the mail outbox', async () => {
    const u = await customer('AWAITING_CONFIRMATION', { emailAddress: 'confirm.me@example.no' });
    const res = await post(`/api/users/${u.username}/resend-confirmation`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = ZUserActionResponse.parse(res.json());
    expect(answer.message).toBe(MESSAGES.confirmationResent);
    expect(answer.user.confirmationSentAt).not.toBeNull();
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'confirm.me@example.no'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(u.username);
    const noMail = await customer('PENDING', { emailAddress: null });
    const refused = await post(`/api/users/${noMail.username}/resend-confirmation`);
    expect(refused.statusCode).toBe(409);
    expect(envelope(refused).message).toBe(MESSAGES.receiptNoEmail);
  });

  it('sends a password reset unless password login is not allowed or the user is on single sign-on', async () => {
    const u = await customer('ACTIVE', { emailAddress: 'reset.me@example.no' });
    const res = await post(`/api/users/${u.username}/password-reset`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZUserActionResponse.parse(res.json()).message).toBe(`Password reset sent to ${u.username}`);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'reset.me@example.no'));
    expect(mails[0]!.textBody).toContain('/reset-password?token=');
    expect((await eventsOf(u.username)).find((e) => e.actingUsername === 'support')).toMatchObject({ displayText: 'Password reset sent' });

    const noPassword = await customer('ACTIVE', { passwordLoginAllowed: false });
    for (const name of [noPassword.username, 'demo.sso']) {
      const refused = await post(`/api/users/${name}/password-reset`);
      expect(refused.statusCode, name).toBe(409);
      expect(envelope(refused)).toMatchObject({ messageId: MESSAGE_IDS.passwordLoginNotAllowed, message: MESSAGES.passwordLoginNotAllowed });
    }
  });

  it('verifies the identity once, recording who and when', async () => {
    const u = await customer('AWAITING_APPROVAL');
    const res = await post(`/api/users/${u.username}/verify-identity`, {});
    expect(res.statusCode, res.body).toBe(200);
    const user = ZUserDetail.parse(res.json());
    expect(user).toMatchObject({
      identityVerified: true,
      identityVerifiedBy: 'support',
      userIdentity: { identityMethod: 'MANUAL' },
      status: 'AWAITING_APPROVAL',
    });
    expect(user.availableActions).not.toContain('VERIFY_IDENTITY');
    const again = await post(`/api/users/${u.username}/verify-identity`);
    expect(again.statusCode).toBe(409);
    expect(envelope(again).message).toBe(MESSAGES.identityAlreadyVerified);
    expect((await post(`/api/users/${u.username}/verify-identity`, { identityMethod: 'FINGERPRINT' })).statusCode).toBe(400);
  });
});

describe('POST /api/admin/users/approved (bulk approve)', () => {
  it('answers per user: the new status, or why not', async () => {
    const a = await customer('AWAITING_APPROVAL');
    const b = await customer('PENDING_OLD');
    const c = await customer('ACTIVE');
    const d = await customer('BLOCKED');
    const res = await post('/api/admin/users/approved', {
      usernames: [a.username, b.username, c.username, d.username, 'demo.se.pending', 'nobody', a.username.toUpperCase()],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = ZBulkApproveResponse.parse(res.json());
    const approved = {
      approved: true,
      status: 'APPROVED',
      httpCode: null,
      outcome: 'DONE',
      messageId: 'userApproved',
      message: MESSAGES.userApproved,
    };
    const notAllowed = (status: UserStatus) => ({
      approved: false,
      status: null,
      httpCode: 409,
      outcome: 'SKIPPED',
      messageId: 'userActionNotAllowed',
      params: { action: 'Approve', status },
      message: `Approve is not possible for a user with status ${status}`,
    });
    const notFound = { approved: false, status: null, httpCode: 404, outcome: 'SKIPPED', messageId: 'userNotFound', message: MESSAGES.userNotFound };
    expect(res.json().dryRun).toBe(false);
    expect(results).toEqual([
      { username: a.username, ...approved },
      { username: b.username, ...approved },
      { username: c.username, ...notAllowed('ACTIVE') },
      { username: d.username, ...notAllowed('BLOCKED') },
      { username: 'demo.se.pending', ...notFound },
      { username: 'nobody', ...notFound },
    ]);
    expect(await userOf(a.username)).toMatchObject({ status: 'APPROVED', approvedBy: 'support' });
    expect((await userOf(c.username)).status).toBe('ACTIVE');
    const [se] = await db.select().from(users).where(eq(users.username, 'demo.se.pending'));
    expect(se!.status).toBe('AWAITING_APPROVAL');
    expect((await eventsOf(a.username))[0]).toMatchObject({ displayText: 'User approved', actingUsername: 'support' });
  });

  it("writes the reason of a bulk approval into each approved user's event", async () => {
    const a = await customer('AWAITING_APPROVAL');
    const b = await customer('AWAITING_APPROVAL');
    const res = await post('/api/admin/users/approved', { usernames: [a.username, b.username], reason: 'Licences checked with the employer' });
    expect(res.statusCode, res.body).toBe(200);
    for (const u of [a, b]) {
      expect((await eventsOf(u.username))[0]).toMatchObject({
        displayText: 'User approved in a bulk approval: Licences checked with the employer',
        properties: expect.objectContaining({ action: 'APPROVE', bulk: true, reason: 'Licences checked with the employer' }),
      });
    }
  });

  it('plans with dryRun exactly what the run then does, and the plan writes nothing', async () => {
    const a = await customer('AWAITING_APPROVAL');
    const b = await customer('PENDING_OLD');
    const c = await customer('ACTIVE');
    const d = await customer('DELETION_REQUESTED');
    const e = await customer('AWAITING_APPROVAL');
    // Another operator's user awaiting approval, an unknown name, and a duplicate in another spelling.
    const usernames = [a.username, c.username, 'demo.se.pending', b.username, 'nobody', d.username, e.username, ` ${a.username.toUpperCase()} `];
    const eventCount = async () => (await db.select({ id: events.id }).from(events)).length;
    const statuses = async () => Promise.all([a, b, c, d, e].map(async (u) => (await userOf(u.username)).status));
    const eventsBefore = await eventCount();
    const statusesBefore = await statuses();

    const planRes = await post('/api/admin/users/approved', { usernames, reason: 'Licences checked', dryRun: true });
    expect(planRes.statusCode, planRes.body).toBe(200);
    const plan = ZBulkApproveResponse.parse(planRes.json());
    expect(plan.dryRun).toBe(true);
    const planned = {
      approved: false,
      status: null,
      httpCode: null,
      outcome: 'PLANNED',
      messageId: 'userWouldBeApproved',
      message: 'Would be approved',
    };
    const refusedIn = (status: UserStatus) => ({
      approved: false,
      status: null,
      httpCode: 409,
      outcome: 'SKIPPED',
      messageId: 'userActionNotAllowed',
      params: { action: 'Approve', status },
      message: `Approve is not possible for a user with status ${status}`,
    });
    const notFound = { approved: false, status: null, httpCode: 404, outcome: 'SKIPPED', messageId: 'userNotFound', message: MESSAGES.userNotFound };
    expect(plan.results).toEqual([
      { username: a.username, ...planned },
      { username: c.username, ...refusedIn('ACTIVE') },
      // Another operator's user is not found, exactly like an unknown name: nothing of it is told.
      { username: 'demo.se.pending', ...notFound },
      { username: b.username, ...planned },
      { username: 'nobody', ...notFound },
      { username: d.username, ...refusedIn('DELETION_REQUESTED') },
      { username: e.username, ...planned },
    ]);
    // The plan wrote nothing: no event, no status.
    expect(await eventCount()).toBe(eventsBefore);
    expect(await statuses()).toEqual(statusesBefore);
    expect((await userOf('demo.se.pending')).status).toBe('AWAITING_APPROVAL');

    const runRes = await post('/api/admin/users/approved', { usernames, reason: 'Licences checked' });
    expect(runRes.statusCode, runRes.body).toBe(200);
    const run = ZBulkApproveResponse.parse(runRes.json());
    expect(run.dryRun).toBe(false);
    // The run does what the plan said, user by user: PLANNED became DONE, every refusal is the same refusal.
    expect(run.results.map((r) => r.username)).toEqual(plan.results.map((r) => r.username));
    run.results.forEach((done, i) => {
      const planLine = plan.results[i]!;
      if (planLine.outcome === 'PLANNED')
        expect(done).toMatchObject({ outcome: 'DONE', approved: true, status: 'APPROVED', messageId: 'userApproved' });
      else expect(done).toEqual(planLine);
    });
    // One event per approved user, none for the others.
    expect(await eventCount()).toBe(eventsBefore + 3);
    for (const u of [a, b, e]) {
      const written = await eventsOf(u.username);
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        type: 'USER_ACTION',
        actingUsername: 'support',
        properties: expect.objectContaining({ action: 'APPROVE', bulk: true }),
      });
      expect((await userOf(u.username)).status).toBe('APPROVED');
    }
    for (const u of [c, d]) expect(await eventsOf(u.username)).toHaveLength(0);
  });

  it('checks each user again when it runs: a user blocked since the plan is not approved', async () => {
    const a = await customer('AWAITING_APPROVAL');
    const b = await customer('AWAITING_APPROVAL');
    const plan = ZBulkApproveResponse.parse((await post('/api/admin/users/approved', { usernames: [a.username, b.username], dryRun: true })).json());
    expect(plan.results.map((r) => r.outcome)).toEqual(['PLANNED', 'PLANNED']);
    expect((await post(`/api/users/${a.username}/block`, { blockReason: 'ABUSE' })).statusCode).toBe(200);

    const run = ZBulkApproveResponse.parse(
      (await post('/api/admin/users/approved', { usernames: [a.username, b.username], reason: 'Checked' })).json(),
    );
    expect(run.results).toMatchObject([
      { username: a.username, outcome: 'SKIPPED', approved: false, httpCode: 409, params: { status: 'BLOCKED' } },
      { username: b.username, outcome: 'DONE', approved: true, status: 'APPROVED' },
    ]);
    expect((await userOf(a.username)).status).toBe('BLOCKED');
  });

  it('refuses malformed bodies', async () => {
    for (const body of [
      {},
      { usernames: ['demo.pending'], dryRun: 'yes' },
      { usernames: [] },
      { usernames: 'demo.pending' },
      { usernames: [''] },
      { usernames: Array.from({ length: 101 }, (_, i) => `u${i}`) },
    ]) {
      const res = await post('/api/admin/users/approved', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(envelope(res).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/approved',
      headers: { authorization: authToken(token), 'content-type': 'application/json' },
      payload: 'nope',
    });
    expect(raw.statusCode).toBe(400);
  });
});

describe('tenancy and sessions', () => {
  it("answers 404 for every action on another operator's user and changes nothing", async () => {
    for (const action of ACTIONS) {
      const res = await post(`/api/users/demo.se.pending/${action.path}`, action.body);
      expect(res.statusCode, action.path).toBe(404);
      expect(envelope(res).messageId).toBe(MESSAGE_IDS.userNotFound);
    }
    for (const path of ['password-reset', 'verify-identity']) {
      const res = await post(`/api/users/demo.se.pending/${path}`);
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await userOf('demo.se.pending')).status).toBe('AWAITING_APPROVAL');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/demo.pending/approve' });
    expect(res.statusCode).toBe(401);
  });
});
