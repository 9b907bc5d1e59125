import { Faker, base, en, nb_NO, sv } from '@faker-js/faker';

/** Seeded randomness and time arithmetic for the generators. Nothing here reads the clock or Math.random. */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type SeedLocale = 'nb' | 'sv' | 'en';

/** FNV-1a: a stable 32-bit seed from a string, so every section of the seed has its own sequence. */
export function seedFromString(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function seededFaker(key: string, locale: SeedLocale): Faker {
  const locales = locale === 'nb' ? [nb_NO, en, base] : locale === 'sv' ? [sv, en, base] : [en, base];
  return new Faker({ locale: locales, seed: seedFromString(key) });
}

/** A small facade over a seeded faker with the helpers the generators need. */
export class Rng {
  readonly f: Faker;
  constructor(key: string, locale: SeedLocale) {
    this.f = seededFaker(key, locale);
  }
  int(min: number, max: number): number {
    return this.f.number.int({ min, max });
  }
  float(min: number, max: number, fractionDigits = 1): number {
    return this.f.number.float({ min, max, fractionDigits });
  }
  chance(probability: number): boolean {
    return this.f.number.float({ min: 0, max: 1 }) < probability;
  }
  pick<T>(items: readonly T[]): T {
    return this.f.helpers.arrayElement(items);
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    return this.f.helpers.weightedArrayElement(entries.map(([value, weight]) => ({ value, weight })));
  }
  shuffle<T>(items: readonly T[]): T[] {
    return this.f.helpers.shuffle([...items]);
  }
  digits(length: number): string {
    return this.f.string.numeric({ length, allowLeadingZeros: true });
  }
}

export function floorToHour(d: Date): Date {
  return new Date(Math.floor(d.getTime() / HOUR) * HOUR);
}

/** Rounds a duration down to whole quarters of an hour (the booking form's step). */
export function quarter(ms: number): number {
  return Math.floor(ms / (15 * MINUTE)) * 15 * MINUTE;
}

export type Span = readonly [number, number];
export const overlaps = (a: Span, b: Span): boolean => a[0] < b[1] && b[0] < a[1];
export const isFree = (busy: readonly Span[], span: Span): boolean => busy.every((b) => !overlaps(b, span));
