import { describe, expect, it } from 'vitest';
import {
  DB_INT_MAX,
  DB_INT_MIN,
  FIXED_MESSAGE_KEYS,
  MESSAGE_IDS,
  MESSAGES,
  UNSAFE_TEXT_MAX_ISSUES,
  ZDbInt,
  ZIntId,
  ZIntIdParam,
  findUnsafeText,
  isSafeText,
} from '../src/index.ts';

describe('isSafeText', () => {
  it('takes any well-formed text without NUL, surrogate pairs (emoji) included', () => {
    for (const text of ['', 'Kari Nordmann', 'Ødegård', 'Tøyen 🚲 park', '\u{1F600}\u{1F600}', 'tab\tand\nnewline', '\uFFFD'])
      expect(isSafeText(text), text).toBe(true);
  });

  it('refuses NUL and unpaired surrogates anywhere', () => {
    for (const text of ['\u0000', 'a\u0000b', '\uD800', 'x\uD83D', '\uDC00x', 'a\uDE00b', '\uD83D\uD83D\uDE00x\uDC00', '\uDE00\uD83D'])
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
  });
});

describe('findUnsafeText', () => {
  it('names each offending string by its path in the envelope field style, keys included', () => {
    const body = {
      comment: 'ok',
      items: [{ comment: 'bad\u0000' }, { tags: ['fine', 'x\uD800'] }],
      ['key\u0000']: 1,
      nested: { deep: { er: '\uDC00' } },
    };
    expect(findUnsafeText(body)).toEqual([
      { field: 'items.0.comment', message: MESSAGES.unsafeText },
      { field: 'items.1.tags.1', message: MESSAGES.unsafeText },
      { field: 'key\uFFFD', message: MESSAGES.unsafeTextKey },
      { field: 'nested.deep.er', message: MESSAGES.unsafeText },
    ]);
    expect(findUnsafeText('top\u0000', 'body')).toEqual([{ field: 'body', message: MESSAGES.unsafeText }]);
    expect(findUnsafeText({ a: 1, b: true, c: null, d: ['x'] })).toEqual([]);
  });

  it('walks any depth without recursion and reports at most UNSAFE_TEXT_MAX_ISSUES', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const [issue] = findUnsafeText(deep);
    expect(issue?.field.split('.')).toHaveLength(100_000);
    expect(findUnsafeText(Array.from({ length: 500 }, () => '\u0000'))).toHaveLength(UNSAFE_TEXT_MAX_ISSUES);
  });
});

describe('integers of int4 columns', () => {
  it('ZIntId and ZIntIdParam take 1 … 2147483647 only', () => {
    expect(ZIntId.safeParse(1).success).toBe(true);
    expect(ZIntId.safeParse(DB_INT_MAX).success).toBe(true);
    for (const n of [0, -1, DB_INT_MAX + 1, -99_999_999_999, 1.5, Number.MAX_SAFE_INTEGER])
      expect(ZIntId.safeParse(n).success, String(n)).toBe(false);
    expect(ZIntIdParam.parse('2147483647')).toBe(DB_INT_MAX);
    const refused = ZIntIdParam.safeParse('-99999999999');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(MESSAGES.idOutOfRange);
  });

  it('ZDbInt takes the whole int4 range', () => {
    expect(ZDbInt.safeParse(DB_INT_MIN).success).toBe(true);
    expect(ZDbInt.safeParse(DB_INT_MAX).success).toBe(true);
    expect(ZDbInt.safeParse(DB_INT_MIN - 1).success).toBe(false);
    expect(ZDbInt.safeParse(DB_INT_MAX + 1).success).toBe(false);
  });
});

describe('the framework refusals of the catalogue', () => {
  it('are fixed texts the console translates', () => {
    for (const id of [
      MESSAGE_IDS.methodNotAllowed,
      MESSAGE_IDS.badUrl,
      MESSAGE_IDS.malformedRequest,
      MESSAGE_IDS.malformedJson,
      MESSAGE_IDS.emptyJsonBody,
      MESSAGE_IDS.unsupportedMediaType,
      MESSAGE_IDS.bodyTooLarge,
      MESSAGE_IDS.headersTooLarge,
      MESSAGE_IDS.requestTimeout,
    ]) {
      const key = FIXED_MESSAGE_KEYS[id];
      expect(key, id).toBeDefined();
      expect(MESSAGES[key!]).toMatch(/\w/);
    }
  });
});
