import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  MESSAGE_IDS,
  MESSAGES,
  ZDamage,
  ZDamageListResponse,
  ZErrorEnvelope,
  ZEventSearchResponse,
  type Damage,
  type ErrorEnvelope,
} from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { damages } from '../src/db/schema.ts';
import { createFileStorage } from '../src/integrations/storage/storage.ts';
import { DiskFileStorage } from '../src/integrations/storage/disk-storage.ts';
import { DAMAGE_IMAGE_MAX_BYTES } from '../src/modules/damage/photo.ts';
import { reportDamage } from '../src/modules/damage/service.ts';
import { createBooking, createContract, createDamage, createFleet, createPool, createStaff, createUser, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

// The fixture: EL 12345 is in demo.active's active booking and has one open and one fixed damage.
const VIN = 'WVWZZZE1ZPP012345';
const ACTIVE_BID = 'BID1000000001';
const OTHER_FLEET_VIN = 'WVWZZZE1ZRP123456';
const UNKNOWN_VIN = 'NOSUCHVIN00000000';

let t: TestApp;
let db: Db;
let token: string;
let seToken: string;
let png: Buffer;
let jpegWithExif: Buffer;

/** Every file under the storage directory, as relative paths. */
function storedFiles(): string[] {
  return readdirSync(t.config.storageDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(t.config.storageDir, path.join(e.parentPath, e.name)))
    .sort();
}

interface FormInput {
  operator?: string;
  en?: string;
  image?: { data: Buffer; name: string; type: string };
}
function reportForm({ operator, en, image }: FormInput): FormData {
  const form = new FormData();
  if (operator !== undefined) form.append('description_operator', operator);
  if (en !== undefined) form.append('description_en', en);
  if (image) form.append('image', new Blob([new Uint8Array(image.data)], { type: image.type }), image.name);
  return form;
}
const pngPart = () => ({ data: png, name: 'scratch.png', type: 'image/png' });

async function report(form: FormData, vin = VIN, as = token) {
  return t.app.inject({
    method: 'POST',
    url: `/api/damage/by-vin/${encodeURIComponent(vin)}`,
    headers: { authorization: authToken(as) },
    payload: form,
  });
}
async function list(vin: string, query = '', as = token) {
  return t.app.inject({ method: 'GET', url: `/api/damage/by-vin/${encodeURIComponent(vin)}${query}`, headers: { authorization: authToken(as) } });
}
const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(as) } });
const fix = (id: number, as = token) => t.app.inject({ method: 'POST', url: `/api/damage/${id}/fix`, headers: { authorization: authToken(as) } });
const remove = (id: number, as = token) => t.app.inject({ method: 'DELETE', url: `/api/damage/${id}`, headers: { authorization: authToken(as) } });

function expect400(res: { statusCode: number; json(): unknown }): ErrorEnvelope {
  expect(res.statusCode).toBe(400);
  const body = ZErrorEnvelope.parse(res.json());
  expect(body.httpCode).toBe(400);
  expect(body.messageId).toBe(MESSAGE_IDS.invalidInput);
  return body;
}
const fields = (body: ErrorEnvelope) => body.errors.map((e) => e.field).sort();

