import { z } from 'zod';

/** Query-string helpers shared by the request schemas: '' and null mean "not given". */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An optional trimmed, non-blank text parameter. */
export const optText = (max = 200) => z.preprocess(emptyToUndefined, z.string().trim().min(1).max(max).optional());

/** Query values may repeat (`vin=A&vin=B`) or be comma separated (`vin=A,B`). */
export const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const arr = Array.isArray(v) ? v : [v];
    const kept = arr
      .flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]))
      .map((x) => (typeof x === 'string' ? x.trim() : x))
      .filter((x) => x !== '' && x !== null);
    return kept.length ? kept : undefined;
  }, z.array(item).optional());
