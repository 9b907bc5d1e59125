import { availableParallelism } from 'node:os';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// The MQTT adapter's test needs a broker: it runs only when TEST_MQTT_URL names one (.ci/run sets it).
const withMqtt = Boolean(process.env.TEST_MQTT_URL);
// The database-fault tests terminate PostgreSQL backends and put a proxy in front of the server, and the two-copies test
// runs two servers on one database: only with TEST_DATABASE_URL.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

// Tests run on the contract's TypeScript sources (its "@fleetdesk/source" export), never a stale packages/contract/dist.
const fromSources = { resolve: { conditions: ['@fleetdesk/source', ...defaultServerConditions] } };

// One runner for the unit and integration suites of every workspace.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, i.e. a single worker on CI's two cores, which then sit half
    // idle while a file sets up its database or waits on its server. Two workers there: the web and contract projects
    // went from 343 s to 233 s on this machine, the same tests passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        ssr: fromSources,
        test: { name: 'contract', root: 'packages/contract', include: ['test/**/*.test.ts'] },
      },
      {
        ssr: fromSources,
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          exclude: [
            '**/node_modules/**',
            ...(withMqtt ? [] : ['test/telematics-mqtt.test.ts']),
            ...(withPostgres ? [] : ['test/db-faults.test.ts', 'test/two-copies.test.ts', 'test/leader-lock.test.ts']),
          ],
          // The test clock: TEST_NOW=23:59 (or an ISO instant) runs the suite at that time (docs/decisions/0047-test-clock.md).
          setupFiles: ['test/support/clock-setup.ts'],
          // One migrated database, copied for each test file (support/global-setup.ts).
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/setup.ts'],
          // Whole-app renders with user-event are slow on a loaded 2-core CI machine (the booking card's and form's
          // longest flows took over 20 s there while the server project ran beside them).
          testTimeout: 40_000,
        },
      },
    ],
  },
});
