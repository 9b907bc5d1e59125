import {
  MESSAGE_IDS,
  MESSAGES,
  NOTE_TEXT_MAX,
  ZContact,
  ZContactAssigneesResponse,
  ZContactListResponse,
  ZErrorEnvelope,
  ZNote,
  ZNoteListResponse,
  type Contact,
  type ErrorEnvelope,
  type Note,
} from '@fleetdesk/contract';
import { and, asc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { events, users } from '../src/db/schema.ts';
import { advanceTestClock, setTestNow } from './support/clock.ts';
import { createBooking, createContract, createPool, createStaff, createTwoOperatorScene, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

// Issue 18 points 2 and 3: internal notes and logged contacts, over HTTP, on fixtures of their own.
const START = setTestNow('2026-03-10T08:05:00+01:00').getTime();

let t: TestApp;
let db: Db;
let token: string;
let otherToken: string;
let otherFleetNoteId: number;
let otherFleetContactId: number;
const fx = {
  username: 'kari.notes',
  otherCustomer: 'ola.notes',
  bid: '',
  otherBid: '',
  vin: '',
  otherFleetUser: 'lena.notes',
  otherFleetBid: '',
  otherFleetVin: '',
};

type Res = { statusCode: number; body: string; json(): unknown };
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as = token): Promise<Res> =>
  t.app.inject({ method, url, headers: { authorization: authToken(as) }, ...(payload === undefined ? {} : { payload: payload as object }) });

function expectEnvelope(res: Res, status: number, messageId: string): ErrorEnvelope {
  expect(res.statusCode, res.body).toBe(status);
  const body = ZErrorEnvelope.parse(res.json());
  expect(body.httpCode).toBe(status);
  expect(body.messageId).toBe(messageId);
  return body;
}
const fieldsOf = (body: ErrorEnvelope) => body.errors.map((e) => e.field).sort();

async function addNote(payload: Record<string, unknown>, as = token): Promise<Note> {
  const res = await call('POST', '/api/notes', payload, as);
  expect(res.statusCode, res.body).toBe(201);
  return ZNote.parse(res.json());
}
async function listNotes(subjectType: string, subjectId: string, extra = ''): Promise<Note[]> {
  const res = await call('GET', `/api/notes?subjectType=${subjectType}&subjectId=${encodeURIComponent(subjectId)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZNoteListResponse.parse(res.json());
}
async function logContact(username: string, payload: Record<string, unknown>, as = token): Promise<Contact> {
  const res = await call('POST', `/api/users/${encodeURIComponent(username)}/contacts`, payload, as);
  expect(res.statusCode, res.body).toBe(201);
  return ZContact.parse(res.json());
}
/** The events written since `since`, oldest first. */
async function eventsSince(since: Date) {
  return db.select().from(events).where(gte(events.received, since)).orderBy(asc(events.id));
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const {
    vehicle,
    pool,
    contract,
    booking,
    otherFleetCustomer: lena,
  } = await createTwoOperatorScene(db, {
    customer: { username: fx.username, givenName: 'Kari', familyName: 'Nordmann' },
    otherFleetCustomer: fx.otherFleetUser,
    start: new Date(START - 3_600_000),
    end: new Date(START + 3_600_000),
  });
  await createStaff(db, 'fjord', 'anna.support', 'support-demo');
  const disabled = await createStaff(db, 'fjord', 'gone.support', 'support-demo');
  await db
    .update(users)
    .set({ disabledAt: new Date(START - 86_400_000) })
    .where(eq(users.id, disabled.id));
  const ola = await createUser(db, 'fjord', { username: fx.otherCustomer });
  fx.vin = vehicle.vin;
  fx.bid = booking.bid;
  fx.otherBid = (await createBooking(db, 'fjord', { userId: ola.id, contractId: contract.id, poolId: pool.id })).bid;
  const seVehicle = await createVehicle(db, 'malar');
  fx.otherFleetVin = seVehicle.vin;
  const sePool = await createPool(db, 'malar');
  const seContract = await createContract(db, 'malar');
  fx.otherFleetBid = (
    await createBooking(db, 'malar', { userId: lena.id, contractId: seContract.id, poolId: sePool.id, vehicleId: seVehicle.id })
  ).bid;
  token = await login(t.app, 'support', 'support-demo');
  otherToken = await login(t.app, 'support.se', 'support-demo');
  otherFleetNoteId = (await addNote({ subjectType: 'USER', subjectId: fx.otherFleetUser, text: 'Malar note' }, otherToken)).id;
  otherFleetContactId = (await logContact(fx.otherFleetUser, { channel: 'EMAIL', reason: 'ACCOUNT' }, otherToken)).id;
});
afterAll(() => t.close());
beforeEach(() => {
  advanceTestClock(60_000);
});

describe('notes', () => {
  it('adds, lists (pinned first, then newest), edits, pins and deletes a user note, with an event for each change', async () => {
    const since = new Date();
    const first = await addNote({ subjectType: 'USER', subjectId: fx.username.toUpperCase(), text: '  Hard of hearing: reply by SMS  ' });
    expect(first).toMatchObject({
      subjectType: 'USER',
      subjectId: fx.username,
      text: 'Hard of hearing: reply by SMS',
      pinned: false,
      createdBy: 'support',
    });
    expect(first.createdAt).toBe(since.toISOString().slice(0, 17) + first.createdAt.slice(17));
    expect(first.updatedAt).toBeNull();
    advanceTestClock(60_000);
    const second = await addNote({ subjectType: 'USER', subjectId: fx.username, text: 'Promised a callback about the parking fine' });
    expect((await listNotes('USER', fx.username)).map((n) => n.id)).toEqual([second.id, first.id]);

    advanceTestClock(60_000);
    const editedAt = new Date();
    const pinnedRes = await call('PATCH', `/api/notes/${first.id}`, { pinned: true });
    expect(pinnedRes.statusCode, pinnedRes.body).toBe(200);
    const pinned = ZNote.parse(pinnedRes.json());
    expect(pinned).toMatchObject({ pinned: true, text: first.text, updatedBy: 'support' });
    expect(Date.parse(pinned.updatedAt!)).toBeGreaterThanOrEqual(editedAt.getTime());
    expect((await listNotes('USER', fx.username)).map((n) => n.id)).toEqual([first.id, second.id]);
    expect((await listNotes('USER', fx.username, '&pinned=true')).map((n) => n.id)).toEqual([first.id]);

    const editRes = await call('PATCH', `/api/notes/${second.id}`, { text: 'Called back: fine is being disputed' });
    expect(ZNote.parse(editRes.json()).text).toBe('Called back: fine is being disputed');
    // The same values again: nothing changes, no event.
    const sameRes = await call('PATCH', `/api/notes/${second.id}`, { text: 'Called back: fine is being disputed', pinned: false });
    expect(sameRes.statusCode).toBe(200);

    const del = await call('DELETE', `/api/notes/${second.id}`);
    expect(del.statusCode).toBe(204);
    expect((await listNotes('USER', fx.username)).map((n) => n.id)).toEqual([first.id]);
    expectEnvelope(await call('PATCH', `/api/notes/${second.id}`, { pinned: true }), 404, MESSAGE_IDS.noteNotFound);
    expect(expectEnvelope(await call('DELETE', `/api/notes/${second.id}`), 404, MESSAGE_IDS.noteNotFound).message).toBe(MESSAGES.noteNotFound);

    const written = await eventsSince(since);
    expect(written.map((e) => [e.type, e.actingUsername, e.affectedUsername, e.displayText])).toEqual([
      ['USER_ACTION', 'support', fx.username, 'Internal note added: Hard of hearing: reply by SMS'],
      ['USER_ACTION', 'support', fx.username, 'Internal note added: Promised a callback about the parking fine'],
      ['USER_ACTION', 'support', fx.username, 'Internal note pinned: Hard of hearing: reply by SMS'],
      ['USER_ACTION', 'support', fx.username, 'Internal note edited: Called back: fine is being disputed'],
      ['USER_ACTION', 'support', fx.username, 'Internal note deleted: Called back: fine is being disputed'],
    ]);
    expect(written.map((e) => e.textParts[0]?.id)).toEqual(['noteAdded', 'noteAdded', 'notePinned', 'noteEdited', 'noteDeleted']);
    expect(written[3]!.properties).toMatchObject({
      noteId: second.id,
      action: 'NOTE_EDITED',
      previousText: 'Promised a callback about the parking fine',
    });
  });

  it('files a booking note on the booking, its customer and its vehicle, and a vehicle note on the vehicle', async () => {
    const since = new Date();
    const bookingNote = await addNote({ subjectType: 'BOOKING', subjectId: fx.bid.toLowerCase(), text: 'Customer may return late', pinned: true });
    expect(bookingNote).toMatchObject({ subjectType: 'BOOKING', subjectId: fx.bid, pinned: true });
    const vehicleNote = await addNote({ subjectType: 'VEHICLE', subjectId: fx.vin.toLowerCase(), text: 'Boot lid sticks' });
    expect(vehicleNote).toMatchObject({ subjectType: 'VEHICLE', subjectId: fx.vin, pinned: false });
    expect((await listNotes('BOOKING', fx.bid)).map((n) => n.id)).toEqual([bookingNote.id]);
    expect((await listNotes('VEHICLE', fx.vin)).map((n) => n.id)).toEqual([vehicleNote.id]);
    // A note is on its own subject only.
    expect(await listNotes('USER', fx.otherCustomer)).toEqual([]);

    const both = ZNote.parse((await call('PATCH', `/api/notes/${bookingNote.id}`, { text: 'Customer returns at 10', pinned: false })).json());
    expect(both).toMatchObject({ text: 'Customer returns at 10', pinned: false });

    const written = await eventsSince(since);
    expect(written.map((e) => [e.type, e.bid, e.vin, e.affectedUsername, e.displayText])).toEqual([
      ['BOOKING_EVENT', fx.bid, fx.vin, fx.username, 'Internal note added and pinned: Customer may return late'],
      ['VEHICLE_ADMIN', null, fx.vin, null, 'Internal note added: Boot lid sticks'],
      ['BOOKING_EVENT', fx.bid, fx.vin, fx.username, 'Internal note edited: Customer returns at 10; unpinned'],
    ]);
  });

  it('shortens a long note in the event text and keeps it whole on the note', async () => {
    const since = new Date();
    const text = 'x'.repeat(NOTE_TEXT_MAX);
    const note = await addNote({ subjectType: 'USER', subjectId: fx.username, text });
    expect(note.text).toHaveLength(NOTE_TEXT_MAX);
    const [event] = await eventsSince(since);
    expect(event!.displayText).toBe(`Internal note added: ${'x'.repeat(199)}…`);
  });

  it('refuses bad input with a 400 envelope and writes nothing', async () => {
    const since = new Date();
    const tooLong = expectEnvelope(
      await call('POST', '/api/notes', { subjectType: 'USER', subjectId: fx.username, text: 'x'.repeat(NOTE_TEXT_MAX + 1) }),
      400,
      MESSAGE_IDS.invalidInput,
    );
    expect(tooLong.errors).toEqual([expect.objectContaining({ field: 'text', messageId: 'maxLength', params: { max: NOTE_TEXT_MAX } })]);
    expect(
      fieldsOf(
        expectEnvelope(await call('POST', '/api/notes', { subjectType: 'USER', subjectId: fx.username, text: '   ' }), 400, MESSAGE_IDS.invalidInput),
      ),
    ).toEqual(['text']);
    expect(
      fieldsOf(
        expectEnvelope(
          await call('POST', '/api/notes', { subjectType: 'USER', subjectId: fx.username, text: 'a\u0000b' }),
          400,
          MESSAGE_IDS.invalidInput,
        ),
      ),
    ).toEqual(['text']);
    expect(
      fieldsOf(
        expectEnvelope(
          await call('POST', '/api/notes', { subjectType: 'USER', subjectId: fx.username, text: 'bell\u0007' }),
          400,
          MESSAGE_IDS.invalidInput,
        ),
      ),
    ).toEqual(['text']);
    expect(
      fieldsOf(
        expectEnvelope(await call('POST', '/api/notes', { subjectType: 'COMPANY', subjectId: '1', text: 'hi' }), 400, MESSAGE_IDS.invalidInput),
      ),
    ).toEqual(['subjectType']);
    expect(fieldsOf(expectEnvelope(await call('POST', '/api/notes', { subjectType: 'USER', text: 'hi' }), 400, MESSAGE_IDS.invalidInput))).toEqual([
      'subjectId',
    ]);
    expectEnvelope(
      await call('POST', '/api/notes', { subjectType: 'USER', subjectId: fx.username, text: 'hi', pinned: 'yes' }),
      400,
      MESSAGE_IDS.invalidInput,
    );
    expectEnvelope(await call('GET', '/api/notes?subjectType=USER'), 400, MESSAGE_IDS.invalidInput);
    expectEnvelope(await call('PATCH', '/api/notes/abc', { pinned: true }), 400, MESSAGE_IDS.invalidInput);
    expectEnvelope(await call('PATCH', '/api/notes/99999999999', { pinned: true }), 400, MESSAGE_IDS.invalidInput);
    expectEnvelope(await call('DELETE', '/api/notes/0'), 400, MESSAGE_IDS.invalidInput);
    const note = await addNote({ subjectType: 'USER', subjectId: fx.username, text: 'kept' });
    // An empty patch changes nothing.
    const empty = await call('PATCH', `/api/notes/${note.id}`, {});
    expect(empty.statusCode, empty.body).toBe(200);
    expect(ZNote.parse(empty.json())).toEqual(note);
    // Unknown subjects are 404s of their kind.
    expectEnvelope(await call('POST', '/api/notes', { subjectType: 'USER', subjectId: 'nobody.here', text: 'hi' }), 404, MESSAGE_IDS.userNotFound);
    expectEnvelope(
      await call('POST', '/api/notes', { subjectType: 'BOOKING', subjectId: 'BID0000000000', text: 'hi' }),
      404,
      MESSAGE_IDS.bookingNotFound,
    );
    expectEnvelope(await call('GET', '/api/notes?subjectType=VEHICLE&subjectId=NOSUCHVIN'), 404, MESSAGE_IDS.vehicleNotFound);
    // Only the one valid note was written.
    expect((await eventsSince(since)).map((e) => e.displayText)).toEqual(['Internal note added: kept']);
    expect(await t.app.inject({ method: 'GET', url: `/api/notes?subjectType=USER&subjectId=${fx.username}` }).then((r) => r.statusCode)).toBe(401);
  });

  it("answers 404 for another operator's notes and subjects, and leaves them as they were", async () => {
    expectEnvelope(await call('PATCH', `/api/notes/${otherFleetNoteId}`, { text: 'mine now' }), 404, MESSAGE_IDS.noteNotFound);
    expectEnvelope(await call('DELETE', `/api/notes/${otherFleetNoteId}`), 404, MESSAGE_IDS.noteNotFound);
    expectEnvelope(await call('GET', `/api/notes?subjectType=USER&subjectId=${fx.otherFleetUser}`), 404, MESSAGE_IDS.userNotFound);
    expectEnvelope(
      await call('POST', '/api/notes', { subjectType: 'BOOKING', subjectId: fx.otherFleetBid, text: 'hi' }),
      404,
      MESSAGE_IDS.bookingNotFound,
    );
    expectEnvelope(
      await call('POST', '/api/notes', { subjectType: 'VEHICLE', subjectId: fx.otherFleetVin, text: 'hi' }),
      404,
      MESSAGE_IDS.vehicleNotFound,
    );
    const theirs = ZNoteListResponse.parse(
      (await call('GET', `/api/notes?subjectType=USER&subjectId=${fx.otherFleetUser}`, undefined, otherToken)).json(),
    );
    expect(theirs.map((n) => [n.id, n.text])).toEqual([[otherFleetNoteId, 'Malar note']]);
  });
});

describe('contacts', () => {
  it('logs a phone contact about a booking (its vehicle taken along), lists the open ones by assignee and resolves it', async () => {
    const since = new Date();
    const contact = await logContact(fx.username, {
      channel: 'PHONE',
      reason: 'PARKING_FINE',
      bid: fx.bid.toLowerCase(),
      note: '  Called about the fine from Tuesday ',
      assignee: 'ANNA.SUPPORT',
    });
    expect(contact).toMatchObject({
      username: fx.username,
      customerName: 'Kari Nordmann',
      channel: 'PHONE',
      reason: 'PARKING_FINE',
      bid: fx.bid,
      vin: fx.vin,
      note: 'Called about the fine from Tuesday',
      status: 'OPEN',
      assignee: 'anna.support',
      createdBy: 'support',
      resolvedAt: null,
      resolvedBy: null,
    });
    advanceTestClock(60_000);
    const other = await logContact(fx.otherCustomer, { channel: 'CHAT', reason: 'CANT_UNLOCK' });
    expect(other).toMatchObject({ bid: null, vin: null, note: null, assignee: null, status: 'OPEN' });

    const open = ZContactListResponse.parse((await call('GET', '/api/contacts?status=OPEN')).json());
    expect(open.map((c) => c.id)).toEqual([other.id, contact.id]);
    const annas = ZContactListResponse.parse((await call('GET', '/api/contacts?status=OPEN&assignee=anna.support')).json());
    expect(annas.map((c) => c.id)).toEqual([contact.id]);
    const karis = ZContactListResponse.parse((await call('GET', `/api/contacts?username=${fx.username.toUpperCase()}`)).json());
    expect(karis.map((c) => c.id)).toEqual([contact.id]);

    advanceTestClock(60_000);
    const resolvedAt = new Date();
    const res = await call('PATCH', `/api/contacts/${contact.id}`, { status: 'RESOLVED' });
    expect(res.statusCode, res.body).toBe(200);
    const resolved = ZContact.parse(res.json());
    expect(resolved).toMatchObject({ status: 'RESOLVED', resolvedBy: 'support', updatedBy: 'support' });
    expect(Date.parse(resolved.resolvedAt!)).toBeGreaterThanOrEqual(resolvedAt.getTime());
    expect(ZContactListResponse.parse((await call('GET', '/api/contacts?status=OPEN')).json()).map((c) => c.id)).toEqual([other.id]);
    expect(ZContactListResponse.parse((await call('GET', '/api/contacts?status=RESOLVED')).json()).map((c) => c.id)).toEqual([contact.id]);

    const reopened = ZContact.parse(
      (await call('PATCH', `/api/contacts/${contact.id}`, { status: 'OPEN', assignee: null, note: 'Fine paid twice' })).json(),
    );
    expect(reopened).toMatchObject({ status: 'OPEN', resolvedAt: null, resolvedBy: null, assignee: null, note: 'Fine paid twice' });
    // Nothing new: 200 and no event.
    expect((await call('PATCH', `/api/contacts/${contact.id}`, { status: 'OPEN' })).statusCode).toBe(200);

    const written = await eventsSince(since);
    expect(written.map((e) => [e.type, e.affectedUsername, e.bid, e.vin, e.displayText])).toEqual([
      ['USER_ACTION', fx.username, fx.bid, fx.vin, 'Contact logged: phone, parking fine (open)'],
      ['USER_ACTION', fx.otherCustomer, null, null, "Contact logged: chat, can't unlock (open)"],
      ['USER_ACTION', fx.username, fx.bid, fx.vin, `Contact #${contact.id} resolved`],
      [
        'USER_ACTION',
        fx.username,
        fx.bid,
        fx.vin,
        `Contact #${contact.id} reopened; contact #${contact.id} unassigned; contact #${contact.id} updated: note`,
      ],
    ]);
    expect(written[0]!.textParts).toEqual([
      {
        id: 'contactLogged',
        params: {
          channel: { of: 'contactChannel', value: 'PHONE' },
          reason: { of: 'contactReason', value: 'PARKING_FINE' },
          status: { of: 'contactStatus', value: 'OPEN' },
        },
      },
    ]);
  });

  it('logs a contact as resolved at once, and assigns it later', async () => {
    const contact = await logContact(fx.username, { channel: 'EMAIL', reason: 'BILLING_QUESTION', status: 'RESOLVED', vin: fx.vin });
    expect(contact).toMatchObject({ status: 'RESOLVED', resolvedBy: 'support', bid: null, vin: fx.vin });
    const since = new Date();
    const assigned = ZContact.parse((await call('PATCH', `/api/contacts/${contact.id}`, { assignee: 'support' })).json());
    expect(assigned.assignee).toBe('support');
    expect((await eventsSince(since)).map((e) => e.displayText)).toEqual([`Contact #${contact.id} assigned to support`]);
  });

  it('lists the enabled staff of the operator as assignees', async () => {
    const res = await call('GET', '/api/contacts/assignees');
    expect(ZContactAssigneesResponse.parse(res.json()).map((a) => a.username)).toEqual(['anna.support', 'support']);
  });

  it('refuses bad input with a 400 envelope and writes nothing', async () => {
    const since = new Date();
    const post = (payload: Record<string, unknown>, username = fx.username) => call('POST', `/api/users/${username}/contacts`, payload);
    expect(fieldsOf(expectEnvelope(await post({ channel: 'FAX', reason: 'ACCOUNT' }), 400, MESSAGE_IDS.invalidInput))).toEqual(['channel']);
    expect(fieldsOf(expectEnvelope(await post({ channel: 'PHONE', reason: 'BORED' }), 400, MESSAGE_IDS.invalidInput))).toEqual(['reason']);
    expect(fieldsOf(expectEnvelope(await post({ channel: 'PHONE' }), 400, MESSAGE_IDS.invalidInput))).toEqual(['reason']);
    const long = expectEnvelope(
      await post({ channel: 'PHONE', reason: 'OTHER', note: 'y'.repeat(NOTE_TEXT_MAX + 1) }),
      400,
      MESSAGE_IDS.invalidInput,
    );
    expect(long.errors).toEqual([expect.objectContaining({ field: 'note', messageId: 'maxLength' })]);
    expect(fieldsOf(expectEnvelope(await post({ channel: 'PHONE', reason: 'OTHER', note: 'nul\u0000' }), 400, MESSAGE_IDS.invalidInput))).toEqual([
      'note',
    ]);
    expect(fieldsOf(expectEnvelope(await post({ channel: 'PHONE', reason: 'OTHER', status: 'CLOSED' }), 400, MESSAGE_IDS.invalidInput))).toEqual([
      'status',
    ]);
    const notTheirs = expectEnvelope(await post({ channel: 'PHONE', reason: 'OTHER', bid: fx.otherBid }), 400, MESSAGE_IDS.invalidInput);
    expect(notTheirs.errors).toEqual([expect.objectContaining({ field: 'bid', messageId: 'noSuchBookingId' })]);
    const otherFleetBid = expectEnvelope(await post({ channel: 'PHONE', reason: 'OTHER', bid: fx.otherFleetBid }), 400, MESSAGE_IDS.invalidInput);
    expect(otherFleetBid.errors).toEqual([expect.objectContaining({ field: 'bid', messageId: 'noSuchBookingId' })]);
    const otherFleetVin = expectEnvelope(await post({ channel: 'PHONE', reason: 'OTHER', vin: fx.otherFleetVin }), 400, MESSAGE_IDS.invalidInput);
    expect(otherFleetVin.errors).toEqual([expect.objectContaining({ field: 'vin', messageId: 'vehicleNotFound' })]);
    for (const assignee of ['gone.support', fx.otherCustomer, 'support.se']) {
      const body = expectEnvelope(await post({ channel: 'PHONE', reason: 'OTHER', assignee }), 400, MESSAGE_IDS.invalidInput);
      expect(body.errors, assignee).toEqual([expect.objectContaining({ field: 'assignee', messageId: 'staffNotFound' })]);
    }
    expectEnvelope(await post({ channel: 'PHONE', reason: 'OTHER' }, 'nobody.here'), 404, MESSAGE_IDS.userNotFound);
    expectEnvelope(await call('GET', '/api/contacts?status=DONE'), 400, MESSAGE_IDS.invalidInput);
    expectEnvelope(await call('GET', '/api/contacts?limit=0'), 400, MESSAGE_IDS.invalidInput);
    expectEnvelope(await call('PATCH', '/api/contacts/x1', { status: 'RESOLVED' }), 400, MESSAGE_IDS.invalidInput);
    expectEnvelope(await call('PATCH', '/api/contacts/2147483648', { status: 'RESOLVED' }), 400, MESSAGE_IDS.invalidInput);
    expect(expectEnvelope(await call('PATCH', '/api/contacts/2147483647', { status: 'RESOLVED' }), 404, MESSAGE_IDS.contactNotFound).message).toBe(
      MESSAGES.contactNotFound,
    );
    const contact = await logContact(fx.username, { channel: 'OTHER', reason: 'OTHER' });
    const empty = await call('PATCH', `/api/contacts/${contact.id}`, {});
    expect(empty.statusCode, empty.body).toBe(200);
    expect(ZContact.parse(empty.json())).toEqual(contact);
    expectEnvelope(await call('PATCH', `/api/contacts/${contact.id}`, { assignee: 'gone.support' }), 400, MESSAGE_IDS.invalidInput);
    expect((await eventsSince(since)).map((e) => e.textParts[0]?.id)).toEqual(['contactLogged']);
  });

  it("answers 404 for another operator's contacts and customers, and keeps them out of the lists", async () => {
    expectEnvelope(await call('PATCH', `/api/contacts/${otherFleetContactId}`, { status: 'RESOLVED' }), 404, MESSAGE_IDS.contactNotFound);
    expectEnvelope(
      await call('POST', `/api/users/${fx.otherFleetUser}/contacts`, { channel: 'PHONE', reason: 'OTHER' }),
      404,
      MESSAGE_IDS.userNotFound,
    );
    const ours = ZContactListResponse.parse((await call('GET', '/api/contacts')).json());
    expect(ours.some((c) => c.id === otherFleetContactId)).toBe(false);
    expect(ours.every((c) => c.username !== fx.otherFleetUser)).toBe(true);
    const theirs = ZContactListResponse.parse((await call('GET', '/api/contacts', undefined, otherToken)).json());
    expect(theirs.map((c) => [c.id, c.status])).toEqual([[otherFleetContactId, 'OPEN']]);
    const theirAssignees = ZContactAssigneesResponse.parse((await call('GET', '/api/contacts/assignees', undefined, otherToken)).json());
    expect(theirAssignees.map((a) => a.username)).toEqual(['support.se']);
    // Nothing was written to their events by our attempts.
    const their = await db
      .select()
      .from(events)
      .where(and(eq(events.fleetId, 'malar'), eq(events.actingUsername, 'support')));
    expect(their).toEqual([]);
  });
});
