import { describe, expect, it } from 'vitest';
import { formatMessage, MESSAGES, touchesWeekdayWindow, ZErrorItem, type BookableRule, type MetadataSpecEntry } from '@fleetdesk/contract';
import type { contracts } from '../src/db/schema.ts';
import { FJORD, MALAR, type ContractSpec, type FleetCatalog } from '../src/seed/catalog.ts';
import {
  allOverridable,
  blockingViolations,
  evaluateBookingRules,
  intervalsOverlap,
  validateStartEnd,
  violationsToErrorItems,
  type BookingRuleInput,
  type RuleContract,
  type RuleViolation,
} from '../src/modules/bookings/rules.ts';

const OSLO = 'Europe/Oslo';
const STOCKHOLM = 'Europe/Stockholm';
/** Instants are written with their local offset: +01:00 in winter, +02:00 in summer (Oslo and Stockholm). */
const at = (iso: string) => new Date(iso);

// 2026: Fri 5 June, Sat 6 June, Mon 8 June (summer time, +02:00). DST starts Sun 29 March, ends Sun 25 October.
const WINDOW = { from: '07:00', to: '17:00' };
const scheduled = (minDuration: string | null, maxDuration: string | null): BookableRule => ({
  minDuration,
  maxDuration,
  appliedDuring: 'SCHEDULED',
  appliesDuring: WINDOW,
});
const always = (minDuration: string | null, maxDuration: string | null): BookableRule => ({
  minDuration,
  maxDuration,
  appliedDuring: 'ALWAYS',
  appliesDuring: null,
});

const baseContract: RuleContract = {
  minBookingDuration: null,
  maxBookingDuration: null,
  oneWayAllowed: false,
  onlyOneBookingAtTheSameTimeAllowed: false,
  taxiFromPools: [],
  bookableRules: [],
  metadataSpec: [],
};

type EvaluateArgs = Partial<Omit<BookingRuleInput, 'contract'>> & { contract?: Partial<RuleContract>; start: Date; end: Date };
function evaluate(overrides: EvaluateArgs): RuleViolation[] {
  const { contract, ...rest } = overrides;
  return evaluateBookingRules({
    fromPoolId: 1,
    toPoolId: null,
    timeZone: OSLO,
    ownOverlappingBookings: [],
    ...rest,
    contract: { ...baseContract, ...contract },
  });
}
const kinds = (violations: RuleViolation[]) => violations.map((v) => v.kind);

describe('contract minimum and maximum (always)', () => {
  const contract = { minBookingDuration: 'PT1H', maxBookingDuration: 'P3D' };

  it('accepts a booking of exactly the minimum or the maximum', () => {
    expect(evaluate({ contract, start: at('2026-06-08T10:00+02:00'), end: at('2026-06-08T11:00+02:00') })).toEqual([]);
    expect(evaluate({ contract, start: at('2026-06-08T10:00+02:00'), end: at('2026-06-11T10:00+02:00') })).toEqual([]);
  });

  it('reports a too short booking with the §5 text, overridable, on the end time', () => {
    const [violation, ...rest] = evaluate({ contract, start: at('2026-06-06T10:00+02:00'), end: at('2026-06-06T10:30+02:00') });
    expect(rest).toEqual([]);
    expect(violation).toMatchObject({
      kind: 'MIN_DURATION',
      bookingRuleCause: 'MIN_DURATION',
      overridable: true,
      field: 'endTime',
      ruleName: 'contract.minBookingDuration',
      message: 'Bookings must be at least 1 hour.',
      expandedMessage: 'Bookings must be at least 1 hour.',
    });
  });

  it('reports a too long booking, even on a weekend', () => {
    const violations = evaluate({ contract, start: at('2026-06-06T10:00+02:00'), end: at('2026-06-09T10:01+02:00') });
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ kind: 'MAX_DURATION', message: 'Bookings can be at most 3 days.', overridable: true });
  });

  it('applies ALWAYS bookable rules like the contract limits, and shows a repeated limit once', () => {
    const withRule = { ...contract, bookableRules: [always('PT1H', 'P3D'), always('PT2H', null)] };
    const violations = evaluate({ contract: withRule, start: at('2026-06-06T10:00+02:00'), end: at('2026-06-06T10:30+02:00') });
    expect(violations.map((v) => v.message)).toEqual(['Bookings must be at least 1 hour.', 'Bookings must be at least 2 hours.']);
    expect(violations.map((v) => v.ruleName)).toEqual(['contract.minBookingDuration', 'bookableRules[1].minDuration']);
  });

  it('counts days on the local calendar across a daylight-saving change', () => {
    // Friday 10:00 → Monday 10:00 is 71 h in March and 73 h in October; both are "3 days".
    expect(evaluate({ contract, start: at('2026-03-27T10:00+01:00'), end: at('2026-03-30T10:00+02:00') })).toEqual([]);
    expect(evaluate({ contract, start: at('2026-10-23T10:00+02:00'), end: at('2026-10-26T10:00+01:00') })).toEqual([]);
    expect(kinds(evaluate({ contract, start: at('2026-10-23T10:00+02:00'), end: at('2026-10-26T10:01+01:00') }))).toEqual(['MAX_DURATION']);
  });

  it('refuses to judge an empty or reversed interval, and an unreadable contract duration', () => {
    expect(() => evaluate({ contract, start: at('2026-06-08T10:00+02:00'), end: at('2026-06-08T10:00+02:00') })).toThrow(RangeError);
    expect(() =>
      evaluate({ contract: { maxBookingDuration: 'P1M' }, start: at('2026-06-08T10:00+02:00'), end: at('2026-06-08T11:00+02:00') }),
    ).toThrow(RangeError);
  });
});

