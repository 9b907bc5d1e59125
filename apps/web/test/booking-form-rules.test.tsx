import { describe, expect, it } from 'vitest';
import { MESSAGE_IDS, ZBookingCreateRequest, type Booking, type BookableRule } from '@fleetdesk/contract';
import { ApiError } from '@/lib/api/api-error';
import {
  buildBookingFormSchema,
  newBookingDefaults,
  readFormMessage,
  toCreateRequest,
  type BookingFormValues,
} from '@/features/bookings/components/form/booking-form-schema';
import {
  authorisationOutcome,
  classifyCreateFailure,
  createDialogReducer,
  initialCreateDialogState,
  needsAuthorisation,
} from '@/features/bookings/components/form/create-dialog-state';
import { evaluateDurationRules, touchesWeekdayWindow } from '@/features/bookings/components/form/duration-rules';
import {
  isoToWallClock,
  msToIsoWithOffset,
  shiftWallClock,
  startOfLocalDay,
  wallClockToIso,
  wallClockToMs,
} from '@/features/bookings/components/form/operator-time';
import { ruleDurationText } from '@/features/bookings/components/form/rule-duration-text';

const OSLO = 'Europe/Oslo';
const HOUR = 3_600_000;

describe('operator time', () => {
  it('reads a datetime-local value as the operator’s wall-clock time, with its offset', () => {
    expect(wallClockToIso('2025-01-15T10:00', OSLO)).toBe('2025-01-15T10:00:00+01:00');
    expect(wallClockToIso('2025-07-15T10:00', OSLO)).toBe('2025-07-15T10:00:00+02:00');
    expect(wallClockToIso('2025-07-15T10:00', 'Europe/Stockholm')).toBe('2025-07-15T10:00:00+02:00');
    expect(wallClockToIso('2025-07-15T10:00', 'UTC')).toBe('2025-07-15T10:00:00+00:00');
    expect(ZBookingCreateRequest.shape.startTime.safeParse(wallClockToIso('2025-01-15T10:00', OSLO)).success).toBe(true);
  });

  it('gives null for blank or malformed values', () => {
    expect(wallClockToMs('', OSLO)).toBeNull();
    expect(wallClockToMs('2025-13-01T10:00', OSLO)).toBeNull();
    expect(wallClockToMs('yesterday', OSLO)).toBeNull();
  });

  it('shows an instant of any offset in the operator’s zone', () => {
    expect(isoToWallClock('2025-01-15T09:00:00Z', OSLO)).toBe('2025-01-15T10:00');
    expect(isoToWallClock('2025-07-15T08:00:00.000Z', OSLO)).toBe('2025-07-15T10:00');
  });

  it('pushes by elapsed time across a daylight-saving change', () => {
    // 30 March 2025: clocks go from 02:00 to 03:00 in Oslo.
    expect(shiftWallClock('2025-03-30T01:30', HOUR, OSLO)).toBe('2025-03-30T03:30');
    expect(msToIsoWithOffset(Date.parse('2025-03-30T01:30:00Z'), OSLO)).toBe('2025-03-30T03:30:00+02:00');
  });

  it('starts the local day at midnight of the operator', () => {
    expect(startOfLocalDay(Date.parse('2025-01-15T23:30:00Z'), OSLO)).toBe('2025-01-16T00:00');
  });
});

