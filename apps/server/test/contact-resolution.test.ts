import { eventMoney, eventText, eventValue, MESSAGE_IDS, MESSAGES, ZContact, ZErrorEnvelope, type Contact } from '@fleetdesk/contract';
import { and, asc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { contacts, events } from '../src/db/schema.ts';
import { advanceTestClock, setTestNow } from './support/clock.ts';
import { createEvent, createFleet, createStaff, createUser } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

// Issue 18 point 3: a contact resolved with an action (credit, fee, command sent) links to it. Over HTTP, on fixtures
// of its own (docs/decisions/0061-notes-and-contacts.md).
setTestNow('2026-04-14T10:00:00+02:00');

let t: TestApp;
let db: Db;
let token: string;
const fx = {
  username: 'kari.resolve',
  otherCustomer: 'ola.resolve',
  otherFleetUser: 'lena.resolve',
  creditId: 0,
  commandId: 0,
  otherCustomerCreditId: 0,
  otherFleetCreditId: 0,
  bookingEventId: 0,
  mailId: 0,
};

type Res = { statusCode: number; body: string; json(): unknown };
const call = (method: 'POST' | 'PATCH', url: string, payload: unknown, as = token): Promise<Res> =>
  t.app.inject({ method, url, headers: { authorization: authToken(as) }, payload: payload as object });

async function logContact(payload: Record<string, unknown> = { channel: 'PHONE', reason: 'BILLING_QUESTION' }): Promise<Contact> {
  const res = await call('POST', `/api/users/${fx.username}/contacts`, payload);
  expect(res.statusCode, res.body).toBe(201);
  return ZContact.parse(res.json());
}
async function patch(id: number, payload: Record<string, unknown>): Promise<Contact> {
  const res = await call('PATCH', `/api/contacts/${id}`, payload);
  expect(res.statusCode, res.body).toBe(200);
  return ZContact.parse(res.json());
}
/** A 400 in the envelope with exactly one field error, on `resolvedByEventId`, with the message `key`. */
async function expectFieldError(id: number, payload: Record<string, unknown>, message: string) {
  const res = await call('PATCH', `/api/contacts/${id}`, payload);
  expect(res.statusCode, res.body).toBe(400);
  const body = ZErrorEnvelope.parse(res.json());
  expect(body.messageId).toBe(MESSAGE_IDS.invalidInput);
  expect(body.errors.map((e) => [e.field, e.message])).toEqual([['resolvedByEventId', message]]);
}
const contactEvents = (contactId: number, since: Date) =>
  db
    .select()
    .from(events)
    .where(and(gte(events.received, since), eq(events.affectedUsername, fx.username)))
    .orderBy(asc(events.id))
    .then((rows) => rows.filter((e) => (e.properties as { contactId?: number }).contactId === contactId));

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createUser(db, 'fjord', { username: fx.username, givenName: 'Kari', familyName: 'Nordmann' });
  await createUser(db, 'fjord', { username: fx.otherCustomer });
  await createUser(db, 'malar', { username: fx.otherFleetUser });
  const credit = eventText('creditAddedShort', { amount: eventMoney(-150, 'NOK'), orderId: 'BOK-1001' });
  fx.creditId = (
    await createEvent(db, 'fjord', 'PAYMENT_ACTION', credit, { affectedUsername: fx.username, bid: 'B1001', properties: { orderId: 'BOK-1001' } })
  ).id;
  fx.commandId = (
    await createEvent(db, 'fjord', 'REMOTE_COMMAND', eventText('commandSent', { command: eventValue('command', 'UNLOCK') }), {
      affectedUsername: fx.username,
      bid: 'B1001',
    })
  ).id;
  fx.otherCustomerCreditId = (await createEvent(db, 'fjord', 'PAYMENT_ACTION', credit, { affectedUsername: fx.otherCustomer })).id;
  fx.otherFleetCreditId = (await createEvent(db, 'malar', 'PAYMENT_ACTION', credit, { affectedUsername: fx.username })).id;
  fx.bookingEventId = (await createEvent(db, 'fjord', 'BOOKING_EVENT', eventText('bookingCreated'), { affectedUsername: fx.username })).id;
  fx.mailId = (await createEvent(db, 'fjord', 'PAYMENT_ACTION', eventText('receiptSent'), { affectedUsername: fx.username })).id;
  token = await login(t.app, 'support', 'support-demo');
});
afterAll(() => t.close());
beforeEach(() => {
  advanceTestClock(60_000);
});

