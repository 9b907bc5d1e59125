import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.ts';
import { DEMO_FLEETS } from './catalog.ts';
import { isDatabaseEmpty, seedDemo } from './demo.ts';
import { seedScale } from './scale.ts';

const USAGE = `Usage: npm run seed -- [--demo] [--size N] [--fleet F] [--batch N]

  (no options)  seed the demo operators (fjord, malar) when the database is empty
  --demo        the same, explicitly
  --size N      then generate benchmark data: N users, N/100 vehicles, N bookings, 2N events
  --fleet F     put the benchmark data into the existing fleet F (default: fleet "bench", created when missing)
  --batch N     rows per INSERT statement (default 2000)

Database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR (default ./data, relative to the
directory npm was started from). Stop a server that uses the same PGlite directory first.`;

interface Args {
  size: number | null;
  fleet: string | undefined;
  batch: number;
  help: boolean;
}

function parsePositive(name: string, value: string): number {
  const n = Number(value.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got "${value}".`);
  return n;
}

function parseSeedArgs(argv: string[]): Args {
  const { values } = parseArgs({
    args: argv,
    options: {
      size: { type: 'string' },
      demo: { type: 'boolean' },
      fleet: { type: 'string' },
      batch: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  return {
    size: values.size === undefined ? null : parsePositive('size', values.size),
    fleet: values.fleet,
    batch: values.batch === undefined ? 2000 : parsePositive('batch', values.batch),
    help: values.help ?? false,
  };
}

function progressReporter(label: string): { update: (done: number, total: number) => void; finish: () => void } {
  const started = Date.now();
  let lastDraw = 0;
  let lastDecile = -1;
  const line = (done: number, total: number) => {
    const seconds = Math.max(0.001, (Date.now() - started) / 1000);
    const pct = total > 0 ? (100 * done) / total : 100;
    return `${label}: ${done.toLocaleString('en-GB')} / ${total.toLocaleString('en-GB')} rows (${pct.toFixed(1)} %), ${Math.round(done / seconds).toLocaleString('en-GB')} rows/s`;
  };
  return {
    update(done, total) {
      if (process.stderr.isTTY) {
        const now = Date.now();
        if (now - lastDraw < 200 && done < total) return;
        lastDraw = now;
        process.stderr.write(`\r${line(done, total)}   `);
      } else {
        const decile = Math.floor((10 * done) / Math.max(1, total));
        if (decile !== lastDecile) {
          lastDecile = decile;
          process.stderr.write(`${line(done, total)}\n`);
        }
      }
    },
    finish() {
      if (process.stderr.isTTY) process.stderr.write('\n');
    },
  };
}

async function main(argv: string[]): Promise<void> {
  const args = parseSeedArgs(argv);
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR || './data');
  const where = url ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
  console.log(`Database: ${where}`);
  let database;
  try {
    database = await openDatabase({ url, dataDir });
  } catch (err) {
    const hint = url ? '' : ' Is a server running on the same data directory? Stop it, or set DATA_DIR.';
    throw new Error(`Could not open the database: ${err instanceof Error ? err.message : String(err)}.${hint}`);
  }
  try {
    const db = database.db;
    if (await isDatabaseEmpty(db)) {
      const started = Date.now();
      const summary = await seedDemo(db);
      console.log(`Seeded the demo in ${((Date.now() - started) / 1000).toFixed(1)} s (times relative to ${summary.baseTime}).`);
      console.log(
        Object.entries(summary.counts)
          .map(([table, n]) => `  ${table.padEnd(20)} ${n}`)
          .join('\n'),
      );
      for (const f of DEMO_FLEETS) {
        console.log(`  ${f.name} (${f.id}): staff ${f.staff.map((s) => `${s.username} / ${s.password}`).join(', ')}`);
      }
      console.log(`  Personas: ${summary.personas.join(', ')} (see docs/demo-data.md)`);
    } else {
      console.log('The database already has data: the demo seed was skipped.');
    }
    if (args.size !== null) {
      const fleet = args.fleet ?? 'bench';
      const started = Date.now();
      const progress = progressReporter(`Generating ${args.size.toLocaleString('en-GB')} users into "${fleet}"`);
      try {
        await seedScale(db, { users: args.size, fleet: args.fleet, batchSize: args.batch, onProgress: progress.update });
      } finally {
        progress.finish();
      }
      const n = args.size;
      console.log(
        `Generated ${n} users, ${Math.max(1, Math.round(n / 100))} vehicles, ${n} bookings and ${2 * n} events in fleet "${fleet}" ` +
          `in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      );
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`Seed failed: ${err instanceof Error ? err.message : String(err)}`);
  console.error('Run "npm run seed -- --help" for the options.');
  process.exitCode = 1;
});
