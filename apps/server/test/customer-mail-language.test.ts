import type { Language } from '@fleetdesk/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { events, mailOutbox } from '../src/db/schema.ts';
import { mailFormat } from '../src/lib/mail-language.ts';
import { setTestNow } from './support/clock.ts';
import {
  createBooking,
  createContract,
  createFleet,
  createPayment,
  createPaymentEvent,
  createPool,
  createStaff,
  createUser,
  createVehicle,
} from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * The mails the server sends, over HTTP, in the recipient's language (docs/decisions/0077-customer-mail-language.md):
 * the receipt, the registration confirmation and the password mails. The texts of every language, one by one:
 * customer-mail-texts.test.ts.
 */

const HOUR = 3_600_000;
const NBSP = '\u00a0';
// A fixed test clock (docs/decisions/0047-test-clock.md): Tuesday 2026-03-10 08:05 in Oslo.
setTestNow('2026-03-10T08:05:00+01:00');
// Yesterday 08:00–10:30 in Oslo.
const START = new Date('2026-03-09T07:00:00Z');
const END = new Date(START.getTime() + 2.5 * HOUR);

let t: TestApp;
let db: Db;
let support: string;
let admin: string;
let refs: { contractId: number; poolId: number };

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://console.fjord.example' });
  db = t.database.db;
  await createFleet(db, 'fjord', { name: 'Fjord Mobility' });
  await createFleet(db, 'malar', { name: 'Mälar Mobility', country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-password-1');
  await createStaff(db, 'fjord', 'chief', 'admin-password-1', 'ADMIN');
  support = await login(t.app, 'support', 'support-password-1');
  admin = await login(t.app, 'chief', 'admin-password-1');
  const pool = await createPool(db, 'fjord', { name: 'Sentrum', city: 'Oslo' });
  refs = { contractId: (await createContract(db, 'fjord')).id, poolId: pool.id };
});
afterAll(() => t.close());

const post = (url: string, token: string | null, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: token ? { authorization: authToken(token) } : {}, ...(payload ? { payload } : {}) });
const lastMailTo = async (to: string) => {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id)).limit(1);
  expect(mail, `a mail to ${to}`).toBeDefined();
  return mail!;
};

/** A customer of Fjord in `language` with a finished booking yesterday: 3 hours at 400 NOK plus 25 % VAT, 1500 NOK. */
async function customerWithFinishedBooking(givenName: string, language: Language) {
  const email = `${givenName.toLowerCase()}@example.test`;
  const user = await createUser(db, 'fjord', { givenName, familyName: 'Lund', emailAddress: email, language });
  const car = await createVehicle(db, 'fjord', { poolId: refs.poolId, modelName: 'Kia EV6' });
  const booking = await createBooking(
    db,
    'fjord',
    { ...refs, userId: user.id, vehicleId: car.id },
    { state: 'FINISHED', startTime: START, endTime: END, usageStart: START, usageEnd: new Date(END.getTime() - 10 * 60_000), distance: 42.5 },
  );
  const payment = await createPayment(
    db,
    'fjord',
    { bookingId: booking.id, userId: user.id },
    { status: 'PAID', totalPriceWithoutVat: 1200, totalVat: 300, totalPrice: 1500 },
  );
  await createPaymentEvent(db, payment.id, {
    unitCost: 400,
    unitAmount: 3,
    priceWithoutVat: 1200,
    vat: 300,
    totalPrice: 1500,
    itemDisplayText: 'Timepris',
  });
  return { user, booking, payment, email };
}

async function sendReceipt(bid: string) {
  const res = await post(`/api/bookings/${bid}/receipt`, support);
  expect(res.statusCode, res.body).toBe(204);
}

