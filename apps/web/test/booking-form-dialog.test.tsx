import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MESSAGE_IDS,
  PAYMENT_AUTH_POLL_MS,
  PAYMENT_AUTH_TIMEOUT_MS,
  type Booking,
  type BookingCreateRequest,
  type ErrorItem,
  type Payment,
} from '@fleetdesk/contract';
import { BookingCreateDialog } from '@/features/bookings/components/form/booking-create-dialog';
import { i18n } from '@/lib/i18n/i18n';
import { abilitiesFor } from './fixtures/booking';
import { paymentAbilities } from './fixtures/payment-abilities';
import { fakeBackend, jsonResponse, noContent, type FakeBackend } from './support/backend';
import { renderInApp, teardownComponent } from './support/component-harness';

// ---------------------------------------------------------------------------------------------------------
// The creation dialog of spec §4 against a scripted server, on fake timers for the 5 s polls and 180 s limit.
// ---------------------------------------------------------------------------------------------------------

const BID = 'BID1000000901';

const booking = (patch: Partial<Booking> = {}): Booking => ({
  bid: BID,
  state: 'INACTIVE',
  displayState: 'INACTIVE',
  actions: ['CANCEL'],
  abilities: abilitiesFor({ state: 'INACTIVE', actions: ['CANCEL'], payment: null }),
  user: { username: 'emma.johansen', fullNameLastFirst: 'Johansen, Emma' },
  contractId: 1,
  contract: { id: 1, name: 'Fjord Privat', contractType: 'PRIVATE', currency: 'NOK', adminFee: 59 },
  bookedInterval: { start: '2030-01-01T10:00:00+01:00', end: '2030-01-01T12:00:00+01:00' },
  usageTime: null,
  startTime: '2030-01-01T10:00:00+01:00',
  endTime: '2030-01-01T12:00:00+01:00',
  fromLocation: { city: 'Oslo', pool: 'Grünerløkka', poolId: 1 },
  toLocation: { city: 'Oslo', pool: 'Grünerløkka', poolId: 1 },
  note: null,
  distance: null,
  estimatedDistance: 25,
  tripType: 'PRIVATE',
  rideShare: 'NOT_SELECTED',
  taxiAcceptable: 'NOT_SELECTED',
  vehicleAllocation: { state: 'NOT_ALLOCATED', vehicle: null, specification: { type: 'CLASS', className: 'Small car', vehicleCategory: 'CAR' } },
  checkoutRequired: false,
  allocateOnActivation: false,
  irrevocableUntil: null,
  lockedForUser: false,
  paymentsRequiringAuthorization: [],
  metadata: {},
  estimatedPriceWithoutVat: 330,
  estimatedVat: 82.5,
  adjustedValues: null,
  technicalIssueReported: false,
  ...patch,
});
/** The booking's card payment (BOK1000099) in `status`. */
const cardPayment = (status: Payment['status'], failureCode: Payment['failureCode'] = null): Payment => ({
  orderId: 'BOK1000099',
  bid: BID,
  username: 'emma.johansen',
  type: 'CREDITCARD',
  status,
  target: 'BOOKING',
  timestamp: { type: 'CREATED_DATE', timestamp: '2029-12-31T10:00:00+01:00' },
  totalPriceWithoutVat: 330,
  totalVat: 82.5,
  totalPrice: 412.5,
  currency: 'NOK',
  events: [],
  singleEventPayments: [],
  externalId: 'sandbox_pi_1',
  paymentProvider: 'sandbox',
  reservationFailed: status === 'RESERVATION_FAILED',
  failureCode,
  abilities: paymentAbilities(['switchType', 'replace', ...(status === 'ABANDONED' ? (['retry', 'release'] as const) : [])]),
});
const needingAuth = booking({
  displayState: 'REQUIRES_AUTH',
  paymentsRequiringAuthorization: ['BOK1000099'],
  payment: cardPayment('NEEDS_AUTHORIZATION'),
});
/** The customer abandoned the authorisation: nothing left to authorise, but nothing authorised either. */
const abandoned = booking({ displayState: 'INACTIVE', paymentsRequiringAuthorization: [], payment: cardPayment('ABANDONED') });
/** What DELETE answers; a test may make it refuse. */
let cancelAnswer: () => Response = () => json(200, booking({ state: 'CANCELLED', displayState: 'CANCELLED' }));

