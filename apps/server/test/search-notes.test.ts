import {
  SEARCH_NOTES_LIMIT,
  ZSearchBookingsPage,
  ZSearchUsersPage,
  ZSearchVehiclesPage,
  ZSupportSearchResponse,
  type SupportSearchResponse,
} from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { advanceTestClock, setTestNow } from './support/clock.ts';
import { createTwoOperatorScene } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

// Issue 18 point 2: notes are searchable from the support search, and hits carry their pinned notes.
setTestNow('2026-03-10T08:05:00+01:00');

let t: TestApp;
let db: Db;
let token: string;
let otherToken: string;
const fx = { username: 'kari.searchnotes', bid: '', vin: '', registration: '' };

async function search(query: string, as = token): Promise<SupportSearchResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?${query}`, headers: { authorization: authToken(as) } });
  expect(res.statusCode, res.body).toBe(200);
  return ZSupportSearchResponse.parse(res.json());
}
async function addNote(subjectType: string, subjectId: string, text: string, pinned = false, as = token) {
  advanceTestClock(60_000);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/notes',
    headers: { authorization: authToken(as) },
    payload: { subjectType, subjectId, text, pinned },
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const {
    vehicle,
    booking,
    otherFleetCustomer: lena,
  } = await createTwoOperatorScene(db, {
    customer: { username: fx.username, givenName: 'Kari', familyName: 'Sokedal' },
    otherFleetCustomer: 'lena.searchnotes',
    start: new Date(Date.now() - 3_600_000),
    end: new Date(Date.now() + 3_600_000),
  });
  fx.vin = vehicle.vin;
  fx.registration = vehicle.registrationNumber;
  fx.bid = booking.bid;
  token = await login(t.app, 'support', 'support-demo');
  otherToken = await login(t.app, 'support.se', 'support-demo');
  await addNote('USER', fx.username, 'Hard of hearing: reply by SMS.', true);
  await addNote('BOOKING', fx.bid, 'Charging cable missing at pick-up, 50% off agreed.');
  await addNote('VEHICLE', fx.vin, 'Scratch on the rear bumper; charging cable missing too.', true);
  await addNote('USER', lena.username, 'Charging cable lost in Malmö', false, otherToken);
});
afterAll(() => t.close());

describe('notes in the support search', () => {
  it("finds the operator's notes containing the phrase in any case, pinned first, with their subject", async () => {
    const { notes } = await search('search=CHARGING%20cable');
    expect(notes.map((n) => [n.subjectType, n.subjectId, n.subjectLabel, n.pinned])).toEqual([
      ['VEHICLE', fx.vin, fx.registration, true],
      ['BOOKING', fx.bid, fx.bid, false],
    ]);
    expect(notes[1]).toMatchObject({ text: 'Charging cable missing at pick-up, 50% off agreed.', createdBy: 'support' });
    const [user] = (await search('search=reply%20by%20sms')).notes;
    expect(user).toMatchObject({ subjectType: 'USER', subjectId: fx.username, subjectLabel: 'Sokedal, Kari' });
  });

  it('matches wildcards literally, needs three characters, and never shows another operator their notes', async () => {
    expect((await search('search=50%25%20off')).notes.map((n) => n.subjectId)).toEqual([fx.bid]);
    expect((await search('search=5_%25')).notes).toEqual([]);
    expect((await search('search=ca')).notes).toEqual([]);
    expect((await search('search=Malm%C3%B6')).notes).toEqual([]);
    expect((await search('search=Malm%C3%B6', otherToken)).notes.map((n) => n.subjectId)).toEqual(['lena.searchnotes']);
    expect(SEARCH_NOTES_LIMIT).toBe(5);
  });

  it("gives each hit's pinned notes with the answer, and none for hits without", async () => {
    const found = await search(`search=${fx.username}`);
    expect(found.users.results.map((u) => u.username)).toEqual([fx.username]);
    expect(found.bookings.active.results.map((b) => b.bid)).toEqual([fx.bid]);
    // The user's pinned note; the booking's note is not pinned, the vehicle is not a hit of this search.
    expect(found.pinnedNotes).toEqual([
      { subjectType: 'USER', subjectId: fx.username, text: 'Hard of hearing: reply by SMS.', createdBy: 'support' },
    ]);
    const byVehicle = await search(`search=${fx.vin}`);
    expect(byVehicle.pinnedNotes.map((n) => [n.subjectType, n.subjectId])).toEqual([['VEHICLE', fx.vin]]);
    expect((await search('search=nothing-matches-this')).pinnedNotes).toEqual([]);
  });

  it('gives the pinned notes of a load-more page with that page', async () => {
    const get = async (path: string) => {
      const res = await t.app.inject({ method: 'GET', url: path, headers: { authorization: authToken(token) } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as unknown;
    };
    const users = ZSearchUsersPage.parse(await get(`/api/search/users?search=${fx.username}`));
    expect(users.pinnedNotes?.map((n) => [n.subjectType, n.subjectId, n.text])).toEqual([['USER', fx.username, 'Hard of hearing: reply by SMS.']]);
    const vehiclesPage = ZSearchVehiclesPage.parse(await get(`/api/search/vehicles?search=${fx.vin}`));
    expect(vehiclesPage.pinnedNotes?.map((n) => n.subjectId)).toEqual([fx.vin]);
    // The booking's note is not pinned: its page carries none.
    const bookingsPage = ZSearchBookingsPage.parse(await get(`/api/search/bookings?search=${fx.username}&group=active`));
    expect(bookingsPage.results.map((b) => b.bid)).toEqual([fx.bid]);
    expect(bookingsPage.pinnedNotes).toEqual([]);
  });
});
