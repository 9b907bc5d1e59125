import { PassThrough, Readable } from 'node:stream';
import { MESSAGE_IDS, MESSAGES } from '@fleetdesk/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askHidden,
  createStaffUser,
  disableStaffUser,
  enableStaffUser,
  listStaffUsers,
  needsPassword,
  parseStaffCommand,
  readFirstLine,
  readPassword,
  removeStaffUser,
  setStaffUserPassword,
  type TerminalInput,
} from '../src/cli/staff.ts';
import type { Db } from '../src/db/client.ts';
import { events, mailOutbox, sessions, users } from '../src/db/schema.ts';
import { createBooking, createContract, createFleet, createPool, createStaff, sessionOf } from './support/factories.ts';
import { authToken, basic, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let db: Db;
const PASSWORD = 'long-enough-pass';
const settings = { publicUrl: 'https://console.fjord.example' };

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(t.database.db, 'fjord');
  await createFleet(t.database.db, 'lone');
  await createStaff(db, 'lone', 'lone.admin', PASSWORD, 'ADMIN');
  await createStaff(db, 'fjord', 'chief', PASSWORD, 'ADMIN');
});
afterAll(() => t.close());

const base = { fleet: 'fjord', role: 'SUPPORT' as const, givenName: 'Nina', familyName: 'Hansen', email: null, language: null };
const tryLogin = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth', headers: { authorization: basic(username, password) } });
const fleetRequest = (token: string) => t.app.inject({ method: 'GET', url: '/api/fleets/fjord', headers: { authorization: authToken(token) } });
/** The newest event about a user that is not their own login. */
const lastEvent = async (affected: string) =>
  (await db.select().from(events).where(eq(events.affectedUsername, affected)).orderBy(desc(events.id))).find((e) => e.properties.action !== 'LOGIN');

describe('npm run staff -- create', () => {
  it('creates a staff user who can log in to the console', async () => {
    await createStaffUser(t.database.db, { ...base, username: 'nina', password: PASSWORD }, settings);
    const res = await tryLogin('nina', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'nina', role: 'SUPPORT', language: 'nb' });
    expect(await lastEvent('nina')).toMatchObject({ actingUsername: 'system', properties: { action: 'STAFF_CREATED', public: false } });
  });

  it('refuses short passwords, taken names and unknown fleets', async () => {
    await expect(createStaffUser(t.database.db, { ...base, username: 'x1', password: 'short' }, settings)).rejects.toThrow(/at least/);
    await expect(createStaffUser(t.database.db, { ...base, username: 'NINA', password: PASSWORD }, settings)).rejects.toThrow(/taken/);
    await expect(createStaffUser(t.database.db, { ...base, fleet: 'nope', username: 'x2', password: PASSWORD }, settings)).rejects.toThrow(
      /No fleet/,
    );
  });

  it('without a password mails the member a set-password link (an e-mail is needed then)', async () => {
    await expect(createStaffUser(db, { ...base, username: 'nomail' }, settings)).rejects.toThrow(/--email/);
    const { mailed } = await createStaffUser(db, { ...base, username: 'ola', email: 'ola@fjord.example' }, settings);
    expect(mailed).toBe(true);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ola@fjord.example'));
    const token = /reset-password\?token=([\w-]+)/.exec(mail!.textBody)![1];
    expect(mail!.textBody).toContain('https://console.fjord.example/reset-password?token=');
    const set = await t.app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, password: 'olas-password-1' } });
    expect(set.statusCode).toBe(204);
    expect((await tryLogin('ola', 'olas-password-1')).statusCode).toBe(200);
  });
});

