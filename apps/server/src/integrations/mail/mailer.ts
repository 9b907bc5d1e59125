import { asc, eq, isNull, sql } from 'drizzle-orm';
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
 * transaction. Without SMTP_URL the outbox is the delivery (inspect `mail_outbox`); with it,
 * `startMailDispatcher` sends pending rows over SMTP and marks them sent.
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

export function startMailDispatcher(db: Db, transport: MailTransport, from: string, intervalMs = 5_000, onError?: (e: unknown) => void) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    dispatchPendingMail(db, transport, from)
      .catch((e: unknown) => onError?.(e))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
