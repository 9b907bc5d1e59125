import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGE_IDS, MESSAGES, type ErrorEnvelope } from '@fleetdesk/contract';
import { i18n } from '@/lib/i18n/i18n';
import { serverFieldMessageText, serverMessageText, type ServerMessage } from '@/lib/i18n/server-message';
import { envelopeToNotifications } from '@/lib/notifications/error-notifications';

afterEach(async () => {
  await i18n.changeLanguage('en-GB');
});

const tooLong = { field: 'name', messageId: 'maxLength', params: { max: 60 }, message: 'Maximum characters 60' };
const zip = {
  field: 'zipCode',
  messageId: 'zipLostLeadingZero',
  params: { zip: '150', digits: 3, country: 'Norway', countryCode: 'NO', expected: 4, suggestion: '0150' },
  message: 'Post code 150 has 3 digits, but post codes in Norway have 4: a spreadsheet may have dropped a leading zero. Did you mean 0150?',
};

describe('serverMessageText (messages travel as ids with params, docs/decisions/0059)', () => {
  it.each([
    ['nb', 'Maksimalt 60 tegn', 'Ugyldig e-postadresse', 'Postnummer 150 har 3 sifre, men postnumre i Norge har 4'],
    ['sv', 'Högst 60 tecken', 'Ogiltig e-postadress', 'Postnummer 150 har 3 siffror, men postnummer i Norge har 4'],
    ['de', 'Höchstens 60 Zeichen', 'Ungültige E-Mail-Adresse', 'Die Postleitzahl 150 hat 3 Ziffern, Postleitzahlen in Norwegen haben aber 4'],
  ])('words a field message in %s from its id and params', async (language, maxLength, invalidEmail, zipStart) => {
    await i18n.changeLanguage(language);
    expect(serverMessageText(tooLong, i18n.t)).toBe(maxLength);
    expect(serverMessageText({ messageId: 'invalidEmail', message: MESSAGES.invalidEmail }, i18n.t)).toBe(invalidEmail);
    expect(serverMessageText(zip, i18n.t).startsWith(zipStart)).toBe(true);
    // With the form's value the §5 counter message: the length typed against the maximum.
    expect(serverMessageText(tooLong, i18n.t, 'x'.repeat(61))).toBe(i18n.t('messages.maxCharacters', { max: 60, len: 61 }));
    expect(serverMessageText(tooLong, i18n.t, 'x'.repeat(61))).toContain('(61/60)');
  });

  it('names the country of a post code hint in the UI language, from its code', async () => {
    expect(serverMessageText(zip, i18n.t)).toContain('post codes in Norway have 4');
    await i18n.changeLanguage('de');
    expect(serverMessageText({ ...zip, params: { ...zip.params, countryCode: 'SE', country: 'Sweden', expected: 5 } }, i18n.t)).toContain(
      'Postleitzahlen in Schweden haben aber 5',
    );
    // Without a code (an older server), the English name it sent.
    expect(serverMessageText({ ...zip, params: { zip: '150', digits: 3, country: 'Norway', expected: 4, suggestion: '0150' } }, i18n.t)).toContain(
      'in Norway',
    );
  });

  it.each([
    [
      'nb',
      [
        'Høyst 100 VIN-numre om gangen',
        'Perioden kan være høyst 31 dager',
        'Fant ikke avtalen: 7, 9',
        'Kostnadssted: Må være et tall',
        'Må være tekst',
        'Må være minst 1',
        'Filen er tom: den trenger en overskriftsrad med brukerfeltnavn og én linje per bruker',
      ],
    ],
    [
      'de',
      [
        'Höchstens 100 FINs auf einmal',
        'Der Zeitraum darf höchstens 31 Tage lang sein',
        'Vertrag nicht gefunden: 7, 9',
        'Kostnadssted: Muss eine Zahl sein',
        'Muss ein Text sein',
        'Muss mindestens 1 sein',
        'Die Datei ist leer: Sie braucht eine Kopfzeile mit den Feldnamen der Benutzer und eine Zeile pro Benutzer',
      ],
    ],
  ])('words the rarer server checks, metadata rules and zod kinds in %s', async (language, expected) => {
    await i18n.changeLanguage(language);
    const items: (ServerMessage & { field: string })[] = [
      { field: 'vin', messageId: 'tooManyVins', params: { max: 100 }, message: 'At most 100 VINs at a time' },
      { field: 'endDate', messageId: 'windowTooLong', params: { days: 31 }, message: 'The window can be at most 31 days' },
      { field: 'allowedContracts', messageId: 'contractsNotFound', params: { ids: '7, 9' }, message: 'Contract not found: 7, 9' },
      { field: 'metadata.cc', messageId: 'metadataMustBeNumber', params: { label: 'Kostnadssted' }, message: 'Kostnadssted: Must be a number' },
      { field: 'name', messageId: 'mustBeText', message: 'Invalid input: expected string, received number' },
      { field: 'pageSize', messageId: 'numberTooSmall', params: { min: 1 }, message: 'Too small: expected number to be >=1' },
      { field: 'file', messageId: 'csvFileEmpty', message: MESSAGES.csvFileEmpty },
    ];
    expect(items.map((item) => serverMessageText(item, i18n.t))).toEqual(expected);
  });

  it('words a list item count with its plural form', async () => {
    await i18n.changeLanguage('nb');
    expect(serverMessageText({ messageId: 'tooManyItems', params: { max: 1 }, message: 'At most 1 items' }, i18n.t)).toBe('Høyst 1 element');
    expect(serverMessageText({ messageId: 'tooManyItems', params: { max: 3 }, message: 'At most 3 items' }, i18n.t)).toBe('Høyst 3 elementer');
  });

  it('words a service check with params (a conflict of e-mail domains) in de', async () => {
    await i18n.changeLanguage('de');
    const item = {
      field: 'emailDomains.1',
      messageId: 'emailDomainTaken',
      params: { domain: 'fjellvind.example', company: 'Fjellvind AS' },
      message: 'The e-mail domain fjellvind.example is already connected to Fjellvind AS',
    };
    expect(serverMessageText(item, i18n.t)).toBe('Die E-Mail-Domain fjellvind.example ist bereits mit Fjellvind AS verbunden');
  });

  it("words a booking rule's length in the UI language, not the server's English words", async () => {
    const rule = {
      field: 'endTime',
      messageId: 'bookingTooLong',
      params: { duration: '4 days', durationMs: 4 * 24 * 3_600_000 },
      message: 'Bookings can be at most 4 days.',
      overridable: true,
    };
    await i18n.changeLanguage('nb');
    const text = serverMessageText(rule, i18n.t);
    expect(text).toContain('4 dager');
    expect(text).not.toContain('days');
    await i18n.changeLanguage('de');
    expect(serverMessageText(rule, i18n.t)).toContain('4 Tage');
  });

  it('picks the plural form by the count the contract names for the message', () => {
    expect(serverMessageText({ messageId: 'maxLength', params: { max: 1 }, message: 'Maximum characters 1' }, i18n.t)).toBe('Maximum 1 character');
    expect(serverMessageText(tooLong, i18n.t)).toBe('Maximum characters 60');
    expect(serverMessageText({ messageId: 'minLength', params: { min: 1 }, message: 'At least 1 characters' }, i18n.t)).toBe('At least 1 character');
    expect(serverMessageText({ messageId: 'minLength', params: { min: 3 }, message: 'At least 3 characters' }, i18n.t)).toBe('At least 3 characters');
  });

  it('falls back to the English message when the id is unknown or missing', async () => {
    await i18n.changeLanguage('nb');
    expect(serverMessageText({ messageId: 'noSuchMessage', params: { max: 3 }, message: 'Something only the server knows' }, i18n.t)).toBe(
      'Something only the server knows',
    );
    expect(serverMessageText({ messageId: MESSAGE_IDS.invalidInput, message: 'An envelope id, not a message key' }, i18n.t)).toBe(
      'An envelope id, not a message key',
    );
    // A text without an id is not looked up by its wording any more.
    expect(serverMessageText({ message: MESSAGES.required }, i18n.t)).toBe(MESSAGES.required);
    expect(serverFieldMessageText({ field: 'cursor', message: 'Odd cursor' }, i18n.t)).toBe('cursor: Odd cursor');
  });

  it('translates the errors of an invalid-input envelope in the notifications', async () => {
    await i18n.changeLanguage('sv');
    const envelope: ErrorEnvelope = {
      httpCode: 400,
      messageId: MESSAGE_IDS.invalidInput,
      message: MESSAGES.validationFailed,
      errors: [tooLong, { field: 'line', messageId: 'unknownToTheWeb', message: 'Left as it is' }],
    };
    expect(envelopeToNotifications(envelope, i18n.t).map((n) => n.message)).toEqual(['name: Högst 60 tecken', 'line: Left as it is']);
  });
});
