import { MESSAGE_IDS, PALETTE_PER_KIND, ZErrorEnvelope, ZPaletteResponse, type PaletteKind } from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBooking,
  createCompany,
  createContract,
  createFleet,
  createPayment,
  createPool,
  createStaff,
  createUser,
  createVehicle,
} from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/** Issue 19 point 1: GET /api/search/palette (docs/decisions/0067-command-palette.md), on factories of its own. */
let t: TestApp;
let token: string;
let bid: string;
let orderId: string;
let companyId: number;
let vin: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  const user = await createUser(db, 'fjord', { username: 'kari.solberg', givenName: 'Kari', familyName: 'Solberg' });
  const pool = await createPool(db, 'fjord', { name: 'Solberg Torg', city: 'Drammen' });
  const contract = await createContract(db, 'fjord');
  const vehicle = await createVehicle(db, 'fjord', { registrationNumber: 'SO 40001', longPresentation: 'VW ID.3 (SO 40001)' });
  vin = vehicle.vin;
  const booking = await createBooking(db, 'fjord', { userId: user.id, contractId: contract.id, poolId: pool.id, vehicleId: vehicle.id });
  bid = booking.bid;
  companyId = (await createCompany(db, 'fjord', { name: 'Solberg Snekkeri AS' })).id;
  orderId = (await createPayment(db, 'fjord', { bookingId: booking.id, userId: user.id }, { orderId: 'SOL7770001' })).orderId;
  // Another operator's records with the same words: never in this operator's palette.
  await createUser(db, 'malar', { username: 'sven.solberg', givenName: 'Sven', familyName: 'Solberg' });
  await createPool(db, 'malar', { name: 'Solberg Centrum', city: 'Solna' });
  await createCompany(db, 'malar', { name: 'Solberg Bygg AB' });
  await createPayment(db, 'malar', {}, { orderId: 'SOL7770002' });
  token = await login(t.app, 'support', 'support-demo');
});

afterAll(() => t.close());

