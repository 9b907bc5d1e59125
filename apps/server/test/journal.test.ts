import { MESSAGE_IDS, ZErrorEnvelope, ZJournalResponse } from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { journalEntries, vehicles } from '../src/db/schema.ts';
import { localYearMonth, monthWindow } from '../src/modules/vehicles/journal.ts';
import { attachmentDisposition, journalFileName, XLS_DATE_TIME_FORMAT } from '../src/modules/vehicles/journal-xls.ts';
import { createFleet, createJournalEntry, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

const EL = { reg: 'EL 12345', vin: 'WVWZZZE1ZPP012345' };
const MALAR = { reg: 'ABC 123', vin: 'WVWZZZE1ZRP123456' };

let t: TestApp;
let token: string;
let seToken: string;
let plateVin: string;

/** The vehicles of the fixture, by VIN. */
const fixtureVehicles = new Map<string, typeof vehicles.$inferSelect>();
/** Inserts a drive of `vin` starting at `start` (ISO or a Date), 40 minutes long. */
async function addDrive(vin: string, start: string | Date, over: Partial<typeof journalEntries.$inferInsert> = {}) {
  const vehicle = fixtureVehicles.get(vin);
  if (!vehicle) throw new Error(`no fixture vehicle ${vin}`);
  return createJournalEntry(t.database.db, vehicle, { driveStart: new Date(start), ...over });
}

/** Drives at the edges of the month the test clock is in at setup (Oslo): its first and last minute, and either side. */
const edgeDrives: Date[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  await createUser(db, 'fjord', { username: 'demo.active', givenName: 'Kari', familyName: 'Nordmann' });
  const fjordPool = await createPool(db, 'fjord', { name: 'Grünerløkka', city: 'Oslo' });
  const malarPool = await createPool(db, 'malar', { name: 'Södermalm', city: 'Stockholm' });
  for (const [fleet, v, poolId] of [
    ['fjord', EL, fjordPool.id],
    ['malar', MALAR, malarPool.id],
  ] as const)
    fixtureVehicles.set(v.vin, await createVehicle(db, fleet, { vin: v.vin, registrationNumber: v.reg, poolId }));
  token = await login(t.app, 'support', 'support-demo');
  seToken = await login(t.app, 'support.se', 'support-demo');
  // Europe/Oslo is UTC+1 in winter, UTC+2 in summer: drives just either side of local midnight at month ends.
  await addDrive(EL.vin, '2020-01-01T00:30:00Z', { username: 'demo.active', bid: 'BID1000000001', destination: 'Hamar', purpose: 'Visit' }); // Jan 1 01:30
  await addDrive(EL.vin, '2019-12-31T22:59:00Z'); // Dec 31 23:59 local: December
  await addDrive(EL.vin, '2020-01-31T22:59:00Z', { odometerStart: 2000, odometerEnd: 2033.4, distance: 33.4, tripType: 'BUSINESS' }); // Jan 31 23:59
  await addDrive(EL.vin, '2020-01-31T23:00:00Z'); // Feb 1 00:00 local: February
  await addDrive(EL.vin, '2020-06-30T21:59:00Z'); // Jun 30 23:59 (CEST): June
  await addDrive(EL.vin, '2020-06-30T22:00:00Z'); // Jul 1 00:00: July
  await addDrive(MALAR.vin, '2020-01-15T10:00:00Z', { tripType: 'MAINTENANCE' });
  const plate = await createVehicle(db, 'fjord', { registrationNumber: 'ØST "1" 2', poolId: fjordPool.id });
  plateVin = plate.vin;
  fixtureVehicles.set(plateVin, plate);
  await addDrive(plateVin, '2020-03-10T08:00:00Z');

  const { year, month } = localYearMonth(new Date(), 'Europe/Oslo');
  const { start, end } = monthWindow(year, month, 'Europe/Oslo');
  edgeDrives.push(new Date(start.getTime() - 60_000), start, new Date(end.getTime() - 60_000), end);
  for (const at of edgeDrives) await addDrive(EL.vin, at);
});
afterAll(() => t.close());

const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(as) } });
const journal = (vin: string, query = '', as = token) => get(`/api/vehicles/by-vin/${encodeURIComponent(vin)}/journal${query}`, as);
const xls = (vin: string, query = '', as = token) => get(`/api/vehicles/by-vin/${encodeURIComponent(vin)}/journal.xls${query}`, as);

describe('monthWindow', () => {
  it('starts and ends a month at local midnight, across daylight saving', () => {
    expect(monthWindow(2020, 1, 'Europe/Oslo')).toEqual({ start: new Date('2019-12-31T23:00:00Z'), end: new Date('2020-01-31T23:00:00Z') });
    expect(monthWindow(2020, 3, 'Europe/Oslo')).toEqual({ start: new Date('2020-02-29T23:00:00Z'), end: new Date('2020-03-31T22:00:00Z') });
    expect(monthWindow(2020, 12, 'Europe/Stockholm').end).toEqual(new Date('2020-12-31T23:00:00Z'));
  });
});