describe('scheduled rules (Monday–Friday window)', () => {
  const maxOneHour = { bookableRules: [scheduled(null, 'PT1H')] };
  const minOneHour = { bookableRules: [scheduled('PT1H', null)] };

  it.each([
    ['Friday 16:00–18:00 overlaps the last hour', '2026-06-05T16:00+02:00', '2026-06-05T18:00+02:00', true],
    ['Monday 06:00–18:00 covers the whole window', '2026-06-08T06:00+02:00', '2026-06-08T18:00+02:00', true],
    ['Friday 18:00 → Monday 08:00 reaches Monday morning', '2026-06-05T18:00+02:00', '2026-06-08T08:00+02:00', true],
    ['Saturday 10:00–14:00', '2026-06-06T10:00+02:00', '2026-06-06T14:00+02:00', false],
    ['Friday 18:00 → Monday 06:00, the whole weekend', '2026-06-05T18:00+02:00', '2026-06-08T06:00+02:00', false],
    ['Monday 05:00–07:00, ending as the window opens', '2026-06-08T05:00+02:00', '2026-06-08T07:00+02:00', false],
    ['Friday 17:00–19:00, starting as the window closes', '2026-06-05T17:00+02:00', '2026-06-05T19:00+02:00', false],
  ])('a too long booking %s → violated: %s', (_name, start, end, violated) => {
    const violations = evaluate({ contract: maxOneHour, start: at(start), end: at(end) });
    expect(kinds(violations)).toEqual(violated ? ['MAX_DURATION'] : []);
    expect(touchesWeekdayWindow(at(start), at(end), WINDOW, OSLO)).toBe(violated);
  });

  it('gives the inline text and the expanded one with the schedule times', () => {
    const [violation] = evaluate({ contract: maxOneHour, start: at('2026-06-05T16:00+02:00'), end: at('2026-06-05T18:00+02:00') });
    expect(violation).toMatchObject({
      ruleName: 'bookableRules[0].maxDuration',
      message: 'Bookings can be at most 1 hour.',
      expandedMessage: 'Bookings that include weekday time (Monday to Friday) between 07:00 and 17:00 can be at most 1 hour.',
    });
    expect(violation?.expandedMessage).toBe(formatMessage('bookingTooLongScheduled', { duration: '1 hour', from: '07:00', to: '17:00' }));
  });

  it('applies a scheduled minimum only when the window is touched', () => {
    // Monday 06:00–06:59 does not touch 07:00–17:00.
    expect(evaluate({ contract: minOneHour, start: at('2026-06-08T06:00+02:00'), end: at('2026-06-08T06:59+02:00') })).toEqual([]);
    const [violation, ...rest] = evaluate({ contract: minOneHour, start: at('2026-06-08T06:30+02:00'), end: at('2026-06-08T07:29+02:00') });
    expect(rest).toEqual([]);
    expect(violation).toMatchObject({
      kind: 'MIN_DURATION',
      message: 'Bookings must be at least 1 hour.',
      expandedMessage: 'Bookings that include weekday time (Monday to Friday) between 07:00 and 17:00 must be at least 1 hour.',
    });
  });

  it('treats a booking of 4 days or more as always violating a scheduled maximum, even one starting on Saturday', () => {
    const demoLike = { bookableRules: [scheduled('PT1H', 'P3D')] };
    const saturday = at('2026-06-06T00:00+02:00');
    expect(kinds(evaluate({ contract: demoLike, start: saturday, end: at('2026-06-10T00:00+02:00') }))).toEqual(['MAX_DURATION']);
    // The cap holds even when the scheduled maximum itself is longer; the text then names the 4 days.
    const generous = { bookableRules: [scheduled(null, 'P5D')] };
    const [capped] = evaluate({ contract: generous, start: saturday, end: at('2026-06-10T00:00+02:00') });
    expect(capped).toMatchObject({ kind: 'MAX_DURATION', message: 'Bookings can be at most 4 days.' });
    expect(evaluate({ contract: generous, start: saturday, end: at('2026-06-09T23:59+02:00') })).toEqual([]);
    // An ALWAYS rule of the same length knows no such cap.
    expect(evaluate({ contract: { bookableRules: [always(null, 'P5D')] }, start: saturday, end: at('2026-06-10T00:00+02:00') })).toEqual([]);
  });

  it('counts the 4 days on the local calendar (97 hours across the autumn change)', () => {
    const generous = { bookableRules: [scheduled(null, 'P5D')] };
    const friday = at('2026-10-23T12:00+02:00');
    expect(evaluate({ contract: generous, start: friday, end: at('2026-10-27T11:59+01:00') })).toEqual([]); // 96 h 59 min
    expect(kinds(evaluate({ contract: generous, start: friday, end: at('2026-10-27T12:00+01:00') }))).toEqual(['MAX_DURATION']);
  });

  it('follows the wall clock in DST weeks', () => {
    // Monday after the spring change (CEST): 17:00–19:00 local is 15:00–17:00 UTC and misses the window.
    expect(evaluate({ contract: maxOneHour, start: at('2026-03-30T17:00+02:00'), end: at('2026-03-30T19:00+02:00') })).toEqual([]);
    expect(kinds(evaluate({ contract: maxOneHour, start: at('2026-03-30T15:30+02:00'), end: at('2026-03-30T17:30+02:00') }))).toEqual([
      'MAX_DURATION',
    ]);
    // The Friday before (CET) 16:00–18:00 touches.
    expect(kinds(evaluate({ contract: maxOneHour, start: at('2026-03-27T16:00+01:00'), end: at('2026-03-27T18:00+01:00') }))).toEqual([
      'MAX_DURATION',
    ]);
    // Monday after the autumn change (CET): 06:00–07:59 local ends inside the window, 05:00–07:00 does not reach it.
    expect(evaluate({ contract: maxOneHour, start: at('2026-10-26T05:00+01:00'), end: at('2026-10-26T07:00+01:00'), timeZone: STOCKHOLM })).toEqual(
      [],
    );
    expect(touchesWeekdayWindow(at('2026-10-26T06:00+01:00'), at('2026-10-26T07:01+01:00'), WINDOW, STOCKHOLM)).toBe(true);
    // A whole DST weekend (Friday 17:00 CET → Monday 07:00 CEST) touches nothing.
    expect(touchesWeekdayWindow(at('2026-03-27T17:00+01:00'), at('2026-03-30T07:00+02:00'), WINDOW, OSLO)).toBe(false);
  });

  it('handles a window past midnight and a scheduled rule without a window', () => {
    const night = { from: '22:00', to: '06:00' };
    // Friday 22:00 → Saturday 06:00 belongs to Friday; Saturday night does not count.
    expect(touchesWeekdayWindow(at('2026-06-06T05:00+02:00'), at('2026-06-06T05:30+02:00'), night, OSLO)).toBe(true);
    expect(touchesWeekdayWindow(at('2026-06-07T05:00+02:00'), at('2026-06-07T05:30+02:00'), night, OSLO)).toBe(false);
    expect(() => touchesWeekdayWindow(at('2026-06-07T05:00+02:00'), at('2026-06-07T05:30+02:00'), { from: '25:00', to: '06:00' }, OSLO)).toThrow(
      RangeError,
    );
    const wholeDay: BookableRule = { minDuration: null, maxDuration: 'PT1H', appliedDuring: 'SCHEDULED', appliesDuring: null };
    expect(
      kinds(evaluate({ contract: { bookableRules: [wholeDay] }, start: at('2026-06-08T01:00+02:00'), end: at('2026-06-08T03:00+02:00') })),
    ).toEqual(['MAX_DURATION']);
    expect(evaluate({ contract: { bookableRules: [wholeDay] }, start: at('2026-06-07T01:00+02:00'), end: at('2026-06-07T03:00+02:00') })).toEqual([]);
  });
});

