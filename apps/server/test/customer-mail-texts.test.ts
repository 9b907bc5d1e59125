import { LANGUAGES, type Language } from '@fleetdesk/contract';
import { describe, expect, it } from 'vitest';
import { mailFormat, mailLanguage } from '../src/lib/mail-language.ts';
import { passwordMail, type PasswordMail } from '../src/modules/auth/password-mail.ts';
import { receiptMail, type ReceiptMail } from '../src/modules/bookings/receipt-mail.ts';
import { confirmationMail } from '../src/modules/user-admin/confirmation-mail.ts';

/**
 * Every mail to a person, in each of the four languages (docs/decisions/0077-customer-mail-language.md): the
 * receipt, the registration confirmation and the password mails. customer-mail-language.test.ts sends them over HTTP.
 */

const NBSP = '\u00a0';
// 2026-03-02 08:00–10:30 in Oslo (UTC+1); used 08:05–10:20.
const start = new Date('2026-03-02T07:00:00Z');
const end = new Date('2026-03-02T09:30:00Z');

/**
 * English words that must not appear in a mail in another language. Words the other languages share are left out
 * ("in", "App", "Link", "Administrator", "E-Mail", Swedish "order").
 */
const ENGLISH =
  /\b(the|your|you|dear|hello|here|receipt|booking|customer|booked|used|from|vehicle|distance|without|VAT|total|charges|finished|creditcard|unpaid|someone|asked|password|reset|account|within|hours?|ignore|registration|confirm|waiting|complete|choose|then|user name|expect|tell|made|console of)\b/i;
const noEnglish = (language: Language, text: string) => {
  if (language !== 'en-GB') expect(text, `${language}: ${text}`).not.toMatch(ENGLISH);
};

const receipt: Omit<ReceiptMail, 'language'> = {
  fleetName: 'Fjord Mobility',
  timeZone: 'Europe/Oslo',
  bid: 'BID1000000042',
  state: 'FINISHED',
  customer: { givenName: 'Kari', familyName: 'Berg', username: 'kari.berg' },
  start,
  end,
  usageStart: new Date('2026-03-02T07:05:00Z'),
  usageEnd: new Date('2026-03-02T09:20:00Z'),
  fromPool: 'Sentrum, Oslo',
  toPool: 'Sentrum, Oslo',
  vehicle: 'Tesla Model 3 (EL 12345)',
  distance: 21,
  payments: [
    {
      orderId: 'BOK8000001',
      type: 'CREDITCARD',
      status: 'UNPAID',
      currency: 'NOK',
      totalPriceWithoutVat: 987.6,
      totalVat: 246.9,
      totalPrice: 1234.5,
      lines: [{ itemDisplayText: 'Timepris', unitAmount: 2.5, unitCost: 395.04, priceWithoutVat: 987.6, vat: 246.9, totalPrice: 1234.5 }],
    },
  ],
};

/** What each language writes: words, the period's date, the amounts (the spec's two decimals) and the distance. */
const RECEIPT: Record<
  Language,
  { subject: string; greeting: string; booking: string; order: string; line: string; totals: string[]; date: RegExp; distance: string }
