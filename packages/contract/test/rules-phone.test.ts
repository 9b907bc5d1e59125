import { describe, expect, it } from 'vitest';
import { normalizePhoneNumber, phoneNumberMessage } from '../src/index.ts';

describe('phoneNumberMessage (§5: + then 6 to 21 digits)', () => {
  it('accepts a leading + with 6 to 21 digits, spaces ignored', () => {
    expect(phoneNumberMessage('+4798765432')).toBeNull();
    expect(phoneNumberMessage('+47 987 65 432')).toBeNull();
    expect(phoneNumberMessage('+123456')).toBeNull();
    expect(phoneNumberMessage(`+${'1'.repeat(21)}`)).toBeNull();
  });

  it('refuses letters, a missing +, too few or too many digits', () => {
    expect(phoneNumberMessage('abc')).toBe('invalidPhoneNumber');
    expect(phoneNumberMessage('98765432')).toBe('invalidPhoneNumber');
    expect(phoneNumberMessage('+12345')).toBe('invalidPhoneNumber');
    expect(phoneNumberMessage(`+${'1'.repeat(22)}`)).toBe('invalidPhoneNumber');
    expect(phoneNumberMessage('+47-98765432')).toBe('invalidPhoneNumber');
  });

  it('normalizes by dropping whitespace only', () => {
    expect(normalizePhoneNumber(' +47 987\t65 432 ')).toBe('+4798765432');
  });
});