const request: BookingCreateRequest = {
  user: 'emma.johansen',
  contractId: 1,
  startTime: '2030-01-01T10:00:00+01:00',
  endTime: '2030-01-01T12:00:00+01:00',
  fromLocation: { poolId: 1 },
  toLocation: { poolId: 1 },
  vehicleSpecification: { type: 'CLASS', className: 'Small car' },
  estimatedDistance: 25,
  tripType: 'PRIVATE',
  note: null,
  rideShare: 'NOT_SELECTED',
  taxiAcceptable: 'NOT_SELECTED',
  metadata: {},
  adminFeeAdded: false,
  ignoreRules: false,
  overridePoolAccess: false,
};

let backend: FakeBackend;
/** What POST /api/bookings answers, one per call (the last repeats). */
let createAnswers: (() => Response)[] = [];
/** What GET /api/bookings/{bid} answers, one per poll (the last repeats). */
let pollAnswers: Booking[] = [];

const json = jsonResponse;
const ruleErrors = (items: ErrorItem[]) =>
  json(400, { httpCode: 400, messageId: MESSAGE_IDS.validationList, message: 'The request is not valid', errors: items });

beforeEach(async () => {
  createAnswers = [() => json(201, booking())];
  pollAnswers = [needingAuth];
  cancelAnswer = () => json(200, booking({ state: 'CANCELLED', displayState: 'CANCELLED' }));
  backend = fakeBackend();
  backend.on('POST /api/bookings', () => {
    const answer = createAnswers.length > 1 ? createAnswers.shift() : createAnswers[0];
    // No answer at all: the network failed.
    if (!answer) throw new TypeError('Failed to fetch');
    return answer();
  });
  backend.on('GET /api/bookings/:bid', ({ params }) =>
    params.bid === BID ? (pollAnswers.length > 1 ? pollAnswers.shift() : pollAnswers[0]) : undefined,
  );
  backend.on('DELETE /api/bookings/:bid', ({ params }) => (params.bid === BID ? cancelAnswer() : undefined));
  backend.on('PUT /api/bookings/:bid/paymentType', ({ params }) => (params.bid === BID ? noContent() : undefined));
  await i18n.changeLanguage('en-GB');
});

afterEach(() => {
  teardownComponent();
  vi.useRealTimers();
});

function renderDialog(options: { canConvertToInvoice?: boolean } = {}) {
  const handlers = { onClose: vi.fn(), onCreated: vi.fn(), onRejected: vi.fn() };
  renderInApp(
    <BookingCreateDialog
      open
      request={request}
      summary={[{ label: 'Customer', value: 'Johansen, Emma (emma.johansen)' }]}
      canConvertToInvoice={options.canConvertToInvoice}
      {...handlers}
    />,
  );
  return handlers;
}