describe('npm run staff -- set-password, disable, enable, remove', () => {
  it('set-password ends every session of the member, and logs it as system', async () => {
    await createStaff(db, 'fjord', 'siv', PASSWORD);
    const token = await login(t.app, 'siv', PASSWORD);
    await expect(setStaffUserPassword(db, 'siv', 'short')).rejects.toThrow(/at least/);
    await setStaffUserPassword(db, 'SIV', 'another-long-pass');
    expect((await fleetRequest(token)).statusCode).toBe(401);
    expect((await sessionOf(db, token)).revokedAt).not.toBeNull();
    expect((await tryLogin('siv', PASSWORD)).statusCode).toBe(401);
    expect((await tryLogin('siv', 'another-long-pass')).statusCode).toBe(200);
    expect(await lastEvent('siv')).toMatchObject({ actingUsername: 'system', properties: { action: 'STAFF_PASSWORD_SET' } });
    await expect(setStaffUserPassword(db, 'nobody', PASSWORD)).rejects.toThrow(/No staff user/);
  });

  it('disable ends the sessions and refuses the login; enable lets the member in again', async () => {
    await createStaff(db, 'fjord', 'dag', PASSWORD);
    const token = await login(t.app, 'dag', PASSWORD);
    const { member, changed } = await disableStaffUser(db, 'dag', 'On leave');
    expect(changed).toBe(true);
    expect(member).toMatchObject({ disabledBy: 'system' });
    expect((await fleetRequest(token)).statusCode).toBe(401);
    const refused = await tryLogin('dag', PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().messageId).toBe(MESSAGE_IDS.accountDisabled);
    expect(await lastEvent('dag')).toMatchObject({
      actingUsername: 'system',
      properties: { action: 'STAFF_DISABLED', reason: 'On leave', public: false },
    });
    expect((await disableStaffUser(db, 'dag')).changed).toBe(false);

    expect((await enableStaffUser(db, 'dag')).changed).toBe(true);
    expect(await lastEvent('dag')).toMatchObject({ actingUsername: 'system', properties: { action: 'STAFF_ENABLED' } });
    expect((await tryLogin('dag', PASSWORD)).statusCode).toBe(200);
    expect((await enableStaffUser(db, 'dag')).changed).toBe(false);
  });

  it("refuses to disable or remove an operator's last enabled admin", async () => {
    await expect(disableStaffUser(db, 'lone.admin')).rejects.toThrow(MESSAGES.staffLastAdmin);
    await expect(removeStaffUser(db, 'lone.admin')).rejects.toThrow(MESSAGES.staffLastAdmin);
    const [row] = await db.select().from(users).where(eq(users.username, 'lone.admin'));
    expect(row?.disabledAt).toBeNull();
  });

  it('remove deletes the account and its sessions, keeps the event log, and is refused when bookings refer to it', async () => {
    await createStaff(db, 'fjord', 'rune', PASSWORD, 'ADMIN');
    const token = await login(t.app, 'rune', PASSWORD);
    const session = await sessionOf(db, token);
    await removeStaffUser(db, 'Rune');
    expect(await db.select().from(users).where(eq(users.username, 'rune'))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
    expect((await fleetRequest(token)).statusCode).toBe(401);
    expect((await db.select().from(events).where(eq(events.affectedUsername, 'rune'))).map((e) => e.properties.action)).toEqual(
      expect.arrayContaining(['LOGIN', 'STAFF_REMOVED']),
    );
    expect(await lastEvent('rune')).toMatchObject({ actingUsername: 'system', properties: { action: 'STAFF_REMOVED', role: 'ADMIN' } });

    const driver = await createStaff(db, 'fjord', 'driver', PASSWORD);
    await createBooking(db, 'fjord', {
      userId: driver.id,
      contractId: (await createContract(db, 'fjord')).id,
      poolId: (await createPool(db, 'fjord')).id,
    });
    await expect(removeStaffUser(db, 'driver')).rejects.toThrow(/disable it instead/);
    expect(await db.select().from(users).where(eq(users.username, 'driver'))).toHaveLength(1);
    await expect(removeStaffUser(db, 'nobody')).rejects.toThrow(/No staff user/);
  });

  it('lists the staff with their state', async () => {
    const rows = await listStaffUsers(db, 'fjord');
    expect(rows.find((r) => r.username === 'ola')).toMatchObject({ role: 'SUPPORT', state: 'ACTIVE' });
    expect(rows.every((r) => r.fleet === 'fjord')).toBe(true);
    expect((await listStaffUsers(db, null)).some((r) => r.username === 'lone.admin')).toBe(true);
  });
});

describe('the command line', () => {
  it('refuses --password with a message saying how to pipe it', () => {
    for (const argv of [
      ['set-password', '--username', 'kari', '--password', 'secret-pass-1'],
      ['create', '--fleet', 'fjord', '--username', 'kari', '--password=secret-pass-1'],
    ]) {
      expect(() => parseStaffCommand(argv)).toThrow(
        /--password is not accepted[\s\S]*printf '%s\\n' "\$NEW_PASSWORD" \| npm run staff -- set-password/,
      );
    }
  });

  it('parses the commands and knows which read a password', () => {
    const create = parseStaffCommand(['create', '--fleet', 'fjord', '--username', 'kari', '--role', 'ADMIN', '--email', 'kari@fjord.example']);
    expect(create).toMatchObject({ command: 'create', role: 'ADMIN', email: 'kari@fjord.example', givenName: 'kari', withPassword: false });
    expect(needsPassword(create)).toBe(false);
    expect(needsPassword(parseStaffCommand(['create', '--fleet', 'fjord', '--username', 'kari']))).toBe(true);
    expect(
      needsPassword(parseStaffCommand(['create', '--fleet', 'fjord', '--username', 'kari', '--email', 'k@fjord.example', '--with-password'])),
    ).toBe(true);
    expect(needsPassword(parseStaffCommand(['set-password', '--username', 'kari']))).toBe(true);
    expect(parseStaffCommand(['disable', '--username', 'kari', '--reason', 'Left'])).toEqual({
      command: 'disable',
      username: 'kari',
      reason: 'Left',
    });
    expect(parseStaffCommand(['remove', '--username', 'kari'])).toEqual({ command: 'remove', username: 'kari' });
    expect(parseStaffCommand([])).toEqual({ command: 'help', exitCode: 0 });
    expect(parseStaffCommand(['explode'])).toEqual({ command: 'help', exitCode: 2 });
    expect(() => parseStaffCommand(['enable'])).toThrow(/--username/);
    expect(() => parseStaffCommand(['enable', '--username', 'kari', '--colour', 'red'])).toThrow(/colour/);
    expect(() => parseStaffCommand(['create', '--fleet', 'fjord', '--username', 'bad name'])).toThrow(/not valid/);
    expect(() => parseStaffCommand(['create', '--fleet', 'fjord', '--username', 'kari', '--email', 'nope'])).toThrow(/e-mail/);
  });

  it('reads the password from the first line of piped input', async () => {
    expect(await readFirstLine(Readable.from(['secret-pass', 'word-1\nsecond line\n']))).toBe('secret-password-1');
    expect(await readFirstLine(Readable.from(['with spaces kept \r\nnext']))).toBe('with spaces kept ');
    expect(await readFirstLine(Readable.from(['no line end']))).toBe('no line end');
    expect(await readFirstLine(Readable.from([]))).toBe('');
    expect(await readPassword(Readable.from(['piped-password-1\n']), new PassThrough())).toBe('piped-password-1');
  });

  it('asks on a terminal without echo, twice, in raw mode', async () => {
    const terminal = () => {
      const input = new PassThrough() as PassThrough & TerminalInput;
      const modes: boolean[] = [];
      Object.assign(input, { isTTY: true, isRaw: false, setRawMode: (mode: boolean) => modes.push(mode) });
      const output = new PassThrough();
      let shown = '';
      output.on('data', (c: Buffer) => (shown += c.toString()));
      return { input, output, modes, shown: () => shown };
    };
    const one = terminal();
    const answer = askHidden(one.input, one.output, 'Password: ');
    one.input.write('secreX\u007ft-pass\r');
    expect(await answer).toBe('secret-pass');
    expect(one.shown()).toBe('Password: \n');
    expect(one.modes).toEqual([true, false]);

    const two = terminal();
    const both = readPassword(two.input, two.output);
    two.input.write('first-password\r');
    await new Promise((resolve) => setImmediate(resolve));
    two.input.write('other-password\r');
    await expect(both).rejects.toThrow(/do not match/);
    expect(two.shown()).not.toContain('password\n');

    const three = terminal();
    const cancelled = askHidden(three.input, three.output, 'Password: ');
    three.input.write('abc\u0003');
    await expect(cancelled).rejects.toThrow(/Cancelled/);
  });
});
