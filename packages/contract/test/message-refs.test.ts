import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldError, issueMessageRef, MESSAGES, messageRef, messageRefOfText, withMessageRef } from '../src/index.ts';

describe('message refs (docs/decisions/0059)', () => {
  it('words a key with its params in English, and leaves params out when there are none', () => {
    expect(messageRef('maxLength', { max: 60 })).toEqual({ messageId: 'maxLength', params: { max: 60 }, message: 'Maximum characters 60' });
    expect(fieldError('email', 'invalidEmail')).toEqual({ field: 'email', messageId: 'invalidEmail', message: MESSAGES.invalidEmail });
  });

  it('names the key of a schema text: a MESSAGES text, or "Maximum characters N"', () => {
    expect(messageRefOfText(MESSAGES.invalidPinCode)).toEqual({ messageId: 'invalidPinCode' });
    expect(messageRefOfText('Maximum characters 80')).toEqual({ messageId: 'maxLength', params: { max: 80 } });
    expect(messageRefOfText('Something else')).toBeUndefined();
  });

  it('names the key and params of zod issues by their kind', () => {
    const schema = z.object({ name: z.string().max(3), kind: z.enum(['A', 'B']), pin: z.string().regex(/^\d{4}$/, MESSAGES.invalidPinCode) });
    const result = schema.safeParse({ name: 'abcd', kind: 'C', pin: 'x' });
    expect(result.success).toBe(false);
    const refs = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issueMessageRef(issue)]));
    expect(refs).toEqual({
      name: { messageId: 'maxLength', params: { max: 3 } },
      kind: { messageId: 'notAChoice', params: { choices: 'A, B' } },
      pin: { messageId: 'invalidPinCode' },
    });
    expect(issueMessageRef({ code: 'invalid_type', message: 'Invalid input: expected string' })).toBeUndefined();
  });

  it('adds the key to an item by its text, and keeps an id it has', () => {
    expect(withMessageRef({ field: 'a', message: MESSAGES.required })).toEqual({ field: 'a', messageId: 'required', message: MESSAGES.required });
    expect(withMessageRef({ messageId: 'custom', message: MESSAGES.required })).toEqual({ messageId: 'custom', message: MESSAGES.required });
  });
});
