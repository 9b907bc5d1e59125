import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGE_IDS, ZErrorEnvelope, ZHealthResponse, ZReadyResponse } from '@fleetdesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseStartupError, openDatabase } from '../src/db/client.ts';
import { DATA_DIR_LOCK_FILE } from '../src/db/data-dir-lock.ts';
import { committedMigrations } from '../src/db/migrations.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health (liveness)', () => {
  it('answers 200 without a session, and the same with credentials it does not look at', async () => {
    for (const headers of [{}, { authorization: 'AUTH-TOKEN not-a-session' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers });
      expect(res.statusCode).toBe(200);
      expect(ZHealthResponse.parse(res.json())).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('GET /api/ready (readiness)', () => {
  it('answers 200 on a migrated database, counting the committed migrations', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(ZReadyResponse.parse(res.json())).toEqual({ status: 'ready', migrations: committedMigrations().length });
  });

  it('answers 503 naming the migration whose row is missing, and 200 again once it is back', async () => {
    const journal = committedMigrations();
    const last = journal[journal.length - 1]!;
    const db = t.database.db;
    const deleted: unknown = await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when} returning hash`);
    const [row] = (deleted as { rows: { hash: string }[] }).rows;
    expect(row).toBeDefined();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      const envelope = ZErrorEnvelope.parse(res.json());
      expect(envelope).toMatchObject({ httpCode: 503, messageId: MESSAGE_IDS.unavailable });
      expect(envelope.errors).toEqual([{ field: 'migrations', message: `Not applied: ${last.tag}` }]);
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row!.hash}, ${last.when})`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('is published in the OpenAPI document with its 200 and 503 answers, without security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get?: { security?: unknown[]; responses: Record<string, unknown> } }>;
    };
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    // Beside its answers, every operation lists the envelope for a request the server cannot read (4XX) and any other error.
    expect(Object.keys(doc.paths['/api/health']?.get?.responses ?? {})).toEqual(['200', '4XX', 'default']);
    expect(doc.paths['/api/ready']?.get?.security).toEqual([]);
    expect(Object.keys(doc.paths['/api/ready']?.get?.responses ?? {})).toEqual(['200', '503', '4XX', 'default']);
  });
});

describe('the PGlite data directory', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fleetdesk-datadir-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('refuses a second server on the same directory with a one-line message, and opens again once the first closes', async () => {
    const dataDir = newDir();
    const first = await openDatabase({ dataDir });
    const lockFile = path.join(dataDir, DATA_DIR_LOCK_FILE);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    try {
      const second = openDatabase({ dataDir });
      await expect(second).rejects.toBeInstanceOf(DatabaseStartupError);
      await expect(second).rejects.toThrow(
        `The data directory ${dataDir} is in use by another Fleetdesk server (process ${process.pid}). Stop that server, or set DATA_DIR to another directory; if no such server runs, delete ${lockFile}.`,
      );
    } finally {
      await first.close();
    }
    expect(existsSync(lockFile)).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('takes over a lock file left by a process that no longer runs', async () => {
    const dataDir = newDir();
    const lockFile = path.join(dataDir, DATA_DIR_LOCK_FILE);
    // Above Linux's largest pid (2^22): no such process can run.
    writeFileSync(lockFile, '4194305\n');
    const database = await openDatabase({ dataDir });
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    await database.close();
  });

  it('explains a directory that cannot be created (a path under a regular file)', async () => {
    const file = path.join(newDir(), 'not-a-directory');
    writeFileSync(file, 'x');
    const dataDir = path.join(file, 'data');
    const opening = openDatabase({ dataDir });
    await expect(opening).rejects.toBeInstanceOf(DatabaseStartupError);
    await expect(opening).rejects.toThrow(
      `Cannot create the data directory ${dataDir}: a part of the path is a file, not a directory (ENOTDIR). Set DATA_DIR to a directory this user can read and write.`,
    );
  });

  it('makes the server exit with code 1 and that one line as its only log line', () => {
    const file = path.join(newDir(), 'not-a-directory');
    writeFileSync(file, 'x');
    const server = spawnSync(process.execPath, ['--conditions=@fleetdesk/source', '--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: path.join(file, 'data'), DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'info' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(server.status).toBe(1);
    const lines = server.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { level: number; msg: string; stack?: unknown };
    expect(line.level).toBe(60);
    expect(line.msg).toMatch(
      /^Cannot create the data directory .*not-a-directory\/data: a part of the path is a file, not a directory \(ENOTDIR\)\./,
    );
    expect(line.stack).toBeUndefined();
  });
});
