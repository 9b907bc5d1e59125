import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import {
  PASSWORD_MIN_LENGTH,
  STAFF_SET_PASSWORD_TTL_HOURS,
  STAFF_USERNAME_PATTERN,
  ZLanguage,
  ZStaffRole,
  type Language,
  type StaffRole,
} from '@fleetdesk/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { fleets, users } from '../db/schema.ts';
import { changeStaff, createStaff, removeStaff, setStaffPassword, type StaffActor, type StaffSettings } from '../modules/staff/service.ts';

/** `npm run staff -- …`: staff accounts for a real deployment (docs/decisions/0039-staff-accounts.md). */
export const USAGE = `Usage:
  npm run staff -- create --fleet F --username U --role SUPPORT|ADMIN [--given-name G] [--family-name N] [--email E] [--language nb] [--with-password]
  npm run staff -- set-password --username U
  npm run staff -- disable --username U [--reason R]
  npm run staff -- enable --username U
  npm run staff -- remove --username U
  npm run staff -- list [--fleet F]

create: with --email the new member gets a mail with a link to choose a password (valid ${STAFF_SET_PASSWORD_TTL_HOURS} hours) and
no password is asked; without --email, or with --with-password, you give the first password.

Passwords are never arguments (they would stay in the shell history and the process list). On a terminal you
are asked twice and nothing is shown; otherwise the first line of standard input is the password:
  printf '%s\\n' "$NEW_PASSWORD" | npm run staff -- set-password --username kari
A password has at least ${PASSWORD_MIN_LENGTH} characters. set-password ends every session of the member.

disable ends every session of the member and refuses their logins until enable. remove deletes the account
(its sessions go with it; the event log keeps the name); it is refused for an operator's last enabled ADMIN
and for an account that bookings or payments refer to (disable that one). Every change is logged as "system".`;

export const PASSWORD_ARGUMENT_REFUSED = `--password is not accepted: a password given as an argument stays in the shell history and the process list.
Pipe it on standard input instead (the first line is read), or run the command on a terminal to be asked:
  printf '%s\\n' "$NEW_PASSWORD" | npm run staff -- set-password --username U`;

export type StaffCommand =
  | { command: 'help'; exitCode: number }
  | {
      command: 'create';
      fleet: string;
      username: string;
      role: StaffRole;
      givenName: string;
      familyName: string;
      email: string | null;
      language: Language | null;
      withPassword: boolean;
    }
  | { command: 'set-password' | 'enable' | 'remove'; username: string }
  | { command: 'disable'; username: string; reason: string | null }
  | { command: 'list'; fleet: string | null };

const COMMANDS = ['create', 'set-password', 'disable', 'enable', 'remove', 'list'] as const;
const isCommand = (value: string): value is (typeof COMMANDS)[number] => (COMMANDS as readonly string[]).includes(value);

/** Parses the command line; throws with a message for the person at the terminal (e.g. on --password). */
export function parseStaffCommand(argv: readonly string[]): StaffCommand {
  if (argv.some((a) => a === '--password' || a.startsWith('--password='))) throw new Error(PASSWORD_ARGUMENT_REFUSED);
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') return { command: 'help', exitCode: 0 };
  if (!isCommand(command)) return { command: 'help', exitCode: 2 };
  const { values } = parseArgs({
    args: rest,
    strict: true,
    allowPositionals: false,
    options: {
      fleet: { type: 'string' },
      username: { type: 'string' },
      role: { type: 'string', default: 'SUPPORT' },
      'given-name': { type: 'string' },
      'family-name': { type: 'string' },
      email: { type: 'string' },
      language: { type: 'string' },
      reason: { type: 'string' },
      'with-password': { type: 'boolean', default: false },
    },
  });
  if (command === 'list') return { command, fleet: values.fleet ?? null };
  const username = values.username?.trim();
  if (!username) throw new Error('--username is required.');
  if (command === 'create') {
    if (!values.fleet) throw new Error('--fleet is required.');
    if (!STAFF_USERNAME_PATTERN.test(username))
      throw new Error(`The user name "${username}" is not valid: use 2 to 100 letters, digits and . _ - @, starting with a letter or digit.`);
    const role = ZStaffRole.safeParse(values.role);
    if (!role.success) throw new Error('--role is SUPPORT or ADMIN.');
    const language = values.language ? ZLanguage.safeParse(values.language) : null;
    if (language && !language.success) throw new Error(`--language is one of ${ZLanguage.options.join(', ')}.`);
    const email = values.email?.trim() || null;
    if (email && !z.email().safeParse(email).success) throw new Error(`"${email}" is not an e-mail address.`);
    return {
      command,
      fleet: values.fleet,
      username,
      role: role.data,
      givenName: values['given-name']?.trim() || username,
      familyName: values['family-name']?.trim() ?? '',
      email,
      language: language?.data ?? null,
      withPassword: values['with-password'],
    };
  }
  if (command === 'disable') return { command, username, reason: values.reason?.trim() || null };
  return { command, username };
}

