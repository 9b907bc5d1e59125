import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) against the built SPA and the
 * real server on a fresh PGlite database seeded with the demo operators.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'fleetdesk-e2e-'));
const repoRoot = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  // Two workers, the server and two Chromiums share CI's two cores: a screen can take seconds to settle there, and
  // a test that takes 9 s on a workstation takes over a minute there (pools' details test: 8.7 s here, 66 s in CI).
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-GB',
    timezoneId: 'Europe/Oslo',
    // No trace by default: recording one (DOM snapshots and a screencast of every step) took 40 % of the browser
    // tests' CPU, for a file CI never shows. E2E_TRACE=retain-on-failure records them when a failure needs one.
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure' | 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
    },
  },
  webServer: {
    // From the sources (tsx), with the contract's TypeScript sources: no build of the server or the contract needed.
    command: 'npx tsx --conditions=@fleetdesk/source apps/server/src/main.ts',
    cwd: repoRoot,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      INIT_CWD: repoRoot,
      DATABASE_URL: '',
      // A build of the SPA elsewhere than apps/web/dist (helpers building side by side); empty means the default.
      WEB_DIST: process.env.E2E_WEB_DIST ?? '',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      // The vehicle simulator answers within a second and never fails or times out in the browser tests.
      SIMULATOR_MIN_DELAY_MS: '200',
      SIMULATOR_MAX_DELAY_MS: '700',
      SIMULATOR_FAILURE_RATE: '0',
      SIMULATOR_TIMEOUT_RATE: '0',
      // No periodic status reports: alarms raised at random would make the screens differ between runs.
      SIMULATOR_TICK_SECONDS: '0',
    },
  },
});
