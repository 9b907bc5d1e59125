import type { BookingState, Language, PaymentStatus, PaymentType } from '@fleetdesk/contract';
import { mailFormat, mailText, textsIn, type MailCatalogue, type MailContent } from '../../lib/mail-language.ts';

/**
 * The booking receipt mail (spec §4 "mail receipt", §7 POST /api/bookings/{bid}/receipt) in the customer's language:
 * a greeting with the booking's period in words, then the booking and its charges as labelled lines. The lines keep
 * the spec's 'YYYY-MM-DD HH:mm' (§9, the figures the console shows when the customer calls) in the operator's time
 * zone; amounts have two decimals in the language's notation and the payment's currency code.
 * docs/decisions/0077-customer-mail-language.md.
 */
export interface ReceiptMail {
  language: Language;
  fleetName: string;
  timeZone: string;
  bid: string;
  state: BookingState;
  customer: { givenName: string; familyName: string; username: string } | null;
  start: Date;
  end: Date;
  usageStart: Date | null;
  usageEnd: Date | null;
  /** "Pool, City" of the start and return pools, or null for a pool that no longer exists. */
  fromPool: string | null;
  toPool: string | null;
  /** The vehicle as the console presents it, or null when none was allocated. */
  vehicle: string | null;
  distance: number | null;
  /** The booking's payments, the main one first. */
  payments: ReceiptPayment[];
}

export interface ReceiptPayment {
  orderId: string;
  type: PaymentType;
  status: PaymentStatus;
  currency: string;
  totalPriceWithoutVat: number;
  totalVat: number;
  totalPrice: number;
  lines: { itemDisplayText: string; unitAmount: number; unitCost: number; priceWithoutVat: number; vat: number; totalPrice: number }[];
}

interface Texts {
  subject: (fleet: string, bid: string) => string;
  greeting: (name: string) => string;
  greetingAnonymous: string;
  intro: (bid: string, period: string) => string;
  labels: { booking: string; customer: string; booked: string; used: string; from: string; to: string; vehicle: string; distance: string };
  state: Record<BookingState, string>;
  paymentType: Record<PaymentType, string>;
  paymentStatus: Record<PaymentStatus, string>;
  order: (orderId: string, type: string, status: string) => string;
  /** VAT within a line ("+ mva. 66,75 NOK") and as the label of the payment's VAT total ("Mva.: 66,75 NOK"). */
  vat: string;
  vatTotal: string;
  totalWithoutVat: string;
  total: string;
  noCharges: string;
}

