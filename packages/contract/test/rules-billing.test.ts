import { describe, expect, it } from 'vitest';
import {
  amountWithoutVat,
  BILLING_AMOUNT_MAX,
  billingRequestRefusal,
  checkBillingItem,
  checkBillingItems,
  checkPendingItem,
  creditCeilingRefusal,
  creditRefusal,
  creditTotal,
  feeTypeOf,
  mixConflict,
  parseAmount,
  signedValue,
  UNCREDITABLE_STATUSES,
  type CreditablePayment,
} from '../src/index.ts';

const paid: CreditablePayment = { status: 'PAID', totalPrice: 500, totalPriceWithoutVat: 400 };
const fee = (value = 100) => ({ type: 'TOLL_FEE' as const, value });
const credit = (amount: number) => ({ type: 'CREDITING' as const, value: -amount });
const messages = (raw: Parameters<typeof checkBillingItem>[0]) => checkBillingItem(raw).problems.map((p) => [p.field, p.message, p.params]);

describe('what staff type', () => {
  it('reads amounts as typed', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount(' 12,5 ')).toBe(12.5);
    expect(parseAmount('12.50')).toBe(12.5);
    expect(parseAmount('12a')).toBeNaN();
    expect(parseAmount('1.2.3')).toBeNaN();
  });

  it('divides an amount with VAT by 1 + the rate, to 2 decimals, and signs credits negative', () => {
    expect(amountWithoutVat(125, true, 0.25)).toBe(100);
    expect(amountWithoutVat(99.99, true, 0.25)).toBe(79.99);
    expect(amountWithoutVat(100, false, 0.25)).toBe(100);
    expect(amountWithoutVat(100, true, null)).toBe(100);
    expect(signedValue('CREDITING', 80)).toBe(-80);
    expect(signedValue('PARKING_TICKET', -80)).toBe(80);
  });

  it('reads fee types loosely (sent types, ?addFee links)', () => {
    expect(feeTypeOf(' Parking ticket ')).toBe('PARKING_TICKET');
    expect(feeTypeOf('PARKING__TICKET')).toBe('PARKING_TICKET');
    expect(feeTypeOf('toll-fee')).toBe('TOLL_FEE');
    expect(feeTypeOf('crediting')).toBe('CREDITING');
    expect(feeTypeOf('PARKING')).toBeNull();
  });
});

describe('item rules', () => {
  it('accepts a fee and a credit, rounded to øre with trimmed comments', () => {
    expect(checkBillingItem({ value: 10.005, type: 'toll fee', comment: ' x ', publicComment: '' })).toEqual({
      item: { type: 'TOLL_FEE', value: 10.01, vatRate: null, comment: 'x', publicComment: null },
      problems: [],
    });
    expect(checkBillingItem({ value: -10, type: 'CREDITING', vat: 0.25 }).item).toMatchObject({ value: -10, vatRate: 0.25 });
  });

  it('words each broken rule with a message key', () => {
    expect(messages({ value: 10, type: 'LATE FEE' })).toEqual([['type', 'specifyBillingType', {}]]);
    expect(messages({ value: Number.NaN, type: 'TOLL_FEE' })).toEqual([['value', 'amountNotNumber', {}]]);
    expect(messages({ value: BILLING_AMOUNT_MAX + 1, type: 'TOLL_FEE' })).toEqual([['value', 'amountTooLarge', { max: '1000000.00' }]]);
    expect(messages({ value: 0.001, type: 'TOLL_FEE' })).toEqual([['value', 'feeMustBePositive', {}]]);
    expect(messages({ value: 10, type: 'CREDITING' })).toEqual([['value', 'creditMustBeNegative', {}]]);
    expect(messages({ value: 10, type: 'TOLL_FEE', vat: 25 })).toEqual([['vat', 'vatRateInvalid', {}]]);
    expect(messages({ value: 10, type: 'OTHER', publicComment: '  ' })).toEqual([['publicComment', 'publicCommentRequired', {}]]);
    expect(messages({ value: 10, type: 'OTHER', publicComment: 'x'.repeat(101) })).toEqual([['publicComment', 'publicCommentTooLong', { max: 100 }]]);
    expect(messages({ value: -10, type: 'CREDITING', publicComment: 'x'.repeat(101) })).toEqual([
      ['publicComment', 'publicCommentTooLong', { max: 100 }],
    ]);
    expect(messages({ value: 10, type: 'PARKING_TICKET', publicComment: 'x'.repeat(150) })).toEqual([]);
    expect(messages({ value: 10, type: 'PARKING_TICKET', publicComment: 'x'.repeat(1001) })).toEqual([
      ['publicComment', 'maxCharacters', { max: 1000, len: 1001 }],
    ]);
    expect(messages({ value: 10, type: 'PARKING_TICKET', comment: 'x'.repeat(1001) })).toEqual([
      ['comment', 'maxCharacters', { max: 1000, len: 1001 }],
    ]);
  });

  it('checks a request item by item, with each problem’s index, and answers no items when one fails', () => {
    expect(checkBillingItems([fee(), { value: 10, type: 'OTHER' }])).toEqual({
      items: [],
      problems: [{ index: 1, field: 'publicComment', message: 'publicCommentRequired', params: {} }],
    });
    expect(checkBillingItems([fee(), credit(5)]).items).toHaveLength(2);
  });
});

