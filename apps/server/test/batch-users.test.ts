import {
  BATCH_FILE_MAX_BYTES,
  BATCH_MAX_LINES,
  MESSAGE_IDS,
  MESSAGES,
  ZBatchCreateResponse,
  ZErrorEnvelope,
  type BatchCreateResponse,
  type ErrorEnvelope,
} from '@fleetdesk/contract';
import { readFileSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { contracts, events, userContracts, users } from '../src/db/schema.ts';
import { createCompany, createContract, createFleet, createStaff, createUser } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let db: Db;
let admin: string;
let support: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'admin', 'admin-demo', 'ADMIN');
  await createStaff(db, 'fjord', 'support', 'support-demo');
  [admin, support] = await Promise.all([login(t.app, 'admin', 'admin-demo'), login(t.app, 'support', 'support-demo')]);
  const company = async (fleetId: string, name: string, over: Parameters<typeof createCompany>[2] = {}) => {
    const row = await createCompany(db, fleetId, { name, ...over });
    ids[`${fleetId}:${name}`] = row.id;
    return row.id;
  };
  // Nordlys with two divisions and two company contracts; Havbris; the consumers' company; a housing association.
  const nordlys = await company('fjord', 'Nordlys Consulting AS', { type: 'CORPORATE', emailDomains: ['nordlys.example'] });
  await company('fjord', 'Nordlys Bergen', { type: 'CORPORATE', parentId: nordlys });
  await company('fjord', 'Nordlys Oslo', { type: 'CORPORATE', parentId: nordlys });
  await createContract(db, 'fjord', { name: 'Nordlys Consulting – bedriftsavtale', contractType: 'COMPANY', companyId: nordlys });
  await createContract(db, 'fjord', { name: 'Nordlys Consulting – helgeavtale', contractType: 'COMPANY', companyId: nordlys });
  await company('fjord', 'Havbris Arkitekter AS', { type: 'CORPORATE' });
  await company('fjord', 'Privatkunder', { type: 'CONSUMER' });
  const fjordbo = await company('fjord', 'Fjordbo Boligbyggelag', { type: 'RESIDENTIAL' });
  // Matched by name, not by company code: FJB-1001 is no company of a batch line.
  await company('fjord', 'Grünerløkka Hage borettslag', {
    type: 'RESIDENTIAL',
    parentId: fjordbo,
    companyCode: 'FJB-1001',
    requiresMembershipConfirmation: true,
  });
  await company('fjord', 'Tøyen Park borettslag', {
    type: 'RESIDENTIAL',
    parentId: fjordbo,
    companyCode: 'FJB-1002',
    requiresMembershipConfirmation: true,
  });
  await createUser(db, 'fjord', { username: 'demo.active', givenName: 'Kari', familyName: 'Nordmann' });
  await company('malar', 'Norrsken Konsult AB', { type: 'CORPORATE' });
  await createUser(db, 'malar', { username: 'demo.se.active' });
  await createUser(db, 'malar', { username: 'mikael.holm', emailAddress: 'mikael.holm@example.com' });
}, 120_000);
afterAll(() => t.close());

