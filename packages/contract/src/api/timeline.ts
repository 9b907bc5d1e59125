import { z } from 'zod';
import { ZIsoDateTime } from '../entities.ts';
import { ZEventType } from '../enums.ts';
import { ZEventTextPart } from '../event-texts.ts';
import { MESSAGES } from '../messages.ts';
import { CUSTOMER_TIMELINE_KINDS } from '../rules/timeline-kind.ts';
import { emptyToUndefined, listParam, optText } from './query-params.ts';

/**
 * GET /api/users/{username}/timeline (issue 18 point 1; docs/decisions/0062-customer-timeline.md): the customer's
 * whole story in one stream, newest first: bookings, remote commands during their bookings, payments, status
 * decisions, identity and licence checks, mails, notes and contacts. Keyset paging: send `nextCursor` back as
 * `cursor`. Filters: `kind` (repeated or comma separated), the period `from`–`to` (either end optional) and `bid` (the
 * entries of one of the customer's bookings: the booking card's "last change" is `?bid=…&limit=1`).
 * Another operator's user, or an unknown one, answers 404 'User not found'.
 */
export const TIMELINE_PAGE_SIZE = 50;
export const TIMELINE_MAX_PAGE_SIZE = 200;

export const ZCustomerTimelineKind = z.enum(CUSTOMER_TIMELINE_KINDS);

export const ZCustomerTimelineQuery = z
  .object({
    kind: listParam(ZCustomerTimelineKind),
    from: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
    to: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
    bid: optText(40),
    cursor: optText(400),
    limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(TIMELINE_MAX_PAGE_SIZE).default(TIMELINE_PAGE_SIZE)),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { message: MESSAGES.endNotBeforeStart, path: ['to'] });
export type CustomerTimelineQuery = z.infer<typeof ZCustomerTimelineQuery>;

export const ZCustomerTimelineEntry = z
  .object({
    /** The event's id: the entry links to it in the event log. */
    id: z.string(),
    occurred: ZIsoDateTime,
    kind: ZCustomerTimelineKind,
    type: ZEventType,
    /** The line, as ids with parameters, rendered in the reader's language like the event log's text. */
    textParts: z.array(ZEventTextPart),
    /** The same line in English, for clients that do not render `textParts`. */
    displayText: z.string(),
    /** Who did it: a staff member, the customer, or null for the system. */
    actingUsername: z.string().nullable(),
    /** Links: the booking, the vehicle (VIN and its registration), the payment, the note or the contact. */
    bid: z.string().nullable(),
    vin: z.string().nullable(),
    registrationNumber: z.string().nullable(),
    orderId: z.string().nullable(),
    noteId: z.number().int().nullable(),
    contactId: z.number().int().nullable(),
  })
  .meta({ id: 'CustomerTimelineEntry', description: "One entry of a customer's timeline" });
export type CustomerTimelineEntry = z.infer<typeof ZCustomerTimelineEntry>;

export const ZCustomerTimelineResponse = z.object({
  username: z.string(),
  results: z.array(ZCustomerTimelineEntry),
  /** Opaque keyset cursor for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CustomerTimelineResponse = z.infer<typeof ZCustomerTimelineResponse>;
