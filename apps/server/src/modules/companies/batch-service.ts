import {
  eventText,
  EVENT_TYPE_GROUP,
  fieldError,
  issueMessageRef,
  MESSAGE_IDS,
  withMessageRef,
  ZBatchUserLine,
  ZIntIdParam,
  type BatchColumn,
  type BatchCreateResponse,
  type BatchFailedLine,
  type BatchUserLine,
  type CompanyType,
  type MessageParams,
  type UserCategory,
} from '@fleetdesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contracts, events, fleets, userContracts, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { unsafeTextErrors } from '../../http/input-guard.ts';
import type { RequestSession } from '../auth/index.ts';
import { appendEvent, eventTextColumns } from '../events/index.ts';
import { refreshDuplicateFlags } from '../users/index.ts';
import { CsvFileError, mapHeader, parseCsv, remainingCsv, type CsvRecord, type ParsedCsv } from './batch-csv.ts';
import type { BatchUpload } from './batch-form.ts';
import { findFleetCompany, loadFleetCompanies, subtreeIds, type CompanyRow } from './service.ts';

/**
 * POST /api/users/createBatch (docs/decisions/0027-companies-batch.md): staff (SUPPORT and ADMIN, §6 "batch
 * create") create the users of a .csv in a top-level company of their operator. Every line is checked first (the user
 * form's field rules, user names unique case-insensitively among all users and within the file, the optional company column); then the valid lines are
 * created in ONE transaction with their contracts, duplicate flags and events, so a file is either imported (its valid lines) or,
 * on a database failure, not at all. Invalid lines come back with their line number, user name and message, and as
 * a .csv of the remaining lines.
 */

/** Imported users have no password yet: they confirm their e-mail and set one (§4: resend confirmation applies). */
export const BATCH_USER_STATUS = 'AWAITING_CONFIRMATION' as const;

const userCategoryOf = (type: CompanyType): UserCategory => (type === 'CORPORATE' ? 'COMPANY' : type === 'INTERNAL' ? 'FLEET' : 'PRIVATE');

interface CheckedLine {
  record: CsvRecord;
  username: string;
  value: BatchUserLine | null;
  company: CompanyRow | null;
  errors: LineError[];
}

/** One problem of a line: its field and its message by key and params (docs/decisions/0059), worded in English too. */
type LineError = { field: string; messageId?: string; params?: MessageParams; message: string };

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** The `company` column: an id or exact name (case-insensitive) within the chosen top-level company's subtree. */
function resolveCompany(text: string | undefined, top: CompanyRow, subtree: CompanyRow[]): CompanyRow | LineError {
  if (!text) return top;
  const byId = /^\d+$/.test(text) ? subtree.find((c) => c.id === Number(text)) : undefined;
  const found = byId ?? subtree.filter((c) => c.name.toLowerCase() === text.toLowerCase());
  if (!Array.isArray(found)) return found;
  if (found.length === 1) return found[0]!;
  if (found.length > 1) return fieldError('company', 'batchCompanyAmbiguous', { top: top.name, name: text });
  return fieldError('company', 'batchCompanyUnknown', { name: text, top: top.name });
}

/** The cell as the user typed it: a leading apostrophe that keeps a formula-like cell text (ours, `escapeFormula`) is dropped. */
const unescapeCell = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

const POST_CODE_DIGITS: Partial<Record<string, number>> = { NO: 4, SE: 5 };
const COUNTRY_NAMES: Partial<Record<string, string>> = { NO: 'Norway', SE: 'Sweden' };

/**
 * What a spreadsheet does to a line before it reaches us (issue 17): a phone number saved as a figure loses its "+",
 * and a post code loses its leading zero (0150 → 150). Both are refused with a hint rather than stored wrong.
 */
function spreadsheetHints(raw: Partial<Record<BatchColumn, string>>, fleetCountry: string): LineError[] {
  const hints: LineError[] = [];
  const phone = (raw.mobilePhone ?? '').replace(/\s/g, '');
  if (/^\d{6,21}$/.test(phone)) hints.push(fieldError('mobilePhone', 'phoneMissingPlus'));
  const zip = (raw.zipCode ?? '').trim();
  const country = (raw.countryCode ?? '').trim().toUpperCase() || fleetCountry;
  const expected = POST_CODE_DIGITS[country];
  if (expected && /^\d+$/.test(zip) && zip.length < expected) {
    hints.push(
      fieldError('zipCode', 'zipLostLeadingZero', {
        zip,
        digits: zip.length,
        country: COUNTRY_NAMES[country] ?? country,
        // The web words the country in the staff member's language from its code (the name above is for the English text).
        countryCode: country,
        expected,
        suggestion: zip.padStart(expected, '0'),
      }),
    );
  }
  return hints;
}

