/**
 * `npm run bench -- web`: Lighthouse (performance category) on the login page and on the first list screen after a
 * login (/support with results), mobile and desktop presets, --runs runs each, medians of score, FCP, LCP, TBT, CLS and
 * bytes transferred. Optionally the same for another app in the same run (`--compare-url`, e.g. the react-admin demo;
 * bench/README.md says how to build and serve it).
 *
 * Fleetdesk runs as in production: the SPA built by Vite (into a temporary directory, or --web-dist) served by the
 * real server (`node apps/server/dist/main.js`, NODE_ENV=production; see server-process.ts) on a fresh PGlite database
 * with the demo seed. The browser is Debian's Chromium (CHROMIUM_PATH), started through chrome-launcher; Lighthouse
 * uses its default simulated throttling (mobile: slow 4G and a 4x slower CPU; desktop: its desktop preset).
 *
 * Both apps are measured the same way: the login pages in a profile without a session; then a scripted login through
 * the login form (user name, optionally a "Next" step, password) and the list pages with the session in localStorage.
 * Lighthouse's storage reset before each run clears the HTTP cache, service workers and Cache Storage but keeps
 * localStorage, so every run is a cold load of a logged-in user. Requests to the hosts in --block (Google Fonts by
 * default: the react-admin demo links them, and this machine has no internet) are blocked for both apps.
 *
 * --json <file> keeps every run's figures, --screenshots <dir> each run's final screenshot, --reports <dir> each run's
 * whole Lighthouse report (JSON: the diagnostics behind the figures, e.g. the LCP element, unused JavaScript, long tasks).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { buildServer, parseServerMode, REPO_ROOT, startServer } from './server-process.ts';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DEFAULT_BLOCKED = ['*fonts.googleapis.com*', '*fonts.gstatic.com*'];

type Preset = 'mobile' | 'desktop';
type PageKind = 'login' | 'list';

interface Target {
  name: string;
  base: string;
  loginPath: string;
  listPath: string;
  user: string;
  password: string;
}

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  scriptBytes: number;
  requests: number;
}
const METRICS = ['score', 'fcp', 'lcp', 'tbt', 'cls', 'bytes', 'scriptBytes', 'requests'] as const satisfies readonly (keyof Figures)[];
/** The figures the issue compares (requests and script bytes are printed for the reader). */
const COMPARED = ['score', 'fcp', 'lcp', 'tbt', 'cls', 'bytes'] as const satisfies readonly (keyof Figures)[];

interface Measurement {
  target: string;
  kind: PageKind;
  preset: Preset;
  url: string;
  runs: Figures[];
  median: Figures;
  warnings: string[];
}