describe('GET /api/vehicles/by-vin/{vin}/journal', () => {
  it("answers the drives starting in the month of the operator's time zone, oldest first, with names", async () => {
    const res = await journal(EL.vin, '?year=2020&month=1');
    expect(res.statusCode).toBe(200);
    const body = ZJournalResponse.parse(res.json());
    expect(body).toMatchObject({ vin: EL.vin, registrationNumber: EL.reg, year: 2020, month: 1 });
    expect(body.results.map((r) => r.driveTime.start)).toEqual(['2020-01-01T00:30:00.000Z', '2020-01-31T22:59:00.000Z']);
    const [first, last] = body.results;
    expect(first).toMatchObject({
      user: 'demo.active',
      userFirstName: 'Kari',
      userLastName: 'Nordmann',
      bid: 'BID1000000001',
      destination: 'Hamar',
      purpose: 'Visit',
      distance: 12.5,
      odometerStart: 1000,
      odometerEnd: 1012.5,
      tripType: 'PRIVATE',
    });
    expect(first?.fromPool?.pool).toContain('Grünerløkka');
    expect(first?.toPool?.pool).toContain('Grünerløkka');
    expect(last).toMatchObject({ user: null, userFirstName: null, userLastName: null, tripType: 'BUSINESS' });
  });

  it('puts local midnight in the new month, in winter and in summer', async () => {
    const starts = async (q: string) => ZJournalResponse.parse((await journal(EL.vin, q)).json()).results.map((r) => r.driveTime.start);
    expect(await starts('?year=2019&month=12')).toEqual(['2019-12-31T22:59:00.000Z']);
    expect(await starts('?year=2020&month=2')).toEqual(['2020-01-31T23:00:00.000Z']);
    expect(await starts('?year=2020&month=6')).toEqual(['2020-06-30T21:59:00.000Z']);
    expect(await starts('?year=2020&month=7')).toEqual(['2020-06-30T22:00:00.000Z']);
    expect(await starts('?year=2020&month=5')).toEqual([]);
  });

  it('defaults to the current month (the test clock, in Oslo), with exactly the drives starting in it', async () => {
    const before = localYearMonth(new Date(), 'Europe/Oslo');
    const res = await journal(EL.vin);
    const after = localYearMonth(new Date(), 'Europe/Oslo');
    expect(res.statusCode).toBe(200);
    const body = ZJournalResponse.parse(res.json());
    expect([before, after]).toContainEqual({ year: body.year, month: body.month });
    const { start, end } = monthWindow(body.year, body.month, 'Europe/Oslo');
    // The month's first and last minute, not the minute before it or its end (the next month's first minute).
    const expected = edgeDrives.filter((d) => d >= start && d < end).map((d) => d.toISOString());
    expect(expected).toHaveLength(2);
    expect(body.results.map((r) => r.driveTime.start)).toEqual(expected);
  });

  it('refuses a month or year out of range', async () => {
    for (const q of ['?year=2020&month=13', '?year=2020&month=0', '?year=1999&month=1', '?month=x']) {
      const res = await journal(EL.vin, q);
      expect(res.statusCode, q).toBe(400);
      expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
  });

  it("answers 404 for another operator's vehicle, both ways", async () => {
    expect((await journal(MALAR.vin, '?year=2020&month=1')).statusCode).toBe(404);
    expect((await journal(EL.vin, '?year=2020&month=1', seToken)).statusCode).toBe(404);
    const theirs = ZJournalResponse.parse((await journal(MALAR.vin, '?year=2020&month=1', seToken)).json());
    expect(theirs.results).toHaveLength(1);
  });
});

/** The first sheet of an .xls as rows of cells (date cells as the text their number format shows), and its cells. */
function readSheet(bytes: Buffer): { name: string; rows: unknown[][]; cell: (address: string) => XLSX.CellObject | undefined } {
  const book = XLSX.read(bytes, { type: 'buffer', cellNF: true });
  const name = book.SheetNames[0]!;
  const sheet = book.Sheets[name]!;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null }).map((row, r) =>
    row.map((value, c) => {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      return cell?.t === 'n' && cell.z === XLS_DATE_TIME_FORMAT ? cell.w : value;
    }),
  );
  return { name, rows, cell: (address) => sheet[address] as XLSX.CellObject | undefined };
}