function checkLines(parsed: ParsedCsv, columns: (BatchColumn | null)[], top: CompanyRow, subtree: CompanyRow[], fleetCountry: string): CheckedLine[] {
  return parsed.records.map((record) => {
    const raw: Partial<Record<BatchColumn, string>> = {};
    columns.forEach((column, i) => {
      if (column) raw[column] = unescapeCell(record.fields[i] ?? '');
    });
    const errors: LineError[] = [];
    // The input guard for the file's cells: a NUL would never reach the database (an unpaired surrogate cannot occur,
    // the file is decoded as strict UTF-8).
    errors.push(...unsafeTextErrors(raw).map(withMessageRef));
    if (record.fields.slice(columns.length).some((f) => f.trim() !== '')) {
      errors.push(fieldError('line', 'batchLineTooManyFields', { fields: record.fields.length, columns: columns.length }));
    }
    const hints = spreadsheetHints(raw, fleetCountry);
    errors.push(...hints);
    const parsedLine = ZBatchUserLine.safeParse(raw);
    if (!parsedLine.success) {
      for (const issue of parsedLine.error.issues) {
        const field = issue.path.map(String).join('.') || 'line';
        // The hint says more than the rule it explains.
        if (!hints.some((h) => h.field === field)) errors.push({ field, ...issueMessageRef(issue), message: issue.message });
      }
    }
    let company: CompanyRow | null = null;
    if (parsedLine.success) {
      const resolved = resolveCompany(parsedLine.data.company, top, subtree);
      if ('field' in resolved) errors.push(resolved);
      else if (resolved.requiresMembershipConfirmation) {
        // §5: a housing-association division needs the membership check (or an override) per user, on the user page.
        errors.push(fieldError('company', 'membershipConfirmationRequired'));
      } else company = resolved;
    }
    return {
      record,
      username: (raw.username ?? '').trim(),
      value: parsedLine.success ? parsedLine.data : null,
      company,
      errors,
    };
  });
}

const lineMessage = (errors: LineError[]) => errors.map((e) => (e.field === 'line' ? e.message : `${e.field}: ${e.message}`)).join('; ');

