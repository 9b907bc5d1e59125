import { formatLocalDateTime, type Language, type TripType } from '@fleetdesk/contract';
import * as XLSX from '@e965/xlsx';
import type { JournalMonth } from './journal.ts';

/**
 * The journal as a real Excel 97 workbook (BIFF8, .xls), saved as '{reg} - {year} - {month}.xls' (§7). One sheet,
 * a header row in the staff member's language (the `lang` the console sends; the operator's default language without
 * it), then one row per drive: start and end as real date cells (a spreadsheet sorts and filters them as dates),
 * shown 'yyyy-mm-dd hh:mm' (§9) in the operator's time zone; distance and odometer readings as numbers (issue 17).
 */

export const XLS_CONTENT_TYPE = 'application/vnd.ms-excel';

type Column =
  | 'start'
  | 'end'
  | 'distance'
  | 'odometerStart'
  | 'odometerEnd'
  | 'fromPool'
  | 'toPool'
  | 'tripType'
  | 'user'
  | 'firstName'
  | 'lastName'
  | 'bid'
  | 'destination'
  | 'purpose';
const COLUMNS: readonly Column[] = [
  'start',
  'end',
  'distance',
  'odometerStart',
  'odometerEnd',
  'fromPool',
  'toPool',
  'tripType',
  'user',
  'firstName',
  'lastName',
  'bid',
  'destination',
  'purpose',
];

interface SheetTexts {
  sheet: string;
  headers: Record<Column, string>;
  tripTypes: Record<TripType, string>;
}

export const JOURNAL_SHEET_TEXTS: Record<Language, SheetTexts> = {
  'en-GB': {
    sheet: 'Journal',
    headers: {
      start: 'Start',
      end: 'End',
      distance: 'Distance (km)',
      odometerStart: 'Odometer start (km)',
      odometerEnd: 'Odometer end (km)',
      fromPool: 'From pool',
      toPool: 'To pool',
      tripType: 'Trip type',
      user: 'User',
      firstName: 'First name',
      lastName: 'Last name',
      bid: 'BID',
      destination: 'Destination',
      purpose: 'Purpose',
    },
    tripTypes: { PRIVATE: 'Private', BUSINESS: 'Business', MAINTENANCE: 'Maintenance' },
  },
  nb: {
    sheet: 'Kjørebok',
    headers: {
      start: 'Start',
      end: 'Slutt',
      distance: 'Distanse (km)',
      odometerStart: 'Kilometerstand start',
      odometerEnd: 'Kilometerstand slutt',
      fromPool: 'Fra bilpool',
      toPool: 'Til bilpool',
      tripType: 'Turtype',
      user: 'Bruker',
      firstName: 'Fornavn',
      lastName: 'Etternavn',
      bid: 'BID',
      destination: 'Reisemål',
      purpose: 'Formål',
    },
    tripTypes: { PRIVATE: 'Privat', BUSINESS: 'Tjeneste', MAINTENANCE: 'Vedlikehold' },
  },
  sv: {
    sheet: 'Körjournal',
    headers: {
      start: 'Start',
      end: 'Slut',
      distance: 'Sträcka (km)',
      odometerStart: 'Mätarställning start',
      odometerEnd: 'Mätarställning slut',
      fromPool: 'Från bilpool',
      toPool: 'Till bilpool',
      tripType: 'Resetyp',
      user: 'Användare',
      firstName: 'Förnamn',
      lastName: 'Efternamn',
      bid: 'BID',
      destination: 'Resmål',
      purpose: 'Syfte',
    },
    tripTypes: { PRIVATE: 'Privat', BUSINESS: 'Tjänst', MAINTENANCE: 'Underhåll' },
  },
  de: {
    sheet: 'Fahrtenbuch',
    headers: {
      start: 'Beginn',
      end: 'Ende',
      distance: 'Strecke (km)',
      odometerStart: 'Kilometerstand Beginn',
      odometerEnd: 'Kilometerstand Ende',
      fromPool: 'Von Station',
      toPool: 'Nach Station',
      tripType: 'Fahrtart',
      user: 'Benutzer',
      firstName: 'Vorname',
      lastName: 'Nachname',
      bid: 'BID',
      destination: 'Ziel',
      purpose: 'Zweck',
    },
    tripTypes: { PRIVATE: 'Privat', BUSINESS: 'Geschäftlich', MAINTENANCE: 'Wartung' },
  },
};