const median = (values: number[]) => {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function figuresOf(lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const details = lhr.audits['network-requests']?.details;
  const items = details && details.type === 'table' ? details.items : [];
  let scriptBytes = 0;
  for (const item of items) {
    if (item.resourceType === 'Script' && typeof item.transferSize === 'number') scriptBytes += item.transferSize;
  }
  return {
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
    scriptBytes,
    requests: items.length,
  };
}

/** Higher is better for the score, lower for everything else. */
const better = (metric: keyof Figures, a: number, b: number) => (metric === 'score' ? a > b : a < b);

function format(metric: keyof Figures, value: number): string {
  if (!Number.isFinite(value)) return '–';
  switch (metric) {
    case 'score':
    case 'requests':
      return String(Math.round(value));
    case 'fcp':
    case 'lcp':
      return `${(value / 1000).toFixed(1)} s`;
    case 'tbt':
      return `${Math.round(value)} ms`;
    case 'cls':
      return value.toFixed(3);
    case 'bytes':
    case 'scriptBytes':
      return `${Math.round(value / 1024).toLocaleString('en-GB')} KiB`;
  }
}

/** Logs in through the app's login form: user name, a "Next" step when the password field is not there yet, password. */
async function logIn(page: Page, target: Target) {
  await page.goto(new URL(target.loginPath, target.base).toString(), { waitUntil: 'networkidle0', timeout: 60_000 });
  await page.locator('input[name="username"]:not([hidden])').fill(target.user);
  if (!(await page.$('input[name="password"]'))) {
    await page.locator('button[type="submit"]').click();
    await page.waitForSelector('input[name="password"]', { timeout: 30_000 });
  }
  await page.locator('input[name="password"]').fill(target.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForFunction('!/login/i.test(location.href)', { timeout: 60_000 });
  // The list page with the session: it must not send us back to the login page.
  // networkidle2: Fleetdesk keeps one request open for good (the live stream, GET /api/stream).
  await page.goto(new URL(target.listPath, target.base).toString(), { waitUntil: 'networkidle2', timeout: 60_000 });
  if (/login/i.test(page.url())) throw new Error(`${target.name}: after the login, ${target.listPath} went to ${page.url()}`);
}

function buildWeb(outDir: string) {
  console.log(`Building the SPA (vite build) into ${outDir} ...`);
  const result = spawnSync('npx', ['--no-install', 'vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(REPO_ROOT, 'apps/web'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit code ${result.status})`);
}

export async function benchWeb(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'web-dist': { type: 'string' },
      server: { type: 'string', default: 'dist' },
      'skip-build': { type: 'boolean', default: false },
      runs: { type: 'string', default: '3' },
      presets: { type: 'string', default: 'mobile,desktop' },
      'login-path': { type: 'string', default: '/login' },
      'list-path': { type: 'string', default: '/support?search=Nordmann' },
      user: { type: 'string', default: 'support' },
      password: { type: 'string', default: 'support-demo' },
      'compare-url': { type: 'string' },
      'compare-name': { type: 'string', default: 'react-admin demo' },
      'compare-login-path': { type: 'string', default: '/#/login' },
      'compare-list-path': { type: 'string', default: '/#/orders' },
      'compare-user': { type: 'string', default: 'demo' },
      'compare-password': { type: 'string', default: 'demo' },
      block: { type: 'string', multiple: true, default: DEFAULT_BLOCKED },
      json: { type: 'string' },
      screenshots: { type: 'string' },
      reports: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const presets = values.presets.split(',').map((p) => p.trim());
  if (!Number.isInteger(runs) || runs < 1 || presets.some((p) => p !== 'mobile' && p !== 'desktop')) {
    console.error('--runs must be a whole number ≥ 1 and --presets a list of mobile and desktop');
    process.exit(2);
  }
  const serverMode = parseServerMode(values.server);
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

  let webDist = values['web-dist'] ? path.resolve(values['web-dist']) : undefined;
  const builtDist = webDist ? undefined : mkdtempSync(path.join(tmpdir(), 'fleetdesk-bench-web-'));
  if (builtDist) {
    buildWeb(builtDist);
    webDist = builtDist;
  }
  if (serverMode === 'dist' && !values['skip-build']) buildServer();

  const load0 = loadavg();
  console.log(
    `Benchmark "web": Lighthouse ${lighthouseVersion()}, ${chromeVersion(chromePath)}, ${runs} run(s) per page and preset; ${new Date().toISOString()}, load average ${load0.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log(
    `Fleetdesk: ${serverMode === 'dist' ? 'node apps/server/dist/main.js' : 'tsx apps/server/src/main.ts'} (NODE_ENV=production, fresh PGlite, demo seed), SPA from ${webDist}`,
  );

  const server = await startServer({ mode: serverMode, webDist });
  const profile = mkdtempSync(path.join(tmpdir(), 'fleetdesk-bench-chromium-'));
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const targets: Target[] = [
      {
        name: 'Fleetdesk',
        base: server.url,
        loginPath: values['login-path'],
        listPath: values['list-path'],
        user: values.user,
        password: values.password,
      },
    ];
    if (values['compare-url']) {
      targets.push({
        name: values['compare-name'],
        base: values['compare-url'],
        loginPath: values['compare-login-path'],
        listPath: values['compare-list-path'],
        user: values['compare-user'],
        password: values['compare-password'],
      });
    }
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, userDataDir: profile, logLevel: 'silent' });
    const port = chrome.port;
    if (values.screenshots) mkdirSync(values.screenshots, { recursive: true });
    if (values.reports) mkdirSync(values.reports, { recursive: true });

    const measurements: Measurement[] = [];
    let retried = 0;
    const measure = async (target: Target, kind: PageKind, preset: Preset, run: number) => {
      const url = new URL(kind === 'login' ? target.loginPath : target.listPath, target.base).toString();
      const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], blockedUrlPatterns: values.block };
      const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
      // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most.
      let lhr: Result | undefined;
      for (let attempt = 1; ; attempt++) {
        lhr = (await lighthouse(url, flags, config))?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
        if (!lhr.runtimeError) break;
        const failure = `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
        if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${failure}`);
        process.stderr.write(`  ${target.name} ${kind} ${preset} run ${run + 1}: ${lhr.runtimeError.code}, run again\n`);
        retried++;
      }
      const landed = lhr.finalDisplayedUrl;
      if (kind === 'list' && /login/i.test(landed)) throw new Error(`${target.name}: ${url} ended on ${landed} (no session)`);
      let m = measurements.find((x) => x.target === target.name && x.kind === kind && x.preset === preset);
      if (!m) {
        m = { target: target.name, kind, preset, url, runs: [], median: { ...figuresOf(lhr) }, warnings: [] };
        measurements.push(m);
      }
      const figures = figuresOf(lhr);
      m.runs.push(figures);
      for (const w of lhr.runWarnings) if (!m.warnings.includes(w) && !/stored data/i.test(w)) m.warnings.push(w);
      const fileStem = `${target.name.replace(/\W+/g, '-')}-${kind}-${preset}-${run + 1}`.toLowerCase();
      if (values.reports) writeFileSync(path.join(values.reports, `${fileStem}.json`), JSON.stringify(lhr));
      const shot = lhr.audits['final-screenshot']?.details;
      if (values.screenshots && shot && shot.type === 'screenshot') {
        const file = path.join(values.screenshots, `${fileStem}.jpg`);
        writeFileSync(file, Buffer.from(shot.data.replace(/^data:image\/jpeg;base64,/, ''), 'base64'));
      }
      process.stderr.write(
        `  ${target.name} ${kind} ${preset} run ${run + 1}: score ${figures.score}, LCP ${format('lcp', figures.lcp)}, ${format('bytes', figures.bytes)}\n`,
      );
    };

    // The apps take turns run by run, so that a change in the machine's load touches both alike.
    console.log('\nLogin pages (no session) ...');
    for (let run = 0; run < runs; run++) {
      for (const preset of presets as Preset[]) for (const target of targets) await measure(target, 'login', preset, run);
    }
    console.log('Logging in through each login form ...');
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
    try {
      for (const target of targets) {
        const page = await browser.newPage();
        await logIn(page, target);
        await page.close();
      }
    } finally {
      await browser.disconnect();
    }
    console.log('First list screens (with the session) ...');
    for (let run = 0; run < runs; run++) {
      for (const preset of presets as Preset[]) for (const target of targets) await measure(target, 'list', preset, run);
    }
    for (const m of measurements) {
      for (const metric of METRICS) m.median[metric] = median(m.runs.map((r) => r[metric]));
    }
    const load1 = loadavg();
    report(measurements, targets, runs);
    if (retried) console.log(`\n${retried} Lighthouse run(s) failed to record a trace and were run again.`);
    console.log(`\nload average before ${load0.map((l) => l.toFixed(2)).join(' ')}, after ${load1.map((l) => l.toFixed(2)).join(' ')}`);
    if (values.json)
      writeFileSync(values.json, JSON.stringify({ date: new Date().toISOString(), load: { before: load0, after: load1 }, measurements }, null, 2));
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    await chrome?.kill();
    await server.stop();
    rmSync(profile, { recursive: true, force: true });
    if (builtDist) rmSync(builtDist, { recursive: true, force: true });
  }
}

function report(measurements: Measurement[], targets: Target[], runs: number) {
  const columns = ['score', 'FCP', 'LCP', 'TBT', 'CLS', 'bytes', 'JS bytes', 'requests'];
  console.log(`\nMedians of ${runs} run(s):\n`);
  console.log(`| page | preset | ${columns.join(' | ')} |`);
  console.log(`|---|---|${columns.map(() => '---:').join('|')}|`);
  for (const kind of ['login', 'list'] as const) {
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const target of targets) {
        const m = measurements.find((x) => x.target === target.name && x.kind === kind && x.preset === preset);
        if (!m) continue;
        const page = `${target.name} ${kind === 'login' ? target.loginPath : target.listPath}`;
        console.log(`| ${page} | ${preset} | ${METRICS.map((metric) => format(metric, m.median[metric])).join(' | ')} |`);
      }
    }
  }
  const warnings = measurements.flatMap((m) => m.warnings.map((w) => `${m.target} ${m.kind} ${m.preset}: ${w}`));
  if (warnings.length) console.log(`\nLighthouse warnings:\n${warnings.map((w) => `  ${w}`).join('\n')}`);

  const ours = (kind: PageKind, preset: Preset) => measurements.find((x) => x.target === targets[0]!.name && x.kind === kind && x.preset === preset);
  console.log('\nTargets (issue 15):');
  const check = (label: string, value: number | undefined, ok: (v: number) => boolean, unit: (v: number) => string) => {
    if (value === undefined) return;
    console.log(`  ${ok(value) ? 'met   ' : 'MISSED'} ${label}: ${unit(value)}`);
  };
  check(
    'mobile score on /login ≥ 90',
    ours('login', 'mobile')?.median.score,
    (v) => v >= 90,
    (v) => String(v),
  );
  check(
    'mobile score on the list screen ≥ 80',
    ours('list', 'mobile')?.median.score,
    (v) => v >= 80,
    (v) => String(v),
  );
  check(
    'mobile LCP on /login ≤ 2.5 s',
    ours('login', 'mobile')?.median.lcp,
    (v) => v <= 2500,
    (v) => format('lcp', v),
  );

  const other = targets[1];
  if (!other) return;
  let ahead = 0;
  const behind: string[] = [];
  for (const kind of ['login', 'list'] as const) {
    for (const preset of ['mobile', 'desktop'] as const) {
      const a = ours(kind, preset);
      const b = measurements.find((x) => x.target === other.name && x.kind === kind && x.preset === preset);
      if (!a || !b) continue;
      for (const metric of COMPARED) {
        const x = a.median[metric];
        const y = b.median[metric];
        // A layout shift of 0 cannot be beaten: equal at 0 counts as ahead.
        if (better(metric, x, y) || (metric === 'cls' && x === 0 && y === 0)) ahead++;
        else behind.push(`${kind} ${preset} ${metric}: ${format(metric, x)} vs ${format(metric, y)}`);
      }
    }
  }
  console.log(
    `  ${behind.length === 0 ? 'met   ' : 'MISSED'} every figure ahead of ${other.name}: ahead on ${ahead} of ${ahead + behind.length}${behind.length ? `; not ahead: ${behind.join('; ')}` : ''}`,
  );
}

function lighthouseVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8'));
  return typeof manifest === 'object' && manifest && 'version' in manifest ? String(manifest.version) : '?';
}

function chromeVersion(chromePath: string): string {
  const result = spawnSync(chromePath, ['--version'], { encoding: 'utf8' });
  return result.stdout.trim() || chromePath;
}
