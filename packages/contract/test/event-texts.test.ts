import { describe, expect, it } from 'vitest';
import { englishEventText, eventMoney, eventText, eventValue, renderEventText, type EventTextRenderer } from '../src/event-texts.ts';

const swedish: EventTextRenderer = {
  template: (id, p) =>
    (({ commandSucceeded: `Kommandot ${p.command} lyckades`, withReason: `${p.text}: ${p.reason}` }) as Record<string, string>)[id] ?? null,
  money: (amount, currency) => `${amount.toFixed(2).replace('.', ',')} ${currency}`,
  value: (of, value) => (of === 'command' && value === 'UNLOCK' ? 'Lås upp' : value),
};

describe('event texts', () => {
  it('renders the English displayText the server stores', () => {
    expect(englishEventText([eventText('commandSucceeded', { command: eventValue('command', 'UNLOCK') })])).toBe('Unlock command succeeded');
    expect(englishEventText([eventText('bookingCancelledBySupport'), eventText('withReason', { reason: 'double booking' })])).toBe(
      'Booking cancelled by support: double booking',
    );
    expect(englishEventText([eventText('bookingExtended', { minutes: 15, end: '2026-11-27 14:00' }), eventText('changesLocked')])).toBe(
      'Booking extended by 15 minutes to 2026-11-27 14:00; changes locked for the customer',
    );
    expect(englishEventText([eventText('adminFeeAdded', { amount: eventMoney(50, 'NOK'), orderId: 'BOK1' })])).toBe(
      'Admin booking fee added: 50.00 NOK (BOK1)',
    );
  });

  it('renders in another language through its templates, values and money', () => {
    expect(renderEventText([eventText('commandSucceeded', { command: eventValue('command', 'UNLOCK') })], swedish)).toBe(
      'Kommandot Lås upp lyckades',
    );
  });

  it('answers null for an id the reader does not know, so the caller shows displayText', () => {
    expect(renderEventText([{ id: 'somethingNew', params: {} }], swedish)).toBeNull();
    expect(renderEventText([], swedish)).toBeNull();
  });
});
