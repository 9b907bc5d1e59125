import {
  DISPLAYED_TOTAL_CAP,
  MESSAGE_IDS,
  MESSAGES,
  STATUS_FOR_MAX_VINS,
  ZBatchCreateResponse,
  ZErrorEnvelope,
  type ErrorEnvelope,
} from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  createBooking,
  createCompany,
  createContract,
  createFleet,
  createPool,
  createStaff,
  createUser,
  createVehicle,
} from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * Issue 17 point 6 (docs/decisions/0059): every field, validation and batch-line error the server writes names its
 * message by the key of the contract's MESSAGES (`messageId`) with its parameters (`params`), next to the English
 * `message` for API clients.
 */
let t: TestApp;
let db: Db;
let admin: string;
let companyId: number;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'msgids');
  await createStaff(db, 'msgids', 'msgids-admin', 'admin-secret-1', 'ADMIN');
  companyId = (await createCompany(db, 'msgids', { name: 'Havbris Arkitekter AS' })).id;
  admin = await login(t.app, 'msgids-admin', 'admin-secret-1');
}, 120_000);
afterAll(() => t.close());

const validCompany = {
  name: 'Havbris Arkitekter AS',
  type: 'CORPORATE',
  marketSegment: null,
  microSegment: null,
  emailDomains: [],
  contact: { firstName: 'Eirik', lastName: 'Haugland', emailAddress: 'eirik@havbris.example', phoneNo: '+4792345678' },
};
const putCompany = (body: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/companies/${companyId}`, headers: { authorization: authToken(admin) }, payload: body as object });

function envelopeOf(res: { statusCode: number; body: string; json: () => unknown }, status = 400): ErrorEnvelope {
  expect(res.statusCode, res.body).toBe(status);
  return ZErrorEnvelope.parse(res.json());
}

describe('field errors travel as message ids with params', () => {
  it('a too-long field: maxLength with {max}, the English text as before', async () => {
    const body = envelopeOf(await putCompany({ ...validCompany, name: 'x'.repeat(201) }));
    expect(body.messageId).toBe(MESSAGE_IDS.invalidInput);
    expect(body.errors).toEqual([{ field: 'name', messageId: 'maxLength', params: { max: 200 }, message: 'Maximum characters 200' }]);
  });

  it('a wrong-format field: the key of its message, without params', async () => {
    const body = envelopeOf(
      await putCompany({ ...validCompany, contact: { ...validCompany.contact, emailAddress: 'not-an-address', phoneNo: '12ab' } }),
    );
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'contact.emailAddress', messageId: 'invalidEmail', message: MESSAGES.invalidEmail },
        { field: 'contact.phoneNo', messageId: 'invalidPhoneNumber', message: MESSAGES.invalidPhoneNumber },
      ]),
    );
    expect(body.errors).toHaveLength(2);
  });

  it("a schema's own refinement and a service check: their keys, the service's with params", async () => {
    const bad = envelopeOf(await putCompany({ ...validCompany, emailDomains: ['not a domain'] }));
    expect(bad.errors).toEqual([{ field: 'emailDomains.0', messageId: 'invalidEmailDomain', message: MESSAGES.invalidEmailDomain }]);
    await createCompany(db, 'msgids', { name: 'Fjellvind AS', emailDomains: ['fjellvind.example'] });
    const taken = envelopeOf(await putCompany({ ...validCompany, emailDomains: ['havbris.example', 'fjellvind.example'] }), 409);
    expect(taken.errors).toEqual([
      {
        field: 'emailDomains.1',
        messageId: 'emailDomainTaken',
        params: { domain: 'fjellvind.example', company: 'Fjellvind AS' },
        message: 'The e-mail domain fjellvind.example is already connected to Fjellvind AS',
      },
    ]);
  });

  it('a value not among the choices: notAChoice with {choices}', async () => {
    const body = envelopeOf(await putCompany({ ...validCompany, type: 'SPACESHIP' }));
    const [item] = body.errors;
    expect(item).toMatchObject({ field: 'type', messageId: 'notAChoice' });
    expect(String(item?.params?.choices)).toContain('CORPORATE');
  });
});

describe('batch import errors travel as message ids with params', () => {
  const HEADER = 'username,givenName,familyName,mobilePhone,zipCode';
  const upload = (csv: string, query = `?companyId=${companyId}`) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'users.csv');
    return t.app.inject({ method: 'POST', url: `/api/users/createBatch${query}`, headers: { authorization: authToken(admin) }, payload: form });
  };

  it('a line error names its message and params; the line message stays English', async () => {
    const csv = [HEADER, `ola.ids,${'O'.repeat(101)},Nordmann,4791234567,150`, 'kari.ids,Kari,Nordmann,+4791234568,0150'].join('\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    const result = ZBatchCreateResponse.parse(res.json());
    expect(result.createdCount).toBe(1);
    expect(result.notCreatedUsers).toHaveLength(1);
    const [line] = result.notCreatedUsers;
    expect(line?.line).toBe(2);
    expect(line?.errors).toEqual(
      expect.arrayContaining([
        { field: 'givenName', messageId: 'maxLength', params: { max: 100 }, message: 'Maximum characters 100' },
        { field: 'mobilePhone', messageId: 'phoneMissingPlus', message: MESSAGES.phoneMissingPlus },
        {
          field: 'zipCode',
          messageId: 'zipLostLeadingZero',
          // The country travels as its code as well, for the web to name it in the staff member's language.
          params: { zip: '150', digits: 3, country: 'Norway', countryCode: 'NO', expected: 4, suggestion: '0150' },
          message: expect.stringContaining('Post code 150 has 3 digits') as string,
        },
      ]),
    );
    expect(line?.message).toContain('givenName: Maximum characters 100');
  });

  it('a repeated user name: batchUsernameRepeated with {line}', async () => {
    const csv = [HEADER, 'same.ids,A,B,+4791230001,', 'SAME.ids,C,D,+4791230002,'].join('\n');
    const result = ZBatchCreateResponse.parse((await upload(csv)).json());
    expect(result.notCreatedUsers[0]?.errors).toEqual([
      { field: 'username', messageId: 'batchUsernameRepeated', params: { line: 2 }, message: 'The user name is also on line 2 of the file' },
    ]);
  });

  it('a header error of the file (400): batchColumnMissing with {column}', async () => {
    const body = envelopeOf(await upload('username,givenName,familyName\nx,y,z'));
    expect(body.errors).toContainEqual({
      field: 'mobilePhone',
      line: 1,
      messageId: 'batchColumnMissing',
      params: { column: 'mobilePhone' },
      message: 'The column mobilePhone is missing',
    });
  });

  it('a missing company id (400): the key of Required', async () => {
    const body = envelopeOf(await upload([HEADER, 'a,b,c,+4791230003,'].join('\n'), ''));
    expect(body.errors).toEqual([{ field: 'companyId', messageId: 'required', message: MESSAGES.required }]);
  });
});

describe('the rarer checks travel by id too', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(admin) } });
  const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: { authorization: authToken(admin) }, payload });

  it('the VIN list of statusFor: vinRequired, tooManyVins with {max}', async () => {
    const none = envelopeOf(await get('/api/vehicles/statusFor'));
    expect(none.errors).toEqual([{ field: 'vin', messageId: 'vinRequired', message: 'At least one VIN is required' }]);
    const vins = Array.from({ length: STATUS_FOR_MAX_VINS + 1 }, (_, i) => `VIN${i}`).join(',');
    const many = envelopeOf(await get(`/api/vehicles/statusFor?vin=${vins}`));
    expect(many.errors).toEqual([
      { field: 'vin', messageId: 'tooManyVins', params: { max: STATUS_FOR_MAX_VINS }, message: `At most ${STATUS_FOR_MAX_VINS} VINs at a time` },
    ]);
  });

  it("a vehicle's bookings window: endAfterStart, windowTooLong with {days}", async () => {
    const vehicle = await createVehicle(db, 'msgids');
    const url = `/api/vehicles/by-vin/${vehicle.vin}/bookings`;
    const reversed = envelopeOf(await get(`${url}?startDate=2026-03-10T00:00:00Z&endDate=2026-03-01T00:00:00Z`));
    expect(reversed.errors).toEqual([{ field: 'endDate', messageId: 'endAfterStart', message: 'The end has to be after the start' }]);
    const long = envelopeOf(await get(`${url}?startDate=2026-03-01T00:00:00Z&endDate=2026-05-01T00:00:00Z`));
    expect(long.errors).toEqual([
      { field: 'endDate', messageId: 'windowTooLong', params: { days: 31 }, message: 'The window can be at most 31 days' },
    ]);
  });

  it("a pool's update: moved to itself, an unknown group and unknown contracts (their ids as {ids})", async () => {
    const pool = await createPool(db, 'msgids');
    const body = envelopeOf(await put(`/api/pools/${pool.id}`, { movedTo: pool.id, poolGroupId: 999_001, allowedContracts: [999_003, 999_002] }));
    expect(body.errors).toEqual([
      { field: 'movedTo', messageId: 'poolMovedToItself', message: 'A pool cannot be moved to itself' },
      { field: 'poolGroupId', messageId: 'poolGroupNotFound', message: 'Pool group not found' },
      { field: 'allowedContracts', messageId: 'contractsNotFound', params: { ids: '999002, 999003' }, message: 'Contract not found: 999002, 999003' },
    ]);
    const window = envelopeOf(await get(`/api/pools/${pool.id}/bookings?startDate=2026-01-01T00:00:00Z&endDate=2026-04-01T00:00:00Z`));
    expect(window.errors).toEqual([
      { field: 'endDate', messageId: 'windowTooLong', params: { days: 62 }, message: 'The window can be at most 62 days' },
    ]);
  });

  it('paging past the cap of the user search: pagingLimit with {max}', async () => {
    const body = envelopeOf(await get(`/api/users?query=nordmann&page=${DISPLAYED_TOTAL_CAP}&pageSize=1`));
    expect(body.errors).toEqual([
      {
        field: 'page',
        messageId: 'pagingLimit',
        params: { max: DISPLAYED_TOTAL_CAP },
        message: `At most ${DISPLAYED_TOTAL_CAP} results can be paged through; refine the search`,
      },
    ]);
  });

  it('a too-long Idempotency-Key: atMostCharacters with {max}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/ORDER-1/retry',
      headers: { authorization: authToken(admin), 'idempotency-key': 'k'.repeat(500) },
    });
    const [item] = envelopeOf(res).errors;
    expect(item).toMatchObject({ field: 'Idempotency-Key', messageId: 'atMostCharacters' });
    expect(item?.message).toBe(`At most ${String(item?.params?.max)} characters`);
  });

  it('the damage form: one image only; a form that cannot be read names its key, its text also the envelope message', async () => {
    const vehicle = await createVehicle(db, 'msgids');
    const url = `/api/damage/by-vin/${vehicle.vin}`;
    const form = new FormData();
    form.append('description_operator', 'Bulk i døren');
    form.append('description_en', 'Dent in the door');
    form.append('image', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png');
    form.append('image', new Blob([new Uint8Array([4, 5, 6])], { type: 'image/png' }), 'b.png');
    const two = envelopeOf(await t.app.inject({ method: 'POST', url, headers: { authorization: authToken(admin) }, payload: form }));
    expect(two.errors).toEqual([{ field: 'image', messageId: 'oneImageOnly', message: 'Send one image only' }]);

    const broken = envelopeOf(
      await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: authToken(admin), 'content-type': 'multipart/form-data; boundary=xyz' },
        payload: '--xyz\r\nContent-Disposition: form-data; name="description_en"\r\n\r\nDent',
      }),
    );
    const [item] = broken.errors;
    expect(item?.messageId).toBe('formDataUnreadable');
    expect(typeof item?.params?.detail).toBe('string');
    expect(item?.message).toBe(`The form data could not be read: ${String(item?.params?.detail)}`);
    expect(broken.message).toBe(item?.message);
  });

  it('the e-mail domains of a company: the schema text with values names tooManyEmailDomains {max}', async () => {
    const domains = Array.from({ length: 21 }, (_, i) => `d${i}.example`);
    const body = envelopeOf(await putCompany({ ...validCompany, emailDomains: domains }));
    expect(body.errors).toEqual([
      { field: 'emailDomains', messageId: 'tooManyEmailDomains', params: { max: 20 }, message: 'At most 20 e-mail domains' },
    ]);
  });

  it("zod's own texts name a key by kind; the English text stays zod's", async () => {
    const body = envelopeOf(await putCompany({ ...validCompany, name: 12, emailDomains: 'havbris.example' }));
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', messageId: 'mustBeText' }),
        expect.objectContaining({ field: 'emailDomains', messageId: 'mustBeList' }),
      ]),
    );
    for (const item of body.errors) expect(item.message).not.toBe(MESSAGES[item.messageId as keyof typeof MESSAGES]);
    const small = envelopeOf(await get('/api/users?query=nordmann&pageSize=0'));
    expect(small.errors).toEqual([expect.objectContaining({ field: 'pageSize', messageId: 'numberTooSmall', params: { min: 1 } })]);
  });

  it("metadata: the spec's editing checks, and a rule broken led by the operator's label as {label}", async () => {
    const user = await createUser(db, 'msgids');
    const contract = await createContract(db, 'msgids', {
      metadataSpec: [
        { key: 'costCentre', label: 'Kostnadssted', description: null, type: 'INTEGER', choices: null, placeholder: null, required: true },
      ],
    });
    const pool = await createPool(db, 'msgids');
    const booking = await createBooking(db, 'msgids', { userId: user.id, contractId: contract.id, poolId: pool.id });
    const entry = { label: 'Prosjekt', description: null, choices: null, placeholder: null, required: false };
    const spec = envelopeOf(
      await put(`/api/bookings/${booking.bid}/metadataSpec`, [
        { ...entry, key: 'project', type: 'TEXT' },
        { ...entry, key: 'project', type: 'CHOICE', choices: [] },
      ]),
    );
    expect(spec.errors).toEqual([
      { field: 'metadataSpec.1.key', messageId: 'metadataKeyTwice', params: { key: 'project' }, message: 'The key project is listed twice' },
      { field: 'metadataSpec.1.choices', messageId: 'metadataChoicesRequired', message: 'A choice field needs choices' },
    ]);

    const values = envelopeOf(await put(`/api/bookings/${booking.bid}/metadata`, { costCentre: 'abc', colour: 'red' }));
    expect(values.errors).toEqual([
      {
        field: 'metadata.costCentre',
        messageId: 'metadataMustBeNumber',
        params: { label: 'Kostnadssted' },
        message: 'Kostnadssted: Must be a number',
      },
      { field: 'metadata.colour', messageId: 'metadataNotAField', params: { label: 'colour' }, message: 'colour: Not a field of the metadata spec' },
    ]);
  });
});

describe('the file-level texts of a batch import travel by id', () => {
  const upload = (csv: string) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'users.csv');
    return t.app.inject({
      method: 'POST',
      url: `/api/users/createBatch?companyId=${companyId}`,
      headers: { authorization: authToken(admin) },
      payload: form,
    });
  };

  it('an empty file and a file without users: an item on the file whose text is the envelope message', async () => {
    const empty = envelopeOf(await upload('\n\n'));
    expect(empty.errors).toEqual([{ field: 'file', messageId: 'csvFileEmpty', message: MESSAGES.csvFileEmpty }]);
    expect(empty.message).toBe(MESSAGES.csvFileEmpty);
    const headerOnly = envelopeOf(await upload('username,givenName,familyName,mobilePhone\n'));
    expect(headerOnly.errors).toEqual([{ field: 'file', messageId: 'csvNoUsers', message: MESSAGES.csvNoUsers }]);
  });

  it('a header naming no user fields: batchHeaderColumns with the columns as {required} and {optional}', async () => {
    const body = envelopeOf(await upload('username,colour\nx,red'));
    const summary = body.errors.at(-1);
    expect(summary).toMatchObject({ field: 'file', messageId: 'batchHeaderColumns', message: body.message });
    expect(String(summary?.params?.required)).toContain('mobilePhone');
    expect(String(summary?.params?.optional)).toContain('zipCode');
    expect(body.errors).toContainEqual({
      field: 'header.1',
      line: 1,
      messageId: 'batchUnknownColumn',
      params: { name: 'colour' },
      message: 'Unknown column "colour"',
    });
  });

  it('a line that is not CSV: csvLineUnreadable with its line', async () => {
    const body = envelopeOf(await upload('username,givenName,familyName,mobilePhone\n"ola,Ola,Nordmann,+4791234567\n'));
    expect(body.errors).toEqual([{ line: 2, messageId: 'csvLineUnreadable', message: MESSAGES.csvLineUnreadable }]);
  });
});
