import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sendOutboxMessage, smtpTransport, unsentMailIds, type MailTransport } from '../integrations/mail/mailer.ts';
import { purgeExpiredAuthData } from '../modules/auth/housekeeping.ts';
import { checkRetentionNames, upkeepEventPartitions } from '../modules/events/partitions.ts';
import { sweepIntervalSeconds, sweepTimedOutCommands } from '../modules/vehicle-commands/sweeper.ts';
import { itemJobId, type JobDefinition } from './job-runner.ts';

/** Mail: attempts after the first, the first 30 s later, then 1, 2, 4 and 8 minutes (about a quarter of an hour in all). */
export const MAIL_RETRIES = { retryLimit: 5, retryDelaySeconds: 30 } as const;

/**
 * The jobs of a serving process (docs/decisions/0079-jobs-on-pg-boss.md), each run once across the server copies:
 * - `command-timeouts`: commands the vehicle has not answered in COMMAND_TIMEOUT_SECONDS fail, every 1–5 s;
 * - `auth-housekeeping`: expired sessions, login attempts and reset tokens go, hourly (and at the first start);
 * - `event-partitions`: the event log's partitions are created EVENT_PARTITIONS_AHEAD_DAYS ahead and those past
 *   EVENT_RETENTION_DAYS dropped, hourly (and at the first start; docs/decisions/0083-event-partitions.md);
 * - with SMTP_URL, `mail-outbox` every 5 s puts each new message of the outbox on the `mail` queue, which sends it with
 *   retries and back-off (without SMTP_URL the outbox is the delivery: nothing is sent).
 */
export function serverJobs(
  config: Config,
  db: Db,
  { transport, mailRetries = MAIL_RETRIES }: { transport?: MailTransport; mailRetries?: { retryLimit: number; retryDelaySeconds: number } } = {},
): JobDefinition[] {
  const partitions = { retentionDays: checkRetentionNames(config.EVENT_RETENTION_DAYS), aheadDays: config.EVENT_PARTITIONS_AHEAD_DAYS };
  const jobs: JobDefinition[] = [
    {
      kind: 'every',
      name: 'command-timeouts',
      seconds: sweepIntervalSeconds(config.COMMAND_TIMEOUT_SECONDS),
      run: () => sweepTimedOutCommands(db, config.COMMAND_TIMEOUT_SECONDS),
    },
    {
      kind: 'every',
      name: 'auth-housekeeping',
      seconds: 3_600,
      run: () => purgeExpiredAuthData(db, new Date(), config.SESSION_IDLE_MINUTES * 60_000),
    },
    {
      kind: 'every',
      name: 'event-partitions',
      seconds: 3_600,
      run: () => upkeepEventPartitions(db, partitions),
    },
  ];
  const mail = transport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : undefined);
  if (mail) {
    jobs.push(
      {
        kind: 'every',
        name: 'mail-outbox',
        seconds: 5,
        run: async (context) => {
          const ids = await unsentMailIds(db);
          return context.send(
            'mail',
            ids.map((id) => ({ id: itemJobId('mail', id), data: { id } })),
          );
        },
      },
      {
        kind: 'queue',
        name: 'mail',
        ...mailRetries,
        run: (data) => sendOutboxMessage(db, mail, config.MAIL_FROM, (data as { id: number }).id),
      },
    );
  }
  return jobs;
}