describe('booking length rules (§5)', () => {
  const always = (min: string | null, max: string | null): BookableRule => ({ minDuration: min, maxDuration: max, appliedDuring: 'ALWAYS', appliesDuring: null });
  const weekdays: BookableRule = { minDuration: 'PT1H', maxDuration: 'P3D', appliedDuring: 'SCHEDULED', appliesDuring: { from: '07:00', to: '17:00' } };
  const at = (wall: string) => wallClockToMs(wall, OSLO) ?? Number.NaN;
  const check = (rules: BookableRule[], start: string, end: string, contract: { min?: string; max?: string } = {}) =>
    evaluateDurationRules(
      { minBookingDuration: contract.min ?? null, maxBookingDuration: contract.max ?? null, bookableRules: rules },
      at(start),
      at(end),
      OSLO,
    );

  it('finds a booking shorter than the minimum, once even when the contract repeats the rule', () => {
    expect(check([always('PT1H', 'P14D')], '2025-01-15T10:00', '2025-01-15T10:30', { min: 'PT1H', max: 'P14D' })).toEqual([
      { kind: 'MIN_DURATION', durationMs: HOUR, window: null },
    ]);
    expect(check([always('PT1H', 'P14D')], '2025-01-15T10:00', '2025-01-15T11:00')).toEqual([]);
  });

  it('finds a booking longer than the maximum, counting days on the local calendar', () => {
    expect(check([always(null, 'P1D')], '2025-03-29T12:00', '2025-03-30T12:00')).toEqual([]);
    expect(check([always(null, 'P1D')], '2025-03-29T12:00', '2025-03-30T12:01')).toEqual([
      { kind: 'MAX_DURATION', durationMs: 24 * HOUR, window: null },
    ]);
  });

  it('applies a scheduled rule only when the booking shares time with the Monday–Friday window', () => {
    // Wednesday 15 January 2025, 10:00–10:30: inside the window.
    expect(check([weekdays], '2025-01-15T10:00', '2025-01-15T10:30')).toEqual([
      { kind: 'MIN_DURATION', durationMs: HOUR, window: { from: '07:00', to: '17:00' } },
    ]);
    // Saturday, and a weekday evening: outside it.
    expect(check([weekdays], '2025-01-18T10:00', '2025-01-18T10:30')).toEqual([]);
    expect(check([weekdays], '2025-01-15T18:00', '2025-01-15T18:30')).toEqual([]);
    // Ending exactly when the window opens does not share time with it.
    expect(touchesWeekdayWindow(at('2025-01-15T06:00'), at('2025-01-15T07:00'), { from: '07:00', to: '17:00' }, OSLO)).toBe(false);
  });

  it('breaks a scheduled maximum at 4 days, wherever the booking lies', () => {
    expect(check([weekdays], '2025-01-13T10:00', '2025-01-16T12:00')).toEqual([
      { kind: 'MAX_DURATION', durationMs: 72 * HOUR, window: { from: '07:00', to: '17:00' } },
    ]);
    const longRule: BookableRule = { ...weekdays, maxDuration: 'P10D' };
    // A Saturday-to-Wednesday booking: 4 days.
    expect(check([longRule], '2025-01-18T10:00', '2025-01-22T10:00')).toEqual([
      { kind: 'MAX_DURATION', durationMs: 96 * HOUR, window: { from: '07:00', to: '17:00' } },
    ]);
  });

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

  it('needs the start before the end, and nothing before the minimum', () => {
    expect(issues({ ...valid, endTime: valid.startTime })).toEqual([['endTime', 'startBeforeEnd']]);
    expect(issues({ ...valid, startTime: '2025-01-14T23:00' })).toEqual([['startTime', 'notBeforeMinimum']]);
  });

  it('checks the metadata of the contract: required when flagged, integers as numbers', () => {
    expect(issues({ ...valid, metadata: { project: ' ', costCentre: '12a' } })).toEqual([
      ['metadata.project', 'required'],
      ['metadata.costCentre', 'mustBeNumber'],
    ]);
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
  const booking = (patch: Partial<Booking>) => ({ state: 'INACTIVE', displayState: 'REQUIRES_AUTH', paymentsRequiringAuthorization: ['BOK1'], ...patch }) as Booking;

  it('waits while payments need authorisation, then completes or fails', () => {
    const created = booking({});
    expect(needsAuthorisation(created)).toBe(true);
    let state = createDialogReducer(initialCreateDialogState, { type: 'NEEDS_AUTHORISATION', booking: created });
    expect(state.step).toBe('waiting');
    state = createDialogReducer(state, { type: 'POLLED', booking: created });
    expect(state.step).toBe('waiting');
    expect(createDialogReducer(state, { type: 'POLLED', booking: booking({ displayState: 'INACTIVE', paymentsRequiringAuthorization: [] }) }).step).toBe('complete');
    expect(createDialogReducer(state, { type: 'POLLED', booking: booking({ state: 'CANCELLED', displayState: 'CANCELLED' }) }).step).toBe('failure');
    expect(createDialogReducer(state, { type: 'TIMED_OUT' }).step).toBe('timeout');
    expect(authorisationOutcome(booking({ paymentsRequiringAuthorization: [], displayState: 'READY' }))).toBe('complete');
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
