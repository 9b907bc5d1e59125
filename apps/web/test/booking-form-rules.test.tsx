import { describe, expect, it } from 'vitest';
import { MESSAGE_IDS, type Booking, type Payment } from '@fleetdesk/contract';
import { ApiError } from '@/lib/api/api-error';
import {
  buildBookingFormSchema,
  newBookingDefaults,
  readFormMessage,
  toCreateRequest,
  type BookingFormValues,
} from '@/features/bookings/components/form/booking-form-schema';
import {
  authorisationFailure,
  authorisationOutcome,
  classifyCreateFailure,
  createDialogReducer,
  initialCreateDialogState,
  needsAuthorisation,
} from '@/features/bookings/components/form/create-dialog-state';
import { ruleDurationText } from '@/features/bookings/components/form/rule-duration-text';

const OSLO = 'Europe/Oslo';
const HOUR = 3_600_000;

// The zoned-time helpers and the booking length rules are the shared ones: packages/contract/test/rules-*.test.ts.
describe('booking length texts (§5)', () => {
  it('words durations in the UI language', () => {
    expect(ruleDurationText(HOUR, 'en-GB')).toBe('1 hour');
    expect(ruleDurationText(36 * HOUR, 'en-GB')).toBe('1 day 12 hours');
    expect(ruleDurationText(30 * 60_000, 'en-GB')).toBe('30 minutes');
    expect(ruleDurationText(72 * HOUR, 'nb')).toBe('3 døgn');
    expect(ruleDurationText(72 * HOUR, 'sv')).toBe('3 dygn');
    expect(ruleDurationText(72 * HOUR, 'de')).toBe('3 Tage');
  });
});

