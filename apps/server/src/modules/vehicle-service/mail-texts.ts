import type { Language } from '@fleetdesk/contract';
import { mailFormat, textsIn, type MailCatalogue } from '../../lib/mail-language.ts';

/**
 * The mails a customer gets when their booking's vehicle goes out of service (issue 19 point 5), in the customer's
 * own language (their profile's `language`), with the booking's times written as that language writes them, in the
 * operator's time zone. docs/decisions/0077-customer-mail-language.md.
 */
export interface OutOfServiceMail {
  language: Language;
  fleetName: string;
  bid: string;
  /** The customer's given and family name, or null for a booking without a customer record. */
  customerName: string | null;
  start: Date;
  end: Date;
  timeZone: string;
  /** The vehicle taken out of service, as the console presents it. */
  from: string;
  /** The vehicle the booking moved to, or null when it was cancelled. */
  to: string | null;
}

interface Texts {
  greeting: (name: string) => string;
  greetingAnonymous: string;
  movedSubject: (fleet: string, bid: string) => string;
  moved: (bid: string, when: string, from: string, to: string) => string[];
  cancelledSubject: (fleet: string, bid: string) => string;
  cancelled: (bid: string, when: string, from: string) => string[];
}

const TEXTS: MailCatalogue<Texts> = {
  'en-GB': {
    greeting: (name) => `Dear ${name},`,
    greetingAnonymous: 'Hello,',
    movedSubject: (fleet, bid) => `${fleet}: your booking ${bid} has a new vehicle`,
    moved: (bid, when, from, to) => [
      `The vehicle of your booking ${bid} (${when}), ${from}, is out of service.`,
      `Your booking now has ${to} instead, at the same place and time. Nothing else changes.`,
    ],
    cancelledSubject: (fleet, bid) => `${fleet}: your booking ${bid} is cancelled`,
    cancelled: (bid, when, from) => [
      `The vehicle of your booking ${bid} (${when}), ${from}, is out of service, and no other vehicle is free for that time.`,
      'We have cancelled the booking. You pay nothing for it: there is no cancellation fee.',
    ],
  },
  de: {
    greeting: (name) => `Hallo ${name},`,
    greetingAnonymous: 'Hallo,',
    movedSubject: (fleet, bid) => `${fleet}: Ihre Buchung ${bid} hat ein neues Fahrzeug`,
    moved: (bid, when, from, to) => [
      `Das Fahrzeug Ihrer Buchung ${bid} (${when}), ${from}, ist außer Betrieb.`,
      `Ihre Buchung hat jetzt stattdessen ${to}, am selben Ort und zur selben Zeit. Sonst ändert sich nichts.`,
    ],
    cancelledSubject: (fleet, bid) => `${fleet}: Ihre Buchung ${bid} ist storniert`,
    cancelled: (bid, when, from) => [
      `Das Fahrzeug Ihrer Buchung ${bid} (${when}), ${from}, ist außer Betrieb, und für diese Zeit ist kein anderes Fahrzeug frei.`,
      'Wir haben die Buchung storniert. Sie zahlen nichts dafür: Es fällt keine Stornogebühr an.',
    ],
  },
  nb: {
    greeting: (name) => `Hei ${name},`,
    greetingAnonymous: 'Hei,',
    movedSubject: (fleet, bid) => `${fleet}: bestillingen din ${bid} har fått et nytt kjøretøy`,
    moved: (bid, when, from, to) => [
      `Kjøretøyet i bestillingen din ${bid} (${when}), ${from}, er ute av drift.`,
      `Bestillingen din har nå ${to} i stedet, på samme sted og til samme tid. Ellers endres ingenting.`,
    ],
    cancelledSubject: (fleet, bid) => `${fleet}: bestillingen din ${bid} er kansellert`,
    cancelled: (bid, when, from) => [
      `Kjøretøyet i bestillingen din ${bid} (${when}), ${from}, er ute av drift, og ingen andre kjøretøy er ledige i det tidsrommet.`,
      'Vi har kansellert bestillingen. Du betaler ingenting for den: det er ikke noe kanselleringsgebyr.',
    ],
  },
  sv: {
    greeting: (name) => `Hej ${name},`,
    greetingAnonymous: 'Hej,',
    movedSubject: (fleet, bid) => `${fleet}: din bokning ${bid} har fått ett nytt fordon`,
    moved: (bid, when, from, to) => [
      `Fordonet i din bokning ${bid} (${when}), ${from}, är ur drift.`,
      `Din bokning har nu ${to} i stället, på samma plats och samma tid. Inget annat ändras.`,
    ],
    cancelledSubject: (fleet, bid) => `${fleet}: din bokning ${bid} är avbokad`,
    cancelled: (bid, when, from) => [
      `Fordonet i din bokning ${bid} (${when}), ${from}, är ur drift, och inget annat fordon är ledigt under den tiden.`,
      'Vi har avbokat bokningen. Du betalar ingenting för den: det tillkommer ingen avbokningsavgift.',
    ],
  },
};

/** A booking's period as the customer's language writes it, with the operator's time zone named. */
export function bookingPeriod(language: Language, start: Date, end: Date, timeZone: string): string {
  return mailFormat(language, timeZone).period(start, end);
}

export function outOfServiceMail(mail: OutOfServiceMail): { subject: string; text: string } {
  const texts = textsIn(TEXTS, mail.language);
  const when = bookingPeriod(mail.language, mail.start, mail.end, mail.timeZone);
  const greeting = mail.customerName ? texts.greeting(mail.customerName) : texts.greetingAnonymous;
  const subject = mail.to ? texts.movedSubject(mail.fleetName, mail.bid) : texts.cancelledSubject(mail.fleetName, mail.bid);
  const body = mail.to ? texts.moved(mail.bid, when, mail.from, mail.to) : texts.cancelled(mail.bid, when, mail.from);
  return { subject, text: [greeting, '', ...body, '', mail.fleetName, ''].join('\n') };
}
