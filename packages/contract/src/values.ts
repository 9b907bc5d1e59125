import type { PaymentStatus } from './enums.ts';

/**
 * The value lists of the enumerations that the console's first load needs (route search parameters, the language
 * menu, the fleet map's markers), kept free of zod: a zod schema in a module brings the whole of zod with it, and the
 * login page must not download it (issue 15; docs/decisions/0043-fast-first-load.md). The zod enums of enums.ts and
 * the api modules are built from these lists, so each list is written once.
 */

export const LANGUAGES = ['de', 'en-GB', 'nb', 'sv'] as const;
/** The console's language when nothing else names one (and the English of the server's own texts). */
export const DEFAULT_LANGUAGE = 'en-GB' satisfies (typeof LANGUAGES)[number];
/** One of the console's four languages (a person's record may hold another code: docs/decisions/0082). */
export const isLanguage = (value: unknown): value is (typeof LANGUAGES)[number] =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
export const VEHICLE_CATEGORIES = ['CAR', 'TRANSPORT_VEHICLE', 'BIKE', 'CARGO_BIKE', 'SCOOTER', 'OTHER'] as const;
export const ALARM_STATES = ['TRIGGERED', 'HANDLED'] as const;
export const ALARM_CATEGORIES = ['VEHICLE', 'BOOKING', 'PAYMENT', 'OTHER'] as const;
export const USER_STATUSES = [
  'ACTIVE',
  'APPROVED',
  'PENDING',
  'PENDING_OLD',
  'PENDING_APPROVAL',
  'AWAITING_APPROVAL',
  'AWAITING_CONFIRMATION',
  'DELETION_REQUESTED',
  'BLOCKED',
] as const;
export const PAYMENT_TYPES = ['CREDITCARD', 'USER_INVOICE', 'INVOICE'] as const;
/** §4: the smaller set offered in payment searches. */
export const PAYMENT_SEARCH_STATUSES = [
  'ABANDONED',
  'NEEDS_AUTHORIZATION',
  'PAID',
  'RESERVED',
  'NO_CHARGE',
  'UNPAID',
] as const satisfies readonly PaymentStatus[];
/** §3 groups: Booking, Remote command, Vehicle, Payment, Heartbeat, User action, Bluetooth, Road toll, Other. */
export const EVENT_TYPE_GROUPS = [
  'BOOKING',
  'REMOTE_COMMAND',
  'VEHICLE',
  'PAYMENT',
  'HEARTBEAT',
  'USER_ACTION',
  'BLUETOOTH',
  'ROAD_TOLL',
  'OTHER',
] as const;
export const EVENT_ROLES = ['AFFECTED', 'ACTING', 'BOTH'] as const;
export const FLEET_MAP_STATUSES = ['ALARM', 'LOW_BATTERY', 'BOOKED', 'AVAILABLE'] as const;
export const COMPANY_USERS_SORT_FIELDS = [
  'applyDate',
  'username',
  'givenName',
  'familyName',
  'emailAddress',
  'mobilePhone',
  'status',
  'lastStatusChangeDate',
  'companyName',
] as const;
/** §9 toggling: desc, asc, none. `none` lists in user-name order (the table shows no sort arrow). */
export const COMPANY_USERS_SORT_DIRECTIONS = ['desc', 'asc', 'none'] as const;

/**
 * The console's colour scheme, a preference of each staff member kept on the server (GET/PATCH /api/me/preferences;
 * docs/decisions/0078-color-scheme-preference.md): `system` (the default) follows the browser's `prefers-color-scheme`.
 */
export const COLOR_SCHEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ColorSchemeChoice = (typeof COLOR_SCHEME_CHOICES)[number];
export const DEFAULT_COLOR_SCHEME: ColorSchemeChoice = 'system';

/** Whether a value is one of a list's values (a type guard for the lists above). */
export const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);