/** A date cell: the serial day number spreadsheets count from 1899-12-30, with §9's format. */
interface DateCell {
  t: 'n';
  v: number;
  z: string;
}
type Cell = string | number | null | DateCell;

/** §9's 'YYYY-MM-DD HH:mm' as a spreadsheet number format. */
export const XLS_DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
const SPREADSHEET_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * The wall-clock time of `instant` in `timeZone` as a date cell. Spreadsheet dates have no time zone: the cell holds
 * the operator's wall clock, as the text cells did before.
 */
export function dateCell(instant: Date, timeZone: string): DateCell {
  const wall = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(formatLocalDateTime(instant, timeZone));
  if (!wall) throw new Error(`Unexpected local date-time for ${instant.toISOString()}`);
  const [, y, mo, d, h, mi] = wall.map(Number) as [number, number, number, number, number, number];
  return { t: 'n', v: (Date.UTC(y, mo - 1, d, h, mi) - SPREADSHEET_EPOCH_MS) / DAY_MS, z: XLS_DATE_TIME_FORMAT };
}

/** The sheet's rows: the header row (in `language`, else the operator's), then the drives. */
export function journalRows(journal: JournalMonth, language: Language = journal.locale.language): Cell[][] {
  const texts = JOURNAL_SHEET_TEXTS[language];
  const zone = journal.locale.timeZone;
  const rows: Cell[][] = [COLUMNS.map((c) => texts.headers[c])];
  for (const e of journal.results) {
    const values: Record<Column, Cell> = {
      start: dateCell(new Date(e.driveTime.start), zone),
      end: dateCell(new Date(e.driveTime.end), zone),
      distance: e.distance,
      odometerStart: e.odometerStart,
      odometerEnd: e.odometerEnd,
      fromPool: e.fromPool?.pool ?? null,
      toPool: e.toPool?.pool ?? null,
      tripType: e.tripType ? texts.tripTypes[e.tripType] : null,
      user: e.user,
      firstName: e.userFirstName,
      lastName: e.userLastName,
      bid: e.bid,
      destination: e.destination,
      purpose: e.purpose,
    };
    rows.push(COLUMNS.map((c) => values[c]));
  }
  return rows;
}

/** The workbook as BIFF8 bytes, in `language` (the operator's without it). */
export function journalWorkbook(journal: JournalMonth, language: Language = journal.locale.language): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(journalRows(journal, language));
  sheet['!cols'] = COLUMNS.map((c) => ({ wch: c === 'start' || c === 'end' ? 17 : c === 'distance' || c.startsWith('odometer') ? 12 : 18 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, JOURNAL_SHEET_TEXTS[language].sheet);
  const out: unknown = XLSX.write(book, { bookType: 'biff8', type: 'buffer' });
  if (!Buffer.isBuffer(out)) throw new Error('The spreadsheet writer did not return bytes');
  return out;
}

/** '{reg} - {year} - {month}.xls' with a two-digit month (§7). */
export function journalFileName(registrationNumber: string, year: number, month: number): string {
  return `${registrationNumber} - ${year} - ${String(month).padStart(2, '0')}.xls`;
}

/** Nordic and German letters that Unicode does not decompose into a base letter. */
const ASCII_LETTERS: Record<string, string> = { Ø: 'O', ø: 'o', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', ß: 'ss' };

/**
 * An attachment header that survives any plate: a plain ASCII `filename` for old clients and the exact name as
 * RFC 5987 `filename*` (UTF-8, percent-encoded).
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .replace(/[ØøÆæŒœß]/g, (c) => ASCII_LETTERS[c] ?? '_')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/"/g, "'")
    .replace(/\\/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