describe('booking form values', () => {
  const spec = [
    { key: 'project', label: 'Project', description: null, type: 'TEXT' as const, choices: null, placeholder: null, required: true },
    { key: 'costCentre', label: 'Cost centre', description: null, type: 'INTEGER' as const, choices: null, placeholder: null, required: false },
  ];
  const valid: BookingFormValues = {
    ...newBookingDefaults({ user: 'demo.active', nowMs: Date.parse('2025-01-15T08:07:00Z'), timeZone: OSLO }),
    contractId: 2,
    fromPoolId: 1,
    toPoolId: 3,
    className: 'Small car',
    metadata: { project: 'NORD-1042', costCentre: '4711' },
  };
  const schema = buildBookingFormSchema({ timeZone: OSLO, metadataSpec: spec, minimum: '2025-01-15T00:00', startLocked: false });
  const issues = (values: BookingFormValues) =>
    (schema.safeParse(values).error?.issues ?? []).map((issue) => [issue.path.join('.'), readFormMessage(issue.message)?.key]);

  it('defaults to the next quarter hour, one hour long, 25 km, with the services off', () => {
    expect(valid.startTime).toBe('2025-01-15T09:15');
    expect(valid.endTime).toBe('2025-01-15T10:15');
    expect(valid.estimatedDistance).toBe('25');
    expect([valid.rideShare, valid.taxiAcceptable, valid.adminFeeAdded, valid.ignoreRules]).toEqual([false, false, false, false]);
    expect(issues(valid)).toEqual([]);
  });

  it('requires the pools and times, and a number for the distance', () => {
    expect(issues({ ...valid, fromPoolId: null, toPoolId: null, startTime: '', estimatedDistance: 'far' })).toEqual([
      ['fromPoolId', 'required'],
      ['toPoolId', 'required'],
      ['startTime', 'required'],
      ['estimatedDistance', 'mustBeNumber'],
    ]);
    expect(issues({ ...valid, estimatedDistance: '-3' })).toEqual([['estimatedDistance', 'valueCanNotBeNegative']]);
  });

  it('starts without a vehicle, and asks for the price class, model or vehicle to be chosen (issue 17)', () => {
    const fresh = newBookingDefaults({ user: 'emma.johansen', nowMs: Date.UTC(2025, 0, 15, 8), timeZone: OSLO });
    expect([fresh.vehicleSpecType, fresh.className, fresh.modelId, fresh.vin]).toEqual(['CLASS', '', null, '']);
    expect(issues({ ...valid, className: '' })).toEqual([['className', 'chooseClass']]);
    expect(issues({ ...valid, vehicleSpecType: 'MODEL', modelId: null })).toEqual([['modelId', 'chooseModel']]);
    expect(issues({ ...valid, vehicleSpecType: 'VEHICLE', vin: ' ' })).toEqual([['vin', 'chooseVehicle']]);
  });

  it('needs the start before the end, and nothing before the minimum', () => {
    expect(issues({ ...valid, endTime: valid.startTime })).toEqual([['endTime', 'startBeforeEnd']]);
    expect(issues({ ...valid, startTime: '2025-01-14T23:00' })).toEqual([['startTime', 'notBeforeMinimum']]);
  });

  it('checks the metadata of the contract with the server’s rule: required when flagged, safe integers, choices', () => {
    expect(issues({ ...valid, metadata: { project: ' ', costCentre: '12a' } })).toEqual([
      ['metadata.project', 'required'],
      ['metadata.costCentre', 'mustBeNumber'],
    ]);
    // Refused by every server path (create, update, PUT metadata), so refused here too.
    expect(issues({ ...valid, metadata: { project: 'P', costCentre: '999999999999999999999' } })).toEqual([['metadata.costCentre', 'mustBeNumber']]);
    // A key the contract no longer has is not sent, so it does not block the form.
    expect(issues({ ...valid, metadata: { project: 'P', colour: 'red' } })).toEqual([]);
    const withChoice = buildBookingFormSchema({
      timeZone: OSLO,
      metadataSpec: [
        { key: 'purpose', label: 'Purpose', description: null, type: 'CHOICE', choices: ['Meeting', 'Course'], placeholder: null, required: false },
      ],
      minimum: '2025-01-15T00:00',
      startLocked: false,
    });
    const [issue] = withChoice.safeParse({ ...valid, metadata: { purpose: 'Holiday' } }).error?.issues ?? [];
    expect([issue?.path.join('.'), readFormMessage(issue?.message)]).toEqual(['metadata.purpose', { key: 'notAChoice', choices: 'Meeting, Course' }]);
  });

  it('builds the contract’s create request, times with the operator’s offset', () => {
    const request = toCreateRequest(valid, { timeZone: OSLO, metadataSpec: spec, overridePoolAccess: true, adminFeeOffered: false });
    expect(request).toMatchObject({
      user: 'demo.active',
      contractId: 2,
      startTime: '2025-01-15T09:15:00+01:00',
      endTime: '2025-01-15T10:15:00+01:00',
      fromLocation: { poolId: 1 },
      toLocation: { poolId: 3 },
      vehicleSpecification: { type: 'CLASS', className: 'Small car' },
      estimatedDistance: 25,
      rideShare: 'NOT_SELECTED',
      taxiAcceptable: 'NOT_SELECTED',
      metadata: { project: 'NORD-1042', costCentre: '4711' },
      adminFeeAdded: false,
      ignoreRules: false,
      overridePoolAccess: true,
    });
  });
});