describe('the receipt', () => {
  it("is Swedish for a Swedish customer and Norwegian for a Norwegian one, of the same operator, in the operator's zone", async () => {
    const astrid = await customerWithFinishedBooking('Astrid', 'sv');
    const ola = await customerWithFinishedBooking('Ola', 'nb');
    await sendReceipt(astrid.booking.bid);
    await sendReceipt(ola.booking.bid);

    const swedish = await lastMailTo(astrid.email);
    expect(swedish.subject).toBe(`Fjord Mobility: kvitto för bokning ${astrid.booking.bid}`);
    expect(swedish.textBody.startsWith('Hej Astrid Lund,\n\n')).toBe(true);
    expect(swedish.textBody).toContain(
      `Här är kvittot för din bokning ${astrid.booking.bid}, ${mailFormat('sv', 'Europe/Oslo').period(START, END)}.`,
    );
    expect(swedish.textBody).toMatch(/, 9 mars 2026 08:00\s*–\s*10:30 \(Europe\/Oslo\)\./);
    expect(swedish.textBody).toContain(`Bokning:  ${astrid.booking.bid} (Avslutad)`);
    expect(swedish.textBody).toContain('Bokad:    2026-03-09 08:00 – 2026-03-09 10:30 (Europe/Oslo)');
    expect(swedish.textBody).toContain('Sträcka:  42,5 km');
    expect(swedish.textBody).toContain(`Order ${astrid.payment.orderId} (Kreditkort, Betald)`);
    expect(swedish.textBody).toContain(`  Timepris: 3 × 400,00 = 1${NBSP}200,00 NOK + moms 300,00 NOK = 1${NBSP}500,00 NOK`);
    expect(swedish.textBody).toContain(`  Totalt: 1${NBSP}500,00 NOK`);
    expect(swedish.textBody).not.toMatch(/\b(receipt|booking|Total|VAT|Dear|PAID|FINISHED|kvittering|bestilling)\b/);

    const norwegian = await lastMailTo(ola.email);
    expect(norwegian.subject).toBe(`Fjord Mobility: kvittering for bestilling ${ola.booking.bid}`);
    expect(norwegian.textBody.startsWith('Hei Ola Lund,\n\n')).toBe(true);
    expect(norwegian.textBody).toMatch(/, 9\. mars 2026, 08:00\s*–\s*10:30 \(Europe\/Oslo\)\./);
    expect(norwegian.textBody).toContain(`Bestilling:  ${ola.booking.bid} (Avsluttet)`);
    expect(norwegian.textBody).toContain('Bestilt:     2026-03-09 08:00 – 2026-03-09 10:30 (Europe/Oslo)');
    expect(norwegian.textBody).toContain('Distanse:    42,5 km');
    expect(norwegian.textBody).toContain(`Ordre ${ola.payment.orderId} (Kredittkort, Betalt)`);
    expect(norwegian.textBody).toContain(`  Sum eks. mva.: 1${NBSP}200,00 NOK`);
    expect(norwegian.textBody).toContain(`  Totalt: 1${NBSP}500,00 NOK`);
    expect(norwegian.textBody).not.toMatch(/\b(receipt|booking|Total|VAT|Dear|PAID|FINISHED|kvitto|bokning)\b/);

    // The booking's event says which language the receipt went out in.
    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.bid, astrid.booking.bid), eq(events.type, 'BOOKING_EVENT')))
      .orderBy(desc(events.id))
      .limit(1);
    expect(event!.properties).toMatchObject({ action: 'RECEIPT_SENT', to: astrid.email, language: 'sv' });
  });

  it("is in the operator's default language for a customer whose language is none of the four", async () => {
    const pekka = await customerWithFinishedBooking('Pekka', 'fi' as Language);
    await sendReceipt(pekka.booking.bid);
    const mail = await lastMailTo(pekka.email);
    expect(mail.subject).toBe(`Fjord Mobility: kvittering for bestilling ${pekka.booking.bid}`);
    expect(mail.textBody.startsWith('Hei Pekka Lund,\n\n')).toBe(true);
  });
});