const palette = async (q: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/search/palette?q=${encodeURIComponent(q)}`,
    headers: { authorization: authToken(token) },
  });
  return { status: response.statusCode, body: response.json() as unknown };
};
const kinds = (items: { kind: PaletteKind }[]) => items.map((item) => item.kind);

describe('GET /api/search/palette', () => {
  it("finds the operator's user, pool and company by a word of their names, with each record's link, and nothing of another operator", async () => {
    const { status, body } = await palette('solberg');
    expect(status).toBe(200);
    const { items } = ZPaletteResponse.parse(body);
    expect(items).toContainEqual({
      kind: 'USER',
      key: 'kari.solberg',
      title: 'Solberg, Kari',
      username: 'kari.solberg',
      href: '/users/kari.solberg',
    });
    expect(items).toContainEqual({
      kind: 'POOL',
      key: expect.any(String),
      title: 'Solberg Torg',
      city: 'Drammen',
      href: '/pools?city=Drammen&pool=Solberg+Torg',
    });
    expect(items).toContainEqual({
      kind: 'COMPANY',
      key: String(companyId),
      title: 'Solberg Snekkeri AS',
      companyType: 'CORPORATE',
      href: `/companies/${companyId}`,
    });
    // The customer's booking comes with the user, as in the support search.
    expect(items).toContainEqual({
      kind: 'BOOKING',
      key: bid,
      title: bid,
      customer: 'Solberg, Kari',
      registrationNumber: 'SO 40001',
      pool: 'Solberg Torg',
      href: `/booking/${bid}`,
    });
    const text = JSON.stringify(items);
    expect(text).not.toContain('sven.solberg');
    expect(text).not.toContain('Solberg Centrum');
    expect(text).not.toContain('Solberg Bygg');
    // Kinds in a fixed order: users, bookings, vehicles, pools, companies, payments.
    const order = kinds(items);
    expect(order.indexOf('USER')).toBeLessThan(order.indexOf('BOOKING'));
    expect(order.indexOf('BOOKING')).toBeLessThan(order.indexOf('POOL'));
    expect(order.indexOf('POOL')).toBeLessThan(order.indexOf('COMPANY'));
  });

  it('finds a booking by its BID, a vehicle by its registration and a payment by the start of its order id', async () => {
    const byBid = ZPaletteResponse.parse((await palette(bid)).body).items;
    expect(byBid.find((item) => item.kind === 'BOOKING')).toMatchObject({ key: bid, title: bid, href: `/booking/${bid}` });
    const byReg = ZPaletteResponse.parse((await palette('SO 40001')).body).items;
    expect(byReg.find((item) => item.kind === 'VEHICLE')).toEqual({
      kind: 'VEHICLE',
      key: vin,
      title: 'SO 40001',
      longPresentation: 'VW ID.3 (SO 40001)',
      href: `/vehicles/${vin}`,
    });
    const byOrder = ZPaletteResponse.parse((await palette('sol777')).body).items.filter((item) => item.kind === 'PAYMENT');
    expect(byOrder).toEqual([
      { kind: 'PAYMENT', key: orderId, title: orderId, bid, paymentType: 'CREDITCARD', status: 'PAID', href: `/payments?order=${orderId}` },
    ]);
  });

  it("gives the support search's first bookings, active before future before historic, and at most a few", async () => {
    const db = t.database.db;
    const user = await createUser(db, 'fjord', { username: 'ola.vikersund', givenName: 'Ola', familyName: 'Vikersund' });
    const pool = await createPool(db, 'fjord', { name: 'Vikersund Stasjon', city: 'Modum' });
    const contract = await createContract(db, 'fjord');
    const refs = { userId: user.id, contractId: contract.id, poolId: pool.id };
    const day = 86_400_000;
    const at = (days: number) => ({ startTime: new Date(Date.now() + days * day), endTime: new Date(Date.now() + days * day + 3_600_000) });
    const historic = await createBooking(db, 'fjord', refs, { state: 'FINISHED', ...at(-3) });
    const future = [];
    for (const days of [4, 2, 3, 5]) future.push(await createBooking(db, 'fjord', refs, { state: 'INACTIVE', ...at(days) }));
    const active = await createBooking(db, 'fjord', refs, { state: 'ACTIVE', ...at(-1) });
    const byStart = [...future].sort((a, b) => a.startTime.getTime() - b.startTime.getTime()).map((b) => b.bid);

    const { items } = ZPaletteResponse.parse((await palette('vikersund')).body);
    const bids = items.filter((item) => item.kind === 'BOOKING').map((item) => item.key);
    expect(bids).toEqual([active.bid, ...byStart].slice(0, PALETTE_PER_KIND));
    expect(bids).not.toContain(historic.bid);

    // The same bookings, in the same order, as the support search lists first.
    const support = await t.app.inject({ method: 'GET', url: '/api/search?search=vikersund', headers: { authorization: authToken(token) } });
    const groups = (support.json() as Record<'bookings', Record<'active' | 'future' | 'historic', { results: { bid: string }[] }>>).bookings;
    const listed = [...groups.active.results, ...groups.future.results, ...groups.historic.results].map((b) => b.bid);
    expect(listed.slice(0, PALETTE_PER_KIND)).toEqual(bids);
  });

  it('gives at most a few of each kind', async () => {
    const db = t.database.db;
    for (let n = 0; n < PALETTE_PER_KIND + 2; n++) await createPool(db, 'fjord', { name: `Lillehammer ${n}`, city: 'Lillehammer' });
    const { items } = ZPaletteResponse.parse((await palette('lillehammer')).body);
    expect(items.filter((item) => item.kind === 'POOL')).toHaveLength(PALETTE_PER_KIND);
  });

  it('answers a missing or blank phrase with 400 in the envelope, LIKE wildcards match literally, and no session is 401', async () => {
    for (const q of ['', '   ']) {
      const { status, body } = await palette(q);
      expect(status).toBe(400);
      expect(ZErrorEnvelope.parse(body).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
    const wildcard = ZPaletteResponse.parse((await palette('%')).body).items;
    expect(wildcard.filter((item) => item.kind === 'POOL' || item.kind === 'COMPANY' || item.kind === 'PAYMENT')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/search/palette?q=solberg' })).statusCode).toBe(401);
  });
});
