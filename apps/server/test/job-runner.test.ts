import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, vehicleCommands } from '../src/db/schema.ts';
import { enqueueMail, smtpTransport, type MailTransport } from '../src/integrations/mail/mailer.ts';
import { itemJobId, startJobRunner, type JobDefinition, type JobLog, type JobRunner } from '../src/jobs/job-runner.ts';
import { serverJobs } from '../src/jobs/server-jobs.ts';
import { createFleet, createVehicle } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 20 point 3: the server's jobs on pg-boss (docs/decisions/0079-jobs-on-pg-boss.md). Two runners on one database
// stand for two server copies: each job runs once. On PGlite by default, on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
const runners: JobRunner[] = [];
const errors: unknown[] = [];
const log: JobLog = { info: () => undefined, warn: () => undefined, error: (obj) => errors.push(obj) };

function runner(jobs: JobDefinition[]): JobRunner {
  const started = startJobRunner(t.database, jobs, log, { pollingIntervalSeconds: 0.5 });
  runners.push(started);
  return started;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(runners.map((each) => each.stop(2_000)));
  await t.close();
});

describe('jobs on pg-boss, with two server copies on one database', () => {
  it('runs a periodic job once per period, whichever copy proposes it', async () => {
    const ranBy: string[] = [];
    const job = (copy: string): JobDefinition => ({
      kind: 'every',
      name: 'test-hourly',
      seconds: 3_600,
      run: async () => {
        ranBy.push(copy);
      },
    });
    const [first, second] = [runner([job('first')]), runner([job('second')])];
    await Promise.all([first.ready, second.ready]);
    await until(() => ranBy.length === 1, 'the first period to run');
    // Both copies proposed this hour's run at their start, and keep proposing it: it does not run again.
    await pause(2_500);
    expect(ranBy).toHaveLength(1);
    expect(['first', 'second']).toContain(ranBy[0]);
  });

  it('sends an item once however often it is sent, and retries a failing one with back-off until it succeeds', async () => {
    const attempts: number[] = [];
    const queue: JobDefinition = {
      kind: 'queue',
      name: 'test-flaky',
      retryLimit: 3,
      retryDelaySeconds: 1,
      run: async (data) => {
        attempts.push(Date.now());
        if (attempts.length < 3) throw new Error(`attempt ${attempts.length} failed`);
        return (data as { n: number }).n;
      },
    };
    let send: ((n: number) => Promise<number>) | undefined;
    const sender: JobDefinition = {
      kind: 'every',
      name: 'test-sender',
      seconds: 3_600,
      run: async (context) => {
        send = (n) => context.send('test-flaky', [{ id: itemJobId('test-flaky', n), data: { n } }]);
      },
    };
    const [first, second] = [runner([queue, sender]), runner([queue, sender])];
    await Promise.all([first.ready, second.ready]);
    await until(() => send !== undefined, 'the sender to run');
    expect(await send!(7)).toBe(1);
    expect(await send!(7)).toBe(0);
    await until(() => attempts.length === 3, 'three attempts');
    // Back-off: the second wait is longer than the first (1 s, then 2 s, each with up to 1 s of polling).
    const [a, b, c] = attempts as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(900);
    expect(c - b).toBeGreaterThan(b - a);
    await pause(1_500);
    expect(attempts).toHaveLength(3);
  });
});

describe("the server's jobs", () => {
  let smtp: SMTPServer;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('send each new mail once, trying a failed delivery again later, and time out unanswered commands', async () => {
    await createFleet(t.database.db, 'fjord');
    const vehicle = await createVehicle(t.database.db, 'fjord');
    // A command asked for long ago that the vehicle never answered.
    const [command] = await t.database.db
      .insert(vehicleCommands)
      .values({
        fleetId: 'fjord',
        vehicleId: vehicle.id,
        command: 'UNLOCK',
        state: 'PENDING',
        requestedBy: 'support',
        requestedAt: new Date(Date.now() - 3_600_000),
      })
      .returning();
    await enqueueMail(t.database.db, { to: 'kari@example.test', subject: 'First', text: 'One' });
    await enqueueMail(t.database.db, { to: 'ola@example.test', subject: 'Second', text: 'Two' });

    // The first delivery fails (a mail server that refused for a moment): the job tries again a second later.
    let refusals = 1;
    const smtpOnce = smtpTransport(`smtp://127.0.0.1:${port}`);
    const flaky: MailTransport = {
      send: (from, message) => (refusals-- > 0 ? Promise.reject(new Error('421 try again later')) : smtpOnce.send(from, message)),
    };
    const options = { transport: flaky, mailRetries: { retryLimit: 3, retryDelaySeconds: 1 } };
    const jobs = serverJobs({ ...t.config, SMTP_URL: undefined }, t.database.db, options);
    expect(jobs.map((job) => job.name)).toEqual(['command-timeouts', 'auth-housekeeping', 'event-partitions', 'mail-outbox', 'mail']);
    const [first, second] = [runner(jobs), runner(serverJobs({ ...t.config, SMTP_URL: undefined }, t.database.db, options))];
    await Promise.all([first.ready, second.ready]);

    // Delivered, then marked sent once the mail server has answered: wait for both.
    await until(async () => {
      const rows = await t.database.db.select().from(mailOutbox);
      return received.length === 2 && rows.every((row) => row.sentAt !== null && row.error === null);
    }, 'both mails sent and marked');
    expect(received.filter((data) => /Subject: First/.test(data))).toHaveLength(1);
    expect(received.filter((data) => /Subject: Second/.test(data))).toHaveLength(1);

    await until(async () => {
      const [row] = await t.database.db.select().from(vehicleCommands).where(eq(vehicleCommands.id, command!.id));
      return row?.state === 'FAILED';
    }, 'the command to time out');
    // The outbox is checked every 5 s by one copy or the other: nothing is sent twice.
    await pause(5_500);
    expect(received).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});