const HEADER = 'username,givenName,familyName,mobilePhone,emailAddress';
function form(content: string | Buffer, name = 'users.csv', extra: Record<string, string> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(extra)) f.append(k, v);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  f.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), name);
  return f;
}
const upload = (
  payload: FormData | string,
  {
    companyId = ids['fjord:Nordlys Consulting AS'],
    as = admin,
    headers = {},
  }: { companyId?: number | null; as?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/createBatch${companyId === null ? '' : `?companyId=${companyId}`}`,
    headers: { authorization: authToken(as), ...headers },
    payload,
  });
async function importOk(payload: FormData, opts: Parameters<typeof upload>[1] = {}): Promise<BatchCreateResponse> {
  const res = await upload(payload, opts);
  expect(res.statusCode, res.body).toBe(200);
  return ZBatchCreateResponse.parse(res.json());
}
function expect400(res: { statusCode: number; json(): unknown }): ErrorEnvelope {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  const body = ZErrorEnvelope.parse(res.json());
  expect(body.messageId).toBe(MESSAGE_IDS.invalidInput);
  return body;
}
const userRow = async (username: string) => (await db.select().from(users).where(eq(users.username, username)))[0];
const remaining = (r: BatchCreateResponse) => Buffer.from(r.remaningUsersFileBytes ?? '', 'base64').toString('utf8');

describe('POST /api/users/createBatch: good files', () => {
  it('creates every line of a good file in the company, awaiting confirmation, with the company contracts and events', async () => {
    const csv = [
      HEADER,
      'ida.batch,Ida,Berg,+4791111001,ida.batch@nordlys.example',
      'jon.batch,Jon,Dahl,+47 911 11 002,',
      'kai.batch,Kai,Lie,+4791111003,kai@nordlys.example',
      '',
    ].join('\n');
    const r = await importOk(form(csv));
    expect(r).toMatchObject({ createdCount: 3, failedCount: 0, notCreatedUsers: [], remaningUsersFileBytes: null, remainingUsersFileName: null });
    expect(r.createdUsers).toEqual([
      { line: 2, username: 'ida.batch' },
      { line: 3, username: 'jon.batch' },
      { line: 4, username: 'kai.batch' },
    ]);

    const ida = await userRow('ida.batch');
    expect(ida).toMatchObject({
      fleetId: 'fjord',
      status: 'AWAITING_CONFIRMATION',
      role: 'CUSTOMER',
      companyId: ids['fjord:Nordlys Consulting AS'],
      userCategory: 'COMPANY',
      emailAddress: 'ida.batch@nordlys.example',
      language: 'nb',
      passwordHash: null,
      needsToSetPassword: true,
    });
    expect(ida!.applyDate).toBeInstanceOf(Date);
    expect(await userRow('jon.batch')).toMatchObject({ mobilePhone: '+4791111002', emailAddress: null });
    const companyContracts = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.companyId, ids['fjord:Nordlys Consulting AS']!));
    expect(companyContracts).toHaveLength(2);
    const links = await db.select().from(userContracts).where(eq(userContracts.userId, ida!.id));
    expect(links.map((l) => l.contractId).sort()).toEqual(companyContracts.map((c) => c.id).sort());

    const logged = await db
      .select()
      .from(events)
      .where(and(eq(events.fleetId, 'fjord'), eq(events.actingUsername, 'admin')));
    expect(
      logged
        .filter((e) => e.properties.action === 'BATCH_CREATED')
        .map((e) => e.affectedUsername)
        .sort(),
    ).toEqual(['ida.batch', 'jon.batch', 'kai.batch']);
    const batch = logged.filter((e) => e.properties.action === 'BATCH_IMPORT');
    expect(batch).toHaveLength(1);
    expect(batch[0]).toMatchObject({ type: 'USER_ACTION', properties: expect.objectContaining({ created: 3, failed: 0, fileName: 'users.csv' }) });
  });

  it('reads UTF-8 with a byte-order mark, semicolons, quotes, CRLF, header case and column order, and a child company', async () => {
    const csv =
      '\uFEFFFamilyName;USERNAME;givenName;mobilePhone;company;note;language\r\n' +
      'Ødegård;åse.batch;Åse;+4791111011;Nordlys Bergen;"Kontor; 3. etasje";en-GB\r\n' +
      '"Lund ""Jr""";leo.batch;Leo;+4791111012;;"two\r\nlines";\r\n';
    const r = await importOk(form(Buffer.from(csv, 'utf8')));
    expect(r.failedCount, JSON.stringify(r.notCreatedUsers)).toBe(0);
    expect(r.createdUsers).toEqual([
      { line: 2, username: 'åse.batch' },
      { line: 3, username: 'leo.batch' },
    ]);
    expect(await userRow('åse.batch')).toMatchObject({
      familyName: 'Ødegård',
      companyId: ids['fjord:Nordlys Bergen'],
      note: 'Kontor; 3. etasje',
      language: 'en-GB',
    });
    expect(await userRow('leo.batch')).toMatchObject({
      familyName: 'Lund "Jr"',
      companyId: ids['fjord:Nordlys Consulting AS'],
      note: 'two\r\nlines',
    });
  });

  it('flags a created user whose e-mail or phone another customer already has (suspicious registration)', async () => {
    const r = await importOk(
      form(`${HEADER}\ntwin.batch,Twin,Holm,+4792999001,MIKAEL.HOLM@example.com\nsolo.batch,Solo,Holm,+4792999002,solo.batch@example.no`),
    );
    expect(r.createdCount).toBe(2);
    expect(await userRow('twin.batch')).toMatchObject({ duplicateEmail: true, duplicatePhone: false });
    expect(await userRow('solo.batch')).toMatchObject({ duplicateEmail: false, duplicatePhone: false });
    expect(await userRow('mikael.holm')).toMatchObject({ duplicateEmail: true });
  });

  it('takes the company id from a form field too', async () => {
    const r = await importOk(form(`${HEADER}\nmia.batch,Mia,Moe,+4791111021,`, 'users.CSV', { companyId: String(ids['fjord:Privatkunder']) }), {
      companyId: null,
    });
    expect(r.createdCount).toBe(1);
    expect(await userRow('mia.batch')).toMatchObject({ companyId: ids['fjord:Privatkunder'], userCategory: 'PRIVATE' });
  });
});

describe('POST /api/users/createBatch: bad lines', () => {
  it('creates the good lines and reports each bad one with line, user name and message, and the remaining rows as a .csv', async () => {
    const lines = [
      'username,givenName,familyName,mobilePhone,emailAddress,pinCode,language,company',
      'ok.one,Ola,Ok,+4792222001,ok.one@example.no,1234,nb,', // 2 ok
      ',No,Name,+4792222002,,,,', // 3 username required
      'no.given,,Given,+4792222003,,,,', // 4 givenName required
      'no.family,No,,+4792222004,,,,', // 5 familyName required
      'no.phone,No,Phone,,,,,', // 6 phone required
      'bad.phone,Bad,Phone,4792222006,,,,', // 7 phone without +
      'short.phone,Short,Phone,+12345,,,,', // 8 five digits
      'bad.email,Bad,Email,+4792222008,not-an-email,,,', // 9 e-mail
      'bad.pin,Bad,Pin,+4792222009,,12a4,,', // 10 PIN
      'bad.lang,Bad,Lang,+4792222010,,,fr,', // 11 language
      'has space,Has,Space,+4792222011,,,,', // 12 spaces in user name
      'demo.active,Taken,Here,+4792222012,,,,', // 13 taken in the operator
      'DEMO.SE.ACTIVE,Taken,There,+4792222013,,,,', // 14 taken in the other operator (case-insensitive)
      'ok.two,Oda,Ok,+4792222014,,,,', // 15 ok
      'OK.TWO,Oda,Again,+4792222015,,,,', // 16 duplicate within the file
      'no.company,No,Company,+4792222016,,,,Nordlys Oslo', // 17 not under Havbris
      'extra.field,Extra,Field,+4792222017,,,,,surplus', // 18 more fields than the header
    ];
    const r = await importOk(form(lines.join('\n'), 'havbris.csv'), { companyId: ids['fjord:Havbris Arkitekter AS'] });
    expect(r.createdCount).toBe(2);
    expect(r.createdUsers.map((u) => u.username)).toEqual(['ok.one', 'ok.two']);
    expect(r.failedCount).toBe(15);
    const byLine = new Map(r.notCreatedUsers.map((f) => [f.line, f]));
    const expectLine = (line: number, username: string, field: string, message: string | RegExp) => {
      const f = byLine.get(line);
      expect(f, `line ${line}`).toBeDefined();
      expect(f!.username).toBe(username);
      const e = f!.errors.find((x) => x.field === field);
      expect(e, `line ${line} ${field}: ${JSON.stringify(f)}`).toBeDefined();
      if (typeof message === 'string') expect(e!.message).toBe(message);
      else expect(e!.message).toMatch(message);
      expect(f!.message).toContain(e!.message);
    };
    expectLine(3, '', 'username', MESSAGES.required);
    expectLine(4, 'no.given', 'givenName', MESSAGES.required);
    expectLine(5, 'no.family', 'familyName', MESSAGES.required);
    expectLine(6, 'no.phone', 'mobilePhone', MESSAGES.required);
    // A phone number a spreadsheet saved as a figure: the hint says the + is missing (issue 17).
    expectLine(7, 'bad.phone', 'mobilePhone', MESSAGES.phoneMissingPlus);
    expectLine(8, 'short.phone', 'mobilePhone', MESSAGES.invalidPhoneNumber);
    expectLine(9, 'bad.email', 'emailAddress', MESSAGES.invalidEmail);
    expectLine(10, 'bad.pin', 'pinCode', MESSAGES.invalidPinCode);
    expectLine(11, 'bad.lang', 'language', /.+/);
    expectLine(12, 'has space', 'username', /spaces/);
    expectLine(13, 'demo.active', 'username', 'The user name is already taken');
    expectLine(14, 'DEMO.SE.ACTIVE', 'username', 'The user name is already taken');
    expectLine(16, 'OK.TWO', 'username', 'The user name is also on line 15 of the file');
    expectLine(17, 'no.company', 'company', 'There is no company Nordlys Oslo under Havbris Arkitekter AS');
    expectLine(18, 'extra.field', 'line', /more|fields/);
    // Nothing leaks about the other operator's user.
    expect(JSON.stringify(r.notCreatedUsers)).not.toMatch(/malar|Mälar/);

    // Only the good lines exist; the taken names keep their owners.
    expect(await userRow('ok.one')).toMatchObject({ companyId: ids['fjord:Havbris Arkitekter AS'], pinCode: '1234' });
    const created = await db
      .select({ u: users.username })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, ['no.given', 'bad.phone', 'has space', 'extra.field']));
    expect(created).toEqual([]);
    expect((await userRow('demo.active'))!.familyName).toBe('Nordmann');

    // The remaining rows: the header plus an error column, the failed lines as written, offered as <name>-remaining.csv.
    expect(r.remainingUsersFileName).toBe('havbris-remaining.csv');
    const text = remaining(r);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe(`${lines[0]},error`);
    expect(rows).toHaveLength(16);
    // Cells a spreadsheet would run as a formula (= + - @) are escaped with an apostrophe (CSV injection, issue 17).
    expect(rows[1]).toMatch(/^,No,Name,'\+4792222002,,,,,username: Required$/);
    expect(rows.some((row) => row.startsWith('ok.one'))).toBe(false);
    expect(rows.find((row) => row.startsWith('OK.TWO'))).toContain('also on line 15');

    // Correct two of them in the downloaded file and upload it again: the error column is ignored.
    const fixed = [
      rows[0],
      rows.find((row) => row.startsWith('bad.phone'))!.replace('4792222006', '+4792222006'),
      rows.find((row) => row.startsWith('no.given'))!.replace('no.given,,', 'no.given,Nils,'),
    ].join('\r\n');
    const again = await importOk(form(fixed, 'havbris-remaining.csv'), { companyId: ids['fjord:Havbris Arkitekter AS'] });
    expect(again).toMatchObject({ createdCount: 2, failedCount: 0 });
  });

  it('refuses a line for a housing-association division that needs membership confirmation', async () => {
    const r = await importOk(
      form(
        'username,givenName,familyName,mobilePhone,company\nbo.batch,Bo,Bo,+4793333001,FJB-1001\nbo2.batch,Bo,To,+4793333002,Tøyen Park borettslag',
      ),
      {
        companyId: ids['fjord:Fjordbo Boligbyggelag'],
      },
    );
    expect(r.createdCount).toBe(0);
    expect(r.notCreatedUsers.find((f) => f.line === 2)?.errors[0]?.message).toMatch(/no company FJB-1001/);
    expect(r.notCreatedUsers.find((f) => f.line === 3)?.errors[0]?.message).toBe(MESSAGES.membershipConfirmationRequired);
  });
});

describe('POST /api/users/createBatch: SUPPORT staff (§6 "batch create")', () => {
  it('creates users from the company page (companyId in the query) and from the batch screen (its company list, companyId as a form field)', async () => {
    // The company page: the company's id in the query string, as the web client sends it.
    const fromPage = await importOk(form(`${HEADER}\nsupport.page,Sup,Page,+4794444001,`), {
      as: support,
      companyId: ids['fjord:Havbris Arkitekter AS'],
    });
    expect(fromPage).toMatchObject({ createdCount: 1, failedCount: 0 });
    expect(await userRow('support.page')).toMatchObject({ companyId: ids['fjord:Havbris Arkitekter AS'], status: 'AWAITING_CONFIRMATION' });

    // The batch screen: the top-level companies to choose from, then the upload with the choice in the form.
    const topLevel = await t.app.inject({ method: 'GET', url: '/api/companies/top-level', headers: { authorization: authToken(support) } });
    expect(topLevel.statusCode).toBe(200);
    const chosen = (topLevel.json() as { id: number; name: string }[]).find((c) => c.name === 'Nordlys Consulting AS');
    expect(chosen).toBeDefined();
    const fromScreen = await importOk(form(`${HEADER}\nsupport.screen,Sup,Screen,+4794444002,`, 'screen.csv', { companyId: String(chosen!.id) }), {
      as: support,
      companyId: null,
    });
    expect(fromScreen).toMatchObject({ createdCount: 1, failedCount: 0 });
    expect(await userRow('support.screen')).toMatchObject({ companyId: chosen!.id });
    const [batchEvent] = await db
      .select({ actingUsername: events.actingUsername })
      .from(events)
      .where(and(sql`${events.properties}->>'action' = 'BATCH_IMPORT'`, sql`${events.properties}->>'fileName' = 'screen.csv'`));
    expect(batchEvent).toEqual({ actingUsername: 'support' });
  });
});

describe('POST /api/users/createBatch: refused files and callers', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/users/createBatch?companyId=1', payload: form(HEADER) })).statusCode).toBe(401);
  });

  it('answers 400 to a body that is not multipart, and to a form without a file', async () => {
    for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'text/csv' }]) {
      const body = expect400(
        await upload(headers['content-type'] === 'application/json' ? '{"file":"x"}' : `${HEADER}\nx,y,z,+4790000000,`, { headers }),
      );
      expect(body.errors[0]?.field).toBe('file');
    }
    const noFile = new FormData();
    noFile.append('companyId', String(ids['fjord:Privatkunder']));
    expect(expect400(await upload(noFile)).errors[0]).toMatchObject({ field: 'file', message: MESSAGES.required });
  });

  it('accepts .csv files only', async () => {
    const body = expect400(await upload(form(`${HEADER}\ntxt.batch,T,X,+4794444002,`, 'users.txt')));
    expect(body.message).toBe(MESSAGES.csvOnly);
    expect(await userRow('txt.batch')).toBeUndefined();
  });

  it('refuses too large a file and too many lines', async () => {
    const big = `${HEADER}\n${'x'.repeat(BATCH_FILE_MAX_BYTES)}`;
    expect(expect400(await upload(form(big))).message).toMatch(/larger than/);
    const many = [HEADER, ...Array.from({ length: BATCH_MAX_LINES + 1 }, (_, i) => `many.${i},M,Any,+479555${String(i).padStart(4, '0')},`)].join(
      '\n',
    );
    expect(expect400(await upload(form(many))).message).toMatch(/at most 1000/);
    expect(await userRow('many.0')).toBeUndefined();
  });

  it('refuses a header without the required columns or with unknown ones, empty files and an unclosed quote', async () => {
    const missing = expect400(await upload(form('username,givenName\nx,y')));
    expect(missing.errors.map((e) => e.field)).toEqual(expect.arrayContaining(['familyName', 'mobilePhone']));
    const unknown = expect400(await upload(form(`${HEADER},password\nx,y,z,+4790000000,,secret`)));
    expect(unknown.errors[0]?.message).toBe('Unknown column "password"');
    expect400(await upload(form('')));
    expect400(await upload(form(`${HEADER}\n\n`)));
    expect400(await upload(form(`${HEADER}\n"unterminated,a,b,+4790000002,`)));
  });

  it('needs a top-level company of the operator', async () => {
    const csv = `${HEADER}\nchild.batch,C,Hild,+4794444003,`;
    expect(expect400(await upload(form(csv), { companyId: ids['fjord:Nordlys Oslo'] })).message).toMatch(/top-level/);
    expect((await upload(form(csv), { companyId: ids['malar:Norrsken Konsult AB'] })).statusCode).toBe(404);
    expect((await upload(form(csv), { companyId: 999_999 })).statusCode).toBe(404);
    expect(expect400(await upload(form(csv), { companyId: null })).errors[0]?.field).toBe('companyId');
    expect(await userRow('child.batch')).toBeUndefined();
  });
});

