import {
  BATCH_COLUMNS,
  BATCH_ERROR_COLUMN,
  BATCH_FILE_FIELD,
  BATCH_MAX_LINES,
  BATCH_REQUIRED_COLUMNS,
  fieldError,
  messageRef,
  type BatchColumn,
  type ErrorItem,
  type MessageKey,
  type MessageParams,
} from '@fleetdesk/contract';
import { parse } from 'csv-parse/sync';

/**
 * The batch-import .csv (§5) as spreadsheets really write it (issue 17; docs/decisions/0046-spreadsheet-files.md):
 * - encoding: UTF-8 with or without a byte-order mark, UTF-16 with a byte-order mark ("Unicode text"), else
 *   Windows-1252 when the bytes are not UTF-8 (Excel's "CSV" on Nordic Windows); the encoding read is reported;
 * - separator: comma, semicolon or tab, whichever the header row uses most outside quotes, or the one an Excel
 *   `sep=;` first line names (that line is skipped);
 * - RFC 4180 quoting and any line ends, parsed by csv-parse. Line numbers are the file's own (the header is line 1,
 *   a `sep=` line counts), counted at the start of each record, as a spreadsheet or editor shows them.
 */

export type Delimiter = ',' | ';' | '\t';
export type CsvEncoding = 'UTF-8' | 'UTF-16' | 'Windows-1252';

export interface CsvRecord {
  line: number;
  fields: string[];
}

export interface ParsedCsv {
  delimiter: Delimiter;
  encoding: CsvEncoding;
  hadBom: boolean;
  header: string[];
  /** Data records, blank ones (every field empty) left out. */
  records: CsvRecord[];
}

/** A problem with the file as a whole: answered as a 400 with these items. */
export class CsvFileError extends Error {
  constructor(
    message: string,
    readonly errors: ErrorItem[] = [],
  ) {
    super(message);
    this.name = 'CsvFileError';
  }

  /** The file's problem by message key: an item on the file field after the others, its text also the envelope's (docs/decisions/0059). */
  static of(key: MessageKey, params?: MessageParams, errors: ErrorItem[] = []): CsvFileError {
    const item = fieldError(BATCH_FILE_FIELD, key, params);
    return new CsvFileError(item.message, [...errors, item]);
  }
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const startsWith = (bytes: Buffer, prefix: readonly number[]) => bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** The file's text and the encoding it was read in. */
export function decodeCsv(bytes: Buffer): { text: string; encoding: CsvEncoding; hadBom: boolean } {
  if (startsWith(bytes, [0xff, 0xfe])) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'UTF-16', hadBom: true };
  if (startsWith(bytes, [0xfe, 0xff])) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'UTF-16', hadBom: true };
  const hadBom = startsWith(bytes, UTF8_BOM);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(hadBom ? bytes.subarray(3) : bytes), encoding: 'UTF-8', hadBom };
  } catch {
    // Not UTF-8: the Windows code page Nordic spreadsheets save "CSV" in (every byte is some character there).
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'Windows-1252', hadBom: false };
  }
}

/** Chooses the separator from the header row: the most frequent of ',', ';' and tab outside quotes (',' on a tie). */
export function detectDelimiter(text: string): Delimiter {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  const best = (Object.entries(counts) as [Delimiter, number][]).reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ',';
}

/** Excel's `sep=;` first line: the separator it names, and how many characters the line takes. */
function sepLine(text: string): { delimiter: Delimiter; length: number } | null {
  const match = /^sep=(.)\r?\n?/i.exec(text);
  if (!match) return null;
  const named = match[1];
  if (named !== ',' && named !== ';' && named !== '\t') return null;
  return { delimiter: named, length: match[0].length };
}

/** Splits CSV text into records with the line each starts on (`firstLine`: the file line the text starts at). */
export function splitRecords(text: string, delimiter: Delimiter, firstLine = 1): CsvRecord[] {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      info: true,
      bom: false,
    }) as unknown as typeof rows;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? firstLine;
    const fileLine = line + firstLine - 1;
    throw new CsvFileError(`Line ${fileLine}: ${(error as Error).message}`, [{ line: fileLine, ...messageRef('csvLineUnreadable') }]);
  }
  const records: CsvRecord[] = [];
  let nextStart = firstLine;
  for (const row of rows) {
    records.push({ line: nextStart, fields: row.record });
    nextStart = row.info.lines + firstLine;
  }
  return records;
}

