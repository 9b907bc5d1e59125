/**
 * `npm run bench -- ingest [--vehicles 10000] [--rate 10000 | --rate max] [--seconds 30] [--warmup-seconds 5]
 * [--batch 500] [--delay-ms 100] [--alarms] [--unchanged]` (issue 20 point 5: "ingest through the telematics path ≥ 10,000 status events
 * per second sustained").
 *
 * A fleet of its own ("bench-ingest") with `--vehicles` vehicles, each with an agent and a status row (created on first
 * use, reused later). Status reports go the MQTT adapter's way without the broker's socket: each one a JSON message
 * parsed by the adapter's own `parseStatusMessage`, buffered by its status batcher (`--batch` vehicles or `--delay-ms`,
 * one batch at a time) and written by the real handler, `vehicleTelematicsHandler(db, log).onStatus`. The vehicles report
 * in turn, and every report flips `locked` (with the charge, position, odometer and 12 V battery a real report carries),
 * so every report changes a state and leaves a VEHICLE_STATUS event; `--alarms` adds the alarm conditions the simulator
 * reports as over (`cleared: FUEL, EXTERNAL_BATTERY`), which cost an alarms UPDATE a batch; `--unchanged` keeps `locked` as
 * stored, so that no report leaves an event (the routine case: a report of charge and position only).
 *
 * Open model by default: `--rate` reports a second, on schedule whether or not the writes keep up; each report's
 * latency runs from its arrival to the commit of its batch, so falling behind shows as latency (the buffer merges a
 * vehicle's reports, so it also shows as fewer reports and events written than offered). `--rate max` keeps a full batch
 * waiting at all times instead (closed loop): the most the path writes. Only batches that started within the measured
 * `--seconds` count; events are counted in the database.
 */
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { cpuUsage } from 'node:process';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { events, fleets, vehicleModels, vehicleStatus, vehicles } from '../apps/server/src/db/schema.ts';
import { parseStatusMessage } from '../apps/server/src/integrations/telematics/mqtt.ts';
import { createStatusBatcher, STATUS_BATCH_DEFAULTS } from '../apps/server/src/integrations/telematics/status-batcher.ts';
import type { StatusReport } from '../apps/server/src/integrations/telematics/types.ts';
import { checkRetentionNames, upkeepEventPartitions } from '../apps/server/src/modules/events/partitions.ts';
import { vehicleTelematicsHandler } from '../apps/server/src/modules/vehicle-commands/telematics-handler.ts';
import { cpuSecondsOf, formatLoad, percentile, postgresCpuSeconds } from './fleet.ts';

const INGEST_FLEET = 'bench-ingest';
const vinOf = (i: number) => `BENCHINGEST${String(i).padStart(6, '0')}`;