describe('one-way, overlap and taxi', () => {
  const start = at('2026-06-08T10:00+02:00');
  const end = at('2026-06-08T12:00+02:00');

  it('refuses a one-way booking unless the contract allows it; the refusal cannot be overridden', () => {
    const [violation] = evaluate({ start, end, fromPoolId: 1, toPoolId: 2 });
    expect(violation).toMatchObject({
      kind: 'ONE_WAY_NOT_ALLOWED',
      bookingRuleCause: 'ONE_WAY_NOT_ALLOWED',
      overridable: false,
      field: 'toLocation',
      message: MESSAGES.oneWayNotAllowed,
    });
    expect(evaluate({ start, end, fromPoolId: 1, toPoolId: 1 })).toEqual([]);
    expect(evaluate({ start, end, fromPoolId: 1, toPoolId: null })).toEqual([]);
    expect(evaluate({ contract: { oneWayAllowed: true }, start, end, fromPoolId: 1, toPoolId: 2 })).toEqual([]);
  });

  it('finds own overlapping bookings, ignoring back-to-back ones and the booking being updated', () => {
    const own = [
      { bid: 'BID1000000009', start: at('2026-06-08T11:30+02:00'), end: at('2026-06-08T13:00+02:00') },
      { bid: 'BID1000000002', start: at('2026-06-08T08:00+02:00'), end: at('2026-06-08T10:00+02:00') }, // ends at our start
      { bid: 'BID1000000003', start: at('2026-06-08T12:00+02:00'), end: at('2026-06-08T14:00+02:00') }, // starts at our end
      { bid: 'BID1000000004', start: at('2026-06-08T09:00+02:00'), end: at('2026-06-08T13:00+02:00') }, // the one being updated
      { bid: 'BID1000000005', start: at('2026-06-08T09:00+02:00'), end: at('2026-06-08T10:30+02:00') },
    ];
    const contract = { onlyOneBookingAtTheSameTimeAllowed: true };
    const violations = evaluate({ contract, start, end, ownOverlappingBookings: own, excludeBid: 'BID1000000004' });
    expect(violations.map((v) => v.overlappingBid)).toEqual(['BID1000000005', 'BID1000000009']);
    expect(violations[0]).toMatchObject({
      kind: 'OVERLAPPING_BOOKING',
      overridable: true,
      ruleName: 'contract.onlyOneBookingAtTheSameTimeAllowed',
      message: 'The contract allows only one booking at a time, and this one overlaps BID1000000005',
    });
    expect(evaluate({ contract, start, end, ownOverlappingBookings: own }).map((v) => v.overlappingBid)).toEqual([
      'BID1000000004',
      'BID1000000005',
      'BID1000000009',
    ]);
    expect(evaluate({ start, end, ownOverlappingBookings: own })).toEqual([]);
    expect(intervalsOverlap({ start, end }, { start: end, end: at('2026-06-08T13:00+02:00') })).toBe(false);
  });

  it('offers taxi only from the contract taxi pools', () => {
    const contract = { taxiFromPools: [3, 7] };
    expect(evaluate({ contract, start, end, fromPoolId: 3, taxiAcceptable: 'ENABLED' })).toEqual([]);
    const [violation] = evaluate({ contract, start, end, fromPoolId: 4, taxiAcceptable: 'ENABLED' });
    expect(violation).toMatchObject({ kind: 'TAXI_POOL', overridable: false, field: 'taxiAcceptable', bookingRuleCause: 'TAXI_POOL' });
    expect(evaluate({ contract, start, end, fromPoolId: 4, taxiAcceptable: 'DISABLED' })).toEqual([]);
    expect(evaluate({ contract, start, end, fromPoolId: 4, taxiAcceptable: 'NOT_SELECTED' })).toEqual([]);
    expect(evaluate({ contract, start, end, fromPoolId: 4 })).toEqual([]);
  });
});