/** Decodes and splits the file; throws CsvFileError when it is empty or too long. */
export function parseCsv(bytes: Buffer): ParsedCsv {
  const { text: decoded, encoding, hadBom } = decodeCsv(bytes);
  const sep = sepLine(decoded);
  const text = sep ? decoded.slice(sep.length) : decoded;
  const delimiter = sep?.delimiter ?? detectDelimiter(text);
  const all = splitRecords(text, delimiter, sep ? 2 : 1);
  const isBlank = (r: CsvRecord) => r.fields.every((f) => f.trim() === '');
  const headerIndex = all.findIndex((r) => !isBlank(r));
  if (headerIndex < 0) throw CsvFileError.of('csvFileEmpty');
  const header = all[headerIndex]!.fields.map((f) => f.trim());
  const records = all.slice(headerIndex + 1).filter((r) => !isBlank(r));
  if (records.length === 0) throw CsvFileError.of('csvNoUsers');
  if (records.length > BATCH_MAX_LINES) {
    throw CsvFileError.of('csvTooManyUsers', { count: records.length, max: BATCH_MAX_LINES });
  }
  return { delimiter, encoding, hadBom, header, records };
}

/** Maps each header cell to a column (or null for the ignored `error` column); unknown, repeated or missing columns are a 400. */
export function mapHeader(header: readonly string[]): (BatchColumn | null)[] {
  const byLower = new Map<string, BatchColumn>(BATCH_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const errors: ErrorItem[] = [];
  const seen = new Set<BatchColumn>();
  const mapped = header.map((cell, i) => {
    const name = cell.trim();
    if (name.toLowerCase() === BATCH_ERROR_COLUMN) return null;
    const column = byLower.get(name.toLowerCase());
    if (!column) {
      const field = `header.${i}`;
      errors.push({
        ...(name ? fieldError(field, 'batchUnknownColumn', { name }) : fieldError(field, 'batchUnnamedColumn', { column: i + 1 })),
        line: 1,
      });
      return null;
    }
    if (seen.has(column)) errors.push({ ...fieldError(`header.${i}`, 'batchColumnTwice', { column }), line: 1 });
    seen.add(column);
    return column;
  });
  for (const column of BATCH_REQUIRED_COLUMNS) {
    if (!seen.has(column)) errors.push({ ...fieldError(column, 'batchColumnMissing', { column }), line: 1 });
  }
  if (errors.length > 0) {
    const optional = BATCH_COLUMNS.filter((c) => !(BATCH_REQUIRED_COLUMNS as readonly string[]).includes(c));
    throw CsvFileError.of('batchHeaderColumns', { required: BATCH_REQUIRED_COLUMNS.join(', '), optional: optional.join(', ') }, errors);
  }
  return mapped;
}

/**
 * A cell as text a spreadsheet will not run: one starting with = + - @ (or a tab or carriage return, which some
 * programs strip before looking) gets a leading apostrophe, so "=HYPERLINK(…)" stays text (CSV injection).
 */
export function escapeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const needsQuotes = (value: string, delimiter: Delimiter) => value.includes(delimiter) || /["\r\n]/.test(value) || value !== value.trim();
/** One CSV cell: formula-escaped, then quoted when it must be. */
export const csvCell = (value: string, delimiter: Delimiter): string => {
  const safe = escapeFormula(value);
  return needsQuotes(safe, delimiter) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * The remaining (failed) lines as a .csv to download, correct and upload again: the original header and fields in
 * the original separator, with an `error` column (replacing one that was already there), CRLF line ends, and a
 * byte-order mark so that spreadsheet programs read it as UTF-8. Every cell is formula-escaped.
 */
export function remainingCsv(parsed: ParsedCsv, failed: readonly { record: CsvRecord; message: string }[]): Buffer {
  const d = parsed.delimiter;
  const errorIndex = parsed.header.findIndex((h) => h.trim().toLowerCase() === BATCH_ERROR_COLUMN);
  const width = errorIndex >= 0 ? parsed.header.length : parsed.header.length + 1;
  const at = errorIndex >= 0 ? errorIndex : parsed.header.length;
  const row = (fields: readonly string[], error: string) => {
    const cells = Array.from({ length: width }, (_, i) => fields[i] ?? '');
    cells[at] = error;
    return cells.map((c) => csvCell(c, d)).join(d);
  };
  const lines = [row(parsed.header, BATCH_ERROR_COLUMN), ...failed.map((f) => row(f.record.fields.slice(0, parsed.header.length), f.message))];
  return Buffer.concat([Buffer.from(UTF8_BOM), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}