async function reportOk(
  input: FormInput = { operator: 'Riper på dør', en: 'Scratch on door', image: pngPart() },
  vin = VIN,
  as = token,
): Promise<Damage> {
  const res = await report(reportForm(input), vin, as);
  expect(res.statusCode, res.body).toBe(201);
  return ZDamage.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const now = Date.now();
  const DAY = 24 * 3_600_000;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  const el = await createVehicle(db, 'fjord', { vin: VIN, registrationNumber: 'EL 12345' });
  const kari = await createUser(db, 'fjord', { username: 'demo.active' });
  const pool = await createPool(db, 'fjord');
  const contract = await createContract(db, 'fjord');
  await createBooking(
    db,
    'fjord',
    { userId: kari.id, contractId: contract.id, poolId: pool.id, vehicleId: el.id },
    { bid: ACTIVE_BID, state: 'ACTIVE', startTime: new Date(now - 3_600_000), endTime: new Date(now + 3 * 3_600_000) },
  );
  await createDamage(db, el, { descriptions: { nb: 'Bulk i støtfanger', en: 'Dent in bumper' }, registrationDate: new Date(now - 3 * DAY) });
  await createDamage(db, el, {
    descriptions: { nb: 'Sprekk i frontrute', en: 'Crack in windscreen' },
    registrationDate: new Date(now - 30 * DAY),
    fixDate: new Date(now - 20 * DAY),
  });
  await createVehicle(db, 'malar', { vin: OTHER_FLEET_VIN, registrationNumber: 'ABC 123' });
  token = await login(t.app, 'support', 'support-demo');
  seToken = await login(t.app, 'support.se', 'support-demo');
  png = await sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } })
    .png()
    .toBuffer();
  // A camera-like JPEG: 800×600 stored sideways (orientation 6), with an author and a GPS position.
  jpegWithExif = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'Somebody' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 54/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
});
afterAll(() => t.close());

