import type { PriceListEntry } from '../entities.ts';

/**
 * The contract's admin booking fee (§3 "The entry ADMIN_BOOKING_FEE sets adminFee", §5 "The admin fee is offered when
 * the contract has one"), once for every reader: the booking form and the extend dialog offer it, creation, the
 * estimate and the extension add it, the §3 Contract and the booking's contract summary carry it.
 * docs/decisions/0045-shared-rules.md.
 *
 * - The last ADMIN_BOOKING_FEE entry of the price list wins (as every other price list entry: a later duplicate wins).
 * - A cost of 0, below 0 or not finite is no fee: nothing is offered and nothing is added (no "admin fee 0.00").
 */

/** The price list entry that holds the admin booking fee. */
export const ADMIN_FEE_ITEM = 'ADMIN_BOOKING_FEE';

/** An admin fee cost as a fee: the cost when it is above 0, else null (no fee). */
export const chargeableAdminFee = (cost: number | null | undefined): number | null =>
  cost !== null && cost !== undefined && Number.isFinite(cost) && cost > 0 ? cost : null;

/** The admin booking fee (without VAT) of a price list, or null when it has none. */
export function adminFeeOf(priceList: readonly PriceListEntry[] | null | undefined): number | null {
  return chargeableAdminFee((priceList ?? []).findLast((entry) => entry.name === ADMIN_FEE_ITEM)?.cost);
}
