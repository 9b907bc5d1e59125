/**
 * The real server as a child process, for the benchmarks that look at it from outside (`web`, `memory`): on a free
 * port, on a fresh PGlite data directory (or a PostgreSQL URL), with the demo seed, production-like by default
 * (`node apps/server/dist/main.js` with NODE_ENV=production, as `npm run start:prod` runs it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/**
 * `dist`: the compiled server (`npm run build` of the contract and the server; the bench builds them unless told not
 * to). `source`: the TypeScript sources through tsx, as the e2e tests start it.
 */
export type ServerMode = 'dist' | 'source';

export interface ServerOptions {
  mode: ServerMode;
  /** PostgreSQL connection URL; unset: PGlite in a fresh temporary data directory. */
  databaseUrl?: string;
  /** The built SPA to serve (WEB_DIST); unset: the server's default, apps/web/dist. */
  webDist?: string;
  /** PGlite's data directory, kept after stop (a restart on existing data); unset: a fresh one, removed at stop. */
  dataDir?: string;
  /** More environment variables for the server (they win over the bench's defaults). */
  env?: Record<string, string>;
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Milliseconds from the spawn until /api/ready answered 200 (migrations and the demo seed included). */
  readyAfterMs: number;
  /** The server's own output (stdout and stderr), for a failure message. */
  output(): string;
  /** SIGTERM, then SIGKILL after 20 s; removes the data directory when the bench made it. */
  stop(): Promise<void>;
}

export function parseServerMode(value: string | undefined): ServerMode {
  if (value === undefined || value === 'dist') return 'dist';
  if (value === 'source') return 'source';
  throw new Error(`--server must be dist or source, not "${value}"`);
}

/**
 * Compiles the contract and the server (`npm run build` of both workspaces; never the web app). tsc emits JavaScript
 * also when it reports type errors (work in progress elsewhere in the tree): that is then said, and the bench goes on.
 */
export function buildServer() {
  console.log('Building the contract and the server (tsc) for node apps/server/dist/main.js ...');
  for (const [workspace, output] of [
    ['@fleetdesk/contract', 'packages/contract/dist/index.js'],
    ['@fleetdesk/server', 'apps/server/dist/main.js'],
  ] as const) {
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (result.status === 0) continue;
    const errors = result.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
    if (!existsSync(path.join(REPO_ROOT, output)) || errors.length === 0) {
      throw new Error(`npm run build -w ${workspace} failed (exit code ${result.status}):\n${result.stdout}\n${result.stderr}`);
    }
    console.warn(`warning: tsc reported ${errors.length} type error(s) in ${workspace}; measuring the JavaScript it emitted. First: ${errors[0]}`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function serverCommand(mode: ServerMode): string[] {
  return mode === 'dist'
    ? [path.join(REPO_ROOT, 'apps/server/dist/main.js')]
    : ['--import', 'tsx', '--conditions=@fleetdesk/source', path.join(REPO_ROOT, 'apps/server/src/main.ts')];
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = opts.databaseUrl ? undefined : (opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'fleetdesk-bench-data-')));
  const removeDataDir = !opts.databaseUrl && !opts.dataDir;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    INIT_CWD: REPO_ROOT,
    DATABASE_URL: opts.databaseUrl ?? '',
    DATA_DIR: dataDir ?? path.join(tmpdir(), 'fleetdesk-bench-unused'),
    WEB_DIST: opts.webDist ?? '',
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    // No periodic status reports from the vehicle simulator: the same screens and the same work in every run.
    SIMULATOR_TICK_SECONDS: '0',
    ...opts.env,
  };
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, serverCommand(opts.mode), { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );

  const cleanUp = () => {
    if (dataDir && removeDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    if (exited === undefined) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([exit.then(() => true), sleep(20_000).then(() => false)]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exit;
      }
    }
    cleanUp();
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== undefined) {
      cleanUp();
      throw new Error(`the server exited (code ${exited}) before it was ready:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready within 180 s:\n${output}`);
    }
    const status = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    await sleep(250);
  }
  return { url, pid: child.pid ?? 0, readyAfterMs: performance.now() - started, output: () => output, stop };
}