describe('creation dialog state machine (§4)', () => {
  const booking = (patch: Partial<Booking>) =>
    ({ state: 'INACTIVE', displayState: 'REQUIRES_AUTH', paymentsRequiringAuthorization: ['BOK1'], ...patch }) as Booking;

  it('waits while payments need authorisation, then completes or fails', () => {
    const created = booking({});
    expect(needsAuthorisation(created)).toBe(true);
    let state = createDialogReducer(initialCreateDialogState, { type: 'CREATED', booking: created });
    expect(state.step).toBe('waiting');
    state = createDialogReducer(state, { type: 'POLLED', booking: created });
    expect(state.step).toBe('waiting');
    expect(
      createDialogReducer(state, { type: 'POLLED', booking: booking({ displayState: 'INACTIVE', paymentsRequiringAuthorization: [] }) }).step,
    ).toBe('complete');
    expect(createDialogReducer(state, { type: 'POLLED', booking: booking({ state: 'CANCELLED', displayState: 'CANCELLED' }) }).step).toBe('failure');
    expect(createDialogReducer(state, { type: 'TIMED_OUT' }).step).toBe('timeout');
    expect(authorisationOutcome(booking({ paymentsRequiringAuthorization: [], displayState: 'READY' }))).toEqual({ outcome: 'complete' });
  });

  it('a conversion whose own refresh arrived first ends as converted, not as authorised', () => {
    const waiting = createDialogReducer(initialCreateDialogState, { type: 'CREATED', booking: booking({}) });
    // The live stream refreshes the converted booking before the conversion's answer: nothing left to authorise.
    const refreshed = createDialogReducer(waiting, {
      type: 'POLLED',
      booking: booking({ displayState: 'INACTIVE', paymentsRequiringAuthorization: [] }),
    });
    expect(refreshed.step).toBe('complete');
    expect(createDialogReducer(refreshed, { type: 'CONVERTED' }).step).toBe('converted');
  });

  it('an abandoned or refused card payment is a failure with its reason, never "complete" (issue 17)', () => {
    const card = (status: Payment['status'], failureCode: Payment['failureCode'] = null) =>
      booking({
        displayState: 'INACTIVE',
        paymentsRequiringAuthorization: [],
        payment: { orderId: 'BOK1', type: 'CREDITCARD', status, failureCode } as Payment,
      });
    const waiting = createDialogReducer(initialCreateDialogState, { type: 'CREATED', booking: booking({}) });

    const abandoned = createDialogReducer(waiting, { type: 'POLLED', booking: card('ABANDONED') });
    expect(abandoned).toMatchObject({ step: 'failure', failure: { reason: 'ABANDONED', orderId: 'BOK1' } });
    expect(createDialogReducer(waiting, { type: 'POLLED', booking: card('RESERVATION_FAILED', 'insufficient_funds') })).toMatchObject({
      step: 'failure',
      failure: { reason: 'RESERVATION_FAILED', code: 'insufficient_funds' },
    });
    expect(authorisationFailure(booking({ state: 'CANCELLED' }))).toEqual({ reason: 'CANCELLED' });
    expect(authorisationOutcome(card('RESERVED'))).toEqual({ outcome: 'complete' });
    // An invoice is never a card failure.
    expect(authorisationFailure(booking({ payment: { orderId: 'BOK1', type: 'USER_INVOICE', status: 'UNPAID' } as Payment }))).toBeNull();

    // A timed-out wait that turns out abandoned is a failure too.
    const timedOut = createDialogReducer(waiting, { type: 'TIMED_OUT' });
    expect(createDialogReducer(timedOut, { type: 'POLLED', booking: card('ABANDONED') }).step).toBe('failure');
  });

  it('asks before cancel or convert, and keeps a refusal until dismissed', () => {
    let state = createDialogReducer(initialCreateDialogState, { type: 'CREATED', booking: booking({}) });
    state = createDialogReducer(state, { type: 'ASK', action: 'cancel' });
    expect(state).toMatchObject({ step: 'waiting', asking: 'cancel' });
    state = createDialogReducer(state, { type: 'ACTION_FAILED', message: 'The booking was changed' });
    expect(state).toMatchObject({ step: 'waiting', asking: null, error: 'The booking was changed' });
    // The re-read booking moves the dialog on; the error stays with it.
    state = createDialogReducer(state, { type: 'POLLED', booking: booking({ state: 'CANCELLED', displayState: 'CANCELLED' }) });
    expect(state).toMatchObject({ step: 'failure', error: 'The booking was changed' });
    state = createDialogReducer(state, { type: 'DISMISS_ERROR' });
    expect(state).toMatchObject({ step: 'failure', error: null });
    expect(
      createDialogReducer(createDialogReducer(initialCreateDialogState, { type: 'CREATED', booking: booking({}) }), { type: 'CONVERTED' }).step,
    ).toBe('converted');
  });

  it('opens the override step only when every error is overridable', () => {
    const envelope = (overridable: boolean[]) =>
      new ApiError(400, {
        httpCode: 400,
        messageId: MESSAGE_IDS.validationList,
        message: 'The request is not valid',
        errors: overridable.map((value, index) => ({ message: `rule ${index}`, overridable: value, ruleName: `r${index}` })),
      });
    expect(classifyCreateFailure(envelope([true, true])).kind).toBe('override');
    expect(classifyCreateFailure(envelope([true, false])).kind).toBe('close');
    expect(classifyCreateFailure(new ApiError(409, { httpCode: 409, messageId: MESSAGE_IDS.conflict, message: 'Taken', errors: [] }))).toEqual({
      kind: 'message',
      message: 'Taken',
    });
    expect(classifyCreateFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'message', message: null });
  });
});
