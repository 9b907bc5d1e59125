import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a dump of a migrated PGlite database (createTestApp loads it instead of migrating again). */
    pgliteTemplateFile: string;
    /** With TEST_DATABASE_URL: a migrated database on that server, the template of each test's database. */
    postgresTemplateDatabase: string;
  }
}

/**
 * Migrates one database before the server suite and hands it to every test file as a template: initdb and the
 * migrations took about 6 s for each of the suite's 150-odd databases, a copy of the template takes about 1 s on
 * PGlite and a fraction of that on PostgreSQL (CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fleetdesk-template-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const dump = await database.dumpDataDir!();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplateFile', file);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let dropTemplate = async () => {};
  if (adminUrl) {
    const name = `fleetdesk_template_${randomBytes(6).toString('hex')}`;
    await onServer(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const migrated = await openDatabase({ url: url.toString(), dataDir: 'memory://' });
    await migrated.close();
    project.provide('postgresTemplateDatabase', name);
    dropTemplate = () => onServer(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  } else {
    project.provide('postgresTemplateDatabase', '');
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropTemplate();
  };
}

async function onServer(url: string, run: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
