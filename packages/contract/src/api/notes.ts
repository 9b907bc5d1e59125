import { z } from 'zod';
import { ZIsoDateTime } from '../entities.ts';
import { ZEventType } from '../enums.ts';
import { ZEventTextPart } from '../event-texts.ts';
import { MESSAGES } from '../messages.ts';
import { ZIntIdParam } from '../safe-input.ts';
import { emptyToUndefined } from './query-params.ts';

/**
 * The customer workspace (issue 18 points 2 and 3; docs/decisions/0061-notes-and-contacts.md): internal notes on a
 * user, a booking or a vehicle, and logged customer contacts. Staff only; every path is scoped to the session's
 * operator, and another operator's note, contact, user, booking or vehicle answers 404 like an unknown one.
 *
 * Notes
 * - GET    /api/notes?subjectType=USER|BOOKING|VEHICLE&subjectId=…[&pinned=true] → ZNoteListResponse (pinned first,
 *          then newest first). subjectId is the user name, the bid or the VIN.
 * - POST   /api/notes        ZNoteCreateRequest → 201 ZNote
 * - PATCH  /api/notes/{id}   ZNoteUpdateRequest → ZNote (text and/or pinned)
 * - DELETE /api/notes/{id}                      → 204
 *
 * Contacts
 * - POST  /api/users/{username}/contacts  ZContactCreateRequest → 201 ZContact
 * - GET   /api/contacts?status=&assignee=&username=&limit=         → ZContactListResponse (newest first)
 * - PATCH /api/contacts/{id}              ZContactUpdateRequest → ZContact (resolvedByEventId: the action it was resolved with)
 * - GET   /api/contacts/assignees                                → ZContactAssigneesResponse (the operator's enabled staff)
 *
 * Each change appends an event (notes: the subject's bid, vin or affected user; contacts: USER_ACTION on the customer).
 */

/** The longest note text, and the longest note on a contact. */
export const NOTE_TEXT_MAX = 2000;

export const ZNoteSubjectType = z.enum(['USER', 'BOOKING', 'VEHICLE']);
export type NoteSubjectType = z.infer<typeof ZNoteSubjectType>;

export const ZContactChannel = z.enum(['PHONE', 'EMAIL', 'CHAT', 'OTHER']);
export type ContactChannel = z.infer<typeof ZContactChannel>;
/** The reason catalogue of a logged contact. */
export const ZContactReason = z.enum(['BILLING_QUESTION', 'DAMAGE_REPORT', 'CANT_UNLOCK', 'PARKING_FINE', 'ACCOUNT', 'OTHER']);
export type ContactReason = z.infer<typeof ZContactReason>;
export const ZContactStatus = z.enum(['OPEN', 'RESOLVED']);
export type ContactStatus = z.infer<typeof ZContactStatus>;

/** Control characters other than tab and line breaks (NUL is refused earlier by the input guard). */
const hasControlCharacter = (value: string) =>
  [...value].some((c) => {
    const code = c.charCodeAt(0);
    if (code === 0x09 || code === 0x0a || code === 0x0d) return false;
    return code < 0x20 || code === 0x7f;
  });

const noteText = z
  .string({ error: MESSAGES.required })
  .max(NOTE_TEXT_MAX, { error: `Maximum characters ${NOTE_TEXT_MAX}` })
  .refine((v) => !hasControlCharacter(v), { error: MESSAGES.invalid });

/** A note's text: trimmed, 1 to NOTE_TEXT_MAX characters. */
export const ZNoteText = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required, abort: true }).pipe(noteText),
);

/** An optional note (a contact's): trimmed; blank or null is no note. */
const ZOptionalNote = z.preprocess((v) => (typeof v === 'string' ? v.trim() || null : v), noteText.nullable().optional());

/** A subject key: the user name, bid or VIN as typed (trimmed). */
const ZSubjectId = z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required }).max(100, { error: 'Maximum characters 100' });

export const ZNote = z
  .object({
    id: z.number().int(),
    subjectType: ZNoteSubjectType,
    /** The user name, bid or VIN. */
    subjectId: z.string(),
    text: z.string(),
    pinned: z.boolean(),
    createdBy: z.string(),
    createdAt: ZIsoDateTime,
    updatedBy: z.string().nullable(),
    updatedAt: ZIsoDateTime.nullable(),
  })
  .meta({ id: 'Note', description: 'An internal note of staff on a user, a booking or a vehicle' });
export type Note = z.infer<typeof ZNote>;

const booleanQuery = z.preprocess((v) => (v === undefined || v === '' ? undefined : v === true || v === 'true' || v === '1'), z.boolean().optional());

export const ZNoteListQuery = z.object({
  subjectType: ZNoteSubjectType,
  subjectId: ZSubjectId,
  /** true: the pinned notes only (the banners). */
  pinned: booleanQuery,
});
export type NoteListQuery = z.infer<typeof ZNoteListQuery>;
export const ZNoteListResponse = z.array(ZNote);
export type NoteListResponse = z.infer<typeof ZNoteListResponse>;

export const ZNoteCreateRequest = z.object({
  subjectType: ZNoteSubjectType,
  subjectId: ZSubjectId,
  text: ZNoteText,
  pinned: z.boolean().optional(),
});
export type NoteCreateRequest = z.infer<typeof ZNoteCreateRequest>;