/** The bench fleet's vehicles (created up to `n`), with their stored `locked`, in id order. */
async function ensureVehicles(db: Db, n: number): Promise<{ vin: string; locked: boolean }[]> {
  await db
    .insert(fleets)
    .values({ id: INGEST_FLEET, name: 'Ingest bench', country: 'NO', currency: 'NOK', defaultLanguage: 'nb', timeZone: 'Europe/Oslo' })
    .onConflictDoNothing();
  let [model] = await db.select().from(vehicleModels).where(eq(vehicleModels.fleetId, INGEST_FLEET)).limit(1);
  model ??= (
    await db
      .insert(vehicleModels)
      .values({ fleetId: INGEST_FLEET, modelName: 'VW ID.3', priceClass: 'B', vehicleCategory: 'CAR', primaryFuelType: 'BATTERY' })
      .returning()
  )[0]!;
  const [have] = await db.select({ n: count() }).from(vehicles).where(eq(vehicles.fleetId, INGEST_FLEET));
  const existing = have?.n ?? 0;
  if (existing < n) {
    const started = performance.now();
    for (let from = existing; from < n; from += 1000) {
      const to = Math.min(n, from + 1000);
      const rows = await db
        .insert(vehicles)
        .values(
          Array.from({ length: to - from }, (_, k) => {
            const i = from + k;
            return {
              fleetId: INGEST_FLEET,
              vin: vinOf(i),
              registrationNumber: `IN ${String(i).padStart(6, '0')}`,
              longPresentation: `VW ID.3 (IN ${String(i).padStart(6, '0')})`,
              modelId: model.id,
              vehicleCategory: 'CAR' as const,
              agentHardwareType: 'keyless' as const,
              primaryFuelType: 'BATTERY' as const,
            };
          }),
        )
        .returning({ id: vehicles.id });
      await db.insert(vehicleStatus).values(
        rows.map((r, k) => ({
          vehicleId: r.id,
          locked: true,
          immobilized: false,
          isRefueling: false,
          fuelLevel: 60,
          carBatteryVoltage: 12.6,
          odometer: 10_000 + k,
          lat: 59.9 + (k % 100) / 1000,
          lon: 10.7 + (k % 97) / 1000,
          updatedAt: new Date(Date.now() - 3_600_000),
        })),
      );
    }
    await db.execute(sql`vacuum analyze vehicles, vehicle_status`);
    console.log(`Created ${n - existing} vehicles with status in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } else console.log(`Reusing ${existing} vehicles in fleet "${INGEST_FLEET}".`);
  const rows = await db
    .select({ vin: vehicles.vin, locked: vehicleStatus.locked })
    .from(vehicles)
    .innerJoin(vehicleStatus, eq(vehicleStatus.vehicleId, vehicles.id))
    .where(eq(vehicles.fleetId, INGEST_FLEET))
    .orderBy(vehicles.id)
    .limit(n);
  return rows.map((r) => ({ vin: r.vin, locked: r.locked ?? false }));
}

/**
 * CPU seconds used so far by each PostgreSQL backend connected to this database (Linux /proc): the writes' own cost,
 * apart from other databases on a shared server. Background processes (WAL writer, checkpointer) are not in it.
 */
async function backendCpu(db: Db): Promise<Map<number, number>> {
  const rows = rowsOf<{ pid: number }>(await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`));
  return new Map(rows.map((r) => [r.pid, cpuSecondsOf(r.pid)]));
}
const backendCpuSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, cpu]) => sum + cpu - (before.get(pid) ?? 0), 0);

interface Phase {
  /** Reports handed to the batcher, and reports (one per vehicle and batch) in batches that started in the phase. */
  offered: number;
  written: number;
  batches: number;
  batchMs: number[];
  latencyMs: number[];
  errors: number;
  maxBuffered: number;
  seconds: number;
  startedAt: Date;
  endedAt: Date;
}

const line = (label: string, samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(2).padStart(8);
  console.log(
    `${label.padEnd(44)} n=${String(s.length).padStart(7)}  p50=${f(percentile(s, 50))} ms  p95=${f(percentile(s, 95))} ms  p99=${f(percentile(s, 99))} ms  max=${f(s.at(-1) ?? NaN)} ms`,
  );
};

