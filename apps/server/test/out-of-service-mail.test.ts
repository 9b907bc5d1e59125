import { LANGUAGES } from '@fleetdesk/contract';
import { describe, expect, it } from 'vitest';
import { bookingPeriod, outOfServiceMail } from '../src/modules/vehicle-service/mail-texts.ts';

// 2026-03-02 08:00–10:30 in Oslo (UTC+1).
const start = new Date('2026-03-02T07:00:00Z');
const end = new Date('2026-03-02T09:30:00Z');
const base = {
  fleetName: 'Fjord Mobility',
  bid: 'BID1000000042',
  customerName: 'Kari Berg',
  start,
  end,
  timeZone: 'Europe/Oslo',
  from: 'Tesla Model 3 EL 12345',
};

describe('out-of-service mails in the customer language', () => {
  it('writes the period as each language does, in the operator time zone', () => {
    expect(bookingPeriod('en-GB', start, end, 'Europe/Oslo')).toMatch(/^2 Mar 2026, 08:00\s*–\s*10:30 \(Europe\/Oslo\)$/);
    expect(bookingPeriod('de', start, end, 'Europe/Oslo')).toMatch(/^02\.03\.2026, 08:00\s*–\s*10:30 Uhr \(Europe\/Oslo\)$/);
    expect(bookingPeriod('nb', start, end, 'Europe/Oslo')).toMatch(/^2\. mars 2026, 08:00\s*–\s*10:30 \(Europe\/Oslo\)$/);
    expect(bookingPeriod('sv', start, end, 'Europe/Oslo')).toMatch(/^2 mars 2026 08:00\s*–\s*10:30 \(Europe\/Oslo\)$/);
  });

  it('has a moved and a cancelled mail in every language, each different from the English one', () => {
    const english = {
      moved: outOfServiceMail({ ...base, language: 'en-GB', to: 'VW ID.3 EL 54321' }),
      cancelled: outOfServiceMail({ ...base, language: 'en-GB', to: null }),
    };
    expect(english.moved.subject).toBe('Fjord Mobility: your booking BID1000000042 has a new vehicle');
    expect(english.cancelled.text).toContain('there is no cancellation fee');
    for (const language of LANGUAGES) {
      const moved = outOfServiceMail({ ...base, language, to: 'VW ID.3 EL 54321' });
      const cancelled = outOfServiceMail({ ...base, language, to: null });
      for (const mail of [moved, cancelled]) {
        expect(mail.subject).toContain('BID1000000042');
        expect(mail.text).toContain('Kari Berg');
        expect(mail.text).toContain('Tesla Model 3 EL 12345');
        expect(mail.text).toContain(bookingPeriod(language, start, end, 'Europe/Oslo'));
        expect(mail.text.endsWith('Fjord Mobility\n')).toBe(true);
      }
      expect(moved.text).toContain('VW ID.3 EL 54321');
      expect(moved.subject).not.toBe(cancelled.subject);
      if (language !== 'en-GB') {
        expect(moved.subject).not.toBe(english.moved.subject);
        expect(cancelled.text).not.toMatch(/\b(the|your|vehicle|cancelled)\b/i);
      }
    }
  });

  it('greets a booking without a customer name without one', () => {
    expect(outOfServiceMail({ ...base, language: 'sv', customerName: null, to: null }).text.startsWith('Hej,\n')).toBe(true);
  });
});
