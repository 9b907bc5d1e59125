#!/usr/bin/env node
// The JavaScript budget of the console's first load (issue 15; docs/decisions/0043-fast-first-load.md), measured in
// Debian's Chromium against the built SPA and the real server on a fresh PGlite database seeded with the demo:
//
//   /login                       the JavaScript loaded until the login form is up and the network is idle;
//   /support?search=Nordmann     everything loaded from opening /login, logging in and opening the search with results.
//
// Each JavaScript response counts once (by URL) with its body gzipped at level 9, which is what the server's
// precompressed .gz files hold; the bytes Chromium really transferred (brotli when offered) are printed beside.
// Exits 1 when a budget is exceeded (2 when there is no build). The numbers are printed on every run.
//
//   npm run budget                                   # the build in apps/web/dist (CI: after the e2e step built it)
//   BUDGET_WEB_DIST=/tmp/other-dist npm run budget   # another build
//   BUDGET_LOGIN_KB=160, BUDGET_SUPPORT_KB=378 (the defaults; see TARGETS_KB), BUDGET_VERBOSE=1 lists every file,
//   BUDGET_PORT=3199, CHROMIUM_PATH=/usr/bin/chromium
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync, constants as zlibConstants } from 'node:zlib';
import { chromium } from '@playwright/test';

/**
 * Issue 15's targets, in kB gzipped. /login meets its target since it is drawn without MUI and zod (154.2 kB on
 * 2026-11-28); /support with results does not: React DOM, MUI, TanStack Router and Query, i18next and zod come to
 * about 210 kB gzipped on their own (docs/decisions/0043-fast-first-load.md). CI holds the build to the ceilings below,
 * a little above today's figures (/login 154.2 kB, /support 369.6 kB on 2026-11-29), so that it cannot grow back; every run prints
 * how far each page is from its target.
 */
const TARGETS_KB = { login: 180, support: 250 };
const BUDGETS_KB = {
  login: Number(process.env.BUDGET_LOGIN_KB ?? 160),
  support: Number(process.env.BUDGET_SUPPORT_KB ?? 378),
};

const repoRoot = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BUDGET_PORT ?? 3199);
const baseUrl = `http://127.0.0.1:${port}`;
const webDist = path.resolve(repoRoot, process.env.BUDGET_WEB_DIST ?? 'apps/web/dist');

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(`budget: no build in ${webDist} (run \`npm run build -w @fleetdesk/web\` first)`);
  process.exit(2);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'fleetdesk-budget-'));

/** The server from its sources (like the e2e tests), in its own process group so that it stops with its children. */
function startServer() {
  const server = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['--conditions=@fleetdesk/source', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      INIT_CWD: repoRoot,
      DATABASE_URL: '',
      WEB_DIST: webDist,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      SIMULATOR_TICK_SECONDS: '0',
    },
  });
  let stderr = '';
  server.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  return { server, stderr: () => stderr };
}