> = {
  'en-GB': {
    subject: 'Fjord Mobility: receipt for booking BID1000000042',
    greeting: 'Dear Kari Berg,',
    booking: 'Booking:   BID1000000042 (Finished)',
    order: 'Order BOK8000001 (Credit card, Unpaid)',
    line: '  Timepris: 2.5 × 395.04 = 987.60 NOK + VAT 246.90 NOK = 1,234.50 NOK',
    totals: ['  Total without VAT: 987.60 NOK', '  VAT: 246.90 NOK', '  Total: 1,234.50 NOK'],
    date: /^2 Mar 2026, 08:00\s*–\s*10:30 \(Europe\/Oslo\)$/,
    distance: 'Distance:  21.0 km',
  },
  de: {
    subject: 'Fjord Mobility: Beleg für die Buchung BID1000000042',
    greeting: 'Hallo Kari Berg,',
    booking: 'Buchung:   BID1000000042 (Beendet)',
    order: 'Bestellung BOK8000001 (Kreditkarte, Unbezahlt)',
    line: '  Timepris: 2,5 × 395,04 = 987,60 NOK + MwSt. 246,90 NOK = 1.234,50 NOK',
    totals: ['  Summe ohne MwSt.: 987,60 NOK', '  MwSt.: 246,90 NOK', '  Gesamt: 1.234,50 NOK'],
    date: /^02\.03\.2026, 08:00\s*–\s*10:30 Uhr \(Europe\/Oslo\)$/,
    distance: 'Strecke:   21,0 km',
  },
  nb: {
    subject: 'Fjord Mobility: kvittering for bestilling BID1000000042',
    greeting: 'Hei Kari Berg,',
    booking: 'Bestilling:  BID1000000042 (Avsluttet)',
    order: 'Ordre BOK8000001 (Kredittkort, Ubetalt)',
    line: `  Timepris: 2,5 × 395,04 = 987,60 NOK + mva. 246,90 NOK = 1${NBSP}234,50 NOK`,
    totals: ['  Sum eks. mva.: 987,60 NOK', '  Mva.: 246,90 NOK', `  Totalt: 1${NBSP}234,50 NOK`],
    date: /^2\. mars 2026, 08:00\s*–\s*10:30 \(Europe\/Oslo\)$/,
    distance: 'Distanse:    21,0 km',
  },
  sv: {
    subject: 'Fjord Mobility: kvitto för bokning BID1000000042',
    greeting: 'Hej Kari Berg,',
    booking: 'Bokning:  BID1000000042 (Avslutad)',
    order: 'Order BOK8000001 (Kreditkort, Obetald)',
    line: `  Timepris: 2,5 × 395,04 = 987,60 NOK + moms 246,90 NOK = 1${NBSP}234,50 NOK`,
    totals: ['  Summa exkl. moms: 987,60 NOK', '  Moms: 246,90 NOK', `  Totalt: 1${NBSP}234,50 NOK`],
    date: /^2 mars 2026 08:00\s*–\s*10:30 \(Europe\/Oslo\)$/,
    distance: 'Sträcka:  21,0 km',
  },
};

describe('the language of a mail', () => {
  it("is the person's profile language, else the operator's default, else British English", () => {
    expect(mailLanguage('sv', 'nb')).toBe('sv');
    expect(mailLanguage('de', 'sv')).toBe('de');
    expect(mailLanguage('fi', 'nb')).toBe('nb');
    expect(mailLanguage(null, 'sv')).toBe('sv');
    expect(mailLanguage(undefined, 'fi')).toBe('en-GB');
  });

  it('writes periods, amounts and distances as each language does, in the operator time zone', () => {
    for (const language of LANGUAGES) {
      const f = mailFormat(language, 'Europe/Oslo');
      expect(f.period(start, end), language).toMatch(RECEIPT[language].date);
      // The spec's 'YYYY-MM-DD HH:mm' (§9) is the same in every language.
      expect(f.dateTime(start)).toBe('2026-03-02 08:00');
    }
    expect(mailFormat('sv', 'Europe/Stockholm').money(-1500, 'SEK')).toBe(`−1${NBSP}500,00 SEK`);
    expect(mailFormat('en-GB', 'Europe/London').dateTime(start)).toBe('2026-03-02 07:00');
  });
});