describe('mix and credit rules', () => {
  it('decides the mix from the order of the items; several credits may go together', () => {
    expect(mixConflict([fee(), fee()])).toBeNull();
    expect(mixConflict([credit(1), credit(2)])).toBeNull();
    expect(mixConflict([fee(), credit(1), fee()])).toBe('creditingConflict');
    expect(mixConflict([credit(1), fee()])).toBe('commitCreditingFirst');
  });

  it('credits only a paid booking payment with something charged (NO_CHARGE is not paid)', () => {
    expect(UNCREDITABLE_STATUSES).toContain('NO_CHARGE');
    for (const status of UNCREDITABLE_STATUSES) expect(creditRefusal({ ...paid, status }), status).toBe('unpaidBookingCannotBeCredited');
    expect(creditRefusal(null)).toBe('unpaidBookingCannotBeCredited');
    expect(creditRefusal({ status: 'INVOICE_SENT', totalPrice: 0 })).toBe('nothingToCredit');
    expect(creditRefusal(paid)).toBeNull();
  });

  it('keeps the credits together at or below the total without VAT, to the øre', () => {
    expect(creditTotal([credit(300), fee(), credit(100.5)])).toBe(400.5);
    expect(creditCeilingRefusal([credit(400)], paid)).toBeNull();
    expect(creditCeilingRefusal([credit(400.01)], paid)).toBe('creditExceedsTotal');
    expect(creditCeilingRefusal([credit(300), credit(100.5)], paid)).toBe('creditExceedsTotal');
    expect(creditCeilingRefusal([credit(0.1), credit(0.2)], { totalPriceWithoutVat: 0.3 })).toBeNull();
  });

  it('refuses a request in the server’s order: mix, creditable, ceiling; fees need nothing of the payment', () => {
    expect(billingRequestRefusal([fee(), credit(1)], null)).toBe('creditingConflict');
    expect(billingRequestRefusal([credit(1)], { ...paid, status: 'NO_CHARGE' })).toBe('unpaidBookingCannotBeCredited');
    expect(billingRequestRefusal([credit(500)], paid)).toBe('creditExceedsTotal');
    expect(billingRequestRefusal([credit(10)], paid)).toBeNull();
    expect(billingRequestRefusal([fee()], null)).toBeNull();
  });
});

describe('the form’s pending list: the same rules as the request', () => {
  const facts = { payment: paid, estimatedPriceWithoutVat: 400 };

  it('needs a type, then refuses what the server would refuse', () => {
    expect(checkPendingItem({ type: '', value: 10 }, [], facts)).toEqual({ outcome: 'refused', message: 'specifyBillingType' });
    expect(checkPendingItem(credit(10), [fee()], facts)).toEqual({ outcome: 'refused', message: 'creditingConflict' });
    expect(checkPendingItem(fee(), [credit(10)], facts)).toEqual({ outcome: 'refused', message: 'commitCreditingFirst' });
    expect(checkPendingItem(fee(), [fee()], facts)).toEqual({ outcome: 'accepted' });
    expect(checkPendingItem(credit(10), [credit(10)], facts)).toEqual({ outcome: 'accepted' });
    expect(checkPendingItem(credit(10), [], { ...facts, payment: { ...paid, status: 'NO_CHARGE' } })).toEqual({
      outcome: 'refused',
      message: 'unpaidBookingCannotBeCredited',
    });
    expect(checkPendingItem(fee(), [], { ...facts, payment: { ...paid, status: 'UNPAID' } })).toEqual({ outcome: 'accepted' });
  });

  it('counts the pending credits against the ceiling and the estimate', () => {
    expect(checkPendingItem(credit(400), [], facts)).toEqual({ outcome: 'accepted' });
    expect(checkPendingItem(credit(400.01), [], facts)).toEqual({ outcome: 'refused', message: 'creditExceedsTotal' });
    expect(checkPendingItem(credit(200), [credit(200.01)], facts)).toEqual({ outcome: 'refused', message: 'creditExceedsTotal' });
    expect(checkPendingItem(credit(200), [credit(100)], { ...facts, estimatedPriceWithoutVat: 250 })).toEqual({ outcome: 'confirm' });
    expect(checkPendingItem(credit(300), [], { ...facts, estimatedPriceWithoutVat: null })).toEqual({ outcome: 'accepted' });
  });
});
