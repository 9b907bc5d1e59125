import { z } from 'zod';
import { ZBookingState, ZUserStatus, ZVehicleCategory } from '../enums.ts';
import { ZIsoDateTime, ZVehicle } from '../entities.ts';
import { BOOKING_SEARCH_SUBLIST_PAGE_SIZE, SEARCH_PAGE_SIZE } from '../limits.ts';
import { emptyToUndefined, optText } from './query-params.ts';

/**
 * The combined support search (§2 /support; path not shown in the spec, so GET /api/search and its three
 * load-more siblings). `search` is the free text; `mobilePhone` and `user` are the two chips. At least one of
 * them is needed. Everything is scoped to the session's operator; other operators only show up as counts in
 * `otherFleets` (the hint), never with their data.
 */
export const ZSupportSearchQuery = z
  .object({
    search: optText(200),
    mobilePhone: optText(40),
    user: optText(200),
  })
  .refine((q) => q.search || q.mobilePhone || q.user, { message: 'Required', path: ['search'] });
export type SupportSearchQuery = z.infer<typeof ZSupportSearchQuery>;

const ZNoteSubjectRef = z.object({
  subjectType: z.enum(['USER', 'BOOKING', 'VEHICLE']),
  /** The user name, bid or VIN (the subject's page). */
  subjectId: z.string(),
});

/** An internal note whose text matches the phrase, with what it is about (docs/decisions/0061-notes-and-contacts.md). */
export const ZSearchNote = ZNoteSubjectRef.extend({
  id: z.number().int(),
  /** The subject as staff name it: "Family, Given" for a user, the registration for a vehicle, the bid for a booking. */
  subjectLabel: z.string(),
  text: z.string(),
  pinned: z.boolean(),
  createdBy: z.string(),
  createdAt: ZIsoDateTime,
});
export type SearchNote = z.infer<typeof ZSearchNote>;

/** A pinned note of one of the answer's hits: the collapsed hit shows it as a banner without a request of its own. */
export const ZSearchPinnedNote = ZNoteSubjectRef.extend({ text: z.string(), createdBy: z.string() });
export type SearchPinnedNote = z.infer<typeof ZSearchPinnedNote>;

/**
 * One page of a result list: keyset paging, `nextCursor` is opaque and null on the last page. A load-more page
 * (/api/search/users, /vehicles, /bookings) also carries the pinned notes of its hits; the first pages' are in the
 * combined answer's `pinnedNotes`.
 */
const page = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    moreResults: z.boolean(),
    nextCursor: z.string().nullable(),
    pinnedNotes: z.array(ZSearchPinnedNote).optional(),
  });

/** A user as a search hit. */
export const ZSearchUser = z.object({
  username: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  emailAddress: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  customerNumber: z.string().nullable(),
  status: ZUserStatus,
  companyName: z.string().nullable(),
  suspiciousRegistration: z.boolean(),
});
export type SearchUser = z.infer<typeof ZSearchUser>;

/** A booking as a search hit (the list row; the card loads the full booking). */
export const ZSearchBooking = z.object({
  bid: z.string(),
  state: ZBookingState,
  /** FUTURE, READY, REQUIRES_AUTH, ACTIVE, FINISHED, CANCELLED or ARCHIVED (§4), as on the booking card. */
  displayState: z.string(),
  user: z.object({ username: z.string(), fullNameLastFirst: z.string() }).nullable(),
  startTime: ZIsoDateTime,
  endTime: ZIsoDateTime,
  usageStart: ZIsoDateTime.nullable(),
  usageEnd: ZIsoDateTime.nullable(),
  fromLocation: z.object({ city: z.string(), pool: z.string(), poolId: z.number().int() }),
  vehicle: z.object({ vin: z.string(), registrationNumber: z.string(), longPresentation: z.string() }).nullable(),
  vehicleCategory: ZVehicleCategory,
});
export type SearchBooking = z.infer<typeof ZSearchBooking>;

/** Bookings grouped as §4: future (start ascending), active, historic (newest first); 5 per page each. */
export const ZBookingGroup = z.enum(['active', 'future', 'historic']);
export type BookingGroup = z.infer<typeof ZBookingGroup>;

/** The other-operator hint counts at most this many matches of each kind (a count of 100 reads "100 or more"). */
export const OTHER_FLEET_COUNT_CAP = 100;

/** A match count in another operator's fleet (the hint), with a link to that operator's console when known. */
export const ZOtherFleetHint = z.object({
  fleet: z.string(),
  fleetName: z.string(),
  vehicles: z.number().int(),
  users: z.number().int(),
  bookings: z.number().int(),
  /** The other operator's console search for the same phrase; null when the operator has no console URL. */
  link: z.string().nullable(),
});
export type OtherFleetHint = z.infer<typeof ZOtherFleetHint>;

export const ZSearchVehiclesPage = page(ZVehicle);
export const ZSearchUsersPage = page(ZSearchUser);
export const ZSearchBookingsPage = page(ZSearchBooking);

/** How many internal notes matching the phrase the support search lists (issue 18 point 2). */
export const SEARCH_NOTES_LIMIT = 5;

/** GET /api/search: first pages of every list plus the other-operator hint. */
export const ZSupportSearchResponse = z.object({
  vehicles: ZSearchVehiclesPage,
  bookings: z.object({ active: ZSearchBookingsPage, future: ZSearchBookingsPage, historic: ZSearchBookingsPage }),
  users: ZSearchUsersPage,
  otherFleets: z.array(ZOtherFleetHint),
  /** Notes whose text contains the phrase (three characters or more), pinned first, then newest; at most SEARCH_NOTES_LIMIT. */
  notes: z.array(ZSearchNote).default([]),
  /** The pinned notes of the users, vehicles and bookings in this answer, newest first. */
  pinnedNotes: z.array(ZSearchPinnedNote).default([]),
});
export type SupportSearchResponse = z.infer<typeof ZSupportSearchResponse>;

/** GET /api/search/vehicles and /api/search/users: the next page (page size 10, one extra row fetched). */
export const ZSearchPageQuery = z
  .object({
    search: optText(200),
    mobilePhone: optText(40),
    user: optText(200),
    cursor: optText(500),
    pageSize: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(50).default(SEARCH_PAGE_SIZE)),
  })
  .refine((q) => q.search || q.mobilePhone || q.user, { message: 'Required', path: ['search'] });
export type SearchPageQuery = z.infer<typeof ZSearchPageQuery>;

/** GET /api/search/bookings: the next page of one group (5 per page). */
export const ZSearchBookingsQuery = z
  .object({
    search: optText(200),
    mobilePhone: optText(40),
    user: optText(200),
    group: ZBookingGroup,
    cursor: optText(500),
    pageSize: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(50).default(BOOKING_SEARCH_SUBLIST_PAGE_SIZE)),
  })
  .refine((q) => q.search || q.mobilePhone || q.user, { message: 'Required', path: ['search'] });
export type SearchBookingsQuery = z.infer<typeof ZSearchBookingsQuery>;