describe('the receipt mail', () => {
  it('is written in each language: subject, greeting, labels, states, payments, dates and amounts', () => {
    const english = receiptMail({ ...receipt, language: 'en-GB' });
    for (const language of LANGUAGES) {
      const expected = RECEIPT[language];
      const mail = receiptMail({ ...receipt, language });
      const lines = mail.text.split('\n');
      expect(mail.subject).toBe(expected.subject);
      expect(lines[0]).toBe(expected.greeting);
      // The period in words, as the language writes it.
      const period = mailFormat(language, 'Europe/Oslo').period(start, end);
      expect(period).toMatch(expected.date);
      expect(lines[2]).toContain(`BID1000000042, ${period}.`);
      expect(lines).toContain(expected.booking);
      expect(lines).toContain(expected.order);
      expect(lines).toContain(expected.line);
      for (const total of expected.totals) expect(lines).toContain(total);
      expect(lines).toContain(expected.distance);
      // The labelled lines keep the spec's date format (§9), in the operator's zone, in every language.
      expect(mail.text).toMatch(/: +2026-03-02 08:00 – 2026-03-02 10:30 \(Europe\/Oslo\)\n/);
      expect(mail.text).toMatch(/: +2026-03-02 08:05 – 2026-03-02 10:20\n/);
      expect(mail.text).toContain('Kari Berg (kari.berg)');
      expect(mail.text).toContain('Tesla Model 3 (EL 12345)');
      expect(mail.text.endsWith('\n\nFjord Mobility\n')).toBe(true);
      if (language !== 'en-GB') {
        expect(mail.subject).not.toBe(english.subject);
        noEnglish(language, mail.subject);
        noEnglish(language, mail.text.replace('Tesla Model 3', ''));
      }
    }
  });

  it('lines up its labels in one column in every language', () => {
    for (const language of LANGUAGES) {
      const mail = receiptMail({ ...receipt, language });
      const details = mail.text.split('\n\n')[2]!.split('\n');
      expect(details).toHaveLength(8);
      const columns = details.map((l) => /^\S+: +/.exec(l)![0].length);
      expect(new Set(columns).size, `${language}: ${details.join(' | ')}`).toBe(1);
    }
  });

  it('says so when there are no charges, greets without a customer, and marks what is missing', () => {
    const bare = { ...receipt, payments: [], customer: null, usageStart: null, usageEnd: null, vehicle: null, distance: null, fromPool: null };
    const noCharges: Record<Language, string> = { 'en-GB': 'No charges.', de: 'Keine Kosten.', nb: 'Ingen kostnader.', sv: 'Inga kostnader.' };
    const hello: Record<Language, string> = { 'en-GB': 'Hello,', de: 'Hallo,', nb: 'Hei,', sv: 'Hej,' };
    for (const language of LANGUAGES) {
      const mail = receiptMail({ ...bare, language, state: 'CANCELLED' });
      expect(mail.text.startsWith(`${hello[language]}\n`)).toBe(true);
      expect(mail.text).toContain(`\n${noCharges[language]}\n`);
      expect(mail.text).not.toContain('kari.berg');
      expect(mail.text).toMatch(/: +– – –\n/);
      noEnglish(language, mail.text);
    }
    expect(receiptMail({ ...bare, language: 'sv', state: 'CANCELLED' }).text).toContain('Bokning:  BID1000000042 (Avbokad)');
  });
});

describe('the registration confirmation mail', () => {
  const expected: Record<Language, { subject: string; greeting: string; words: string[] }> = {
    'en-GB': {
      subject: 'Fjord Mobility: confirm your registration',
      greeting: 'Hello Kari,',
      words: ['your registration with Fjord Mobility as "kari.berg" is waiting for your confirmation.', 'confirm your e-mail address'],
    },
    de: {
      subject: 'Fjord Mobility: Bestätigen Sie Ihre Registrierung',
      greeting: 'Hallo Kari,',
      words: ['Ihre Registrierung bei Fjord Mobility als „kari.berg“ wartet auf Ihre Bestätigung.', 'E-Mail-Adresse'],
    },
    nb: {
      subject: 'Fjord Mobility: bekreft registreringen din',
      greeting: 'Hei Kari,',
      words: ['Registreringen din hos Fjord Mobility som «kari.berg» venter på bekreftelsen din.', 'e-postadressen din'],
    },
    sv: {
      subject: 'Fjord Mobility: bekräfta din registrering',
      greeting: 'Hej Kari,',
      words: ['Din registrering hos Fjord Mobility som ”kari.berg” väntar på din bekräftelse.', 'din e-postadress'],
    },
  };

  it('is written in each language, naming the operator and the user name', () => {
    for (const language of LANGUAGES) {
      const mail = confirmationMail({ language, operator: 'Fjord Mobility', givenName: 'Kari', username: 'kari.berg' });
      expect(mail.subject).toBe(expected[language].subject);
      expect(mail.text.startsWith(`${expected[language].greeting}\n\n`)).toBe(true);
      for (const words of expected[language].words) expect(mail.text).toContain(words);
      expect(mail.text.split('\n\n')).toHaveLength(3);
      noEnglish(language, mail.subject);
      noEnglish(language, mail.text);
    }
  });
});

