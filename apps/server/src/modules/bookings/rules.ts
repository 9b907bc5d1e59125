import {
  checkMetadata,
  evaluateBookingLength,
  fieldError,
  formatMessage,
  humanizeDuration,
  metadataProblemRef,
  type BookableRule,
  type BookingLengthViolation,
  type BookingRule,
  type ErrorItem,
  type MessageKey,
  type MessageParams,
  type MetadataSpecEntry,
  type OptionalService,
} from '@fleetdesk/contract';

/**
 * Contract rules for new and updated bookings (spec §3 Contract / Booking rule / Bookable rule, §4 override
 * step, §5 booking length rules and "New or updated booking"). Pure functions: the caller loads the contract
 * and the user's live bookings. The rules the booking form also runs while staff type — the booking length
 * (evaluateBookingLength) and the metadata (checkMetadata) — live in packages/contract/src/rules/; this module
 * adds the server's own rules (one-way, overlaps, taxi pool) and words every violation as §3 Booking rules.
 * Choices are recorded in docs/decisions/0010-booking-rules.md and 0045-shared-rules.md.
 */

// ---------------------------------------------------------------------------------------------------------
// Rule evaluation
// ---------------------------------------------------------------------------------------------------------

/** The contract columns the rules read: the shape of the `contracts` row (apps/server/src/db/schema.ts). */
export interface RuleContract {
  minBookingDuration: string | null;
  maxBookingDuration: string | null;
  oneWayAllowed: boolean;
  onlyOneBookingAtTheSameTimeAllowed: boolean;
  taxiFromPools: readonly number[];
  bookableRules: readonly BookableRule[];
  metadataSpec: readonly MetadataSpecEntry[];
}

/** One of the user's live (INACTIVE or ACTIVE) bookings; the caller passes an overdue one with its effective end. */
export interface OwnBooking {
  bid: string;
  start: Date;
  end: Date;
}

export interface BookingRuleInput {
  contract: RuleContract;
  start: Date;
  end: Date;
  fromPoolId: number;
  /** null or the from-pool: a round trip. */
  toPoolId: number | null;
  /** The operator's zone (Europe/Oslo, Europe/Stockholm): schedule windows and calendar days are local. */
  timeZone: string;
  /** The user's live bookings; those not sharing time with [start, end) are ignored. */
  ownOverlappingBookings: readonly OwnBooking[];
  /** On update: the booking being changed, never counted as overlapping itself. */
  excludeBid?: string | null;
  taxiAcceptable?: OptionalService | null;
  metadata?: Readonly<Record<string, string | null | undefined>> | null;
}

/** What broke a rule; the contract's BookingRuleCause has no value for taxi pools and metadata. */
export type RuleKind = 'MIN_DURATION' | 'MAX_DURATION' | 'ONE_WAY_NOT_ALLOWED' | 'OVERLAPPING_BOOKING' | 'TAXI_POOL' | 'METADATA';

/**
 * A broken rule: the §3 Booking rule (ruleName, description, overridable, bookingRuleCause) plus the §5
 * texts.
 */
export interface RuleViolation extends BookingRule {
  kind: RuleKind;
  /** The inline §5 text, e.g. 'Bookings can be at most 3 days.' */
  message: string;
  /** The expanded text: with the schedule times for SCHEDULED rules, else the same as `message`. */
  expandedMessage: string;
  /** The form field it belongs to: endTime, toLocation, taxiAcceptable, metadata.<key>. */
  field?: string;
  /** OVERLAPPING_BOOKING: the booking it overlaps. */
  overlappingBid?: string;
  /**
   * The expanded text as the catalogue's key and params (docs/decisions/0059), for clients to word it in their
   * language; a length carries `durationMs` beside its English `duration`; a metadata rule carries the operator's own
   * field label as `label` (metadataRequired, …).
   */
  messageId?: MessageKey;
  params?: MessageParams;
}

/** A length rule broken, worded in English as §5 says (the inline text, and expanded with the schedule times). */
function lengthViolation(v: BookingLengthViolation): RuleViolation {
  const min = v.kind === 'MIN_DURATION';
  const duration = humanizeDuration(v.durationMs);
  const message = formatMessage(min ? 'bookingTooShort' : 'bookingTooLong', { duration });
  const window = v.window;
  const expandedMessage =
    window === null
      ? message
      : formatMessage(min ? 'bookingTooShortScheduled' : 'bookingTooLongScheduled', { duration, from: window.from, to: window.to });
  const when = window === null ? '' : ` on weekdays ${window.from}–${window.to}`;
  const key: MessageKey =
    window === null ? (min ? 'bookingTooShort' : 'bookingTooLong') : min ? 'bookingTooShortScheduled' : 'bookingTooLongScheduled';
  return {
    messageId: key,
    params: window === null ? { duration, durationMs: v.durationMs } : { duration, durationMs: v.durationMs, from: window.from, to: window.to },
    kind: v.kind,
    ruleName: v.ruleName,
    description: `${min ? 'Minimum' : 'Maximum'} booking duration${when}: ${duration}`,
    overridable: true,
    bookingRuleCause: v.kind,
    message,
    expandedMessage,
    field: 'endTime',
  };
}

