import { MESSAGE_IDS, MESSAGES, ZBatchCreateResponse, ZErrorEnvelope, type ErrorEnvelope } from '@fleetdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { createCompany, createFleet, createStaff } from './support/factories.ts';
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
          params: { zip: '150', digits: 3, country: 'Norway', expected: 4, suggestion: '0150' },
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