describe('metadata', () => {
  const spec: MetadataSpecEntry[] = [
    { key: 'project', label: 'Project', description: null, type: 'TEXT', choices: null, placeholder: null, required: true },
    { key: 'costCentre', label: 'Cost centre', description: null, type: 'INTEGER', choices: null, placeholder: null, required: false },
    { key: 'purpose', label: 'Purpose', description: null, type: 'CHOICE', choices: ['Meeting', 'Course'], placeholder: null, required: false },
  ];
  const start = at('2026-06-08T10:00+02:00');
  const end = at('2026-06-08T12:00+02:00');
  const check = (metadata: Record<string, string> | undefined) =>
    evaluate({ contract: { metadataSpec: spec }, start, end, metadata }).map((v) => [v.field, v.message]);

  it('needs required fields present and not blank', () => {
    expect(check(undefined)).toEqual([['metadata.project', 'Required']]);
    expect(check({ project: '   ' })).toEqual([['metadata.project', 'Required']]);
    expect(check({ project: 'P-1' })).toEqual([]);
  });

  it('needs integer fields to be integers, and choices to be among the choices', () => {
    expect(check({ project: 'P-1', costCentre: '44A', purpose: 'Holiday' })).toEqual([
      ['metadata.costCentre', 'Must be a number'],
      ['metadata.purpose', 'Must be one of: Meeting, Course'],
    ]);
    expect(check({ project: 'P-1', costCentre: '4.5' })).toEqual([['metadata.costCentre', 'Must be a number']]);
    expect(check({ project: 'P-1', costCentre: ' 4410 ', purpose: 'Course' })).toEqual([]);
    expect(check({ project: 'P-1', costCentre: '', purpose: '' })).toEqual([]);
    expect(check({ project: 'P-1', costCentre: '999999999999999999999' })).toEqual([['metadata.costCentre', 'Must be a number']]);
  });

  it('refuses keys outside the spec, named by their key', () => {
    expect(check({ project: 'P-1', colour: 'red' })).toEqual([['metadata.colour', 'Not a field of the metadata spec']]);
    const [violation] = evaluate({ contract: { metadataSpec: spec }, start, end, metadata: { project: 'P-1', colour: 'red' } });
    expect(violation).toMatchObject({
      ruleName: 'contract.metadataSpec.colour',
      expandedMessage: 'colour: Not a field of the metadata spec',
      overridable: false,
    });
  });

  it('is not overridable', () => {
    const violations = evaluate({ contract: { metadataSpec: spec }, start, end });
    expect(violations[0]).toMatchObject({ kind: 'METADATA', overridable: false, ruleName: 'contract.metadataSpec.project' });
    expect(allOverridable(violations)).toBe(false);
  });
});

