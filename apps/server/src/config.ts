import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

/**
 * Server configuration from the environment (README lists every variable).
 * Relative paths resolve against the directory npm was started from (INIT_CWD), so
 * `DATA_DIR=./data` means the repository's ./data when started with `npm start` at the root.
 */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';
const SIZE_UNITS_KB = { kB: 1, MB: 1024, GB: 1024 * 1024 } as const;
/** `16MB`, `512kB`, `1GB` (PostgreSQL's units), from 128kB (PostgreSQL's least) to 1GB; anything else undefined. */
function parseSharedBuffers(value: string): string | undefined {
  const match = /^(\d+)\s*(kB|MB|GB)$/.exec(value.trim());
  if (!match) return undefined;
  const kb = Number(match[1]) * SIZE_UNITS_KB[match[2] as keyof typeof SIZE_UNITS_KB];
  return kb >= 128 && kb <= 1024 * 1024 ? `${match[1]}${match[2]}` : undefined;
}

/**
 * PGLITE_SHARED_BUFFERS for the database client. PGlite runs PostgreSQL inside the server's WebAssembly memory, which
 * never shrinks, so its page cache costs resident memory for good once filled; the operating system's file cache
 * holds the data files anyway. Read from the environment by db/client.ts (the command-line tools and the tests open
 * the database without a Config); loadConfig rejects a malformed value at start.
 */
export function pgliteSharedBuffers(env: NodeJS.ProcessEnv = process.env): string {
  const value = emptyToUndefined(env.PGLITE_SHARED_BUFFERS);
  return (typeof value === 'string' ? parseSharedBuffers(value) : undefined) ?? DEFAULT_PGLITE_SHARED_BUFFERS;
}

/**
 * EVENT_RETENTION_DAYS: a JSON object of days to keep by event type group or event type (a type's own entry wins over
 * its group's); what it does not name is kept (docs/decisions/0083-event-partitions.md). The names are checked against
 * the contract's when the jobs are set up (modules/events/partitions.ts): this module stays free of the contract, which
 * the tests' global setup cannot load.
 */
export const DEFAULT_EVENT_RETENTION_DAYS = '{"HEARTBEAT":90,"VEHICLE_STATUS":90}';
const ZEventRetention = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'a JSON object such as {"HEARTBEAT":90,"VEHICLE_STATUS":90}' });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(z.string().regex(/^[A-Z_]+$/, { message: 'an event type group or event type, such as HEARTBEAT' }), z.number().int().min(1).max(36_500)),
  );

const ZConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  /** PostgreSQL: most pooled connections per server process. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** PostgreSQL: connecting, and waiting for a free pooled connection, give up after this long (then 503). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** PostgreSQL: the server cancels a statement running longer (statement_timeout; 0 = no limit). Migrations at start are exempt. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  DATA_DIR: z.string().default('./data'),
  /** PGlite: PostgreSQL's shared_buffers (see pgliteSharedBuffers). */
  PGLITE_SHARED_BUFFERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default(DEFAULT_PGLITE_SHARED_BUFFERS)
      .refine((v) => parseSharedBuffers(v) !== undefined, { message: 'a size from 128kB to 1GB, written like 16MB, 512kB or 1GB' }),
  ),
  SEED: z.enum(['demo', 'none']).default('demo'),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  MAIL_FROM: z.string().default('Fleetdesk <no-reply@fleetdesk.invalid>'),
  HELPDESK_WIDGET_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /**
   * The fleet map's background tiles (a Leaflet URL template with {z}/{x}/{y}); `none` for none. The map draws on a
   * plain background and works without them (offline); unset: OpenStreetMap's standard tiles.
   */
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'),
  SESSION_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(480),
  /** A console session ends after this many minutes without use (requests marked X-Fleetdesk-Background: 1 are not use). At most a day. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')).transform((v) => v === 'true'),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Vehicle telematics: the built-in simulator (default) or the MQTT adapter (needs MQTT_URL). */
  TELEMATICS: z.enum(['simulator', 'mqtt']).default('simulator'),
  MQTT_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  MQTT_TOPIC_PREFIX: z.string().default('fleetdesk'),
  /** A command the vehicle has not answered after this many seconds is FAILED (timed out). */
  COMMAND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Simulator: answer delay range, share of commands that fail and that never answer, status report interval (0 = off). */
  SIMULATOR_MIN_DELAY_MS: z.coerce.number().int().min(0).default(800),
  SIMULATOR_MAX_DELAY_MS: z.coerce.number().int().min(0).default(2500),
  SIMULATOR_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0.03),
  SIMULATOR_TIMEOUT_RATE: z.coerce.number().min(0).max(1).default(0.01),
  SIMULATOR_TICK_SECONDS: z.coerce.number().int().min(0).default(60),
  /** The event log's retention in days by type group or type, as JSON; what it does not name is kept. */
  EVENT_RETENTION_DAYS: z.preprocess(emptyToUndefined, z.string().default(DEFAULT_EVENT_RETENTION_DAYS).pipe(ZEventRetention)),
  /** The event log's partitions exist this many days ahead (created hourly by the event-partitions job). */
  EVENT_PARTITIONS_AHEAD_DAYS: z.coerce.number().int().min(1).max(366).default(7),
  /** Uploaded files (damage photos): a directory, relative paths under DATA_DIR. Default DATA_DIR/uploads. */
  STORAGE_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Single sign-on: the key of the short-lived sign-in cookie (≥ 32 characters); generated per process when unset. */
  SSO_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  /** The built-in demo identity provider at /demo-idp: on unless NODE_ENV=production. */
  DEMO_IDP: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
});
export type Config = z.infer<typeof ZConfig> & {
  dataDir: string;
  webDist: string;
  publicUrl: string;
  storageDir: string;
  /** SSO_SECRET, or a random one for this process (sign-ins in flight do not survive a restart then). */
  ssoSecret: string;
  demoIdp: boolean;
};

const here = path.dirname(new URL(import.meta.url).pathname);
export const REPO_ROOT = path.resolve(here, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<keyof z.infer<typeof ZConfig>, string>> = {}): Config {
  const parsed = ZConfig.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const base = env.INIT_CWD ?? process.cwd();
  const c = parsed.data;
  const dataDir = path.resolve(base, c.DATA_DIR);
  return {
    ...c,
    dataDir,
    storageDir: c.STORAGE_DIR ? path.resolve(dataDir, c.STORAGE_DIR) : path.join(dataDir, 'uploads'),
    webDist: c.WEB_DIST ? path.resolve(base, c.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    ssoSecret: c.SSO_SECRET ?? randomBytes(32).toString('base64url'),
    demoIdp: c.DEMO_IDP ? c.DEMO_IDP === 'true' : env.NODE_ENV !== 'production',
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}