describe('POST /api/users/createBatch: files as spreadsheets write them (issue 17)', () => {
  const fixture = (name: string) => readFileSync(new URL(`./fixtures/batch-csv/${name}`, import.meta.url));
  const LO_USERS = ['lo.asmund', 'lo.marta', 'lo.figure', 'lo.zip', 'lo.formula'];
  async function removeImported() {
    const rows = await db.select({ id: users.id }).from(users).where(inArray(users.username, LO_USERS));
    if (!rows.length) return;
    await db.delete(userContracts).where(
      inArray(
        userContracts.userId,
        rows.map((r) => r.id),
      ),
    );
    await db.delete(users).where(
      inArray(
        users.id,
        rows.map((r) => r.id),
      ),
    );
  }

  it.each([
    ['utf8-comma.csv', 'UTF-8'],
    ['cp1252-semicolon.csv', 'Windows-1252'],
    ['utf16-tab.csv', 'UTF-16'],
    ['excel-sep-line-cp1252.csv', 'Windows-1252'],
  ] as const)('reads %s (LibreOffice Calc), says it read %s, and hints at what the spreadsheet did to the figures', async (file, encoding) => {
    await removeImported();
    const r = await importOk(form(fixture(file), file), { companyId: ids['fjord:Havbris Arkitekter AS'] });
    expect(r.fileEncoding).toBe(encoding);
    // The Nordic letters arrive intact, whatever the encoding.
    expect(r.createdUsers.map((u) => u.username).sort()).toEqual(['lo.asmund', 'lo.formula', 'lo.marta']);
    expect(await userRow('lo.asmund')).toMatchObject({ givenName: 'Åsmund', familyName: 'Ødegård', note: 'Nøkkel på kontoret' });
    expect(await userRow('lo.marta')).toMatchObject({ givenName: 'Märta', familyName: 'Söderström' });
    // A formula-like note is stored as the text it is.
    expect((await userRow('lo.formula'))!.note).toBe('=HYPERLINK("http://example.test","x")');
    // The line numbers are the file's own (a sep= line counts).
    const offset = file.startsWith('excel-sep-line') ? 1 : 0;
    const figure = r.notCreatedUsers.find((f) => f.username === 'lo.figure');
    expect(figure).toMatchObject({ line: 4 + offset, errors: [{ field: 'mobilePhone', message: MESSAGES.phoneMissingPlus }] });
    const zip = r.notCreatedUsers.find((f) => f.username === 'lo.zip');
    expect(zip?.line).toBe(5 + offset);
    expect(zip?.errors).toEqual([
      {
        field: 'zipCode',
        messageId: 'zipLostLeadingZero',
        params: { zip: '150', digits: 3, country: 'Norway', countryCode: 'NO', expected: 4, suggestion: '0150' },
        message: expect.stringMatching(/Post code 150 has 3 digits, but post codes in Norway have 4.*0150\?/),
      },
    ]);
    // The remaining rows escape formula-like cells, in the file's own separator.
    const rows = remaining(r)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const sep = file.includes('semicolon') || file.includes('sep-line') ? ';' : file.includes('tab') ? '\t' : ',';
    expect(
      rows
        .find((row) => row.startsWith('lo.zip'))!
        .split(sep)
        .slice(0, 5),
    ).toEqual(['lo.zip', 'Zacharias', 'Null', "'+4791234004", '150']);
  });

  it('escapes every cell starting with = + - @ in the remaining rows, and reads its own escaping back', async () => {
    await removeImported();
    const csv = [
      'username,givenName,familyName,mobilePhone,note',
      'lo.asmund,=cmd|"/c calc"!A1,@SUM(1),+4791234001,-2+3',
      'lo.marta,Märta,Söderström,not-a-phone,+note',
    ].join('\r\n');
    const r = await importOk(form(csv, 'inject.csv'), { companyId: ids['fjord:Havbris Arkitekter AS'] });
    expect(r.createdUsers.map((u) => u.username)).toEqual(['lo.asmund']);
    expect(await userRow('lo.asmund')).toMatchObject({ givenName: '=cmd|"/c calc"!A1', familyName: '@SUM(1)', note: '-2+3' });
    const rows = remaining(r)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[1]).toBe(`lo.marta,Märta,Söderström,not-a-phone,'+note,mobilePhone: ${MESSAGES.invalidPhoneNumber}`);
    for (const cell of rows.slice(1).flatMap((row) => row.split(','))) expect(cell).not.toMatch(/^[=+\-@]/);
  });
});