describe('aggregation for the 400 answer and the override step', () => {
  const start = at('2026-06-05T16:00+02:00');
  const end = at('2026-06-05T16:30+02:00');
  const own = [{ bid: 'BID1000000001', start: at('2026-06-05T15:00+02:00'), end: at('2026-06-05T17:00+02:00') }];
  const contract = { minBookingDuration: 'PT1H', onlyOneBookingAtTheSameTimeAllowed: true, bookableRules: [scheduled(null, 'PT15M')] };

  it('offers the override step only when every violation is overridable', () => {
    const overridable = evaluate({ contract, start, end, ownOverlappingBookings: own });
    expect(kinds(overridable)).toEqual(['MIN_DURATION', 'MAX_DURATION', 'OVERLAPPING_BOOKING']);
    expect(allOverridable(overridable)).toBe(true);
    expect(blockingViolations(overridable, true)).toEqual([]);
    expect(blockingViolations(overridable, false)).toHaveLength(3);

    const mixed = evaluate({ contract, start, end, ownOverlappingBookings: own, toPoolId: 9 });
    expect(allOverridable(mixed)).toBe(false);
    expect(kinds(blockingViolations(mixed, true))).toEqual(['ONE_WAY_NOT_ALLOWED']);
    expect(allOverridable([])).toBe(false);
  });

  it('turns violations into error items with the expanded text', () => {
    const items = violationsToErrorItems(evaluate({ contract, start, end, ownOverlappingBookings: own }));
    expect(items).toEqual([
      {
        field: 'endTime',
        messageId: 'bookingTooShort',
        params: { duration: '1 hour', durationMs: 3_600_000 },
        message: 'Bookings must be at least 1 hour.',
        overridable: true,
        ruleName: 'contract.minBookingDuration',
      },
      {
        field: 'endTime',
        messageId: 'bookingTooLongScheduled',
        params: { duration: '15 minutes', durationMs: 15 * 60_000, from: '07:00', to: '17:00' },
        overridable: true,
        ruleName: 'bookableRules[0].maxDuration',
        message: 'Bookings that include weekday time (Monday to Friday) between 07:00 and 17:00 can be at most 15 minutes.',
      },
      {
        messageId: 'bookingsOverlap',
        params: { bid: 'BID1000000001' },
        message: formatMessage('bookingsOverlap', { bid: 'BID1000000001' }),
        overridable: true,
        ruleName: 'contract.onlyOneBookingAtTheSameTimeAllowed',
      },
    ]);
    for (const item of items) expect(ZErrorItem.parse(item)).toEqual(item);
  });

  it('validates start before end', () => {
    expect(validateStartEnd(start, end)).toEqual([]);
    expect(validateStartEnd(end, start)).toEqual([{ field: 'endTime', messageId: 'startBeforeEnd', message: 'Start has to be before end' }]);
    expect(validateStartEnd(start, start)).toEqual([{ field: 'endTime', messageId: 'startBeforeEnd', message: MESSAGES.startBeforeEnd }]);
    expect(validateStartEnd(null, new Date('nonsense'))).toEqual([
      { field: 'startTime', messageId: 'required', message: 'Required' },
      { field: 'endTime', messageId: 'required', message: 'Required' },
    ]);
  });
});

