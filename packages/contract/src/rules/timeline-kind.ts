import type { EventType } from '../enums.ts';

/** Kinds of a customer's timeline entry (issue 18 point 1; docs/decisions/0062-customer-timeline.md). */
export const CUSTOMER_TIMELINE_KINDS = ['booking', 'command', 'payment', 'status', 'identity', 'mail', 'note', 'contact'] as const;
export type CustomerTimelineKind = (typeof CUSTOMER_TIMELINE_KINDS)[number];

/**
 * One rule of the mapping: an event whose type is `type` (any type when absent) and whose first text id is one of
 * `textIds` or starts with `textPrefix` (any text when both are absent) is of `kind`.
 */
export interface CustomerTimelineRule {
  readonly kind: CustomerTimelineKind;
  readonly type?: EventType;
  readonly textIds?: readonly string[];
  readonly textPrefix?: string;
}

/**
 * The mapping as data, tried in order, the first match wins. The server turns the same list into the SQL that filters
 * the timeline by kind (so a page needs no second pass), and `customerTimelineKindOf` reads it for each entry.
 */
export const CUSTOMER_TIMELINE_RULES: readonly CustomerTimelineRule[] = [
  // Mails (receipt, confirmation, password reset) whatever the event type that recorded them.
  {
    kind: 'mail',
    textIds: [
      'receiptSent',
      'confirmationMailSent',
      'confirmationResent',
      'passwordResetSent',
      'passwordResetMailSent',
      'outOfServiceMovedMailSent',
      'outOfServiceCancelledMailSent',
    ],
  },
  { kind: 'note', textPrefix: 'note' },
  { kind: 'contact', textPrefix: 'contact' },
  { kind: 'booking', type: 'BOOKING_EVENT' },
  { kind: 'command', type: 'REMOTE_COMMAND' },
  { kind: 'payment', type: 'PAYMENT_ACTION' },
  {
    kind: 'status',
    type: 'USER_ACTION',
    textIds: [
      'userRegistered',
      'userApproved',
      'userApprovedInBulk',
      'userBlocked',
      'userUnblocked',
      'userReactivated',
      'membershipConfirmed',
      'membershipNotConfirmed',
      'deletionRequested',
    ],
  },
  { kind: 'identity', type: 'USER_ACTION', textPrefix: 'identity' },
  { kind: 'identity', type: 'USER_ACTION', textPrefix: 'licence' },
];

const matches = (rule: CustomerTimelineRule, type: EventType, id: string) =>
  (rule.type === undefined || rule.type === type) &&
  (rule.textIds === undefined || rule.textIds.includes(id)) &&
  (rule.textPrefix === undefined || id.startsWith(rule.textPrefix));

/**
 * The timeline kind of one event, from its type and the text id of its first part, or null when the event does not
 * belong on a customer's timeline (heartbeats, vehicle-only events, renames and field edits). One pure function so
 * server and web agree.
 */
export function customerTimelineKindOf(type: EventType, firstTextId: string | undefined): CustomerTimelineKind | null {
  const id = firstTextId ?? '';
  return CUSTOMER_TIMELINE_RULES.find((rule) => matches(rule, type, id))?.kind ?? null;
}
