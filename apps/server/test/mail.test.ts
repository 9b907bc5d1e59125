import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { isNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { dispatchPendingMail, smtpTransport, type MailTransport } from '../src/integrations/mail/mailer.ts';
import { createFleet, createUser } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
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
        // Undo quoted-printable soft breaks and escapes of the body.
        received.push(data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp();
  await createFleet(t.database.db, 'fjord');
  // British English, so the reset mail is the English one (the other languages: customer-mail-texts.test.ts).
  await createUser(t.database.db, 'fjord', { username: 'mailme', password: 'some-password-1', role: 'SUPPORT', language: 'en-GB' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the password-reset mail from the outbox and marks it sent', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { username: 'mailme' } });
    expect(res.statusCode).toBe(202);
    const sent = await dispatchPendingMail(t.database.db, smtpTransport(`smtp://127.0.0.1:${port}`), 'Fleetdesk <no-reply@fleetdesk.invalid>');
    expect(sent).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/Subject: Fleetdesk: reset your password/);
    expect(received[0]).toMatch(/reset-password\?token=/);
    expect(await t.database.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt))).toHaveLength(0);
    // Nothing left to send a second time.
    expect(await dispatchPendingMail(t.database.db, smtpTransport(`smtp://127.0.0.1:${port}`), 'x@y.z')).toBe(0);
  });

  it('keeps a message pending with its error when delivery fails', async () => {
    await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { username: 'mailme' } });
    const failing: MailTransport = { send: () => Promise.reject(new Error('connection refused')) };
    expect(await dispatchPendingMail(t.database.db, failing, 'x@y.z')).toBe(0);
    const pending = await t.database.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt));
    expect(pending).toHaveLength(1);
    expect(pending[0]!.error).toContain('connection refused');
  });
});
