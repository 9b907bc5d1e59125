import {
  MESSAGE_IDS,
  MESSAGES,
  VEHICLE_BOOKINGS_INITIAL_WINDOW_MS,
  ZErrorEnvelope,
  ZEventSearchResponse,
  ZStatusForResponse,
  ZVehicle,
  ZVehicleBookingsResponse,
  ZVehicleListResponse,
  ZVehicleStatus,
} from '@fleetdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, vehicles } from '../src/db/schema.ts';
import {
  createAlarm,
  createBooking,
  createContract,
  createFleet,
  createPool,
  createStaff,
  createUser,
  createVehicle,
  createVehicleStatus,
} from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const EL = { reg: 'EL 12345', vin: 'WVWZZZE1ZPP012345' };
const AB = { reg: 'AB 12345', vin: 'VNKKAH3A3PA012345' };
const BS = { reg: 'BS 20001', vin: 'TMBJJ7NX1NP020001' };
const EK = { reg: 'EK 54321', vin: 'XP7YGCEK1RB054321' };
const MALAR = { reg: 'ABC 123', vin: 'WVWZZZE1ZRP123456' };
const LPS = { reg: 'EB 40404', vin: 'LPSED3KA1RN040404' };
const UNKNOWN_VIN = 'ZZZZZZZZZZZZZZZZZ';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let token: string;
let seToken: string;
/** The fixture's bookings: EL 12345's running one, LPS's overdue one. */
const bid = { active: '', overdue: '' };
/** VINs of the fixture's vehicles by what a test looks for. */
const vins = { polestar: [] as string[], bergen: [] as string[], hidden: '', visible: [] as string[] };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const now = Date.now();
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  const grunerlokka = await createPool(db, 'fjord', { name: 'Grünerløkka', city: 'Oslo' });
  const majorstuen = await createPool(db, 'fjord', { name: 'Majorstuen', city: 'Oslo' });
  const bryggen = await createPool(db, 'fjord', { name: 'Bryggen', city: 'Bergen' });
  const vehicle = async (v: { reg: string; vin?: string }, poolId: number, modelName = 'VW ID.3', over: Parameters<typeof createVehicle>[2] = {}) => {
    const row = await createVehicle(db, 'fjord', {
      ...(v.vin ? { vin: v.vin } : {}),
      registrationNumber: v.reg,
      longPresentation: `${modelName} (${v.reg})`,
      modelName,
      poolId,
      ...over,
    });
    if (!row.hidden) vins.visible.push(row.vin);
    if (modelName.startsWith('Polestar')) vins.polestar.push(row.vin);
    if (poolId === bryggen.id) vins.bergen.push(row.vin);
    return row;
  };
  const el = await vehicle(EL, grunerlokka.id);
  await createVehicleStatus(db, el.id);
  const ab = await vehicle(AB, grunerlokka.id, 'Polestar 2', { publicNote: 'Charging cable in the boot' });
  await createVehicleStatus(db, ab.id, { carBatteryVoltage: 11.4 });
  await createAlarm(db, 'fjord', { name: 'EXTERNAL_BATTERY', vehicleId: ab.id, primaryObject: AB.reg });
  await vehicle({ reg: 'EV 70002' }, bryggen.id, 'Polestar 2');
  await vehicle(BS, majorstuen.id, 'Skoda Enyaq'); // has never reported a status
  const ek = await vehicle(EK, bryggen.id, 'Hyundai Kona');
  await createVehicleStatus(db, ek.id);
  const lps = await vehicle(LPS, majorstuen.id, 'Cargo bike', { category: 'BIKE' });
  for (let i = 1; i <= 6; i++) await vehicle({ reg: `EL 5000${i}` }, majorstuen.id);
  vins.hidden = (await vehicle({ reg: 'EL 99999' }, grunerlokka.id, 'VW ID.3', { hidden: true })).vin;

  const user = await createUser(db, 'fjord', { username: 'demo.active' });
  const contract = await createContract(db, 'fjord');
  const booking = (vehicleId: number, over: Parameters<typeof createBooking>[3]) =>
    createBooking(db, 'fjord', { userId: user.id, contractId: contract.id, poolId: grunerlokka.id, vehicleId }, over);
  const at = (startIn: number, endIn: number) => ({ startTime: new Date(now + startIn), endTime: new Date(now + endIn) });
  bid.active = (await booking(el.id, { state: 'ACTIVE', ...at(-HOUR, 3 * HOUR) })).bid;
  await booking(el.id, { state: 'FINISHED', ...at(-2 * DAY, -2 * DAY + 2 * HOUR) });
  await booking(el.id, { state: 'FINISHED', ...at(-10 * DAY, -10 * DAY + 2 * HOUR) }); // before the default window
  await booking(el.id, { state: 'CANCELLED', ...at(DAY, DAY + 2 * HOUR) });
  await booking(el.id, { state: 'INACTIVE', ...at(2 * DAY, 2 * DAY + 2 * HOUR) });
  await booking(el.id, { state: 'INACTIVE', ...at(5 * DAY, 5 * DAY + 2 * HOUR) }); // after it
  // Should have ended four days ago: overdue, still in the default window.
  bid.overdue = (await booking(lps.id, { state: 'ACTIVE', vehicleCategory: 'BIKE', ...at(-5 * DAY, -4 * DAY) })).bid;

  const theirs = await createVehicle(db, 'malar', { vin: MALAR.vin, registrationNumber: MALAR.reg, longPresentation: `VW ID.3 (${MALAR.reg})` });
  await createVehicleStatus(db, theirs.id);

  token = await login(t.app, 'support', 'support-demo');
  seToken = await login(t.app, 'support.se', 'support-demo');
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, payload?: unknown, as = token) =>
  t.app.inject({ method, url, headers: { authorization: authToken(as) }, ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (url: string, as = token) => call('GET', url, undefined, as);
const byVin = (vin: string, rest = '') => `/api/vehicles/by-vin/${encodeURIComponent(vin)}${rest}`;
const search = (params: Record<string, string | number>) =>
  get(`/api/vehicles?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`);

async function vehicleEvents(vin: string) {
  const res = await get(`/api/events?vin=${encodeURIComponent(vin)}&types=VEHICLE_ADMIN`);
  expect(res.statusCode).toBe(200);
  return ZEventSearchResponse.parse(res.json()).results;
}

describe('GET /api/vehicles', () => {
  it('finds a vehicle by registration number, with or without the space, and by VIN', async () => {
    for (const query of ['EL 12345', 'el12345', 'WVWZZZE1ZPP012345', 'zpp0123']) {
      const res = await search({ query });
      expect(res.statusCode, query).toBe(200);
      const body = ZVehicleListResponse.parse(res.json());
      expect(
        body.results.map((v) => v.vin),
        query,
      ).toContain(EL.vin);
      expect(body.currentPage).toBe(0);
    }
  });

  it('matches model name, long presentation, pool and city, every word of a phrase', async () => {
    const polestar = ZVehicleListResponse.parse((await search({ query: 'polestar', pageSize: 100 })).json()).results;
    expect(polestar.map((v) => v.vin).sort()).toEqual([...vins.polestar].sort());
    for (const v of polestar) expect(`${v.modelName} ${v.longPresentation}`.toLowerCase()).toContain('polestar');

    const bergen = ZVehicleListResponse.parse((await search({ query: 'Bergen', pageSize: 100 })).json()).results;
    expect(bergen.map((v) => v.vin).sort()).toEqual([...vins.bergen].sort());
    for (const v of bergen) expect(v.pool?.city).toBe('Bergen');

    const pool = ZVehicleListResponse.parse((await search({ query: 'Grünerløkka', pageSize: 100 })).json()).results;
    expect(pool.map((v) => v.vin)).toContain(EL.vin);
    for (const v of pool) expect(v.pool?.pool).toContain('Grünerløkka');

    // Two words, both must match: the pool's city and the model.
    const both = ZVehicleListResponse.parse((await search({ query: 'Oslo Polestar', pageSize: 100 })).json()).results;
    expect(both.map((v) => v.vin)).toEqual([AB.vin]);
    for (const v of both) {
      expect(v.pool?.city).toBe('Oslo');
      expect(`${v.modelName} ${v.longPresentation}`.toLowerCase()).toContain('polestar');
    }
  });

  it("answers 404 'no hits for vehicles' for an unknown text and for another operator's vehicle", async () => {
    for (const query of ['NO-SUCH-CAR-42', MALAR.reg, MALAR.vin, '%']) {
      const res = await search({ query });
      expect(res.statusCode, query).toBe(404);
      expect(ZErrorEnvelope.parse(res.json())).toMatchObject({
        httpCode: 404,
        messageId: MESSAGE_IDS.noHitsForVehicles,
        message: MESSAGES.noHitsForVehicles,
      });
    }
    // The other operator finds its own vehicle.
    const theirs = await get(`/api/vehicles?query=${encodeURIComponent(MALAR.reg)}`, seToken);
    expect(theirs.statusCode).toBe(200);
    expect(ZVehicleListResponse.parse(theirs.json()).results.map((v) => v.vin)).toContain(MALAR.vin);
  });

  it("lists the operator's vehicles without a query, in pages, without hidden ones", async () => {
    const first = ZVehicleListResponse.parse((await search({ pageSize: 10 })).json());
    expect(first.results).toHaveLength(10);
    expect(first.moreResults).toBe(true);
    const second = ZVehicleListResponse.parse((await search({ pageSize: 10, page: 1 })).json());
    expect(second.currentPage).toBe(1);
    const firstVins = new Set(first.results.map((v) => v.vin));
    for (const v of second.results) expect(firstVins.has(v.vin)).toBe(false);

    const all = ZVehicleListResponse.parse((await search({ pageSize: 100 })).json());
    expect(all.moreResults).toBe(false);
    for (const v of all.results) expect(v.fleet).toBe('fjord');
    const hidden = await t.database.db
      .select({ vin: vehicles.vin })
      .from(vehicles)
      .where(and(eq(vehicles.fleetId, 'fjord'), eq(vehicles.hidden, true)));
    expect(hidden.map((h) => h.vin)).toEqual([vins.hidden]);
    const listed = new Set(all.results.map((v) => v.vin));
    for (const h of hidden) expect(listed.has(h.vin)).toBe(false);
    const visible = await t.database.db
      .select({ vin: vehicles.vin })
      .from(vehicles)
      .where(and(eq(vehicles.fleetId, 'fjord'), eq(vehicles.hidden, false)));
    expect(all.results).toHaveLength(visible.length);
    expect(all.results.map((v) => v.vin).sort()).toEqual([...vins.visible].sort());
  });

  it('narrows to one pool', async () => {
    const el = ZVehicle.parse((await get(byVin(EL.vin))).json());
    const poolId = el.pool?.poolId;
    expect(poolId).toBeTypeOf('number');
    const res = await search({ pool: poolId!, pageSize: 100 });
    expect(res.statusCode).toBe(200);
    const body = ZVehicleListResponse.parse(res.json());
    expect(body.results.map((v) => v.vin)).toContain(EL.vin);
    for (const v of body.results) expect(v.pool?.poolId).toBe(poolId);
    // A query that matches nothing in that pool is no hit.
    expect((await search({ pool: poolId!, query: EK.reg })).statusCode).toBe(404);
  });

  it('refuses bad paging and needs a session', async () => {
    expect((await search({ pageSize: 0 })).statusCode).toBe(400);
    expect((await search({ page: -1 })).statusCode).toBe(400);
    expect((await search({ pool: 'abc' })).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/vehicles' });
    expect(anonymous.statusCode).toBe(401);
    expect(ZErrorEnvelope.parse(anonymous.json()).httpCode).toBe(401);
  });
});

describe('GET /api/vehicles/by-vin/{vin}', () => {
  it('answers the §3 vehicle, matching the VIN in any case', async () => {
    const res = await get(byVin(EL.vin.toLowerCase()));
    expect(res.statusCode).toBe(200);
    const v = ZVehicle.parse(res.json());
    expect(v).toMatchObject({ vin: EL.vin, registrationNumber: EL.reg, fleet: 'fjord', activeBookingBid: bid.active });
    expect(v.pool?.pool).toContain('Grünerløkka');
  });

  it("answers 404 for an unknown VIN and for another operator's on every by-vin call", async () => {
    const urls: [Method, string, unknown?][] = [
      ['GET', ''],
      ['PUT', '', { publicNote: 'x' }],
      ['PUT', '/parkingPlaceInfo', { parkingPlaceInfo: 'x' }],
      ['GET', '/status'],
      ['GET', '/bookings'],
      ['GET', '/journal'],
      ['GET', '/journal.xls'],
    ];
    for (const vin of [MALAR.vin, UNKNOWN_VIN]) {
      for (const [method, rest, body] of urls) {
        const res = await call(method, byVin(vin, rest), body);
        expect(res.statusCode, `${method} ${rest} ${vin}`).toBe(404);
        expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.vehicleNotFound);
      }
    }
    // Nothing of theirs changed.
    const [theirs] = await t.database.db.select().from(vehicles).where(eq(vehicles.vin, MALAR.vin));
    expect(theirs?.publicNote).not.toBe('x');
    expect(theirs?.currentParkingPlaceInfo).not.toBe('x');
  });
});

describe('PUT /api/vehicles/by-vin/{vin} (public note)', () => {
  it('updates the note, answers the vehicle and logs old and new', async () => {
    const before = ZVehicle.parse((await get(byVin(AB.vin))).json());
    const res = await call('PUT', byVin(AB.vin), { publicNote: '  Key in the glove box  ' });
    expect(res.statusCode).toBe(200);
    expect(ZVehicle.parse(res.json()).publicNote).toBe('Key in the glove box');
    expect(ZVehicle.parse((await get(byVin(AB.vin))).json()).publicNote).toBe('Key in the glove box');

    const event = (await vehicleEvents(AB.vin)).find((e) => e.displayText.startsWith('Public note updated'));
    expect(event).toMatchObject({ type: 'VEHICLE_ADMIN', typeGroup: 'VEHICLE', vin: AB.vin, actingUsername: 'support' });
    expect(event?.properties).toMatchObject({ oldValue: before.publicNote, newValue: 'Key in the glove box' });
  });

  it('clears the note with null or blank text', async () => {
    const res = await call('PUT', byVin(AB.vin), { publicNote: '   ' });
    expect(res.statusCode).toBe(200);
    expect(ZVehicle.parse(res.json()).publicNote).toBeNull();
    expect((await vehicleEvents(AB.vin)).some((e) => e.displayText === 'Public note removed')).toBe(true);
  });

  it('refuses a missing or too long note without changing anything', async () => {
    const before = ZVehicle.parse((await get(byVin(EL.vin))).json()).publicNote;
    for (const body of [{}, { publicNote: 'x'.repeat(1001) }, { publicNote: 42 }]) {
      const res = await call('PUT', byVin(EL.vin), body);
      expect(res.statusCode).toBe(400);
      expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
    expect(ZVehicle.parse((await get(byVin(EL.vin))).json()).publicNote).toBe(before);
  });
});

describe('PUT /api/vehicles/by-vin/{vin}/parkingPlaceInfo', () => {
  it('answers 204, stores the info and logs it', async () => {
    const res = await call('PUT', byVin(EK.vin, '/parkingPlaceInfo'), { parkingPlaceInfo: 'P2, space 114' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(ZVehicle.parse((await get(byVin(EK.vin))).json()).currentParkingPlaceInfo).toBe('P2, space 114');
    const event = (await vehicleEvents(EK.vin)).find((e) => e.displayText === 'Parking place info updated: P2, space 114');
    expect(event?.properties).toMatchObject({ newValue: 'P2, space 114' });
  });

  it('refuses a body without the field', async () => {
    const res = await call('PUT', byVin(EK.vin, '/parkingPlaceInfo'), { parking: 'x' });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/vehicles/by-vin/{vin}/status', () => {
  it('answers the status with the alarm flags', async () => {
    const res = await get(byVin(AB.vin, '/status'));
    expect(res.statusCode).toBe(200);
    const status = ZVehicleStatus.parse(res.json());
    expect(status.vin).toBe(AB.vin);
    expect(status.carBatteryVoltage).toBeCloseTo(11.4, 1);
    expect(status.alarms.find((a) => a.name === 'EXTERNAL_BATTERY')?.triggered).toBe(true);
    expect(status.alarms.map((a) => a.name).sort()).toEqual(['EXTERNAL_BATTERY', 'FUEL', 'KEY_HOLDER']);
  });

  it('answers 404 while the vehicle has reported no status', async () => {
    const res = await get(byVin(BS.vin, '/status'));
    expect(res.statusCode).toBe(404);
    expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.notFound);
  });
});

describe('GET /api/vehicles/statusFor', () => {
  it("answers the statuses of the operator's VINs only, in the order asked", async () => {
    const res = await get(`/api/vehicles/statusFor?vin=${EK.vin}&vin=${MALAR.vin}&vin=${BS.vin}&vin=${UNKNOWN_VIN}&vin=${EL.vin.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(ZStatusForResponse.parse(res.json()).map((s) => s.vin)).toEqual([EK.vin, EL.vin]);
  });

  it('takes a comma separated list and ignores repeats', async () => {
    const res = await get(`/api/vehicles/statusFor?vin=${EL.vin},${AB.vin},${EL.vin}`);
    expect(ZStatusForResponse.parse(res.json()).map((s) => s.vin)).toEqual([EL.vin, AB.vin]);
    // The other operator sees its own vehicle and none of ours.
    const theirs = await get(`/api/vehicles/statusFor?vin=${EL.vin},${MALAR.vin}`, seToken);
    expect(ZStatusForResponse.parse(theirs.json()).map((s) => s.vin)).toEqual([MALAR.vin]);
  });

  it('refuses no VIN and more than 100', async () => {
    expect((await get('/api/vehicles/statusFor')).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => `VIN${String(i).padStart(14, '0')}`).join(',');
    const res = await get(`/api/vehicles/statusFor?vin=${many}`);
    expect(res.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(res.json()).errors[0]?.field).toBe('vin');
    const hundred = Array.from({ length: 100 }, (_, i) => `VIN${String(i).padStart(14, '0')}`).join(',');
    expect((await get(`/api/vehicles/statusFor?vin=${hundred}`)).statusCode).toBe(200);
  });
});

describe('GET /api/vehicles/by-vin/{vin}/bookings', () => {
  it('answers the bookings overlapping now ± 3 days by default, start ascending', async () => {
    const before = Date.now();
    const res = await get(byVin(EL.vin, '/bookings'));
    expect(res.statusCode).toBe(200);
    const rows = ZVehicleBookingsResponse.parse(res.json());
    expect(rows.map((b) => b.bid)).toContain(bid.active);
    // The finished booking two days ago and the one in two days; not the cancelled one, nor those outside ± 3 days.
    expect(rows.map((b) => b.state)).toEqual(['FINISHED', 'ACTIVE', 'INACTIVE']);
    const starts = rows.map((b) => Date.parse(b.startTime));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    for (const b of rows) {
      expect(b.vehicle?.vin).toBe(EL.vin);
      expect(b.state).not.toBe('CANCELLED');
      expect(Date.parse(b.startTime)).toBeLessThan(Date.now() + VEHICLE_BOOKINGS_INITIAL_WINDOW_MS);
      if (b.state !== 'ACTIVE') expect(Date.parse(b.endTime)).toBeGreaterThan(before - VEHICLE_BOOKINGS_INITIAL_WINDOW_MS);
    }
  });

  it('keeps an overdue active booking in the window', async () => {
    const res = await get(byVin(LPS.vin, '/bookings'));
    expect(ZVehicleBookingsResponse.parse(res.json()).map((b) => b.bid)).toEqual([bid.overdue]);
  });

  it('answers only what overlaps an explicit window', async () => {
    const [vehicle] = await t.database.db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.vin, EL.vin));
    const finished = await t.database.db
      .select({ bid: bookings.bid, start: bookings.startTime, end: bookings.endTime })
      .from(bookings)
      .where(and(eq(bookings.allocatedVehicleId, vehicle!.id), eq(bookings.state, 'FINISHED')))
      .orderBy(asc(bookings.startTime))
      .limit(1);
    const target = finished[0];
    expect(target).toBeDefined();
    // A window of one hour inside that booking, far from now.
    const start = new Date(target!.start.getTime() + 60_000);
    const end = new Date(start.getTime() + 3_600_000);
    const res = await get(`${byVin(EL.vin, '/bookings')}?startDate=${start.toISOString()}&endDate=${end.toISOString()}`);
    expect(res.statusCode).toBe(200);
    const rows = ZVehicleBookingsResponse.parse(res.json());
    expect(rows.map((b) => b.bid)).toContain(target!.bid);
    expect(rows.map((b) => b.bid)).not.toContain(bid.active);
    for (const b of rows) {
      expect(Date.parse(b.startTime)).toBeLessThan(end.getTime());
      expect(Math.max(Date.parse(b.usageEnd ?? b.endTime), Date.parse(b.endTime))).toBeGreaterThan(start.getTime());
    }
  });

  it('refuses an end before the start, a window over 31 days and a bad date', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const bad = [
      `startDate=${iso(now)}&endDate=${iso(now - 3_600_000)}`,
      `startDate=${iso(now)}&endDate=${iso(now)}`,
      `startDate=${iso(now)}&endDate=${iso(now + 40 * 24 * 3_600_000)}`,
      'startDate=yesterday',
    ];
    for (const q of bad) {
      const res = await get(`${byVin(EL.vin, '/bookings')}?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(ZErrorEnvelope.parse(res.json()).httpCode).toBe(400);
    }
  });
});