async function waitUntilReady(server, deadlineMs = 120_000) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not get ready within ${deadlineMs / 1000} s`);
}

/** SIGTERM to the server's process group; its database directory is removed once it has exited. */
async function stopServer(server) {
  if (server.exitCode !== null || server.pid === undefined) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    return;
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
}

/**
 * Every JavaScript and font response of the page, once per URL: its size, its body gzipped, and the bytes on the wire.
 * A body the page navigated away from before it could be read is fetched again (the assets are immutable).
 */
function recordResponses(page) {
  const seen = new Map();
  const pending = [];
  const bodyOf = async (response) => {
    try {
      return await response.body();
    } catch {
      return (await page.context().request.get(response.url())).body();
    }
  };
  page.on('response', (response) => {
    const url = response.url();
    const type = response.headers()['content-type'] ?? '';
    const kind = /javascript/.test(type) || /\.m?js(\?|$)/.test(url) ? 'js' : /font\//.test(type) || /\.woff2?$/.test(url) ? 'font' : null;
    if (!kind || seen.has(url)) return;
    const entry = { url, kind, encoding: response.headers()['content-encoding'] ?? 'identity', raw: 0, gzip: 0, transferred: 0 };
    seen.set(url, entry);
    pending.push(
      (async () => {
        const body = await bodyOf(response);
        entry.raw = body.length;
        entry.gzip = gzipSync(body, { level: zlibConstants.Z_BEST_COMPRESSION }).length;
        entry.transferred = (
          await response
            .request()
            .sizes()
            .catch(() => ({ responseBodySize: 0 }))
        ).responseBodySize;
      })(),
    );
  });
  return {
    async snapshot() {
      await Promise.all(pending);
      return [...seen.values()];
    },
  };
}

const kB = (bytes) => (bytes / 1000).toFixed(1);

function summarize(label, entries, budgetKb, targetKb) {
  const js = entries.filter((entry) => entry.kind === 'js');
  const fonts = entries.filter((entry) => entry.kind === 'font');
  const sum = (list, key) => list.reduce((total, entry) => total + entry[key], 0);
  const gzip = sum(js, 'gzip');
  const encodings = [...new Set(js.map((entry) => entry.encoding))].join(', ');
  const largest = [...js].sort((a, b) => b.gzip - a.gzip).slice(0, 5);
  const ok = gzip <= budgetKb * 1000;
  console.log(`\n${label}`);
  console.log(
    `  JavaScript: ${js.length} files, ${kB(sum(js, 'raw'))} kB raw, ${kB(gzip)} kB gzipped (budget ${budgetKb} kB) ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
  const toTarget = gzip - targetKb * 1000;
  console.log(`  issue 15's target: ${targetKb} kB gzipped, ${toTarget > 0 ? `${kB(toTarget)} kB to go` : 'met'}`);
  console.log(`  on the wire: ${kB(sum(js, 'transferred'))} kB (Content-Encoding: ${encodings})`);
  console.log(
    `  fonts: ${fonts.length} files, ${kB(sum(fonts, 'transferred'))} kB (${fonts.map((entry) => path.basename(new URL(entry.url).pathname)).join(', ')})`,
  );
  console.log(`  largest: ${largest.map((entry) => `${path.basename(new URL(entry.url).pathname)} ${kB(entry.gzip)} kB`).join(', ')}`);
  if (process.env.BUDGET_VERBOSE) {
    for (const entry of [...js].sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kB(entry.gzip).padStart(6)} kB  ${new URL(entry.url).pathname}`);
  }
  return ok;
}

let browser = null;

/**
 * Waits until the page has had no request in flight for half a second, not counting the live stream
 * (GET /api/stream stays open for as long as the page does, so Playwright's 'networkidle' would never come).
 */
function trackQuiet(page) {
  const inFlight = new Set();
  const counts = (request) => !new URL(request.url()).pathname.startsWith('/api/stream');
  page.on('request', (request) => counts(request) && inFlight.add(request));
  for (const event of ['requestfinished', 'requestfailed']) page.on(event, (request) => inFlight.delete(request));
  return async (timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() - quietSince < 500) {
      if (Date.now() > deadline) throw new Error(`the page did not settle within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (inFlight.size > 0) quietSince = Date.now();
    }
  };
}

async function measure() {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // On Ctrl-C this script closes the browser itself, with the server (see below).
    handleSIGINT: false,
    handleSIGTERM: false,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Printed when a step fails: a page that throws never shows its form.
  const pageErrors = [];
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'en-GB',
      timezoneId: 'Europe/Oslo',
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
    const recorder = recordResponses(page);
    const settled = trackQuiet(page);

    await page.goto('/login');
    await page.getByLabel('User name').waitFor();
    await settled();
    const login = await recorder.snapshot();

    await page.getByLabel('User name').fill('support');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill('support-demo');
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await settled();
    await page.goto('/support?search=Nordmann');
    await page.getByTestId('user-results').getByTestId('user-row').first().waitFor();
    await settled();
    const support = await recorder.snapshot();

    const loginOk = summarize('/login', login, BUDGETS_KB.login, TARGETS_KB.login);
    const supportOk = summarize('/support?search=Nordmann (after logging in on /login)', support, BUDGETS_KB.support, TARGETS_KB.support);
    return loginOk && supportOk;
  } catch (error) {
    if (pageErrors.length > 0) console.error(`budget: the page reported:\n  ${pageErrors.join('\n  ')}`);
    throw error;
  } finally {
    await browser.close();
  }
}

const { server, stderr } = startServer();
// Interrupted (Ctrl-C, CI cancelling): the server and its database directory go too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void Promise.allSettled([browser?.close(), stopServer(server)]).finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}
let ok = false;
try {
  await waitUntilReady(server);
  console.log(`budget: the build in ${path.relative(repoRoot, webDist) || webDist}, served on ${baseUrl}`);
  ok = await measure();
} catch (err) {
  console.error(`budget: ${err instanceof Error ? err.message : String(err)}`);
  if (stderr()) console.error(`server stderr:\n${stderr()}`);
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(ok ? '\nbudget: within budget' : '\nbudget: FAILED');
process.exit(ok ? 0 : 1);