/** Every language, English too, names states and payments as the console does in that language (not as codes). */
const TEXTS: MailCatalogue<Texts> = {
  'en-GB': {
    subject: (fleet, bid) => `${fleet}: receipt for booking ${bid}`,
    greeting: (name) => `Dear ${name},`,
    greetingAnonymous: 'Hello,',
    intro: (bid, period) => `Here is the receipt for your booking ${bid}, ${period}.`,
    labels: {
      booking: 'Booking',
      customer: 'Customer',
      booked: 'Booked',
      used: 'Used',
      from: 'From',
      to: 'To',
      vehicle: 'Vehicle',
      distance: 'Distance',
    },
    state: { ACTIVE: 'Active', INACTIVE: 'Future', FINISHED: 'Finished', CANCELLED: 'Cancelled' },
    paymentType: { CREDITCARD: 'Credit card', USER_INVOICE: 'Invoice to the customer', INVOICE: 'Company invoice' },
    paymentStatus: {
      ABANDONED: 'Abandoned',
      INVOICE_SENT: 'Invoice sent',
      NEEDS_AUTHORIZATION: 'Needs authorisation',
      NO_CHARGE: 'No charge',
      PAID: 'Paid',
      RESERVATION_FAILED: 'Reservation failed',
      RESERVED: 'Reserved',
      UNPAID: 'Unpaid',
    },
    order: (orderId, type, status) => `Order ${orderId} (${type}, ${status})`,
    vat: 'VAT',
    vatTotal: 'VAT',
    totalWithoutVat: 'Total without VAT',
    total: 'Total',
    noCharges: 'No charges.',
  },
  de: {
    subject: (fleet, bid) => `${fleet}: Beleg für die Buchung ${bid}`,
    greeting: (name) => `Hallo ${name},`,
    greetingAnonymous: 'Hallo,',
    intro: (bid, period) => `hier ist der Beleg für Ihre Buchung ${bid}, ${period}.`,
    labels: {
      booking: 'Buchung',
      customer: 'Kunde',
      booked: 'Gebucht',
      used: 'Genutzt',
      from: 'Von',
      to: 'Nach',
      vehicle: 'Fahrzeug',
      distance: 'Strecke',
    },
    state: { ACTIVE: 'Aktiv', INACTIVE: 'Zukünftig', FINISHED: 'Beendet', CANCELLED: 'Storniert' },
    paymentType: { CREDITCARD: 'Kreditkarte', USER_INVOICE: 'Rechnung an den Kunden', INVOICE: 'Firmenrechnung' },
    paymentStatus: {
      ABANDONED: 'Abgebrochen',
      INVOICE_SENT: 'Rechnung versendet',
      NEEDS_AUTHORIZATION: 'Autorisierung erforderlich',
      NO_CHARGE: 'Kostenfrei',
      PAID: 'Bezahlt',
      RESERVATION_FAILED: 'Reservierung fehlgeschlagen',
      RESERVED: 'Reserviert',
      UNPAID: 'Unbezahlt',
    },
    order: (orderId, type, status) => `Bestellung ${orderId} (${type}, ${status})`,
    vat: 'MwSt.',
    vatTotal: 'MwSt.',
    totalWithoutVat: 'Summe ohne MwSt.',
    total: 'Gesamt',
    noCharges: 'Keine Kosten.',
  },
  nb: {
    subject: (fleet, bid) => `${fleet}: kvittering for bestilling ${bid}`,
    greeting: (name) => `Hei ${name},`,
    greetingAnonymous: 'Hei,',
    intro: (bid, period) => `Her er kvitteringen for bestillingen din ${bid}, ${period}.`,
    labels: {
      booking: 'Bestilling',
      customer: 'Kunde',
      booked: 'Bestilt',
      used: 'Brukt',
      from: 'Fra',
      to: 'Til',
      vehicle: 'Kjøretøy',
      distance: 'Distanse',
    },
    state: { ACTIVE: 'Aktiv', INACTIVE: 'Fremtidig', FINISHED: 'Avsluttet', CANCELLED: 'Kansellert' },
    paymentType: { CREDITCARD: 'Kredittkort', USER_INVOICE: 'Faktura til kunden', INVOICE: 'Firmafaktura' },
    paymentStatus: {
      ABANDONED: 'Avbrutt',
      INVOICE_SENT: 'Faktura sendt',
      NEEDS_AUTHORIZATION: 'Krever godkjenning',
      NO_CHARGE: 'Ingen belastning',
      PAID: 'Betalt',
      RESERVATION_FAILED: 'Reservasjon mislyktes',
      RESERVED: 'Reservert',
      UNPAID: 'Ubetalt',
    },
    order: (orderId, type, status) => `Ordre ${orderId} (${type}, ${status})`,
    vat: 'mva.',
    vatTotal: 'Mva.',
    totalWithoutVat: 'Sum eks. mva.',
    total: 'Totalt',
    noCharges: 'Ingen kostnader.',
  },
  sv: {
    subject: (fleet, bid) => `${fleet}: kvitto för bokning ${bid}`,
    greeting: (name) => `Hej ${name},`,
    greetingAnonymous: 'Hej,',
    intro: (bid, period) => `Här är kvittot för din bokning ${bid}, ${period}.`,
    labels: {
      booking: 'Bokning',
      customer: 'Kund',
      booked: 'Bokad',
      used: 'Använd',
      from: 'Från',
      to: 'Till',
      vehicle: 'Fordon',
      distance: 'Sträcka',
    },
    state: { ACTIVE: 'Aktiv', INACTIVE: 'Framtida', FINISHED: 'Avslutad', CANCELLED: 'Avbokad' },
    paymentType: { CREDITCARD: 'Kreditkort', USER_INVOICE: 'Faktura till kunden', INVOICE: 'Företagsfaktura' },
    paymentStatus: {
      ABANDONED: 'Avbruten',
      INVOICE_SENT: 'Faktura skickad',
      NEEDS_AUTHORIZATION: 'Kräver godkännande',
      NO_CHARGE: 'Ingen debitering',
      PAID: 'Betald',
      RESERVATION_FAILED: 'Reservation misslyckades',
      RESERVED: 'Reserverad',
      UNPAID: 'Obetald',
    },
    order: (orderId, type, status) => `Order ${orderId} (${type}, ${status})`,
    vat: 'moms',
    vatTotal: 'Moms',
    totalWithoutVat: 'Summa exkl. moms',
    total: 'Totalt',
    noCharges: 'Inga kostnader.',
  },
};

