import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  amountWithoutVat,
  checkPendingItem,
  feeTypeOf,
  parseAmount,
  signedValue,
  type Booking,
  type Payment,
  type PaymentEvent,
} from '@fleetdesk/contract';
import { BillingDialog } from '@/features/bookings/components/card/payment/billing-dialog';
import {
  billingFormSchema,
  billingPrefillFromSearch,
  toBillingRequest,
  toPendingItem,
  vatRateOf,
  type BillingFormValues,
  type PendingBillingItem,
} from '@/features/bookings/components/card/payment/billing-rules';
import { fixedPriceFormSchema } from '@/features/bookings/components/card/payment/fixed-price-form';
import { newIdempotencyKey } from '@/features/bookings/api/booking-billing-api';
import { i18n } from '@/lib/i18n/i18n';
import { abilitiesFor } from './fixtures/booking';
import { paymentAbilities } from './fixtures/payment-abilities';
import { fakeBackend, inTurn, type FakeBackend } from './support/backend';
import { renderInApp, teardownComponent } from './support/component-harness';
import { signIn, signOut } from './support/session';

const t = i18n.t.bind(i18n);

const line = (overrides: Partial<PaymentEvent> = {}): PaymentEvent => ({
  id: 1,
  itemName: 'PER_HOUR',
  itemType: 'TIME',
  itemDisplayText: 'Hours',
  publicComment: null,
  comment: null,
  unitAmount: 3,
  unitCost: 100,
  priceWithoutVat: 300,
  vat: 75,
  totalPrice: 375,
  manualEvent: false,
  ...overrides,
});

const payment = (overrides: Partial<Payment> = {}): Payment => ({
  orderId: 'BOK2000004',
  bid: 'BID2000000004',
  username: 'demo.se.active',
  type: 'CREDITCARD',
  status: 'PAID',
  target: 'BOOKING',
  timestamp: { type: 'PAYMENT_DATE', timestamp: '2025-01-01T10:00:00.000Z' },
  totalPriceWithoutVat: 400,
  totalVat: 100,
  totalPrice: 500,
  currency: 'SEK',
  events: [line(), line({ id: 2, itemName: 'PER_KM', priceWithoutVat: 100, vat: 25, totalPrice: 125 })],
  singleEventPayments: [],
  externalId: 'sandbox_1',
  paymentProvider: 'sandbox',
  reservationFailed: false,
  abilities: paymentAbilities(),
  ...overrides,
});

const values = (overrides: Partial<BillingFormValues> = {}): BillingFormValues => ({
  type: 'PARKING_TICKET',
  amount: '100',
  includeVat: false,
  comment: '',
  publicComment: '',
  ...overrides,
});

const pendingFee: PendingBillingItem = toPendingItem(values(), 0.25, 'fee-1');
const pendingCredit: PendingBillingItem = toPendingItem(values({ type: 'CREDITING', amount: '50' }), 0.25, 'credit-1');
const facts = { payment: payment(), estimatedPriceWithoutVat: 400 };

beforeEach(async () => {
  await i18n.changeLanguage('en-GB');
});