/** Whether the command reads a password (a prompt or standard input). */
export const needsPassword = (cmd: StaffCommand) => cmd.command === 'set-password' || (cmd.command === 'create' && (cmd.withPassword || !cmd.email));

/** The first line of a stream (without its line ending); '' when the stream ends first. */
export async function readFirstLine(input: Readable): Promise<string> {
  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  try {
    for await (const line of lines) return line;
    return '';
  } finally {
    lines.close();
  }
}

/** A terminal input the hidden prompt can switch to raw mode (process.stdin on a TTY). */
export interface TerminalInput extends Readable {
  isTTY?: boolean;
  isRaw?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/** Asks for a line on a terminal without echoing it (raw mode): Enter ends it, Backspace deletes, Ctrl-C cancels. */
export function askHidden(input: TerminalInput, output: Writable, prompt: string): Promise<string> {
  output.write(prompt);
  const wasRaw = Boolean(input.isRaw);
  input.setRawMode?.(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode?.(wasRaw);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        const code = ch.charCodeAt(0);
        if (code === 0x0d || code === 0x0a || code === 0x04) return finish();
        if (code === 0x03) return finish(new Error('Cancelled.'));
        if (code === 0x7f || code === 0x08) value = [...value].slice(0, -1).join('');
        else if (code >= 0x20) value += ch;
      }
    };
    input.on('data', onData);
  });
}

/**
 * Reads a new password: on a terminal asked twice without echo (they must match); otherwise the first line of the
 * input. Never from an argument.
 */
export async function readPassword(input: TerminalInput, output: Writable): Promise<string> {
  if (!input.isTTY) return readFirstLine(input);
  const first = await askHidden(input, output, `Password (at least ${PASSWORD_MIN_LENGTH} characters): `);
  const again = await askHidden(input, output, 'Repeat the password: ');
  if (first !== again) throw new Error('The passwords do not match.');
  return first;
}

export function checkPassword(pw: string) {
  if (!pw) throw new Error('No password given.');
  if (pw.length < PASSWORD_MIN_LENGTH) throw new Error(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
}

const SYSTEM = (fleet: string): StaffActor => ({ username: 'system', fleet, userId: null });

/** The fleet of a staff member (user names are unique across operators). */
async function staffFleet(db: Db, username: string): Promise<string> {
  const [row] = await db
    .select({ fleetId: users.fleetId })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username.trim()})`, inArray(users.role, ['SUPPORT', 'ADMIN'])))
    .limit(1);
  if (!row) throw new Error(`No staff user "${username}".`);
  return row.fleetId;
}

/**
 * `create`: a staff member of the fleet. With a password the member can log in at once; without one (an e-mail is
 * needed then) the member gets the set-password mail. Returns whether that mail went out.
 */
export async function createStaffUser(
  db: Db,
  o: {
    fleet: string;
    username: string;
    role: StaffRole;
    password?: string | null;
    givenName: string;
    familyName: string;
    email: string | null;
    language: Language | null;
  },
  settings: StaffSettings = { publicUrl: loadConfig().publicUrl },
): Promise<{ mailed: boolean }> {
  if (o.password) checkPassword(o.password);
  else if (!o.email) throw new Error('Give --email (the member gets a link to choose a password) or a password.');
  const [fleet] = await db.select().from(fleets).where(eq(fleets.id, o.fleet));
  if (!fleet) throw new Error(`No fleet "${o.fleet}".`);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${o.username})`);
  if (taken) throw new Error(`The user name "${o.username}" is taken.`);
  await createStaff(
    db,
    SYSTEM(o.fleet),
    {
      username: o.username,
      givenName: o.givenName,
      familyName: o.familyName,
      emailAddress: o.email,
      role: o.role,
      language: o.language,
      ...(o.password ? { password: o.password } : {}),
    },
    settings,
  );
  return { mailed: !o.password };
}