/** Either or both; an empty body changes nothing (200). */
export const ZNoteUpdateRequest = z.object({ text: ZNoteText.optional(), pinned: z.boolean().optional() });
export type NoteUpdateRequest = z.infer<typeof ZNoteUpdateRequest>;

export const ZNoteParams = z.object({ id: ZIntIdParam });

/**
 * The action a resolved contact was resolved with (issue 18 point 3): an event of the customer's of timeline kind
 * `payment` (credit, fee, fee removal, refund… a PAYMENT_ACTION) or `command` (a REMOTE_COMMAND). Its text is given as
 * the event log's text parts so the web renders it in the reader's language.
 */
export const CONTACT_RESOLUTION_KINDS = ['payment', 'command'] as const;
export const ZContactResolution = z
  .object({
    /** The event's id in the event log. */
    eventId: z.string(),
    occurred: ZIsoDateTime,
    kind: z.enum(CONTACT_RESOLUTION_KINDS),
    type: ZEventType,
    textParts: z.array(ZEventTextPart),
    /** The same text in English. */
    displayText: z.string(),
    bid: z.string().nullable(),
    orderId: z.string().nullable(),
  })
  .meta({ id: 'ContactResolution', description: 'The action (payment action or remote command) a contact was resolved with' });
export type ContactResolution = z.infer<typeof ZContactResolution>;

export const ZContact = z
  .object({
    id: z.number().int(),
    username: z.string(),
    customerName: z.string(),
    channel: ZContactChannel,
    reason: ZContactReason,
    bid: z.string().nullable(),
    vin: z.string().nullable(),
    registrationNumber: z.string().nullable(),
    note: z.string().nullable(),
    status: ZContactStatus,
    assignee: z.string().nullable(),
    createdBy: z.string(),
    createdAt: ZIsoDateTime,
    updatedBy: z.string().nullable(),
    updatedAt: ZIsoDateTime.nullable(),
    resolvedBy: z.string().nullable(),
    resolvedAt: ZIsoDateTime.nullable(),
    /** The action it was resolved with, if one was named; null otherwise (and always while OPEN). */
    resolvedWith: ZContactResolution.nullable(),
  })
  .meta({ id: 'Contact', description: 'A logged customer contact (a lightweight case record)' });
export type Contact = z.infer<typeof ZContact>;

/** An optional staff user name (assignee): blank or null is nobody. */
const ZOptionalAssignee = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : v),
  z.string().max(100, { error: 'Maximum characters 100' }).nullable().optional(),
);
const ZOptionalKey = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : v),
  z.string().max(40, { error: 'Maximum characters 40' }).nullable().optional(),
);

/**
 * A new contact. `bid` must be one of the customer's bookings (its vehicle is taken when `vin` is not given); `vin`
 * one of the operator's vehicles; `assignee` one of the operator's enabled staff (default: nobody). Status defaults to
 * OPEN; a contact logged as RESOLVED is resolved at once by its author.
 */
export const ZContactCreateRequest = z.object({
  channel: ZContactChannel,
  reason: ZContactReason,
  bid: ZOptionalKey,
  vin: ZOptionalKey,
  note: ZOptionalNote,
  status: ZContactStatus.optional(),
  assignee: ZOptionalAssignee,
});
export type ContactCreateRequest = z.infer<typeof ZContactCreateRequest>;

/** An event id (digits; a number is taken too); null or blank is none. */
const ZOptionalEventId = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' ? v.trim() || null : v),
  z
    .string({ error: MESSAGES.invalid })
    .regex(/^[1-9][0-9]{0,17}$/, { error: MESSAGES.invalid })
    .nullable()
    .optional(),
);

/**
 * Any of status, assignee, note, reason, channel, resolvedByEventId; an empty body changes nothing (200).
 * `resolvedByEventId` links the contact to the action that resolved it: with `status: RESOLVED` or on a resolved
 * contact, one of the customer's payment actions or remote commands of the operator (else 400 on the field); null
 * removes the link, and reopening removes it too.
 */
export const ZContactUpdateRequest = z.object({
  status: ZContactStatus.optional(),
  resolvedByEventId: ZOptionalEventId,
  assignee: ZOptionalAssignee,
  note: ZOptionalNote,
  reason: ZContactReason.optional(),
  channel: ZContactChannel.optional(),
});
export type ContactUpdateRequest = z.infer<typeof ZContactUpdateRequest>;

export const ZContactParams = z.object({ id: ZIntIdParam });

export const CONTACT_LIST_MAX = 200;
export const ZContactListQuery = z.object({
  status: z.preprocess(emptyToUndefined, ZContactStatus.optional()),
  /** A staff user name: that member's contacts. */
  assignee: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).optional()),
  /** A customer's user name: that customer's contacts. */
  username: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).optional()),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(CONTACT_LIST_MAX).default(50)),
});
export type ContactListQuery = z.infer<typeof ZContactListQuery>;
export const ZContactListResponse = z.array(ZContact);
export type ContactListResponse = z.infer<typeof ZContactListResponse>;

export const ZContactAssignee = z.object({ username: z.string(), name: z.string() });
export const ZContactAssigneesResponse = z.array(ZContactAssignee);
export type ContactAssignee = z.infer<typeof ZContactAssignee>;
