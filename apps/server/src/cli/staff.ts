import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { PASSWORD_MIN_LENGTH, ZLanguage, ZStaffRole, type Language, type StaffRole } from '@fleetdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { fleets, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { appendEvent } from '../modules/events/service.ts';

const USAGE = `Usage:
  npm run staff -- create --fleet F --username U --role SUPPORT|ADMIN [--given-name G] [--family-name N] [--email E] [--language nb] [--password P]
  npm run staff -- set-password --username U [--password P]
  npm run staff -- list --fleet F

Without --password you are asked for one (at least ${PASSWORD_MIN_LENGTH} characters); when there is no
terminal to ask on, a random password is generated and printed once.`;

const SYSTEM = (fleet: string) => ({ username: 'system', fleet });

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const generated = randomBytes(12).toString('base64url');
    console.log(`Generated password: ${generated}`);
    return generated;
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = (await rl.question(`Password (empty to generate one): `)).trim();
    if (!answer) {
      const generated = randomBytes(12).toString('base64url');
      console.log(`Generated password: ${generated}`);
      return generated;
    }
    return answer;
  } finally {
    rl.close();
  }
}

function checkPassword(pw: string) {
  if (pw.length < PASSWORD_MIN_LENGTH) throw new Error(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
}

export async function createStaffUser(
  db: Db,
  o: { fleet: string; username: string; role: StaffRole; password: string; givenName: string; familyName: string; email: string | null; language: Language | null },
) {
  checkPassword(o.password);
  const [fleet] = await db.select().from(fleets).where(eq(fleets.id, o.fleet));
  if (!fleet) throw new Error(`No fleet "${o.fleet}".`);
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${o.username})`);
  if (taken) throw new Error(`The user name "${o.username}" is taken.`);
  const passwordHash = await hashPassword(o.password);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      fleetId: o.fleet,
      username: o.username,
      role: o.role,
      passwordHash,
      givenName: o.givenName,
      familyName: o.familyName,
      emailAddress: o.email,
      language: o.language ?? fleet.defaultLanguage,
      status: 'ACTIVE',
      userCategory: 'FLEET',
      applyDate: new Date(),
    });
    await appendEvent(tx, SYSTEM(o.fleet), {
      type: 'USER_ACTION',
      displayText: `Staff account created (${o.role})`,
      affectedUsername: o.username,
      properties: { public: false, action: 'STAFF_CREATED' },
    });
  });
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      fleet: { type: 'string' },
      username: { type: 'string' },
      role: { type: 'string', default: 'SUPPORT' },
      password: { type: 'string' },
      'given-name': { type: 'string' },
      'family-name': { type: 'string' },
      email: { type: 'string' },
      language: { type: 'string' },
    },
  });
  if (!command || !['create', 'set-password', 'list'].includes(command)) {
    console.log(USAGE);
    process.exit(command ? 2 : 0);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    if (command === 'create') {
      if (!values.fleet || !values.username) throw new Error('--fleet and --username are required.');
      const role = ZStaffRole.parse(values.role);
      const language = values.language ? ZLanguage.parse(values.language) : null;
      const password = values.password ?? (await askPassword());
      await createStaffUser(database.db, {
        fleet: values.fleet,
        username: values.username,
        role,
        password,
        givenName: values['given-name'] ?? values.username,
        familyName: values['family-name'] ?? '',
        email: values.email ?? null,
        language,
      });
      console.log(`Created ${role} "${values.username}" in fleet ${values.fleet}.`);
    } else if (command === 'set-password') {
      if (!values.username) throw new Error('--username is required.');
      const [user] = await database.db.select().from(users).where(sql`lower(${users.username}) = lower(${values.username})`);
      if (!user || user.role === 'CUSTOMER') throw new Error(`No staff user "${values.username}".`);
      const password = values.password ?? (await askPassword());
      checkPassword(password);
      const passwordHash = await hashPassword(password);
      await database.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
        await appendEvent(tx, SYSTEM(user.fleetId), { type: 'USER_ACTION', displayText: 'Staff password set', affectedUsername: user.username, properties: { public: false, action: 'STAFF_PASSWORD_SET' } });
      });
      console.log(`Password set for "${user.username}".`);
    } else {
      const rows = await database.db
        .select({ username: users.username, role: users.role, status: users.status, fleet: users.fleetId })
        .from(users)
        .where(values.fleet ? sql`${users.role} <> 'CUSTOMER' and ${users.fleetId} = ${values.fleet}` : sql`${users.role} <> 'CUSTOMER'`);
      for (const r of rows) console.log(`${r.fleet}\t${r.username}\t${r.role}\t${r.status}`);
    }
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
