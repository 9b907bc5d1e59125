import type { EventType } from '../enums.ts';

/** Kinds of a customer's timeline entry (issue 18 point 1; docs/decisions/0062-customer-timeline.md). */
export const CUSTOMER_TIMELINE_KINDS = ['booking', 'command', 'payment', 'status', 'identity', 'mail', 'note', 'contact'] as const;
export type CustomerTimelineKind = (typeof CUSTOMER_TIMELINE_KINDS)[number];

const MAIL_TEXTS = new Set(['receiptSent', 'confirmationMailSent', 'passwordResetSent', 'passwordResetMailSent']);
const STATUS_TEXTS = new Set(['userBlocked', 'userUnblocked', 'userReactivated', 'userApproved', 'userApprovedInBulk', 'deletionRequested']);

/**
 * The timeline kind of one event, from its type and the text id of its first part, or null when the event does not
 * belong on a customer's timeline (heartbeats, vehicle-only events). One pure function so server and web agree.
 */
export function customerTimelineKindOf(type: EventType, firstTextId: string | undefined): CustomerTimelineKind | null {
  const id = firstTextId ?? '';
  if (MAIL_TEXTS.has(id)) return 'mail';
  if (id.startsWith('note')) return 'note';
  if (id.startsWith('contact')) return 'contact';
  switch (type) {
    case 'BOOKING_EVENT':
      return 'booking';
    case 'REMOTE_COMMAND':
      return 'command';
    case 'PAYMENT_ACTION':
      return 'payment';
    case 'USER_ACTION':
      if (STATUS_TEXTS.has(id)) return 'status';
      if (id.startsWith('identity') || id.startsWith('licence')) return 'identity';
      return null;
    default:
      return null;
  }
}
