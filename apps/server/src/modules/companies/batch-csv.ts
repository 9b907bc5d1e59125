import { BATCH_COLUMNS, BATCH_ERROR_COLUMN, BATCH_MAX_LINES, BATCH_REQUIRED_COLUMNS, type BatchColumn, type ErrorItem } from '@fleetdesk/contract';

/**
 * The batch-import .csv (§5), as pure functions: UTF-8 with or without a byte-order mark, comma or semicolon
 * separated (whichever the header row uses more of), RFC 4180 quoting (quoted separators, doubled quotes and line
 * breaks inside quotes), CRLF, LF or CR line ends. Line numbers are the file's own (the header is line 1), counted
 * at the start of each record, as a spreadsheet or editor shows them.
 */

export type Delimiter = ',' | ';';

export interface CsvRecord {
  line: number;
  fields: string[];
}

export interface ParsedCsv {
  delimiter: Delimiter;
  hadBom: boolean;
  header: string[];
  /** Data records, blank ones (every field empty) left out. */
  records: CsvRecord[];
}

/** A problem with the file as a whole: answered as a 400 with these items. */
export class CsvFileError extends Error {
  constructor(message: string, readonly errors: ErrorItem[] = []) {
    super(message);
    this.name = 'CsvFileError';
  }
}

const BOM = [0xef, 0xbb, 0xbf];

/** Chooses the separator from the header row: the more frequent of ';' and ',' outside quotes (',' on a tie). */
export function detectDelimiter(text: string): Delimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** Splits CSV text into records with the line each starts on. */
export function splitRecords(text: string, delimiter: Delimiter): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;
  const endField = () => {
    fields.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    records.push({ line: recordLine, fields });
    fields = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (ch === delimiter) endField();
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += ch;
      fieldStarted = true;
    }
  }
  if (quoted) throw new CsvFileError(`Line ${recordLine}: a quoted field is not closed`, [{ line: recordLine, message: 'A quoted field is not closed' }]);
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/** Decodes and splits the file; throws CsvFileError when it is not UTF-8 text, is empty, or is too long. */
export function parseCsv(bytes: Buffer): ParsedCsv {
  const hadBom = bytes.length >= 3 && BOM.every((b, i) => bytes[i] === b);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CsvFileError('The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.');
  }
  const delimiter = detectDelimiter(text);
  const all = splitRecords(text, delimiter);
  const isBlank = (r: CsvRecord) => r.fields.every((f) => f.trim() === '');
  const headerIndex = all.findIndex((r) => !isBlank(r));
  if (headerIndex < 0) throw new CsvFileError('The file is empty: it needs a header row of user field names and one line per user');
  const header = all[headerIndex]!.fields.map((f) => f.trim());
  const records = all.slice(headerIndex + 1).filter((r) => !isBlank(r));
  if (records.length === 0) throw new CsvFileError('The file has a header row but no users');
  if (records.length > BATCH_MAX_LINES) {
    throw new CsvFileError(`The file has ${records.length} users; at most ${BATCH_MAX_LINES} can be imported at once. Split it into smaller files.`);
  }
  return { delimiter, hadBom, header, records };
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
      errors.push({ field: `header.${i}`, line: 1, message: name ? `Unknown column "${name}"` : `Column ${i + 1} has no name` });
      return null;
    }
    if (seen.has(column)) errors.push({ field: `header.${i}`, line: 1, message: `The column ${column} appears twice` });
    seen.add(column);
    return column;
  });
  for (const column of BATCH_REQUIRED_COLUMNS) {
    if (!seen.has(column)) errors.push({ field: column, line: 1, message: `The column ${column} is missing` });
  }
  if (errors.length > 0) {
    throw new CsvFileError(
      `The header row must name user fields. Required: ${BATCH_REQUIRED_COLUMNS.join(', ')}; optional: ${BATCH_COLUMNS.filter((c) => !(BATCH_REQUIRED_COLUMNS as readonly string[]).includes(c)).join(', ')}.`,
      errors,
    );
  }
  return mapped;
}

const needsQuotes = (value: string, delimiter: Delimiter) => value.includes(delimiter) || /["\r\n]/.test(value) || value !== value.trim();
const quote = (value: string, delimiter: Delimiter) => (needsQuotes(value, delimiter) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The remaining (failed) lines as a .csv to download, correct and upload again: the original header and fields in
 * the original separator, with an `error` column (replacing one that was already there), CRLF line ends, and a
 * byte-order mark so that spreadsheet programs read it as UTF-8.
 */
export function remainingCsv(parsed: ParsedCsv, failed: readonly { record: CsvRecord; message: string }[]): Buffer {
  const d = parsed.delimiter;
  const errorIndex = parsed.header.findIndex((h) => h.trim().toLowerCase() === BATCH_ERROR_COLUMN);
  const width = errorIndex >= 0 ? parsed.header.length : parsed.header.length + 1;
  const at = errorIndex >= 0 ? errorIndex : parsed.header.length;
  const row = (fields: readonly string[], error: string) => {
    const cells = Array.from({ length: width }, (_, i) => fields[i] ?? '');
    cells[at] = error;
    return cells.map((c) => quote(c, d)).join(d);
  };
  const lines = [row(parsed.header, BATCH_ERROR_COLUMN), ...failed.map((f) => row(f.record.fields.slice(0, parsed.header.length), f.message))];
  return Buffer.concat([Buffer.from(BOM), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}