const isDisabled = (element: Element) => element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true';
const dialogNamed = (name: string) => screen.findByRole('dialog', { name });
const posts = () => backend.callsTo('/api/bookings', 'POST');
const polls = () => backend.callsTo(`/api/bookings/${BID}`);
/** Moves the fake clock on, letting the polls and React settle in between. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('creation dialog: confirming', () => {
  it('shows the summary and creates the booking; without authorisation it goes to the booking', async () => {
    const user = userEvent.setup();
    const { onCreated } = renderDialog();
    const dialog = await dialogNamed('Confirm the booking');
    expect(within(dialog).getByText('Johansen, Emma (emma.johansen)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create booking' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ bid: BID })));
    expect(posts()[0]?.body).toEqual(request);
    expect(await screen.findByText('Booking created')).toBeTruthy();
  });

  it('shows the server’s message in the dialog, or "Failed to create booking"', async () => {
    const user = userEvent.setup();
    createAnswers = [
      () => json(409, { httpCode: 409, messageId: MESSAGE_IDS.conflict, message: 'The vehicle was just taken', errors: [] }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { onClose, onCreated } = renderDialog();
    const dialog = await dialogNamed('Confirm the booking');
    await user.click(within(dialog).getByRole('button', { name: 'Create booking' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The vehicle was just taken');
    await user.click(within(dialog).getByRole('button', { name: 'Create booking' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Failed to create booking'));
    expect(onCreated).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Back to the form' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('closes and hands the errors to the form when some cannot be overridden', async () => {
    const user = userEvent.setup();
    createAnswers = [
      () =>
        ruleErrors([
          { message: 'Bookings must be at least 1 hour.', overridable: true, ruleName: 'contract.minBookingDuration', field: 'endTime' },
          { message: 'Required', overridable: false, ruleName: 'contract.metadataSpec.project', field: 'metadata.project' },
        ]),
    ];
    const { onRejected } = renderDialog();
    await user.click(within(await dialogNamed('Confirm the booking')).getByRole('button', { name: 'Create booking' }));
    await waitFor(() => expect(onRejected).toHaveBeenCalledTimes(1));
    expect(onRejected.mock.calls[0]?.[0]).toMatchObject({
      messageId: MESSAGE_IDS.validationList,
      errors: [{ field: 'endTime' }, { field: 'metadata.project' }],
    });
  });
});

describe('creation dialog: override step', () => {
  it('needs the Override tick, then resubmits with ignoreRules', async () => {
    const user = userEvent.setup();
    createAnswers = [
      () =>
        ruleErrors([
          { message: 'Bookings can be at most 3 days.', overridable: true, ruleName: 'bookableRules[0].maxDuration', field: 'endTime' },
          {
            message: 'The contract allows only one booking at a time, and this one overlaps BID1000000042',
            overridable: true,
            ruleName: 'contract.onlyOneBookingAtTheSameTimeAllowed',
          },
        ]),
      () => json(201, booking()),
    ];
    const { onCreated } = renderDialog();
    await user.click(within(await dialogNamed('Confirm the booking')).getByRole('button', { name: 'Create booking' }));

    const dialog = await dialogNamed("The booking breaks the contract's rules");
    expect(within(dialog).getByText('Bookings can be at most 3 days.')).toBeTruthy();
    expect(within(dialog).getByText(/overlaps BID1000000042/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Create booking anyway' });
    expect(isDisabled(confirm)).toBe(true);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Override' }));
    expect(isDisabled(confirm)).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posts().map((call) => (call.body as BookingCreateRequest).ignoreRules)).toEqual([false, true]);
  });
});

describe('creation dialog: payment authorisation', () => {
  const startWaiting = async (options: { canConvertToInvoice?: boolean } = {}) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    createAnswers = [() => json(201, needingAuth)];
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const handlers = renderDialog({ canConvertToInvoice: options.canConvertToInvoice ?? true });
    await user.click(within(await dialogNamed('Confirm the booking')).getByRole('button', { name: 'Create booking' }));
    const dialog = await dialogNamed('Waiting for user authentication');
    return { user, dialog, ...handlers };
  };
  const confirmNamed = (name: string) => screen.findByRole('dialog', { name });

  it('offers cancel and convert from the first second of waiting, both confirmed first (issue 17)', async () => {
    const { user, dialog, onClose } = await startWaiting();
    expect(within(dialog).getByRole('button', { name: 'Convert to invoice' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    // The confirmation names the booking and the customer and needs a reason; nothing is sent before it.
    const confirm = await confirmNamed(`Cancel booking ${BID}?`);
    expect(confirm.textContent).toContain(`Booking ${BID} for Johansen, Emma will be cancelled`);
    expect(backend.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel booking' }));
    expect(within(confirm).getByText('Required')).toBeTruthy();
    expect(backend.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.type(within(confirm).getByRole('textbox', { name: 'Reason' }), 'Customer chose to pay later');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const cancel = backend.calls.find((call) => call.method === 'DELETE');
    expect(cancel?.path).toBe(`/api/bookings/${BID}`);
    expect(cancel?.body).toEqual({ reason: 'Customer chose to pay later' });
    expect(cancel?.query.has('reason')).toBe(false);
    expect(await screen.findByText('Booking cancelled')).toBeTruthy();
  });

  it('converts to invoice during the wait after a confirmation naming booking, customer and amount', async () => {
    const { user, dialog } = await startWaiting();
    await user.click(within(dialog).getByRole('button', { name: 'Convert to invoice' }));
    const confirm = await confirmNamed(`Convert booking ${BID} to invoice?`);
    expect(confirm.textContent).toMatch(/booking BID1000000901 for Johansen, Emma \(NOK\s412\.50\)/);
    // Keeping the card payment sends nothing and goes on waiting.
    await user.click(within(confirm).getByRole('button', { name: 'Keep the card payment' }));
    expect(backend.calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Waiting for user authentication' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Convert to invoice' }));
    await user.click(within(await confirmNamed(`Convert booking ${BID} to invoice?`)).getByRole('button', { name: 'Convert to invoice' }));
    expect(await dialogNamed('Converted to invoice')).toBeTruthy();
    expect(backend.calls.find((call) => call.method === 'PUT')?.body).toEqual({ paymentType: 'USER_INVOICE' });
  });

  it('offers only what the server allows: no conversion where the payment cannot switch', async () => {
    const { dialog } = await startWaiting({ canConvertToInvoice: false });
    expect(within(dialog).queryByRole('button', { name: 'Convert to invoice' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
  });

  it('polls every 5 s, and after 180 s says so, still offering cancel, convert and close', async () => {
    const { user, onCreated } = await startWaiting();
    expect(onCreated).not.toHaveBeenCalled();
    const before = polls().length;
    await advance(PAYMENT_AUTH_POLL_MS);
    await waitFor(() => expect(polls().length).toBe(before + 1));
    await advance(PAYMENT_AUTH_POLL_MS);
    await waitFor(() => expect(polls().length).toBe(before + 2));
    expect(screen.getByRole('dialog', { name: 'Waiting for user authentication' })).toBeTruthy();

    // The fake clock also follows real time a little (shouldAdvanceTime): keep a second of margin.
    await advance(PAYMENT_AUTH_TIMEOUT_MS - 2 * PAYMENT_AUTH_POLL_MS - 1_000);
    expect(screen.queryByRole('dialog', { name: 'No authentication yet' })).toBeNull();
    await advance(2_000);
    const dialog = await dialogNamed('No authentication yet');
    expect(within(dialog).getByText('The customer did not authorise the payment in time')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Convert to invoice' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeTruthy();

    // No more polling once timed out.
    const afterTimeout = polls().length;
    await advance(3 * PAYMENT_AUTH_POLL_MS);
    expect(polls().length).toBe(afterTimeout);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ bid: BID }));
  });

  it('completes when the card payment is authorised', async () => {
    pollAnswers = [needingAuth, booking({ displayState: 'READY', paymentsRequiringAuthorization: [], payment: cardPayment('RESERVED') })];
    const { user, onCreated } = await startWaiting();
    await advance(PAYMENT_AUTH_POLL_MS);
    await advance(PAYMENT_AUTH_POLL_MS);
    const dialog = await dialogNamed('Authentication complete');
    expect(within(dialog).getByText(/Booking BID1000000901 is confirmed/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Open booking' }));
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ bid: BID }));
  });

  it('an ABANDONED authorisation is the failure state with its reason, never "confirmed"', async () => {
    pollAnswers = [abandoned];
    const { user, onCreated } = await startWaiting();
    await advance(PAYMENT_AUTH_POLL_MS);
    const dialog = await dialogNamed('Authentication failure');
    expect(within(dialog).getByText('The customer abandoned the card authorisation.')).toBeTruthy();
    expect(dialog.textContent).toContain(`Booking ${BID} for Johansen, Emma is not confirmed: its card payment BOK1000099 was not authorised.`);
    expect(dialog.textContent).not.toMatch(/authorised the payment|is confirmed\./);
    expect(within(dialog).getByRole('button', { name: 'Convert to invoice' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    // No more polling once failed.
    const after = polls().length;
    await advance(3 * PAYMENT_AUTH_POLL_MS);
    expect(polls().length).toBe(after);
    await user.click(within(dialog).getByRole('button', { name: 'Open booking' }));
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ bid: BID }));
  });

  it('a refused reservation shows the card error as the reason', async () => {
    pollAnswers = [booking({ paymentsRequiringAuthorization: [], payment: cardPayment('RESERVATION_FAILED', 'insufficient_funds') })];
    await startWaiting();
    await advance(PAYMENT_AUTH_POLL_MS);
    const dialog = await dialogNamed('Authentication failure');
    expect(within(dialog).getByText('The card reservation failed: The card has insufficient funds.')).toBeTruthy();
  });

  it('a booking created with a refused card opens the failure state at once', async () => {
    createAnswers = [() => json(201, booking({ payment: cardPayment('RESERVATION_FAILED', 'card_declined') }))];
    const user = userEvent.setup();
    const { onCreated } = renderDialog({ canConvertToInvoice: true });
    await user.click(within(await dialogNamed('Confirm the booking')).getByRole('button', { name: 'Create booking' }));
    const dialog = await dialogNamed('Authentication failure');
    expect(within(dialog).getByText('The card reservation failed: The card was declined.')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('fails when the booking turned CANCELLED, and offers no cancel', async () => {
    pollAnswers = [
      booking({
        state: 'CANCELLED',
        displayState: 'CANCELLED',
        actions: [],
        paymentsRequiringAuthorization: [],
        abilities: abilitiesFor({ state: 'CANCELLED', actions: [], payment: null }),
      }),
    ];
    const { user, onClose } = await startWaiting({ canConvertToInvoice: false });
    await advance(PAYMENT_AUTH_POLL_MS);
    const dialog = await dialogNamed('Authentication failure');
    expect(within(dialog).getByText('The booking was cancelled.')).toBeTruthy();
    expect(dialog.textContent).toContain(`Booking ${BID} for Johansen, Emma was cancelled`);
    expect(within(dialog).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Back to the form' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('after a refused cancel (409) it reads the booking again and keeps the error until dismissed', async () => {
    cancelAnswer = () => json(409, { httpCode: 409, messageId: MESSAGE_IDS.conflict, message: 'The booking has changed: read it again', errors: [] });
    const { user, dialog, onClose } = await startWaiting();
    // Meanwhile the customer abandoned the authorisation.
    pollAnswers = [abandoned];
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    const confirm = await confirmNamed(`Cancel booking ${BID}?`);
    await user.type(within(confirm).getByRole('textbox', { name: 'Reason' }), 'Stale screen');
    const pollsBefore = polls().length;
    await user.click(within(confirm).getByRole('button', { name: 'Cancel booking' }));

    const failure = await dialogNamed('Authentication failure');
    expect(polls().length).toBeGreaterThan(pollsBefore);
    expect(within(failure).getByText('The customer abandoned the card authorisation.')).toBeTruthy();
    const error = within(failure).getByText('The booking has changed: read it again');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: `Cancel booking ${BID}?` })).toBeNull();
    // It stays (no timer) until dismissed.
    await advance(30_000);
    expect(error.isConnected).toBe(true);
    await user.click(within(failure).getByRole('button', { name: 'Dismiss' }));
    expect(within(failure).queryByText('The booking has changed: read it again')).toBeNull();
  });
});
