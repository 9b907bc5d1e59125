import { defineConfig } from 'vitest/config';

// The MQTT adapter's test needs a broker: it runs only when TEST_MQTT_URL names one (.ci/run sets it).
const withMqtt = Boolean(process.env.TEST_MQTT_URL);

// One runner for the unit and integration suites of every workspace.
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', root: 'packages/contract', include: ['test/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...(withMqtt ? [] : ['test/telematics-mqtt.test.ts'])],
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
          // Whole-app renders with user-event are slow on a loaded 2-core CI machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