export async function createUserBatch(
  db: Db,
  session: RequestSession,
  query: { companyId?: number | undefined },
  readUpload: () => Promise<BatchUpload>,
): Promise<BatchCreateResponse> {
  // §6: support staff "batch create" users on behalf of customers; SUPPORT and ADMIN alike (issue 14 point 7).
  const upload = await readUpload();
  const companyIdText = query.companyId !== undefined ? String(query.companyId) : upload.companyIdField?.trim();
  if (!companyIdText) throw AppError.invalidInput([fieldError('companyId', 'required')], 'Choose the company to create the users in');
  // The form field is read here, not by the route's schema: the same id rule (1 … 2147483647) as the query string.
  const companyId = ZIntIdParam.safeParse(companyIdText);
  if (!companyId.success || !/^\d+$/.test(companyIdText)) {
    throw AppError.invalidInput([fieldError('companyId', 'idOutOfRange')], 'Choose the company to create the users in');
  }
  const top = await findFleetCompany(db, session, companyId.data);
  if (top.parentId !== null) {
    const error = fieldError('companyId', 'batchTopLevelOnly');
    throw AppError.invalidInput([error], error.message);
  }

  let parsed: ParsedCsv;
  let columns: (BatchColumn | null)[];
  try {
    parsed = parseCsv(upload.bytes);
    columns = mapHeader(parsed.header);
  } catch (error) {
    if (error instanceof CsvFileError) throw AppError.invalidInput(error.errors, error.message);
    throw error;
  }

  const fleetCompanies = await loadFleetCompanies(db, session.fleet);
  const subtreeSet = new Set(subtreeIds(fleetCompanies, top.id));
  const subtree = fleetCompanies.filter((c) => subtreeSet.has(c.id));
  const [fleet] = await db
    .select({ defaultLanguage: fleets.defaultLanguage, country: fleets.country })
    .from(fleets)
    .where(eq(fleets.id, session.fleet))
    .limit(1);
  const lines = checkLines(parsed, columns, top, subtree, fleet?.country ?? '');

  // User names: unique case-insensitively within the file (the first line keeps it) and among all users (the
  // database's unique index spans every operator; the message does not say whose the name is).
  const firstLine = new Map<string, number>();
  for (const l of lines) {
    const key = l.username.toLowerCase();
    if (!key) continue;
    const first = firstLine.get(key);
    if (first === undefined) firstLine.set(key, l.record.line);
    else l.errors.push(fieldError('username', 'batchUsernameRepeated', { line: first }));
  }
  const candidates = lines.filter((l) => l.errors.length === 0 && l.value);
  if (candidates.length > 0) {
    const names = candidates.map((l) => l.username.toLowerCase());
    const taken = await db
      .select({ name: sql<string>`lower(${users.username})` })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, names));
    const takenSet = new Set(taken.map((t) => t.name));
    for (const l of candidates) {
      if (takenSet.has(l.username.toLowerCase())) l.errors.push(fieldError('username', 'usernameTaken'));
    }
  }

  const valid = lines.filter(
    (l): l is CheckedLine & { value: BatchUserLine; company: CompanyRow } => l.errors.length === 0 && l.value !== null && l.company !== null,
  );
  const failed = lines.filter((l) => l.errors.length > 0);

  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      if (valid.length > 0) {
        const created = await tx
          .insert(users)
          .values(
            valid.map(({ value: v, company }) => ({
              fleetId: session.fleet,
              username: v.username,
              role: 'CUSTOMER' as const,
              passwordHash: null,
              needsToSetPassword: true,
              givenName: v.givenName,
              familyName: v.familyName,
              emailAddress: v.emailAddress ?? null,
              mobilePhone: v.mobilePhone,
              language: v.language ?? fleet?.defaultLanguage ?? 'en-GB',
              streetAddress: v.streetAddress ?? null,
              zipCode: v.zipCode ?? null,
              city: v.city ?? null,
              countryCode: v.countryCode ?? null,
              customerNumber: v.customerNumber ?? null,
              campaignCode: v.campaignCode ?? null,
              note: v.note ?? null,
              pinCode: v.pinCode ?? null,
              rfid: v.rfid ?? null,
              companyId: company.id,
              userCategory: userCategoryOf(company.type),
              status: BATCH_USER_STATUS,
              applyDate: now,
              lastStatusChangeDate: now,
            })),
          )
          .returning({ id: users.id, username: users.username });
        // The contracts of the top-level company (company contracts hang there; a consumer company's is the private one).
        const companyContracts = await tx
          .select({ id: contracts.id })
          .from(contracts)
          .where(and(eq(contracts.fleetId, session.fleet), eq(contracts.companyId, top.id)));
        // Suspicious registrations (§3): the new users' e-mail and phone against every operator's customers.
        await refreshDuplicateFlags(
          tx,
          created.map((u) => u.id),
        );
        const links = created.flatMap((u) => companyContracts.map((c) => ({ userId: u.id, contractId: c.id })));
        for (let i = 0; i < links.length; i += 1000) await tx.insert(userContracts).values(links.slice(i, i + 1000));
        const companyName = new Map(valid.map((l) => [l.username.toLowerCase(), l.company.name]));
        const received = new Date(Math.max(Date.now(), now.getTime()));
        await tx.insert(events).values(
          created.map((u) => ({
            fleetId: session.fleet,
            occurred: now,
            received,
            actingUsername: session.username,
            affectedUsername: u.username,
            type: 'USER_ACTION' as const,
            typeGroup: EVENT_TYPE_GROUP.USER_ACTION,
            ...eventTextColumns(
              eventText('userBatchCreated', { username: u.username, company: companyName.get(u.username.toLowerCase()) ?? top.name }),
            ),
            properties: { action: 'BATCH_CREATED', companyId: top.id, fileName: upload.filename },
          })),
        );
      }
      await appendEvent(tx, session, {
        type: 'USER_ACTION',
        occurred: now,
        text: eventText('batchImport', { company: top.name, fileName: upload.filename, created: valid.length, failed: failed.length }),
        properties: { action: 'BATCH_IMPORT', companyId: top.id, fileName: upload.filename, created: valid.length, failed: failed.length },
      });
    });
  } catch (error) {
    // Another import or registration took one of the names between the check and the insert: nothing was written.
    if (isUniqueViolation(error)) throw AppError.of(MESSAGE_IDS.conflict, 409, 'conflict');
    throw error;
  }

  const notCreatedUsers: BatchFailedLine[] = failed.map((l) => ({
    line: l.record.line,
    username: l.username,
    message: lineMessage(l.errors),
    errors: l.errors,
  }));
  const base = upload.filename.replace(/\.csv$/i, '') || 'users';
  return {
    createdCount: valid.length,
    failedCount: failed.length,
    createdUsers: valid.map((l) => ({ line: l.record.line, username: l.value.username })),
    notCreatedUsers,
    remaningUsersFileBytes:
      failed.length > 0
        ? remainingCsv(
            parsed,
            failed.map((l) => ({ record: l.record, message: lineMessage(l.errors) })),
          ).toString('base64')
        : null,
    remainingUsersFileName: failed.length > 0 ? `${base}-remaining.csv` : null,
    fileEncoding: parsed.encoding,
  };
}