/** The metadata rules broken (the one check of packages/contract/src/rules/metadata.ts), never overridable. */
function metadataViolations(spec: readonly MetadataSpecEntry[], metadata: BookingRuleInput['metadata']): RuleViolation[] {
  return checkMetadata(spec, metadata).problems.map((p) => {
    const entry = spec.find((e) => e.key === p.key);
    const message = formatMessage(p.message, p.params);
    const labelled = metadataProblemRef(p);
    return {
      messageId: labelled.messageId,
      ...(labelled.params === undefined ? {} : { params: labelled.params }),
      kind: 'METADATA',
      ruleName: `contract.metadataSpec.${p.key}`,
      description: entry
        ? `${entry.label}: ${entry.required ? 'required ' : ''}${entry.type.toLowerCase()} field`
        : `${p.key}: not in the metadata spec`,
      overridable: false,
      bookingRuleCause: 'METADATA',
      message,
      expandedMessage: labelled.message,
      field: p.field,
    };
  });
}

/** [a.start, a.end) and [b.start, b.end) share time; back-to-back bookings do not. */
export const intervalsOverlap = (a: { start: Date; end: Date }, b: { start: Date; end: Date }): boolean =>
  a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/**
 * Every contract rule the booking [start, end) breaks, in a stable order: durations, one-way, overlaps,
 * taxi pool, metadata (in the spec's order). Empty when the booking is fine. Throws RangeError when start is
 * not before end (check with validateStartEnd first) or when the contract holds an unreadable duration or time.
 */
export function evaluateBookingRules(input: BookingRuleInput): RuleViolation[] {
  const { contract, start, end } = input;
  if (!(start.getTime() < end.getTime())) throw new RangeError('evaluateBookingRules needs start before end');
  const violations = evaluateBookingLength(contract, start, end, input.timeZone).map(lengthViolation);

  if (!contract.oneWayAllowed && input.toPoolId !== null && input.toPoolId !== input.fromPoolId) {
    const message = formatMessage('oneWayNotAllowed');
    violations.push({
      kind: 'ONE_WAY_NOT_ALLOWED',
      ruleName: 'contract.oneWayAllowed',
      description: 'One-way bookings are not allowed',
      overridable: false,
      bookingRuleCause: 'ONE_WAY_NOT_ALLOWED',
      messageId: 'oneWayNotAllowed',
      message,
      expandedMessage: message,
      field: 'toLocation',
    });
  }

  if (contract.onlyOneBookingAtTheSameTimeAllowed) {
    const overlapping = input.ownOverlappingBookings
      .filter((b) => b.bid !== input.excludeBid && intervalsOverlap(b, input))
      .sort((a, b) => a.start.getTime() - b.start.getTime() || a.bid.localeCompare(b.bid));
    for (const booking of overlapping) {
      const message = formatMessage('bookingsOverlap', { bid: booking.bid });
      violations.push({
        kind: 'OVERLAPPING_BOOKING',
        ruleName: 'contract.onlyOneBookingAtTheSameTimeAllowed',
        description: 'Only one booking at a time',
        overridable: true,
        bookingRuleCause: 'OVERLAPPING_BOOKING',
        messageId: 'bookingsOverlap',
        params: { bid: booking.bid },
        message,
        expandedMessage: message,
        overlappingBid: booking.bid,
      });
    }
  }

  if (input.taxiAcceptable === 'ENABLED' && !contract.taxiFromPools.includes(input.fromPoolId)) {
    const message = formatMessage('taxiNotFromPool');
    violations.push({
      kind: 'TAXI_POOL',
      ruleName: 'contract.taxiFromPools',
      description: "Taxi only from the contract's taxi pools",
      overridable: false,
      bookingRuleCause: 'TAXI_POOL',
      messageId: 'taxiNotFromPool',
      message,
      expandedMessage: message,
      field: 'taxiAcceptable',
    });
  }

  violations.push(...metadataViolations(contract.metadataSpec, input.metadata));
  return violations;
}

// ---------------------------------------------------------------------------------------------------------
// Answering the client
// ---------------------------------------------------------------------------------------------------------

/** Error items for the 400 answer with messageId MESSAGE_IDS.validationList: the expanded text, one per violation. */
export function violationsToErrorItems(violations: readonly RuleViolation[]): ErrorItem[] {
  return violations.map((v) => ({
    ...(v.field === undefined ? {} : { field: v.field }),
    ...(v.messageId === undefined ? {} : { messageId: v.messageId }),
    ...(v.params === undefined ? {} : { params: v.params }),
    message: v.expandedMessage,
    overridable: v.overridable,
    ruleName: v.ruleName,
  }));
}

/** True when there is something to override and all of it may be overridden: the client then offers §4's override step. */
export const allOverridable = (violations: readonly RuleViolation[]): boolean => violations.length > 0 && violations.every((v) => v.overridable);

/** What still blocks the booking: everything, or with the Override / ignore-rules tick only the non-overridable rules. */
export const blockingViolations = (violations: readonly RuleViolation[], override: boolean): RuleViolation[] =>
  override ? violations.filter((v) => !v.overridable) : [...violations];

/** §5 'Start has to be before end'; a missing or invalid time is 'Required' on its own field. */
export function validateStartEnd(start: Date | null | undefined, end: Date | null | undefined): ErrorItem[] {
  const valid = (d: Date | null | undefined): d is Date => d instanceof Date && !Number.isNaN(d.getTime());
  const errors: ErrorItem[] = [];
  if (!valid(start)) errors.push(fieldError('startTime', 'required'));
  if (!valid(end)) errors.push(fieldError('endTime', 'required'));
  if (valid(start) && valid(end) && start.getTime() >= end.getTime()) errors.push(fieldError('endTime', 'startBeforeEnd'));
  return errors;
}