describe('VAT and signs', () => {
  it('reads the VAT rate from the non-manual price lines, then the totals, then the estimate', () => {
    expect(vatRateOf({ payment: payment(), estimatedPriceWithoutVat: null, estimatedVat: null })).toBe(0.25);
    // Per-line rounding: 0.02 + 0.30 + 10.02 at 25 % gives VAT 2.60; the rate is still 0.25.
    const rounded = [
      line({ priceWithoutVat: 0.02, vat: 0.01 }),
      line({ priceWithoutVat: 0.3, vat: 0.08 }),
      line({ priceWithoutVat: 10.02, vat: 2.51 }),
    ];
    expect(vatRateOf({ payment: payment({ events: rounded }), estimatedPriceWithoutVat: null, estimatedVat: null })).toBe(0.25);
    // A manual 0 % line does not count.
    const manual = [line({ priceWithoutVat: 100, vat: 12, manualEvent: false }), line({ priceWithoutVat: 500, vat: 0, manualEvent: true })];
    expect(vatRateOf({ payment: payment({ events: manual }), estimatedPriceWithoutVat: null, estimatedVat: null })).toBe(0.12);
    expect(
      vatRateOf({ payment: payment({ events: [], totalPriceWithoutVat: 200, totalVat: 12 }), estimatedPriceWithoutVat: null, estimatedVat: null }),
    ).toBe(0.06);
    expect(vatRateOf({ payment: null, estimatedPriceWithoutVat: 561.5, estimatedVat: 140.38 })).toBe(0.25);
    expect(vatRateOf({ payment: null, estimatedPriceWithoutVat: null, estimatedVat: null })).toBeNull();
  });

  it('divides an amount with VAT by 1 + the rate, to 2 decimals', () => {
    expect(amountWithoutVat(125, true, 0.25)).toBe(100);
    expect(amountWithoutVat(100, true, 0.25)).toBe(80);
    expect(amountWithoutVat(99.99, true, 0.25)).toBe(79.99);
    expect(amountWithoutVat(100, false, 0.25)).toBe(100);
    expect(amountWithoutVat(100, true, null)).toBe(100);
  });

  it('sends credits negative and fees positive', () => {
    expect(signedValue('CREDITING', 80)).toBe(-80);
    expect(signedValue('PARKING_TICKET', 80)).toBe(80);
    const credit = toPendingItem(values({ type: 'CREDITING', amount: '125', includeVat: true, publicComment: ' Sorry ' }), 0.25, 'x');
    expect(credit).toMatchObject({
      type: 'CREDITING',
      value: -100,
      vat: 0.25,
      publicComment: 'Sorry',
      comment: null,
      enteredAmount: 125,
      vatIncluded: true,
    });
    expect(toPendingItem(values({ amount: '12,50' }), null, 'y')).toMatchObject({ value: 12.5, vat: null, vatIncluded: false });
    expect(toBillingRequest([pendingFee, credit])).toEqual([
      { value: 100, type: 'PARKING_TICKET', vat: 0.25, comment: null, publicComment: null },
      { value: -100, type: 'CREDITING', vat: 0.25, comment: null, publicComment: 'Sorry' },
    ]);
    expect(toBillingRequest([toPendingItem(values(), null, 'z')])[0]).not.toHaveProperty('vat');
  });

  it('reads amounts as typed', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount(' 12,5 ')).toBe(12.5);
    expect(parseAmount('12.50')).toBe(12.5);
    expect(parseAmount('12a')).toBeNaN();
    expect(parseAmount('1.2.3')).toBeNaN();
  });
});

