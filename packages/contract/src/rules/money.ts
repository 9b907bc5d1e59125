/**
 * Money arithmetic shared by the server's pricing and billing and the web's fee form (docs/decisions/0009-pricing.md):
 * amounts are rounded to øre/öre (2 decimals) half away from zero, and compared in whole øre.
 */

/**
 * Rounds half away from zero to `decimals` places. The scaled value is first cut to 15 significant digits, which
 * removes binary noise (1.005 × 100 = 100.49999999999999 becomes 100.5) without moving genuine values.
 */
export function roundHalfAway(x: number, decimals: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`Cannot round a non-finite amount: ${x}`);
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(x) * factor).toPrecision(15));
  const rounded = (Math.sign(x) * Math.floor(scaled + 0.5)) / factor;
  return rounded + 0; // never -0
}

/** Rounds an amount to øre/öre (2 decimals), half away from zero, robust to float noise (1.005 → 1.01). */
export function roundMoney(x: number): number {
  return roundHalfAway(x, 2);
}

/** An amount in whole øre, for exact sums and comparisons. */
export const toOre = (amount: number): number => Math.round(amount * 100);
/** Whole øre as an amount. */
export const fromOre = (ore: number): number => ore / 100 + 0;