const NONE = '–';

export function receiptMail(mail: ReceiptMail): MailContent {
  const texts = textsIn(TEXTS, mail.language);
  const f = mailFormat(mail.language, mail.timeZone);
  const { labels } = texts;
  // Labels padded to one column: "Booking:   BID…" in English, as the receipt always read.
  const width = Math.max(...Object.values(labels).map((l) => l.length)) + 3;
  const line = (label: string, value: string) => `${`${label}:`.padEnd(width)}${value}`;
  const at = (instant: Date | null) => (instant ? f.dateTime(instant) : NONE);
  const c = mail.customer;

  const details = [
    line(labels.booking, `${mail.bid} (${texts.state[mail.state] ?? mail.state})`),
    ...(c ? [line(labels.customer, `${c.givenName} ${c.familyName} (${c.username})`)] : []),
    line(labels.booked, `${f.dateTime(mail.start)} – ${f.dateTime(mail.end)} (${mail.timeZone})`),
    line(labels.used, `${at(mail.usageStart)} – ${at(mail.usageEnd)}`),
    line(labels.from, mail.fromPool ?? NONE),
    line(labels.to, mail.toPool ?? NONE),
    line(labels.vehicle, mail.vehicle ?? NONE),
    line(labels.distance, mail.distance !== null ? f.kilometres(mail.distance) : NONE),
  ];
  const charges = mail.payments.length
    ? mail.payments.map((p) => {
        const money = (amount: number) => f.money(amount, p.currency);
        return [
          texts.order(p.orderId, texts.paymentType[p.type] ?? p.type, texts.paymentStatus[p.status] ?? p.status),
          ...p.lines.map(
            (l) =>
              `  ${l.itemDisplayText}: ${f.quantity(l.unitAmount)} × ${f.number(l.unitCost, 2)} = ${money(l.priceWithoutVat)} + ${texts.vat} ${money(l.vat)} = ${money(l.totalPrice)}`,
          ),
          `  ${texts.totalWithoutVat}: ${money(p.totalPriceWithoutVat)}`,
          `  ${texts.vatTotal}: ${money(p.totalVat)}`,
          `  ${texts.total}: ${money(p.totalPrice)}`,
        ];
      })
    : [texts.noCharges];
  return {
    subject: texts.subject(mail.fleetName, mail.bid),
    text: mailText([
      c ? texts.greeting(`${c.givenName} ${c.familyName}`) : texts.greetingAnonymous,
      texts.intro(mail.bid, f.period(mail.start, mail.end)),
      details,
      ...charges,
      mail.fleetName,
    ]),
  };
}
