import { AMOUNT_DECIMALS, formatLocalDateTime, isLanguage, type Language } from '@fleetdesk/contract';

/**
 * What every mail to a person shares (docs/decisions/0077-customer-mail-language.md): the language it is written in
 * and how that language writes dates, numbers and amounts. Each mail keeps its own catalogue — a `MailCatalogue` of
 * texts per language next to the code that sends it — and writes its values through a `MailFormat`.
 */

/** The locale given to Intl for each language (the same as the web's). */
export const MAIL_LOCALES: Record<Language, string> = { de: 'de-DE', 'en-GB': 'en-GB', nb: 'nb-NO', sv: 'sv-SE' };

/** One mail's texts in every language: the compiler refuses a catalogue that lacks one. */
export type MailCatalogue<T> = Record<Language, T>;

/** A mail ready for the outbox. */
export interface MailContent {
  subject: string;
  text: string;
}

/**
 * The language to write to a person in: their profile's language, else the operator's default language, else
 * British English (a value outside the four languages counts as none).
 */
export function mailLanguage(personLanguage: string | null | undefined, operatorLanguage: string | null | undefined): Language {
  if (isLanguage(personLanguage)) return personLanguage;
  if (isLanguage(operatorLanguage)) return operatorLanguage;
  return 'en-GB';
}

/** The texts of a catalogue in a language. */
export const textsIn = <T>(catalogue: MailCatalogue<T>, language: Language): T => catalogue[language] ?? catalogue['en-GB'];

const QUOTES: MailCatalogue<[string, string]> = { de: ['„', '“'], 'en-GB': ['"', '"'], nb: ['«', '»'], sv: ['”', '”'] };

/** A name or value in the language's quotation marks ("x", „x“, «x», ”x”). */
export function quoteIn(language: Language, value: string): string {
  const [open, close] = textsIn(QUOTES, language);
  return `${open}${value}${close}`;
}

/** A whole number of hours in words ("72 hours", "72 Stunden", "72 timer", "72 timmar"). */
export const hoursIn = (language: Language, count: number): string =>
  new Intl.NumberFormat(MAIL_LOCALES[language], { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(count);

export interface MailFormat {
  language: Language;
  timeZone: string;
  /** A period in words as the language writes it ("2 Mar 2026, 08:00–10:30"), with the time zone named. */
  period(start: Date, end: Date): string;
  /** The spec's 'YYYY-MM-DD HH:mm' (§9) in the time zone: the figures the console shows for the same instant. */
  dateTime(instant: Date): string;
  /** A number in the language's notation (decimal sign, grouping), with exactly `decimals` decimals. */
  number(value: number, decimals: number): string;
  /** A number in the language's notation with up to two decimals (a quantity). */
  quantity(value: number): string;
  /** An amount with the spec's two decimals in the language's notation, then its ISO currency code ("1 234,50 NOK"). */
  money(amount: number, currency: string): string;
  /** A kilometre distance with one decimal ("21,0 km"). */
  kilometres(distance: number): string;
}

/** How a mail in `language` writes its values, in the operator's `timeZone`. */
export function mailFormat(language: Language, timeZone: string): MailFormat {
  const locale = MAIL_LOCALES[language];
  const numberFormat = (min: number, max: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
  return {
    language,
    timeZone,
    period: (start, end) =>
      `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).formatRange(start, end)} (${timeZone})`,
    dateTime: (instant) => formatLocalDateTime(instant, timeZone),
    number: (value, decimals) => numberFormat(decimals, decimals).format(value),
    quantity: (value) => numberFormat(0, 2).format(value),
    money: (amount, currency) => `${numberFormat(AMOUNT_DECIMALS, AMOUNT_DECIMALS).format(amount)} ${currency}`,
    kilometres: (distance) => `${numberFormat(1, 1).format(distance)} km`,
  };
}

/** Plain-text paragraphs (each a line or a group of lines) separated by blank lines, ending in a newline. */
export const mailText = (paragraphs: readonly (string | readonly string[])[]): string =>
  paragraphs.map((p) => (typeof p === 'string' ? p : p.join('\n'))).join('\n\n') + '\n';
