import { describe, expect, it } from 'vitest';
import { fromOre, roundMoney, toOre } from '../src/index.ts';

describe('roundMoney', () => {
  it('rounds half away from zero to øre despite float noise', () => {
    expect(roundMoney(1.005)).toBe(1.01); // 1.005 × 100 = 100.49999999999999
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(0.285)).toBe(0.29);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(0.3 * 0.25)).toBe(0.08); // 0.075
    expect(roundMoney(10.02 * 0.25)).toBe(2.51); // 2.505
    expect(roundMoney(148.04999999999998)).toBe(148.05); // 42.3 × 3.5
    expect(roundMoney(1.0049)).toBe(1);
    expect(roundMoney(12.344)).toBe(12.34);
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
    expect(() => roundMoney(Number.NaN)).toThrow(RangeError);
  });
});

describe('øre', () => {
  it('counts amounts in whole øre', () => {
    expect(toOre(0.1 + 0.2)).toBe(30);
    expect(toOre(-400.01)).toBe(-40001);
    expect(fromOre(12345)).toBe(123.45);
    expect(Object.is(fromOre(-0), 0)).toBe(true);
  });
});
