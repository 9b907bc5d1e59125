import { describe, expect, it } from 'vitest';
import { adminFeeOf, ADMIN_FEE_ITEM, chargeableAdminFee } from '../src/index.ts';

describe('adminFeeOf (the booking form, the extend dialog, creation, the estimate, the extension)', () => {
  it('is the ADMIN_BOOKING_FEE entry of the price list; the last one wins', () => {
    expect(ADMIN_FEE_ITEM).toBe('ADMIN_BOOKING_FEE');
    expect(
      adminFeeOf([
        { name: 'VAT', cost: 0.25 },
        { name: 'ADMIN_BOOKING_FEE', cost: 59 },
      ]),
    ).toBe(59);
    expect(
      adminFeeOf([
        { name: 'ADMIN_BOOKING_FEE', cost: 59 },
        { name: 'ADMIN_BOOKING_FEE', cost: 79 },
      ]),
    ).toBe(79);
  });

  it('is no fee (null) without an entry, or when the last entry is 0, negative or not finite', () => {
    expect(adminFeeOf([{ name: 'VAT', cost: 0.25 }])).toBeNull();
    expect(adminFeeOf(null)).toBeNull();
    expect(adminFeeOf([{ name: 'ADMIN_BOOKING_FEE', cost: 0 }])).toBeNull();
    expect(
      adminFeeOf([
        { name: 'ADMIN_BOOKING_FEE', cost: 59 },
        { name: 'ADMIN_BOOKING_FEE', cost: 0 },
      ]),
    ).toBeNull();
    expect(
      adminFeeOf([
        { name: 'ADMIN_BOOKING_FEE', cost: 0 },
        { name: 'ADMIN_BOOKING_FEE', cost: 59 },
      ]),
    ).toBe(59);
    expect(adminFeeOf([{ name: 'ADMIN_BOOKING_FEE', cost: -10 }])).toBeNull();
    expect(adminFeeOf([{ name: 'ADMIN_BOOKING_FEE', cost: Number.NaN }])).toBeNull();
  });

  it('reads a contract summary’s fee (Booking.contract.adminFee) by the same rule', () => {
    expect(chargeableAdminFee(59)).toBe(59);
    for (const none of [0, -1, null, undefined, Number.POSITIVE_INFINITY]) expect(chargeableAdminFee(none), String(none)).toBeNull();
  });
});