describe('the registration confirmation', () => {
  it("is in the customer's language", async () => {
    const cases: [Language, string, string][] = [
      ['de', 'Fjord Mobility: Bestätigen Sie Ihre Registrierung', 'Hallo Greta,'],
      ['sv', 'Fjord Mobility: bekräfta din registrering', 'Hej Greta,'],
      ['en-GB', 'Fjord Mobility: confirm your registration', 'Hello Greta,'],
    ];
    for (const [language, subject, greeting] of cases) {
      const u = await createUser(db, 'fjord', {
        givenName: 'Greta',
        status: 'AWAITING_CONFIRMATION',
        emailAddress: `greta.${language}@example.test`,
        language,
      });
      const res = await post(`/api/users/${u.username}/resend-confirmation`, support);
      expect(res.statusCode, res.body).toBe(200);
      const mail = await lastMailTo(u.emailAddress!);
      expect(mail.subject, language).toBe(subject);
      expect(mail.textBody.startsWith(`${greeting}\n\n`)).toBe(true);
      expect(mail.textBody).toContain(u.username);
    }
  });
  it("is in the operator's language for a customer whose language is none of the four, and the user page still opens", async () => {
    const u = await createUser(db, 'fjord', {
      givenName: 'Aino',
      status: 'AWAITING_CONFIRMATION',
      emailAddress: 'aino.fi@example.test',
      language: 'fi' as Language,
    });
    const res = await post(`/api/users/${u.username}/resend-confirmation`, support);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await lastMailTo('aino.fi@example.test');
    expect(mail.subject).toBe('Fjord Mobility: bekreft registreringen din');
    const page = await t.app.inject({ method: 'GET', url: `/api/users/${u.username}`, headers: { authorization: authToken(support) } });
    expect(page.statusCode, page.body).toBe(200);
    // Shown as the language the console writes in, with the code on record beside it.
    expect(page.json()).toMatchObject({ language: 'nb', languageOnRecord: 'fi' });
  });
});

describe('the password mails', () => {
  it("reach a customer who forgot the password in the customer's language, with the reset link", async () => {
    const u = await createUser(db, 'fjord', { givenName: 'Sven', language: 'sv', emailAddress: 'sven@example.test' });
    const res = await post('/api/password-reset', null, { username: u.username });
    expect(res.statusCode).toBe(202);
    const mail = await lastMailTo('sven@example.test');
    expect(mail.subject).toBe('Fleetdesk: återställ ditt lösenord');
    expect(mail.textBody).toContain(`Någon har bett om att återställa lösenordet för kontot ”${u.username}”.`);
    expect(mail.textBody).toContain('inom 1 timme');
    expect(mail.textBody).toMatch(/\nhttps:\/\/console\.fjord\.example\/reset-password\?token=[\w-]+\n/);
  });

  it("reach the customer support sends a reset to in the customer's language", async () => {
    const u = await createUser(db, 'fjord', { givenName: 'Hanna', language: 'de', emailAddress: 'hanna@example.test' });
    const res = await post(`/api/users/${u.username}/password-reset`, support);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await lastMailTo('hanna@example.test');
    expect(mail.subject).toBe('Fleetdesk: Passwort zurücksetzen');
    expect(mail.textBody.startsWith('Hallo Hanna,\n\n')).toBe(true);
    expect(mail.textBody).toContain('innerhalb von 1 Stunde');
    expect(mail.textBody).toContain('/reset-password?token=');
  });

  it("reach a staff member in the member's own language: their own reset, an admin's reset, a new member's link", async () => {
    const own = await createUser(db, 'fjord', { username: 'stod.sv', role: 'SUPPORT', language: 'sv', emailAddress: 'stod@fjord.example' });
    expect((await post('/api/password-reset', null, { username: own.username })).statusCode).toBe(202);
    expect((await lastMailTo('stod@fjord.example')).subject).toBe('Fleetdesk: återställ ditt lösenord');

    const sent = await createUser(db, 'fjord', { username: 'hilfe.de', role: 'SUPPORT', language: 'de', emailAddress: 'hilfe@fjord.example' });
    const res = await post(`/api/staff/${sent.username}/reset-password`, admin);
    expect(res.statusCode, res.body).toBe(202);
    const adminReset = await lastMailTo('hilfe@fjord.example');
    expect(adminReset.subject).toBe('Fleetdesk: Passwort zurücksetzen');
    expect(adminReset.textBody).toContain('ein Administrator von Fjord Mobility hat Ihnen einen Link geschickt');

    const created = await post('/api/staff', admin, {
      username: 'ny.ansatt',
      givenName: 'Nils',
      familyName: 'Lie',
      emailAddress: 'nils@fjord.example',
      role: 'SUPPORT',
    });
    expect(created.statusCode, created.body).toBe(201);
    const welcome = await lastMailTo('nils@fjord.example');
    expect(welcome.subject).toBe('Fleetdesk: velg passordet ditt for Fjord Mobility');
    expect(welcome.textBody).toContain('innen 72 timer');
    expect(welcome.textBody).toContain('Logg deretter inn på https://console.fjord.example/login med brukernavnet «ny.ansatt».');
  });
});