describe('GET /api/damage/by-vin/{vin}', () => {
  it('lists the unfixed damage by default and all of it with includeFixed, unfixed first', async () => {
    const open = ZDamageListResponse.parse((await list(VIN)).json());
    expect(open.map((d) => d.descriptions.en)).toEqual(['Dent in bumper']);
    expect(open.every((d) => d.fixDate === null && d.vin === VIN)).toBe(true);
    const all = ZDamageListResponse.parse((await list(VIN, '?includeFixed=true')).json());
    expect(all.map((d) => d.descriptions.en)).toEqual(['Dent in bumper', 'Crack in windscreen']);
    const firstFixed = all.findIndex((d) => d.fixDate !== null);
    expect(all.slice(firstFixed).every((d) => d.fixDate !== null)).toBe(true);
    // Damage without a photo: both URLs are null.
    expect(all.every((d) => d.imageUrl === null && d.thumbnailUrl === null)).toBe(true);
    // Descriptions per language: the operator's (nb) and English.
    expect(Object.keys(all[0]!.descriptions).sort()).toEqual(['en', 'nb']);
    const explicitFalse = ZDamageListResponse.parse((await list(VIN, '?includeFixed=false')).json());
    expect(explicitFalse.map((d) => d.id)).toEqual(open.map((d) => d.id));
  });

  it('answers 404 for an unknown VIN and for another operator’s VIN', async () => {
    for (const vin of [UNKNOWN_VIN, OTHER_FLEET_VIN]) {
      const res = await list(vin);
      expect(res.statusCode).toBe(404);
      expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.vehicleNotFound);
    }
    expect((await list(OTHER_FLEET_VIN, '', seToken)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/damage/by-vin/${VIN}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/damage/by-vin/{vin}', () => {
  it('reports damage with a PNG: 201, listed first, photo and thumbnail served as JPEG', async () => {
    const before = storedFiles();
    const damage = await reportOk();
    expect(damage.vin).toBe(VIN);
    expect(damage.fixDate).toBeNull();
    expect(damage.reportedBy).toBe('support');
    expect(damage.descriptions).toEqual({ nb: 'Riper på dør', en: 'Scratch on door' });
    expect(damage.imageUrl).toBe(`/api/damage/${damage.id}/image`);
    expect(damage.thumbnailUrl).toBe(`/api/damage/${damage.id}/thumbnail`);
    expect(storedFiles().length).toBe(before.length + 2);

    const listed = ZDamageListResponse.parse((await list(VIN)).json());
    expect(listed[0]).toEqual(damage);

    const image = await get(damage.imageUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('private, max-age=3600');
    const imageMeta = await sharp(image.rawPayload).metadata();
    expect([imageMeta.format, imageMeta.width, imageMeta.height]).toEqual(['jpeg', 800, 600]);

    const thumb = await get(damage.thumbnailUrl!);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.length).toBeLessThan(image.rawPayload.length);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['jpeg', 320, 240]);
  });

  it('reports damage with a JPEG: turned upright, EXIF (author, GPS) stripped', async () => {
    const input = await sharp(jpegWithExif).metadata();
    expect(input.exif).toBeDefined();
    expect(input.orientation).toBe(6);
    const damage = await reportOk({
      operator: 'Bulk i panser',
      en: 'Dent in bonnet',
      image: { data: jpegWithExif, name: 'IMG_0001.JPG', type: 'image/jpeg' },
    });
    const image = await get(damage.imageUrl!);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([600, 800]);
    expect(image.rawPayload.includes('Secret Photographer')).toBe(false);
    const thumb = await sharp((await get(damage.thumbnailUrl!)).rawPayload).metadata();
    expect([thumb.width, thumb.exif]).toEqual([320, undefined]);
  });

  it('requires both descriptions, at most 80 characters each', async () => {
    const missing = expect400(await report(reportForm({ image: pngPart() })));
    expect(fields(missing)).toEqual(['description_en', 'description_operator']);

    const blank = expect400(await report(reportForm({ operator: '   ', en: 'Scratch', image: pngPart() })));
    expect(fields(blank)).toEqual(['description_operator']);

    const tooLong = expect400(await report(reportForm({ operator: 'ø'.repeat(80), en: 'x'.repeat(81), image: pngPart() })));
    expect(fields(tooLong)).toEqual(['description_en']);

    // 80 characters of a two-byte letter are fine.
    await reportOk({ operator: 'ø'.repeat(80), en: 'x'.repeat(80), image: pngPart() });
  });

  it('requires an image', async () => {
    const body = expect400(await report(reportForm({ operator: 'Riper', en: 'Scratch' })));
    expect(body.errors).toEqual([{ field: 'image', messageId: 'imageRequired', message: MESSAGES.imageRequired }]);
    expect(body.message).toBe(MESSAGES.imageRequired);
    // An empty file part (a browser form without a chosen file) is no image either.
    const empty = expect400(
      await report(reportForm({ operator: 'Riper', en: 'Scratch', image: { data: Buffer.alloc(0), name: '', type: 'application/octet-stream' } })),
    );
    expect(empty.errors).toEqual([{ field: 'image', messageId: 'imageRequired', message: MESSAGES.imageRequired }]);
  });

  it('refuses files that are not images, truncated images and other formats', async () => {
    const cases = [
      { data: Buffer.from('this is a text file, not a picture\n'), name: 'x.png', type: 'image/png' },
      { data: jpegWithExif.subarray(0, Math.floor(jpegWithExif.length / 2)), name: 'half.jpg', type: 'image/jpeg' },
      { data: png.subarray(0, Math.floor(png.length / 2)), name: 'half.png', type: 'image/png' },
      // PNG magic bytes followed by garbage.
      { data: Buffer.concat([png.subarray(0, 8), Buffer.alloc(2000, 7)]), name: 'garbage.png', type: 'image/png' },
      { data: Buffer.from('%PDF-1.7\n%âãÏÓ\n'), name: 'report.pdf', type: 'application/pdf' },
    ];
    for (const image of cases) {
      const body = expect400(await report(reportForm({ operator: 'Riper', en: 'Scratch', image })));
      expect(body.errors, image.name).toEqual([{ field: 'image', messageId: 'imageInvalid', message: MESSAGES.imageInvalid }]);
    }
  });

  it('reports every problem at once', async () => {
    const body = expect400(await report(reportForm({ en: 'y'.repeat(81), image: { data: Buffer.from('text'), name: 'x.png', type: 'image/png' } })));
    expect(fields(body)).toEqual(['description_en', 'description_operator', 'image']);
    expect(body.message).toBe(MESSAGES.validationFailed);
  });

  it('refuses an image over the size limit with 400', async () => {
    const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(DAMAGE_IMAGE_MAX_BYTES + 1024, 1)]);
    const body = expect400(await report(reportForm({ operator: 'Riper', en: 'Scratch', image: { data: big, name: 'big.png', type: 'image/png' } })));
    expect(body.errors).toEqual([{ field: 'image', messageId: 'imageTooLarge', params: { max: 10 }, message: 'The image is larger than 10 MB' }]);
  });

  it('refuses a second file', async () => {
    const form = reportForm({ operator: 'Riper', en: 'Scratch', image: pngPart() });
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'second.png');
    const body = expect400(await report(form));
    expect(fields(body)).toEqual(['image']);
  });

  it('answers 400 to a body that is not multipart', async () => {
    const url = `/api/damage/by-vin/${VIN}`;
    const headers = { authorization: authToken(token) };
    const bodies: { headers: Record<string, string>; payload?: string }[] = [
      { headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ description_operator: 'a', description_en: 'b' }) },
      { headers: { ...headers, 'content-type': 'text/plain' }, payload: 'hello' },
      { headers: { ...headers, 'content-type': 'application/xml' }, payload: '<a/>' },
      { headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'description_operator=a&description_en=b' },
      { headers },
      // multipart without a boundary, and a broken multipart body
      { headers: { ...headers, 'content-type': 'multipart/form-data' }, payload: 'x' },
      {
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nunterminated',
      },
    ];
    for (const b of bodies) {
      const res = await t.app.inject({ method: 'POST', url, ...b });
      expect(res.statusCode, `${b.headers['content-type'] ?? 'no content type'}: ${res.body}`).toBe(400);
      expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.invalidInput);
    }
  });

  it('stores nothing for a refused report', async () => {
    const before = storedFiles();
    expect400(await report(reportForm({ operator: 'x'.repeat(81), en: 'Scratch', image: pngPart() })));
    expect400(
      await report(reportForm({ operator: 'Riper', en: 'Scratch', image: { data: Buffer.from('nope'), name: 'x.jpg', type: 'image/jpeg' } })),
    );
    expect(storedFiles()).toEqual(before);
  });

  it('answers 404 for an unknown VIN and another operator’s VIN', async () => {
    const before = storedFiles();
    for (const vin of [UNKNOWN_VIN, OTHER_FLEET_VIN]) {
      const res = await report(reportForm({ operator: 'Riper', en: 'Scratch', image: pngPart() }), vin);
      expect(res.statusCode).toBe(404);
    }
    expect(storedFiles()).toEqual(before);
  });

  it('removes the stored files when the database write fails', async () => {
    const storage = createFileStorage(t.config);
    const before = storedFiles();
    const failing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'transaction') return () => Promise.reject(new Error('database went away'));
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const { processDamagePhoto } = await import('../src/modules/damage/photo.ts');
    const photo = await processDamagePhoto(png);
    await expect(
      reportDamage(failing, storage, { username: 'support', fleet: 'fjord' }, VIN, async () => ({
        fields: { description_operator: 'a', description_en: 'b' },
        photo,
      })),
    ).rejects.toThrow('database went away');
    expect(storedFiles()).toEqual(before);
  });

  it('leaves a VEHICLE_ADMIN event with the VIN and the active booking', async () => {
    const damage = await reportOk({ operator: 'Sprukket frontrute', en: 'Cracked windscreen', image: pngPart() });
    const res = await get(`/api/events?vin=${VIN}&types=VEHICLE_ADMIN`);
    const events = ZEventSearchResponse.parse(res.json()).results;
    const event = events.find((e) => e.displayText === 'Damage registered: Cracked windscreen');
    expect(event).toMatchObject({ vin: VIN, bid: ACTIVE_BID, actingUsername: 'support', type: 'VEHICLE_ADMIN', typeGroup: 'VEHICLE' });
    expect(event?.properties).toMatchObject({ damageId: damage.id });
  });
});