export async function benchIngest(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      vehicles: { type: 'string', default: '10000' },
      rate: { type: 'string', default: '10000' },
      seconds: { type: 'string', default: '30' },
      'warmup-seconds': { type: 'string', default: '5' },
      batch: { type: 'string', default: String(STATUS_BATCH_DEFAULTS.maxBatch) },
      'delay-ms': { type: 'string', default: String(STATUS_BATCH_DEFAULTS.maxDelayMs) },
      alarms: { type: 'boolean', default: false },
      unchanged: { type: 'boolean', default: false },
    },
  });
  const n = Number(values.vehicles);
  const closedLoop = values.rate === 'max';
  const rate = closedLoop ? 0 : Number(values.rate);
  const seconds = Number(values.seconds);
  const warmup = Number(values['warmup-seconds']);
  const maxBatch = Number(values.batch);
  const delayMs = Number(values['delay-ms']);
  if (!Number.isInteger(n) || n < 100 || !(closedLoop || rate > 0) || !(seconds > 0) || !(warmup >= 0) || !(maxBatch >= 1) || !(delayMs >= 0)) {
    console.error('--vehicles must be a whole number ≥ 100, --rate > 0 or "max", --seconds > 0, --warmup-seconds ≥ 0, --batch ≥ 1, --delay-ms ≥ 0');
    process.exit(2);
  }

  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { url, dataDir: 'memory://' } : { dataDir: 'memory://' });
  const db = database.db;
  try {
    const fleet = await ensureVehicles(db, n);
    // The day partitions the server's hourly job keeps ahead (docs/decisions/0083-event-partitions.md).
    const config = loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
    await upkeepEventPartitions(db, {
      retentionDays: checkRetentionNames(config.EVENT_RETENTION_DAYS),
      aheadDays: config.EVENT_PARTITIONS_AHEAD_DAYS,
    });

    // The status rows as autovacuum would keep them: earlier runs' dead rows do not weigh on this one.
    await db.execute(sql`vacuum vehicle_status`);
    const updates = async () =>
      rowsOf<{ upd: string; hot: string }>(
        await db.execute(sql`select n_tup_upd::text as upd, n_tup_hot_upd::text as hot from pg_stat_user_tables where relname = 'vehicle_status'`),
      ).map((r) => ({ upd: Number(r.upd), hot: Number(r.hot) }))[0] ?? { upd: NaN, hot: NaN };

    const log = { info: () => {}, warn: (msg: string) => console.warn(msg), error: (err: unknown, msg?: string) => console.error(msg, err) };
    const handler = vehicleTelematicsHandler(db, log);
    let phase: Phase | null = null;
    /** When each vehicle's oldest report still buffered arrived. */
    const arrived = new Map<string, number>();
    const batcher = createStatusBatcher({
      maxBatch,
      maxDelayMs: delayMs,
      onError: (err) => {
        if (phase) phase.errors++;
        console.error('a batch failed:', err);
      },
      deliver: async (reports: StatusReport[]) => {
        const p = phase;
        const started = performance.now();
        const arrivals = reports.map((r) => {
          const at = arrived.get(r.vin) ?? started;
          arrived.delete(r.vin);
          return at;
        });
        await handler.onStatus(reports);
        const ended = performance.now();
        if (p) {
          p.batches++;
          p.written += reports.length;
          p.batchMs.push(ended - started);
          for (const at of arrivals) p.latencyMs.push(ended - at);
        }
      },
    });

    let next = 0;
    const offer = (p: Phase | null) => {
      const v = fleet[next % fleet.length]!;
      next++;
      if (!values.unchanged) v.locked = !v.locked;
      const i = next % 1000;
      const payload = Buffer.from(
        JSON.stringify({
          occurred: new Date().toISOString(),
          status: {
            locked: v.locked,
            fuelLevel: 40 + (i % 50),
            carBatteryVoltage: 12.4,
            odometer: 10_000 + next,
            lat: 59.9 + i / 10_000,
            lon: 10.7 + i / 10_000,
          },
          ...(values.alarms ? { alarms: { raised: [], cleared: ['FUEL', 'EXTERNAL_BATTERY'] } } : {}),
        }),
      );
      const report = parseStatusMessage(v.vin, payload);
      if (!report) throw new Error('the bench built an invalid report');
      if (!arrived.has(v.vin)) arrived.set(v.vin, performance.now());
      batcher.add(report);
      if (p) {
        p.offered++;
        p.maxBuffered = Math.max(p.maxBuffered, batcher.buffered);
      }
    };

    /** Offers reports for `ms` (at `rate` a second, or keeping a full batch waiting). */
    const run = async (ms: number, p: Phase | null) => {
      const start = performance.now();
      let sent = 0;
      for (;;) {
        const elapsed = performance.now() - start;
        if (elapsed >= ms) break;
        if (closedLoop) {
          while (batcher.buffered < maxBatch) offer(p);
          await sleep(1);
        } else {
          const due = Math.floor((elapsed * rate) / 1000);
          for (; sent < due; sent++) offer(p);
          await sleep(1);
        }
      }
    };

    const newPhase = (): Phase => ({
      offered: 0,
      written: 0,
      batches: 0,
      batchMs: [],
      latencyMs: [],
      errors: 0,
      maxBuffered: 0,
      seconds,
      startedAt: new Date(),
      endedAt: new Date(),
    });

    const load0 = loadavg();
    console.log(
      `\nBenchmark "ingest" on ${url ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite in memory'}: ${n} vehicles, ` +
        `${closedLoop ? 'closed loop (a full batch always waiting)' : `${rate} reports/s offered`}, batches of ${maxBatch} or ${delayMs} ms` +
        `${values.alarms ? ', alarm conditions cleared in every report' : ''}${values.unchanged ? ', no report changes a state (no events)' : ''}; ${new Date().toISOString()}, load average ${formatLoad(load0)}`,
    );
    if (warmup > 0) {
      console.log(`warm-up: ${warmup} s (not counted) ...`);
      await run(warmup * 1000, null);
    }
    const p = newPhase();
    phase = p;
    const cpu0 = cpuUsage();
    const pg0 = url ? postgresCpuSeconds() : NaN;
    const backends0 = url ? await backendCpu(db) : new Map<number, number>();
    const updates0 = await updates();
    const t0 = performance.now();
    await run(seconds * 1000, p);
    // Batches that start from here on do not count; the one being written does.
    phase = null;
    p.endedAt = new Date();
    const measured = (performance.now() - t0) / 1000;
    await batcher.drain();
    const cpu = cpuUsage(cpu0);
    const pgCpu = url ? postgresCpuSeconds() - pg0 : NaN;
    const backendsCpu = url ? backendCpuSince(backends0, await backendCpu(db)) : NaN;
    const load1 = loadavg();
    await sleep(1_000); // the backends report their table statistics about once a second
    const updates1 = await updates();
    const [ev] = await db
      .select({ n: count() })
      .from(events)
      .where(
        and(eq(events.fleetId, INGEST_FLEET), eq(events.type, 'VEHICLE_STATUS'), gte(events.occurred, p.startedAt), lt(events.occurred, p.endedAt)),
      );
    const eventCount = ev?.n ?? 0;

    console.log('');
    line('batch write (onStatus: one transaction)', p.batchMs);
    if (!closedLoop) line('report: arrival → committed', p.latencyMs);
    console.log('');
    const perSecond = (x: number) => (x / measured).toFixed(0);
    console.log(
      `over ${measured.toFixed(1)} s: offered ${perSecond(p.offered)} reports/s; written ${perSecond(p.written)} reports/s ` +
        `(${p.written} in ${p.batches} batches, ${(p.written / Math.max(1, p.batches)).toFixed(0)} a batch); ` +
        `events written ${perSecond(eventCount)}/s (${eventCount}); errors ${p.errors}; at most ${p.maxBuffered} vehicles buffered`,
    );
    const benchCpu = (cpu.user + cpu.system) / 1e6;
    const perReport = (x: number) => ((x / Math.max(1, p.written)) * 1e6).toFixed(0);
    console.log(
      `CPU: bench process (parsing, batching, the handler, drizzle, node-postgres${url ? '' : ', PGlite'}) ${((benchCpu / measured) * 100).toFixed(0)} % of a core, ` +
        `${perReport(benchCpu)} µs a report written` +
        (Number.isNaN(pgCpu)
          ? ''
          : `; this database's PostgreSQL backends ${((backendsCpu / measured) * 100).toFixed(0)} %, ${perReport(backendsCpu)} µs a report; ` +
            `PostgreSQL in all ${((pgCpu / measured) * 100).toFixed(0)} % (every database and process)`),
    );
    const upd = updates1.upd - updates0.upd;
    if (upd > 0)
      console.log(`vehicle_status: ${upd} rows updated, ${(((updates1.hot - updates0.hot) / upd) * 100).toFixed(0)} % of them HOT (no index entry)`);
    console.log(`load average before ${formatLoad(load0)}, after ${formatLoad(load1)}`);
    console.log(
      `target (issue 20 point 5): ≥ 10,000 status events/s sustained: ${perSecond(p.written)} reports/s written, ${perSecond(eventCount)} events/s`,
    );
  } finally {
    await database.close();
  }
}