describe('the fee form (§5)', () => {
  const schema = billingFormSchema(t, { payment: payment(), vatRate: 0.25 });
  const issues = (input: Partial<BillingFormValues>) => {
    const result = schema.safeParse(values(input));
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('requires the type and a numeric, positive amount', () => {
    expect(issues({})).toEqual({});
    expect(issues({ type: '' })).toEqual({ type: 'Specify a billing type' });
    expect(issues({ amount: '' })).toEqual({ amount: 'The amount is required' });
    expect(issues({ amount: 'ten' })).toEqual({ amount: 'The amount must be a number' });
    expect(issues({ amount: '0' })).toEqual({ amount: 'Must be a positive number' });
  });

  it('keeps a credit at or below the total without VAT (the server’s one credit ceiling), with or without VAT entered', () => {
    expect(issues({ type: 'CREDITING', amount: '400' })).toEqual({});
    expect(issues({ type: 'CREDITING', amount: '400.01' })).toEqual({ amount: 'A credit cannot exceed the total price without VAT' });
    expect(issues({ type: 'CREDITING', amount: '500', includeVat: true })).toEqual({});
    expect(issues({ type: 'CREDITING', amount: '500.02', includeVat: true })).toEqual({
      amount: 'A credit cannot exceed the total price without VAT',
    });
    // A fee may be above the price, up to the server's largest amount.
    expect(issues({ type: 'DEDUCTIBLE_FEE', amount: '5000' })).toEqual({});
    expect(issues({ type: 'DEDUCTIBLE_FEE', amount: '1000000.01' })).toEqual({ amount: 'The amount can be at most 1000000.00' });
  });

  it('requires a public comment for OTHER and limits it to 100 characters for OTHER and CREDITING', () => {
    expect(issues({ type: 'OTHER' })).toEqual({ publicComment: 'A public comment is required for this fee type' });
    expect(issues({ type: 'OTHER', publicComment: '   ' })).toEqual({ publicComment: 'A public comment is required for this fee type' });
    expect(issues({ type: 'OTHER', publicComment: 'x'.repeat(100) })).toEqual({});
    expect(issues({ type: 'OTHER', publicComment: 'x'.repeat(101) })).toEqual({ publicComment: 'The public comment can be at most 100 characters' });
    expect(issues({ type: 'CREDITING', publicComment: 'x'.repeat(101) })).toEqual({
      publicComment: 'The public comment can be at most 100 characters',
    });
    expect(issues({ type: 'PARKING_TICKET', publicComment: 'x'.repeat(101) })).toEqual({});
    expect(issues({ type: 'PARKING_TICKET', comment: 'x'.repeat(1001) })).toEqual({ comment: 'Maximum characters 1000 (1001/1000)' });
  });
});

describe('before an item joins the pending list (§5)', () => {
  it('needs a type', () => {
    expect(checkPendingItem({ type: '', value: 10 }, [], facts)).toEqual({ outcome: 'refused', message: 'specifyBillingType' });
  });

  it('refuses a credit while fees are pending and a fee after a pending credit; credits go together, as the server takes them', () => {
    expect(checkPendingItem(pendingCredit, [pendingFee], facts)).toEqual({ outcome: 'refused', message: 'creditingConflict' });
    expect(checkPendingItem(pendingFee, [pendingCredit], facts)).toEqual({ outcome: 'refused', message: 'commitCreditingFirst' });
    expect(checkPendingItem(pendingCredit, [pendingCredit], facts)).toEqual({ outcome: 'accepted' });
    expect(checkPendingItem(pendingFee, [pendingFee], facts)).toEqual({ outcome: 'accepted' });
  });

  it('refuses a credit on an unpaid booking (NO_CHARGE included) or one without a payment', () => {
    for (const status of ['UNPAID', 'ABANDONED', 'RESERVATION_FAILED', 'NEEDS_AUTHORIZATION', 'NO_CHARGE'] as const) {
      expect(checkPendingItem(pendingCredit, [], { ...facts, payment: payment({ status }) })).toEqual({
        outcome: 'refused',
        message: 'unpaidBookingCannotBeCredited',
      });
    }
    expect(checkPendingItem(pendingCredit, [], { ...facts, payment: null })).toEqual({
      outcome: 'refused',
      message: 'unpaidBookingCannotBeCredited',
    });
    // Fees are fine on an unpaid booking.
    expect(checkPendingItem(pendingFee, [], { ...facts, payment: payment({ status: 'UNPAID' }) })).toEqual({ outcome: 'accepted' });
  });

  it('refuses a credit above the total without VAT and asks when it is above the estimate', () => {
    const credit = (value: number) => ({ type: 'CREDITING' as const, value: -value });
    expect(checkPendingItem(credit(400), [], { ...facts, estimatedPriceWithoutVat: 400 })).toEqual({ outcome: 'accepted' });
    expect(checkPendingItem(credit(400.01), [], facts)).toEqual({ outcome: 'refused', message: 'creditExceedsTotal' });
    // The credits already pending count towards the ceiling.
    expect(checkPendingItem(credit(350), [pendingCredit], facts)).toEqual({ outcome: 'accepted' });
    expect(checkPendingItem(credit(350.01), [pendingCredit], facts)).toEqual({ outcome: 'refused', message: 'creditExceedsTotal' });
    expect(checkPendingItem(credit(300), [], { ...facts, estimatedPriceWithoutVat: 250 })).toEqual({ outcome: 'confirm' });
    expect(checkPendingItem(credit(300), [], { ...facts, estimatedPriceWithoutVat: null })).toEqual({ outcome: 'accepted' });
  });
});

describe('the ?addFee prefill and the fixed price form', () => {
  it('reads the type loosely and opens the credit form for CREDITING', () => {
    expect(feeTypeOf('parking ticket')).toBe('PARKING_TICKET');
    expect(feeTypeOf('TOLL_FEE')).toBe('TOLL_FEE');
    expect(feeTypeOf('nonsense')).toBeNull();
    expect(billingPrefillFromSearch({ type: 'toll fee', amount: 42.5, comment: 'Bro', vatIncluded: true })).toEqual({
      mode: 'fee',
      type: 'TOLL_FEE',
      amount: 42.5,
      comment: 'Bro',
      vatIncluded: true,
    });
    expect(billingPrefillFromSearch({ type: 'CREDITING', amount: -20 })).toEqual({ mode: 'credit', amount: 20 });
    expect(billingPrefillFromSearch({})).toEqual({ mode: 'fee' });
  });

  it('gives each fixed price problem its own message', () => {
    const schema = fixedPriceFormSchema(t);
    const message = (price: string) => {
      const result = schema.safeParse({ price, comment: '' });
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(message('')).toBe('The amount is required');
    expect(message('abc')).toBe('The amount must be a number');
    expect(message('-1')).toBe('The amount must not be negative');
    expect(message('0')).toBeNull();
    expect(message('499,90')).toBeNull();
    expect(message('1000000.01')).toBe('The amount can be at most 1000000.00');
  });

  it('makes a fresh idempotency key each time', () => {
    const keys = new Set(Array.from({ length: 20 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(20);
  });
});

// ---------- the dialog against the fake backend ----------

const booking = (overrides: Partial<Booking> = {}): Booking => {
  const b: Omit<Booking, 'abilities'> = {
    bid: 'BID2000000004',
    state: 'FINISHED',
    displayState: 'FINISHED',
    actions: [],
    user: { username: 'demo.se.active', fullNameLastFirst: 'Svensson, Anna' },
    contractId: 1,
    contract: { id: 1, name: 'Mälar Privat', contractType: 'PRIVATE', currency: 'SEK', adminFee: 49 },
    bookedInterval: { start: '2025-01-01T08:00:00.000Z', end: '2025-01-01T12:00:00.000Z' },
    usageTime: { start: '2025-01-01T08:05:00.000Z', end: '2025-01-01T11:50:00.000Z' },
    startTime: '2025-01-01T08:00:00.000Z',
    endTime: '2025-01-01T12:00:00.000Z',
    fromLocation: { city: 'Stockholm', pool: 'Fridhemsplan', poolId: 7 },
    toLocation: { city: 'Stockholm', pool: 'Fridhemsplan', poolId: 7 },
    note: null,
    distance: 40,
    estimatedDistance: 25,
    tripType: 'PRIVATE',
    rideShare: 'NOT_SELECTED',
    taxiAcceptable: 'NOT_SELECTED',
    vehicleAllocation: { state: 'ALLOCATED', vehicle: null, specification: { type: 'CLASS', className: 'Small', vehicleCategory: 'CAR' } },
    checkoutRequired: false,
    allocateOnActivation: false,
    irrevocableUntil: null,
    lockedForUser: false,
    paymentsRequiringAuthorization: [],
    metadata: {},
    payment: payment(),
    estimatedPriceWithoutVat: 400,
    estimatedVat: 100,
    adjustedValues: null,
    technicalIssueReported: false,
    fixedPrice: null,
    ...overrides,
  };
  return { ...b, abilities: overrides.abilities ?? abilitiesFor(b) };
};

describe('the fee / credit dialog', () => {
  let backend: FakeBackend;

  beforeEach(() => {
    signIn({ fleet: 'malar' });
    backend = fakeBackend();
  });

  afterEach(() => {
    teardownComponent();
    signOut();
  });

  it('adds a fee with VAT to the pending list and submits it once per key, reusing the key on a retry', async () => {
    // The first submission is refused, the retry accepted.
    backend.on(
      'POST /api/bookings/:bid/billing',
      inTurn(
        () => backend.error(409, 'errorId.core.conflict', 'Specify a billing type'),
        () => booking(),
      ),
    );
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderInApp(
      <BillingDialog
        booking={booking()}
        prefill={{ mode: 'fee', type: 'PARKING_TICKET', amount: 125, vatIncluded: true, comment: 'P-hus' }}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveProperty('value', '125');
    expect(within(dialog).getByText('Sent as SEK 100.00 excl. VAT')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add fee to the list' }));
    const list = await within(dialog).findByTestId('billing-pending');
    expect(within(list).getByText('Parking ticket')).toBeTruthy();

    // A credit cannot join while the fee is pending.
    await user.click(within(dialog).getByRole('button', { name: 'Credit' }));
    await user.type(within(dialog).getByLabelText(/^Amount to credit/), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add credit to the list' }));
    expect(within(dialog).getByTestId('billing-refusal').textContent).toContain('A credit cannot be added while other fees are pending');

    const posts = () => backend.calls.filter((call) => call.method === 'POST');
    await user.click(within(dialog).getByRole('button', { name: 'Submit (1)' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const first = posts()[0];
    expect(first?.path).toBe('/api/bookings/BID2000000004/billing');
    expect(first?.body).toEqual([{ value: 100, type: 'PARKING_TICKET', vat: 0.25, comment: 'P-hus', publicComment: null }]);
    const key = first?.headers.get('idempotency-key');
    expect(key).toBeTruthy();
    expect(await screen.findByText('Specify a billing type')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Submit (1)' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toHaveLength(2);
    expect(posts()[1]?.path).toBe('/api/bookings/BID2000000004/billing');
    expect(posts()[1]?.headers.get('idempotency-key')).toBe(key);
    expect(await screen.findByText('Billing added')).toBeTruthy();
  });

  it('offers no credit when the total is 0', async () => {
    renderInApp(
      <BillingDialog
        booking={booking({ payment: payment({ totalPrice: 0, totalPriceWithoutVat: 0, totalVat: 0 }) })}
        prefill={{ mode: 'credit' }}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Credit' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('heading', { name: 'Add fee to BID2000000004' })).toBeTruthy();
  });
});