describe('fix, delete and photos', () => {
  it('sorts unfixed before fixed, then newest registration first', async () => {
    const older = await reportOk({ operator: 'Eldre', en: 'Older', image: pngPart() });
    const newer = await reportOk({ operator: 'Nyere', en: 'Newer', image: pngPart() });
    const fixStarted = Date.now();
    const fixedRes = await fix(newer.id);
    expect(fixedRes.statusCode).toBe(200);
    const fixed = ZDamage.parse(fixedRes.json());
    expect(fixed.fixDate).not.toBeNull();
    expect(Date.parse(fixed.fixDate!)).toBeGreaterThanOrEqual(fixStarted);

    const open = ZDamageListResponse.parse((await list(VIN)).json());
    expect(open[0]!.id).toBe(older.id);
    expect(open.some((d) => d.id === newer.id)).toBe(false);

    const all = ZDamageListResponse.parse((await list(VIN, '?includeFixed=true')).json());
    // The newest report is fixed, so it comes after every unfixed one, and first among the fixed.
    expect(all[0]!.id).toBe(older.id);
    const firstFixed = all.findIndex((d) => d.fixDate !== null);
    expect(all[firstFixed]!.id).toBe(newer.id);
    expect(all.slice(0, firstFixed).every((d) => d.fixDate === null)).toBe(true);
    expect(all.slice(firstFixed).every((d) => d.fixDate !== null)).toBe(true);
    const byRegistration = (xs: Damage[]) => xs.every((d, i) => i === 0 || Date.parse(xs[i - 1]!.registrationDate) >= Date.parse(d.registrationDate));
    expect(byRegistration(all.slice(0, firstFixed))).toBe(true);
    expect(byRegistration(all.slice(firstFixed))).toBe(true);
  });

  it('fixing twice answers 409, and the fix leaves an event', async () => {
    const damage = await reportOk({ operator: 'Bulk', en: 'Dent to fix', image: pngPart() });
    expect((await fix(damage.id)).statusCode).toBe(200);
    const again = await fix(damage.id);
    expect(again.statusCode).toBe(409);
    expect(ZErrorEnvelope.parse(again.json())).toMatchObject({
      httpCode: 409,
      messageId: MESSAGE_IDS.damageAlreadyFixed,
      message: MESSAGES.damageAlreadyFixed,
    });
    const events = ZEventSearchResponse.parse((await get(`/api/events?vin=${VIN}&types=VEHICLE_ADMIN`)).json()).results;
    expect(events.filter((e) => e.displayText === 'Damage marked as fixed: Dent to fix')).toHaveLength(1);
  });

  it('deletes the damage and its files, with an event', async () => {
    const damage = await reportOk({ operator: 'Slettes', en: 'To be deleted', image: pngPart() });
    const [row] = await db.select().from(damages).where(eq(damages.id, damage.id));
    const storage = new DiskFileStorage(t.config.storageDir);
    expect(await storage.get(row!.imageKey!)).not.toBeNull();
    expect(await storage.get(row!.thumbnailKey!)).not.toBeNull();

    const res = await remove(damage.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await storage.get(row!.imageKey!)).toBeNull();
    expect(await storage.get(row!.thumbnailKey!)).toBeNull();
    expect(await db.select().from(damages).where(eq(damages.id, damage.id))).toHaveLength(0);
    const all = ZDamageListResponse.parse((await list(VIN, '?includeFixed=true')).json());
    expect(all.some((d) => d.id === damage.id)).toBe(false);
    expect((await get(damage.imageUrl!)).statusCode).toBe(404);
    expect((await remove(damage.id)).statusCode).toBe(404);
    expect((await fix(damage.id)).statusCode).toBe(404);

    const events = ZEventSearchResponse.parse((await get(`/api/events?vin=${VIN}&types=VEHICLE_ADMIN`)).json()).results;
    expect(events.find((e) => e.displayText === 'Damage deleted: To be deleted')).toMatchObject({ bid: ACTIVE_BID, actingUsername: 'support' });
  });

  it('hides another operator’s damage: 404 on fix, delete, image and thumbnail', async () => {
    const theirs = await reportOk({ operator: 'Repa på dörr', en: 'Scratch on door', image: pngPart() }, OTHER_FLEET_VIN, seToken);
    expect(theirs.descriptions).toEqual({ sv: 'Repa på dörr', en: 'Scratch on door' });
    for (const res of [await fix(theirs.id), await remove(theirs.id), await get(theirs.imageUrl!), await get(theirs.thumbnailUrl!)]) {
      expect(res.statusCode).toBe(404);
      expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.damageNotFound);
    }
    // Still there and untouched for its own operator.
    const image = await get(theirs.imageUrl!, seToken);
    expect(image.statusCode).toBe(200);
    const mine = ZDamageListResponse.parse((await list(OTHER_FLEET_VIN, '', seToken)).json());
    expect(mine.find((d) => d.id === theirs.id)?.fixDate).toBeNull();
  });

  it('answers 404 for unknown ids and for damage without a photo, 400 for a malformed id or one beyond int4', async () => {
    for (const id of [999_999, 2_147_483_647]) {
      expect((await fix(id)).statusCode).toBe(404);
      expect((await remove(id)).statusCode).toBe(404);
      expect((await get(`/api/damage/${id}/image`)).statusCode).toBe(404);
    }
    for (const res of [await fix(99_999_999_999), await remove(2_147_483_648), await get('/api/damage/99999999999/image')]) {
      expect(res.statusCode).toBe(400);
      expect(ZErrorEnvelope.parse(res.json()).errors).toEqual([{ field: 'id', messageId: 'idOutOfRange', message: MESSAGES.idOutOfRange }]);
    }
    const withoutPhoto = ZDamageListResponse.parse((await list(VIN, '?includeFixed=true')).json()).find((d) => d.imageUrl === null);
    expect(withoutPhoto).toBeDefined();
    const res = await get(`/api/damage/${withoutPhoto!.id}/thumbnail`);
    expect(res.statusCode).toBe(404);
    expect(ZErrorEnvelope.parse(res.json()).messageId).toBe(MESSAGE_IDS.damageNotFound);
    expect((await fix(Number.NaN)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/damage/abc/fix', headers: { authorization: authToken(token) } })).statusCode).toBe(400);
  });

  it('serves photos only with a session', async () => {
    const damage = await reportOk();
    const res = await t.app.inject({ method: 'GET', url: damage.imageUrl! });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('disk storage', () => {
  it('stores, reads and removes by key and refuses keys that leave its directory', async () => {
    const storage = new DiskFileStorage(path.join(t.config.storageDir, 'unit'));
    await storage.put('a/b.jpg', Buffer.from('one'));
    await storage.put('a/b.jpg', Buffer.from('two'));
    expect((await storage.get('a/b.jpg'))?.toString()).toBe('two');
    await storage.remove('a/b.jpg');
    await storage.remove('a/b.jpg');
    expect(await storage.get('a/b.jpg')).toBeNull();
    for (const key of ['../escape.jpg', '/etc/passwd', 'a/../../b', 'A/B.jpg', '', 'a//b']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('Invalid storage key');
    }
    expect(storedFiles().filter((f) => f.startsWith('unit'))).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('lists the damage calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/damage/by-vin/{vin}'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/damage/{id}'] ?? {})).toEqual(['delete']);
    for (const p of ['/api/damage/{id}/fix', '/api/damage/{id}/image', '/api/damage/{id}/thumbnail']) expect(doc.paths[p], p).toBeDefined();
  });
});
