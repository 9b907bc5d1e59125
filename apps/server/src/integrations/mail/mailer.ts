import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  fleet?: string | null;
}

/**
 * Mail goes through a transactional outbox: `enqueueMail` writes the message in the caller's
 * transaction. Without SMTP_URL the outbox is the delivery (inspect `mail_outbox`); with it, the server's jobs send
 * each message over SMTP, with retries and back-off, and mark it sent (src/jobs/server-jobs.ts).
 */
export async function enqueueMail(tx: Db, message: MailMessage): Promise<void> {
  await tx.insert(mailOutbox).values({
    fleetId: message.fleet ?? null,
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
  });
}

export interface MailTransport {
  send(from: string, message: { to: string; subject: string; text: string; html?: string | null }): Promise<void>;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(from, m) {
      await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
    },
  };
}

/** Sends up to `batch` pending messages; returns how many were sent. Safe with several servers (SKIP LOCKED). */
export async function dispatchPendingMail(db: Db, transport: MailTransport, from: string, batch = 20): Promise<number> {
  let sent = 0;
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(mailOutbox)
      .where(isNull(mailOutbox.sentAt))
      .orderBy(asc(mailOutbox.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      try {
        await transport.send(from, { to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
        await tx
          .update(mailOutbox)
          .set({ sentAt: sql`now()`, error: null })
          .where(eq(mailOutbox.id, row.id));
        sent++;
      } catch (err) {
        await tx
          .update(mailOutbox)
          .set({ error: String(err) })
          .where(eq(mailOutbox.id, row.id));
      }
    }
  });
  return sent;
}

/** Unsent messages no attempt has failed for yet, oldest first: what the mail job sends next (src/jobs/server-jobs.ts). */
export async function unsentMailIds(db: Db, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.error)))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Sends one message of the outbox and marks it sent; a message already sent (a retry after the mark) is not sent
 * again. A failure is recorded on the message (`error`) and thrown, for the job queue to try again later.
 */
export async function sendOutboxMessage(db: Db, transport: MailTransport, from: string, id: number): Promise<'sent' | 'already sent' | 'gone'> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) return 'gone';
  if (row.sentAt) return 'already sent';
  try {
    await transport.send(from, { to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
  } catch (err) {
    await db
      .update(mailOutbox)
      .set({ error: String(err) })
      .where(eq(mailOutbox.id, id));
    throw err;
  }
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, error: null })
    .where(eq(mailOutbox.id, id));
  return 'sent';
}
