import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkMetadata,
  fieldError,
  issueMessageRef,
  MESSAGES,
  messageRef,
  messageRefOfText,
  metadataProblemRef,
  schemaMessage,
  withMessageRef,
} from '../src/index.ts';

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
  });

  it("names zod's own default texts by kind, with their values as params", () => {
    const schema = z.object({
      name: z.string(),
      age: z.number().int().min(18).max(120),
      share: z.number().gt(0).lt(1),
      tags: z.array(z.string()).min(1).max(3),
      active: z.boolean(),
      code: z.string().regex(/^[A-Z]+$/),
      email: z.string().email(),
      day: z.iso.date(),
      at: z.iso.datetime(),
      step: z.number().multipleOf(5),
      nested: z.strictObject({ a: z.string().min(2) }),
      missing: z.string(),
    });
    const result = schema.safeParse({
      name: 12,
      age: 12.5,
      share: 1,
      tags: [],
      active: 'yes',
      code: 'abc',
      email: 'nope',
      day: '2026-13-01',
      at: 'noon',
      step: 7,
      nested: { a: 'x', b: 1 },
    });
    const refs = Object.fromEntries((result.error?.issues ?? []).map((issue) => [`${issue.path.join('.')}:${issue.code}`, issueMessageRef(issue)]));
    expect(refs).toEqual({
      'name:invalid_type': { messageId: 'mustBeText' },
      'age:invalid_type': { messageId: 'mustBeWholeNumber' },
      'share:too_big': { messageId: 'numberTooLargeExclusive', params: { max: 1 } },
      'tags:too_small': { messageId: 'tooFewItems', params: { min: 1 } },
      'active:invalid_type': { messageId: 'mustBeTrueOrFalse' },
      'code:invalid_format': { messageId: 'invalidFormat' },
      'email:invalid_format': { messageId: 'invalidEmail' },
      'day:invalid_format': { messageId: 'invalidDate' },
      'at:invalid_format': { messageId: 'invalidDateTime' },
      'step:not_multiple_of': { messageId: 'notMultipleOf', params: { divisor: 5 } },
      'nested.a:too_small': { messageId: 'minLength', params: { min: 2 } },
      'nested:unrecognized_keys': { messageId: 'unknownFields', params: { keys: 'b' } },
      'missing:invalid_type': { messageId: 'required' },
    });
    expect(issueMessageRef({ code: 'too_small', origin: 'number', minimum: 18, inclusive: true })).toEqual({
      messageId: 'numberTooSmall',
      params: { min: 18 },
    });
    expect(issueMessageRef({ code: 'too_big', origin: 'array', maximum: 3 })).toEqual({ messageId: 'tooManyItems', params: { max: 3 } });
    expect(issueMessageRef({ code: 'invalid_union', message: 'Invalid input' })).toEqual({ messageId: 'invalid' });
    // A refinement's own text outside the catalogue keeps no id: clients show its words rather than a bare "Invalid".
    expect(issueMessageRef({ code: 'custom', message: 'Something only this schema says' })).toBeUndefined();
  });

  it('names the key and params of a schema text with values (schemaMessage)', () => {
    const text = schemaMessage('tooManyItems', { max: 7 });
    expect(text).toBe('At most 7 items');
    expect(messageRefOfText(text)).toEqual({ messageId: 'tooManyItems', params: { max: 7 } });
    // The contract's own: the company e-mail domains and the licence status user names.
    expect(messageRefOfText('At most 20 e-mail domains')).toEqual({ messageId: 'tooManyEmailDomains', params: { max: 20 } });
    expect(messageRefOfText('At most 100 user names')).toEqual({ messageId: 'tooManyUsernames', params: { max: 100 } });
  });

  it("words a metadata problem led by the operator's label", () => {
    const { problems } = checkMetadata(
      [
        { key: 'plate', label: 'Licence plate', description: null, type: 'TEXT', required: true, choices: null, placeholder: null },
        { key: 'dept', label: 'Department', description: null, type: 'CHOICE', required: false, choices: ['Sales', 'IT'], placeholder: null },
      ],
      { dept: 'HR' },
    );
    expect(problems.map(metadataProblemRef)).toEqual([
      { messageId: 'metadataRequired', params: { label: 'Licence plate' }, message: 'Licence plate: Required' },
      { messageId: 'metadataNotAChoice', params: { choices: 'Sales, IT', label: 'Department' }, message: 'Department: Must be one of: Sales, IT' },
    ]);
  });

  it('adds the key to an item by its text, and keeps an id it has', () => {
    expect(withMessageRef({ field: 'a', message: MESSAGES.required })).toEqual({ field: 'a', messageId: 'required', message: MESSAGES.required });
    expect(withMessageRef({ messageId: 'custom', message: MESSAGES.required })).toEqual({ messageId: 'custom', message: MESSAGES.required });
  });
});