describe('a contact resolved with an action', () => {
  it('links to the credit it was resolved with, answers its text parts, and writes the event', async () => {
    const contact = await logContact();
    expect(contact.resolvedWith).toBeNull();
    const since = new Date();
    const resolved = await patch(contact.id, { status: 'RESOLVED', resolvedByEventId: String(fx.creditId) });
    expect(resolved).toMatchObject({ status: 'RESOLVED', resolvedBy: 'support' });
    expect(resolved.resolvedWith).toEqual({
      eventId: String(fx.creditId),
      occurred: expect.any(String),
      kind: 'payment',
      type: 'PAYMENT_ACTION',
      textParts: [expect.objectContaining({ id: 'creditAddedShort' })],
      displayText: expect.stringMatching(/^Credit added: .+ \(BOK-1001\)$/),
      bid: 'B1001',
      orderId: 'BOK-1001',
    });
    const [event, ...more] = await contactEvents(contact.id, since);
    expect(more).toEqual([]);
    expect(event?.type).toBe('USER_ACTION');
    expect(event?.textParts).toEqual([eventText('contactResolvedWith', { id: contact.id, eventId: String(fx.creditId) })]);
    expect(event?.displayText).toBe(`Contact #${contact.id} resolved with event #${fx.creditId}`);
    expect((event?.properties as { changes: Record<string, unknown> }).changes).toMatchObject({ status: 'RESOLVED', resolvedByEventId: fx.creditId });
    // The list answers the link too.
    const list = await t.app.inject({ method: 'GET', url: `/api/contacts?username=${fx.username}`, headers: { authorization: authToken(token) } });
    expect((list.json() as Contact[]).find((c) => c.id === contact.id)?.resolvedWith?.eventId).toBe(String(fx.creditId));
  });

  it('links a remote command to an already resolved contact (a number is taken too), and unlinks it with null', async () => {
    const contact = await logContact({ channel: 'CHAT', reason: 'CANT_UNLOCK', status: 'RESOLVED' });
    const since = new Date();
    const linked = await patch(contact.id, { resolvedByEventId: fx.commandId });
    expect(linked.resolvedWith).toMatchObject({ eventId: String(fx.commandId), kind: 'command', type: 'REMOTE_COMMAND', orderId: null });
    // The same link again changes nothing and writes no event.
    await patch(contact.id, { resolvedByEventId: String(fx.commandId) });
    const unlinked = await patch(contact.id, { resolvedByEventId: null });
    expect(unlinked).toMatchObject({ status: 'RESOLVED', resolvedWith: null });
    expect((await contactEvents(contact.id, since)).map((e) => e.textParts)).toEqual([
      [eventText('contactResolutionLinked', { id: contact.id, eventId: String(fx.commandId) })],
      [eventText('contactResolutionUnlinked', { id: contact.id, eventId: String(fx.commandId) })],
    ]);
  });

  it('reopening removes the link', async () => {
    const contact = await logContact();
    await patch(contact.id, { status: 'RESOLVED', resolvedByEventId: String(fx.commandId) });
    const since = new Date();
    const reopened = await patch(contact.id, { status: 'OPEN' });
    expect(reopened).toMatchObject({ status: 'OPEN', resolvedBy: null, resolvedAt: null, resolvedWith: null });
    const [row] = await db.select({ link: contacts.resolvedByEventId }).from(contacts).where(eq(contacts.id, contact.id));
    expect(row?.link).toBeNull();
    expect((await contactEvents(contact.id, since)).map((e) => e.textParts)).toEqual([[eventText('contactReopened', { id: contact.id })]]);
    // Resolved again without an action: no link comes back.
    expect((await patch(contact.id, { status: 'RESOLVED' })).resolvedWith).toBeNull();
  });

  it.each([
    ["another customer's event", () => fx.otherCustomerCreditId],
    ["another operator's event", () => fx.otherFleetCreditId],
    ['an unknown event', () => 987_654_321],
    ['a booking event (not an action)', () => fx.bookingEventId],
    ['a mail (not an action)', () => fx.mailId],
  ])('refuses %s with 400 on resolvedByEventId and changes nothing', async (_, id) => {
    const contact = await logContact();
    const since = new Date();
    await expectFieldError(contact.id, { status: 'RESOLVED', resolvedByEventId: String(id()) }, MESSAGES.contactActionNotFound);
    const [row] = await db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row).toMatchObject({ status: 'OPEN', resolvedByEventId: null });
    expect(await contactEvents(contact.id, since)).toEqual([]);
  });

  it('refuses a link on an open contact, or together with reopening', async () => {
    const contact = await logContact();
    await expectFieldError(contact.id, { resolvedByEventId: String(fx.creditId) }, MESSAGES.contactActionNeedsResolved);
    await patch(contact.id, { status: 'RESOLVED' });
    await expectFieldError(contact.id, { status: 'OPEN', resolvedByEventId: String(fx.creditId) }, MESSAGES.contactActionNeedsResolved);
  });

  it.each([['abc'], ['0'], ['-3'], ['12345678901234567890'], [1.5]])('refuses the malformed id %s with 400 on the field', async (value) => {
    const contact = await logContact({ channel: 'PHONE', reason: 'OTHER', status: 'RESOLVED' });
    const res = await call('PATCH', `/api/contacts/${contact.id}`, { resolvedByEventId: value });
    expect(res.statusCode, res.body).toBe(400);
    const body = ZErrorEnvelope.parse(res.json());
    expect(body.errors.map((e) => e.field)).toEqual(['resolvedByEventId']);
  });
});