describe('GET /api/vehicles/by-vin/{vin}/journal.xls', () => {
  it('is an Excel 97 file named "{reg} - {year} - {month}.xls" with the rows of the month', async () => {
    const res = await xls(EL.vin, '?year=2020&month=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.ms-excel');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toContain('attachment; filename="EL 12345 - 2020 - 01.xls"');
    expect(disposition).toContain("filename*=UTF-8''EL%2012345%20-%202020%20-%2001.xls");
    // BIFF8 in an OLE2 compound document starts with D0 CF 11 E0.
    expect(res.rawPayload.subarray(0, 4).toString('hex')).toBe('d0cf11e0');

    const { name, rows } = readSheet(res.rawPayload);
    expect(name).toBe('Kjørebok');
    expect(rows[0]).toEqual([
      'Start',
      'Slutt',
      'Distanse (km)',
      'Kilometerstand start',
      'Kilometerstand slutt',
      'Fra bilpool',
      'Til bilpool',
      'Turtype',
      'Bruker',
      'Fornavn',
      'Etternavn',
      'BID',
      'Reisemål',
      'Formål',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]?.slice(0, 5)).toEqual(['2020-01-01 01:30', '2020-01-01 02:10', 12.5, 1000, 1012.5]);
    expect(String(rows[1]?.[5])).toContain('Grünerløkka');
    expect(rows[1]?.slice(7)).toEqual(['Privat', 'demo.active', 'Kari', 'Nordmann', 'BID1000000001', 'Hamar', 'Visit']);
    expect(rows[2]?.slice(0, 5)).toEqual(['2020-01-31 23:59', '2020-02-01 00:39', 33.4, 2000, 2033.4]);
    expect(rows[2]?.[7]).toBe('Tjeneste');
  });

  it('writes start and end as real date cells, sortable as dates, shown YYYY-MM-DD HH:mm (issue 17)', async () => {
    const res = await xls(EL.vin, '?year=2020&month=1');
    const { cell } = readSheet(res.rawPayload);
    const start = cell('A2');
    expect(start?.t).toBe('n');
    expect(start?.z).toBe(XLS_DATE_TIME_FORMAT);
    // 2020-01-01 01:30 in Oslo: day 43831 since 1899-12-30, and 1.5 hours.
    expect(start?.v).toBeCloseTo(43831 + 1.5 / 24, 9);
    expect(XLSX.SSF.format(XLS_DATE_TIME_FORMAT, start?.v as number)).toBe('2020-01-01 01:30');
    expect((cell('B3')?.v as number) > (cell('A3')?.v as number)).toBe(true);
  });

  it("speaks the staff member's language when the console sends it, in the operator's time zone", async () => {
    const res = await xls(EL.vin, '?year=2020&month=1&lang=de');
    expect(res.statusCode).toBe(200);
    const { name, rows } = readSheet(res.rawPayload);
    expect(name).toBe('Fahrtenbuch');
    expect(rows[0]?.slice(0, 3)).toEqual(['Beginn', 'Ende', 'Strecke (km)']);
    expect(rows[1]?.slice(0, 2)).toEqual(['2020-01-01 01:30', '2020-01-01 02:10']);
    expect(rows[1]?.[7]).toBe('Privat');
    expect(rows[2]?.[7]).toBe('Geschäftlich');
    const refused = await xls(EL.vin, '?year=2020&month=1&lang=xx');
    expect(refused.statusCode).toBe(400);
  });

  it("uses the operator's language and time zone (Swedish for Mälar)", async () => {
    const res = await xls(MALAR.vin, '?year=2020&month=1', seToken);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('filename="ABC 123 - 2020 - 01.xls"');
    const { name, rows } = readSheet(res.rawPayload);
    expect(name).toBe('Körjournal');
    expect(rows[0]?.slice(0, 3)).toEqual(['Start', 'Slut', 'Sträcka (km)']);
    expect(rows[1]?.slice(0, 2)).toEqual(['2020-01-15 11:00', '2020-01-15 11:40']);
    expect(rows[1]?.[7]).toBe('Underhåll');
  });

  it('has only the header row for a month without drives', async () => {
    const res = await xls(EL.vin, '?year=2020&month=5');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('2020 - 05.xls');
    expect(readSheet(res.rawPayload).rows).toHaveLength(1);
  });

  it('names the file after a plate with letters beyond ASCII and quotes', async () => {
    const res = await xls(plateVin, '?year=2020&month=3');
    expect(res.statusCode).toBe(200);
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toBe(attachmentDisposition(journalFileName('ØST "1" 2', 2020, 3)));
    expect(disposition).toContain(`attachment; filename="OST '1' 2 - 2020 - 03.xls"; `);
    const star = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1];
    expect(decodeURIComponent(star ?? '')).toBe('ØST "1" 2 - 2020 - 03.xls');
    expect(readSheet(res.rawPayload).rows).toHaveLength(2);
  });

  it("answers the error envelope, not a file, for another operator's vehicle and bad input", async () => {
    const other = await xls(MALAR.vin, '?year=2020&month=1');
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toContain('application/json');
    expect(ZErrorEnvelope.parse(other.json()).messageId).toBe(MESSAGE_IDS.vehicleNotFound);
    expect((await xls(EL.vin, '?year=2020&month=13')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/vehicles/by-vin/${EL.vin}/journal.xls` });
    expect(anonymous.statusCode).toBe(401);
  });
});