/** `set-password`: a new password; every session of the member ends. */
export async function setStaffUserPassword(db: Db, username: string, password: string) {
  checkPassword(password);
  return setStaffPassword(db, SYSTEM(await staffFleet(db, username)), username, password);
}

/**
 * `disable`: ends every session of the member and refuses their logins (not the operator's last enabled ADMIN).
 * `changed` is false when the member was disabled already.
 */
export async function disableStaffUser(db: Db, username: string, reason: string | null = null) {
  const { member, changed } = await changeStaff(db, SYSTEM(await staffFleet(db, username)), username, {
    disabled: true,
    ...(reason ? { reason } : {}),
  });
  return { member, changed };
}

/** `enable`: the member may log in again (their old sessions stay ended). `changed` is false when already enabled. */
export async function enableStaffUser(db: Db, username: string) {
  const { member, changed } = await changeStaff(db, SYSTEM(await staffFleet(db, username)), username, { disabled: false });
  return { member, changed };
}

/** `remove`: deletes the account (see removeStaff for what is refused). */
export async function removeStaffUser(db: Db, username: string) {
  await removeStaff(db, SYSTEM(await staffFleet(db, username)), username);
}

/** `list`: the staff of one fleet or of all, with their state. */
export async function listStaffUsers(db: Db, fleet: string | null) {
  const rows = await db
    .select()
    .from(users)
    .where(and(inArray(users.role, ['SUPPORT', 'ADMIN']), fleet ? eq(users.fleetId, fleet) : undefined))
    .orderBy(asc(users.fleetId), sql`lower(${users.username})`);
  return rows.map((r) => ({
    fleet: r.fleetId,
    username: r.username,
    role: r.role,
    state: r.disabledAt || r.status !== 'ACTIVE' ? 'DISABLED' : r.needsToSetPassword ? 'PASSWORD_PENDING' : 'ACTIVE',
  }));
}

async function main() {
  const cmd = parseStaffCommand(process.argv.slice(2));
  if (cmd.command === 'help') {
    if (cmd.exitCode) console.error(USAGE);
    else console.log(USAGE);
    process.exit(cmd.exitCode);
  }
  // The password is read before the database opens: a prompt holds no connection.
  let password: string | undefined;
  if (needsPassword(cmd)) {
    password = await readPassword(process.stdin, process.stdout);
    process.stdin.pause();
    checkPassword(password);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const db = database.db;
  try {
    switch (cmd.command) {
      case 'create': {
        const { mailed } = await createStaffUser(db, { ...cmd, password: password ?? null }, { publicUrl: config.publicUrl });
        console.log(
          `Created ${cmd.role} "${cmd.username}" in fleet ${cmd.fleet}.${mailed ? ` A link to choose a password went to ${cmd.email}.` : ''}`,
        );
        break;
      }
      case 'set-password':
        await setStaffUserPassword(db, cmd.username, password!);
        console.log(`Password set for "${cmd.username}"; their sessions have ended.`);
        break;
      case 'disable': {
        const { changed } = await disableStaffUser(db, cmd.username, cmd.reason);
        console.log(changed ? `Disabled "${cmd.username}"; their sessions have ended.` : `"${cmd.username}" was disabled already.`);
        break;
      }
      case 'enable': {
        const { changed } = await enableStaffUser(db, cmd.username);
        console.log(changed ? `Enabled "${cmd.username}".` : `"${cmd.username}" was enabled already.`);
        break;
      }
      case 'remove':
        await removeStaffUser(db, cmd.username);
        console.log(`Removed "${cmd.username}".`);
        break;
      case 'list':
        for (const r of await listStaffUsers(db, cmd.fleet)) console.log(`${r.fleet}\t${r.username}\t${r.role}\t${r.state}`);
        break;
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
