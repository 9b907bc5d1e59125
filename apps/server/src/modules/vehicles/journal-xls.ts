import { formatLocalDateTime, type Language, type TripType } from '@fleetdesk/contract';
import * as XLSX from '@e965/xlsx';
import type { JournalMonth } from './journal.ts';

/**
 * The journal as a real Excel 97 workbook (BIFF8, .xls), saved as '{reg} - {year} - {month}.xls' (§7). One sheet,
 * a header row in the operator's default language, then one row per drive: times as 'YYYY-MM-DD HH:mm' in the
 * operator's time zone, distance and odometer readings as numbers.
 */

export const XLS_CONTENT_TYPE = 'application/vnd.ms-excel';

type Column = 'start' | 'end' | 'distance' | 'odometerStart' | 'odometerEnd' | 'fromPool' | 'toPool' | 'tripType' | 'user' | 'firstName' | 'lastName' | 'bid' | 'destination' | 'purpose';
const COLUMNS: readonly Column[] = ['start', 'end', 'distance', 'odometerStart', 'odometerEnd', 'fromPool', 'toPool', 'tripType', 'user', 'firstName', 'lastName', 'bid', 'destination', 'purpose'];

interface SheetTexts {
  sheet: string;
  headers: Record<Column, string>;
  tripTypes: Record<TripType, string>;
}

export const JOURNAL_SHEET_TEXTS: Record<Language, SheetTexts> = {
  'en-GB': {
    sheet: 'Journal',
    headers: {
      start: 'Start', end: 'End', distance: 'Distance (km)', odometerStart: 'Odometer start (km)', odometerEnd: 'Odometer end (km)',
      fromPool: 'From pool', toPool: 'To pool', tripType: 'Trip type', user: 'User', firstName: 'First name', lastName: 'Last name',
      bid: 'BID', destination: 'Destination', purpose: 'Purpose',
    },
    tripTypes: { PRIVATE: 'Private', BUSINESS: 'Business', MAINTENANCE: 'Maintenance' },
  },
  nb: {
    sheet: 'Kjørebok',
    headers: {
      start: 'Start', end: 'Slutt', distance: 'Distanse (km)', odometerStart: 'Kilometerstand start', odometerEnd: 'Kilometerstand slutt',
      fromPool: 'Fra bilpool', toPool: 'Til bilpool', tripType: 'Turtype', user: 'Bruker', firstName: 'Fornavn', lastName: 'Etternavn',
      bid: 'BID', destination: 'Reisemål', purpose: 'Formål',
    },
    tripTypes: { PRIVATE: 'Privat', BUSINESS: 'Tjeneste', MAINTENANCE: 'Vedlikehold' },
  },
  sv: {
    sheet: 'Körjournal',
    headers: {
      start: 'Start', end: 'Slut', distance: 'Sträcka (km)', odometerStart: 'Mätarställning start', odometerEnd: 'Mätarställning slut',
      fromPool: 'Från bilpool', toPool: 'Till bilpool', tripType: 'Resetyp', user: 'Användare', firstName: 'Förnamn', lastName: 'Efternamn',
      bid: 'BID', destination: 'Resmål', purpose: 'Syfte',
    },
    tripTypes: { PRIVATE: 'Privat', BUSINESS: 'Tjänst', MAINTENANCE: 'Underhåll' },
  },
  de: {
    sheet: 'Fahrtenbuch',
    headers: {
      start: 'Beginn', end: 'Ende', distance: 'Strecke (km)', odometerStart: 'Kilometerstand Beginn', odometerEnd: 'Kilometerstand Ende',
      fromPool: 'Von Station', toPool: 'Nach Station', tripType: 'Fahrtart', user: 'Benutzer', firstName: 'Vorname', lastName: 'Nachname',
      bid: 'BID', destination: 'Ziel', purpose: 'Zweck',
    },
    tripTypes: { PRIVATE: 'Privat', BUSINESS: 'Geschäftlich', MAINTENANCE: 'Wartung' },
  },
};

type Cell = string | number | null;

/** The sheet's rows: the header row, then the drives. */
export function journalRows(journal: JournalMonth): Cell[][] {
  const texts = JOURNAL_SHEET_TEXTS[journal.locale.language];
  const zone = journal.locale.timeZone;
  const rows: Cell[][] = [COLUMNS.map((c) => texts.headers[c])];
  for (const e of journal.results) {
    const values: Record<Column, Cell> = {
      start: formatLocalDateTime(new Date(e.driveTime.start), zone),
      end: formatLocalDateTime(new Date(e.driveTime.end), zone),
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

/** The workbook as BIFF8 bytes. */
export function journalWorkbook(journal: JournalMonth): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(journalRows(journal));
  sheet['!cols'] = COLUMNS.map((c) => ({ wch: c === 'start' || c === 'end' ? 17 : c === 'distance' || c.startsWith('odometer') ? 12 : 18 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, JOURNAL_SHEET_TEXTS[journal.locale.language].sheet);
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