describe('the demo contracts', () => {
  /** A catalog contract as the database holds it: pool keys become ids (their position in the catalog, from 1). */
  function contractOf(fleet: FleetCatalog, key: string): RuleContract {
    const spec: ContractSpec | undefined = fleet.contracts.find((c) => c.key === key);
    if (!spec) throw new Error(`no contract ${key}`);
    return {
      minBookingDuration: spec.minBookingDuration,
      maxBookingDuration: spec.maxBookingDuration,
      oneWayAllowed: spec.oneWayAllowed ?? false,
      onlyOneBookingAtTheSameTimeAllowed: spec.onlyOneBookingAtTheSameTimeAllowed ?? false,
      taxiFromPools: (spec.taxiFromPools ?? []).map((poolKey) => poolId(fleet, poolKey)),
      bookableRules: spec.bookableRules,
      metadataSpec: spec.metadataSpec ?? [],
    };
  }
  const poolId = (fleet: FleetCatalog, key: string) => {
    const index = fleet.pools.findIndex((p) => p.key === key);
    if (index < 0) throw new Error(`no pool ${key}`);
    return index + 1;
  };
  const fjord = (
    contractKey: string,
    input: Omit<BookingRuleInput, 'contract' | 'timeZone' | 'ownOverlappingBookings' | 'fromPoolId' | 'toPoolId'> & Partial<BookingRuleInput>,
  ) =>
    evaluateBookingRules({
      fromPoolId: poolId(FJORD, 'grunerlokka'),
      toPoolId: null,
      ownOverlappingBookings: [],
      timeZone: FJORD.timeZone,
      ...input,
      contract: contractOf(FJORD, contractKey),
    });

  it('matches the database row shape', () => {
    const fromRow = (row: typeof contracts.$inferSelect): RuleContract => row;
    expect(fromRow).toBeTypeOf('function');
  });

  it('Fjord Privat: at least 1 hour (said once), at most 14 days, round trips only', () => {
    const short = fjord('private', { start: at('2026-06-08T10:00+02:00'), end: at('2026-06-08T10:30+02:00') });
    expect(short.map((v) => v.message)).toEqual(['Bookings must be at least 1 hour.']);
    expect(allOverridable(short)).toBe(true);
    expect(fjord('private', { start: at('2026-06-08T10:00+02:00'), end: at('2026-06-08T12:00+02:00') })).toEqual([]);
    expect(fjord('private', { start: at('2026-06-01T10:00+02:00'), end: at('2026-06-15T10:01+02:00') }).map((v) => v.message)).toEqual([
      'Bookings can be at most 14 days.',
    ]);
    const oneWay = fjord('private', { start: at('2026-06-08T10:00+02:00'), end: at('2026-06-08T12:00+02:00'), toPoolId: poolId(FJORD, 'toyen') });
    expect(kinds(oneWay)).toEqual(['ONE_WAY_NOT_ALLOWED']);
    expect(allOverridable(oneWay)).toBe(false);
  });

  it('Nordlys: one-way allowed, taxi from Bjørvika only, project metadata required', () => {
    const start = at('2026-06-08T10:00+02:00');
    const end = at('2026-06-08T11:00+02:00');
    const metadata = { project: 'NORD-1042 Vegdata', costCentre: '4410', purpose: 'Kundemøte' };
    expect(fjord('nordlys', { start, end, toPoolId: poolId(FJORD, 'toyen'), metadata })).toEqual([]);
    expect(fjord('nordlys', { start, end, fromPoolId: poolId(FJORD, 'bjorvika'), taxiAcceptable: 'ENABLED', metadata })).toEqual([]);
    const wrong = fjord('nordlys', { start, end, taxiAcceptable: 'ENABLED', metadata: { costCentre: 'fire', purpose: 'Ferie' } });
    expect(wrong.map((v) => v.field)).toEqual(['taxiAcceptable', 'metadata.project', 'metadata.costCentre', 'metadata.purpose']);
    expect(allOverridable(wrong)).toBe(false);
  });

  it('Fjordbo: weekday rule of at most 3 days and one booking at a time', () => {
    const own = [{ bid: 'BID1000000042', start: at('2026-06-06T12:00+02:00'), end: at('2026-06-06T15:00+02:00') }];
    // A Saturday afternoon next to the user's other booking is fine.
    expect(fjord('fjordbo', { start: at('2026-06-06T15:00+02:00'), end: at('2026-06-06T20:00+02:00'), ownOverlappingBookings: own })).toEqual([]);
    const overlapping = fjord('fjordbo', { start: at('2026-06-06T14:00+02:00'), end: at('2026-06-06T20:00+02:00'), ownOverlappingBookings: own });
    expect(kinds(overlapping)).toEqual(['OVERLAPPING_BOOKING']);
    expect(allOverridable(overlapping)).toBe(true);
    // Four days from Saturday: the contract's own 3-day limit says it (the weekday rule's identical text is not repeated).
    const long = fjord('fjordbo', { start: at('2026-06-06T09:00+02:00'), end: at('2026-06-10T09:00+02:00') });
    expect(long.map((v) => v.message)).toEqual(['Bookings can be at most 3 days.']);
  });

  it('Fjord drift: no bookable rules, 15 minutes to 30 days', () => {
    expect(fjord('internal', { start: at('2026-06-08T10:00+02:00'), end: at('2026-06-08T10:15+02:00') })).toEqual([]);
    expect(fjord('internal', { start: at('2026-06-01T10:00+02:00'), end: at('2026-06-21T10:00+02:00') })).toEqual([]);
    expect(kinds(fjord('internal', { start: at('2026-06-01T10:00+02:00'), end: at('2026-07-01T10:01+02:00') }))).toEqual(['MAX_DURATION']);
  });

  it('Mälarbo (Stockholm): the weekday rule over the autumn DST weekend', () => {
    const contract = contractOf(MALAR, 'malarbo');
    const base = { contract, fromPoolId: poolId(MALAR, 'uppsala-c'), toPoolId: null, timeZone: MALAR.timeZone, ownOverlappingBookings: [] };
    // Friday 10:00 → Monday 10:00 local is 73 hours but 3 calendar days.
    expect(evaluateBookingRules({ ...base, start: at('2026-10-23T10:00+02:00'), end: at('2026-10-26T10:00+01:00') })).toEqual([]);
    expect(evaluateBookingRules({ ...base, start: at('2026-10-23T10:00+02:00'), end: at('2026-10-23T10:45+02:00') }).map((v) => v.message)).toEqual([
      'Bookings must be at least 1 hour.',
    ]);
    expect(
      kinds(
        evaluateBookingRules({ ...base, start: at('2026-10-23T10:00+02:00'), end: at('2026-10-23T11:00+02:00'), toPoolId: poolId(MALAR, 'flogsta') }),
      ),
    ).toEqual(['ONE_WAY_NOT_ALLOWED']);
  });
});