describe('the password mails', () => {
  const link = 'https://console.fjord.example/reset-password?token=abc-123';
  const base = { givenName: 'Kari', username: 'kari.berg', link };
  const mails = (language: Language): Record<PasswordMail['kind'], ReturnType<typeof passwordMail>> => ({
    RESET: passwordMail({ ...base, language, kind: 'RESET', validHours: 1 }),
    ADMIN_RESET: passwordMail({ ...base, language, kind: 'ADMIN_RESET', operator: 'Fjord Mobility', validHours: 1 }),
    SET_PASSWORD: passwordMail({
      ...base,
      language,
      kind: 'SET_PASSWORD',
      operator: 'Fjord Mobility',
      loginUrl: 'https://console.fjord.example/login',
      validHours: 72,
    }),
  });
  const expected: Record<
    Language,
    { subjects: Record<PasswordMail['kind'], string>; greeting: string; oneHour: string; hours: string; account: string }
  > = {
    'en-GB': {
      subjects: {
        RESET: 'Fleetdesk: reset your password',
        ADMIN_RESET: 'Fleetdesk: reset your password',
        SET_PASSWORD: 'Fleetdesk: set your password for Fjord Mobility',
      },
      greeting: 'Hello Kari,',
      oneHour: 'within 1 hour here:',
      hours: 'within 72 hours here:',
      account: '"kari.berg"',
    },
    de: {
      subjects: {
        RESET: 'Fleetdesk: Passwort zurücksetzen',
        ADMIN_RESET: 'Fleetdesk: Passwort zurücksetzen',
        SET_PASSWORD: 'Fleetdesk: Legen Sie Ihr Passwort für Fjord Mobility fest',
      },
      greeting: 'Hallo Kari,',
      oneHour: 'innerhalb von 1 Stunde ein neues Passwort fest:',
      hours: 'innerhalb von 72 Stunden Ihr Passwort:',
      account: '„kari.berg“',
    },
    nb: {
      subjects: {
        RESET: 'Fleetdesk: tilbakestill passordet ditt',
        ADMIN_RESET: 'Fleetdesk: tilbakestill passordet ditt',
        SET_PASSWORD: 'Fleetdesk: velg passordet ditt for Fjord Mobility',
      },
      greeting: 'Hei Kari,',
      oneHour: 'innen 1 time her:',
      hours: 'innen 72 timer her:',
      account: '«kari.berg»',
    },
    sv: {
      subjects: {
        RESET: 'Fleetdesk: återställ ditt lösenord',
        ADMIN_RESET: 'Fleetdesk: återställ ditt lösenord',
        SET_PASSWORD: 'Fleetdesk: välj ditt lösenord för Fjord Mobility',
      },
      greeting: 'Hej Kari,',
      oneHour: 'inom 1 timme här:',
      hours: 'inom 72 timmar här:',
      account: '”kari.berg”',
    },
  };

  it('are written in each language, with the link on a line of its own and how long it lives', () => {
    for (const language of LANGUAGES) {
      const want = expected[language];
      for (const [kind, mail] of Object.entries(mails(language)) as [PasswordMail['kind'], ReturnType<typeof passwordMail>][]) {
        expect(mail.subject, `${language} ${kind}`).toBe(want.subjects[kind]);
        expect(mail.text.startsWith(`${want.greeting}\n\n`)).toBe(true);
        expect(mail.text).toContain(`\n\n${link}\n\n`);
        expect(mail.text).toContain(want.account);
        expect(mail.text).toContain(kind === 'SET_PASSWORD' ? want.hours : want.oneHour);
        noEnglish(language, mail.subject.replace('Fleetdesk: ', ''));
        noEnglish(language, mail.text.replace(link, ''));
      }
      const { ADMIN_RESET, SET_PASSWORD } = mails(language);
      expect(ADMIN_RESET.text).toContain('Fjord Mobility');
      expect(SET_PASSWORD.text).toContain(`https://console.fjord.example/login`);
      expect(SET_PASSWORD.text).toContain('Fleetdesk');
    }
  });

  it('keep the English wording the mails had', () => {
    const { RESET, ADMIN_RESET, SET_PASSWORD } = mails('en-GB');
    expect(RESET.text).toBe(
      `Hello Kari,\n\nSomeone asked to reset the password of the account "kari.berg".\nSet a new password within 1 hour here:\n\n${link}\n\nIf this was not you, ignore this e-mail.\n`,
    );
    expect(ADMIN_RESET.text).toContain('an administrator of Fjord Mobility sent you a link to set a new password for the account "kari.berg".');
    expect(SET_PASSWORD.text).toContain('Then log in at https://console.fjord.example/login with the user name "kari.berg".');
  });
});
