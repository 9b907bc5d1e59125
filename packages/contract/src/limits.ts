/** Business constants and limits of spec §9 (and the few of §4/§5 that are numbers). */
export const TOKEN_REFRESH_BEFORE_EXPIRY_MS = 300_000;
export const MAX_TIMER_DELAY_MS = 2_147_483_647;
/** Session lifetime chosen by the server (docs/decisions/0003-sessions.md). */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export const BID_PATTERN = /^BID\d{10,}$/;
export const BID_SEARCH_PATTERN = /^\s*BID\d{10,}\s*$/i;
export const PIN_PATTERN = /^\d{4}$/;
export const PHONE_PATTERN = /^\+\d{6,21}$/;
export const SWEDISH_IDENTITY_PATTERN = /^\d{4}(0\d|1[0-2])\d{2}[-+]?\d{4}$/;
export const NORWEGIAN_IDENTITY_PATTERN = /^(0[1-9]|[12]\d|3[01])(0[1-9]|1[0-2])\d{2}\d{5}$/;

export const SEARCH_PAGE_SIZE = 10;
export const OPERATOR_USER_SEARCH_PAGE_SIZES = [5, 20] as const;
export const COMPANY_USERS_PAGE_SIZE_OPTIONS = [10, 25, 50] as const;
export const COMPANY_USERS_DEFAULT_PAGE_SIZE = 25;
export const BOOKINGS_LIST_PAGE_SIZE_OPTIONS = [10, 25, 50] as const;
export const BOOKINGS_LIST_DEFAULT_PAGE_SIZE = 10;
export const USER_SEARCH_PAGE_SIZE_OPTIONS = [5, 10, 25] as const;
export const BOOKING_SEARCH_SUBLIST_PAGE_SIZE = 5;
export const BOOKING_EVENTS_PAGE_SIZE = 10;
export const EVENT_LOG_PAGE_SIZE = 50;
export const EVENT_LOG_MAX_PAGE_SIZE = 200;
export const DISPLAYED_TOTAL_CAP = 10_000;

export const POOL_UPCOMING_LOOKBACK_MS = 60 * 60 * 1000;
export const POOL_REFRESH_EXTENSION_MS = 5 * 60 * 60 * 1000;
export const POOL_TIMELINE_DEFAULT_BEFORE_MS = 5 * 60 * 60 * 1000;
export const POOL_TIMELINE_DEFAULT_AFTER_MS = 19 * 60 * 60 * 1000;
export const BOOKING_FORM_WINDOW_BEFORE_MS = 3 * 60 * 60 * 1000;
export const BOOKING_FORM_WINDOW_AFTER_MS = 24 * 60 * 60 * 1000;
export const VEHICLE_EVENTS_DEFAULT_MS = 24 * 60 * 60 * 1000;
export const VEHICLE_TIMELINE_WINDOW_MS = 24 * 60 * 60 * 1000;
export const VEHICLE_BOOKINGS_INITIAL_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
export const VEHICLE_BOOKINGS_REFRESH_WINDOW_MS = 5 * 60 * 60 * 1000;
export const EVENT_LOG_FROM_BOOKING_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;
export const PAYMENT_HISTORY_MONTHS = 12;

export const TIMELINE_ZOOM_MIN_MS = 2 * 60 * 60 * 1000;
export const TIMELINE_ZOOM_MAX_MS = 7 * 24 * 60 * 60 * 1000;
export const TIMELINE_STEP_MS = 15 * 60 * 1000;
export const TIMELINE_ZOOM_DAYS = [1, 3, 7] as const;

export const DATA_REFRESH_MS = 30_000;
export const VEHICLE_STATUS_POLL_MS = 30_000;
export const ALARMS_POLL_MS = 30_000;
export const ACTIVE_BOOKINGS_POLL_MS = 60_000;
export const PAYMENT_AUTH_POLL_MS = 5_000;
export const PAYMENT_AUTH_TIMEOUT_MS = 180_000;
export const CHARGING_PIN_COUNTDOWN_MS = 1_000;
export const CHARGING_PIN_SYNC_MS = 3_000;
export const APPROVAL_SUCCESS_CLOSE_MS = 3_000;

export const NOTIFY_SUCCESS_MS = 3_000;
export const NOTIFY_INFO_MS = 3_000;
export const NOTIFY_WARNING_MS = 10_000;
export const POOL_BOOKING_TOAST_MS = 5_000;

export const DAMAGE_DESCRIPTION_MAX = 80;
/** Largest damage photo the server accepts (the form checks it before uploading). */
export const DAMAGE_IMAGE_MAX_MB = 10;
/** At most this many VINs per GET /api/vehicles/statusFor (the web polls in batches of this size). */
export const STATUS_FOR_MAX_VINS = 100;
export const PUBLIC_COMMENT_MAX = 100;
export const HUMANIZE_DURATION_OVER_MS = 3 * 24 * 60 * 60 * 1000;
/** A booking of this many days or more always violates a scheduled (Mon–Fri window) rule. */
export const SCHEDULED_RULE_MAX_DAYS = 4;
export const EXTENSION_MINUTES = [15, 30, 60] as const;
export const DEFAULT_ESTIMATED_DISTANCE_KM = 25;
export const AMOUNT_DECIMALS = 2;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const DATE_TIME_SECONDS_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** §9 battery level colours. */
export type BatteryColour = 'green' | 'yellow' | 'red' | 'grey' | 'blue';
export function batteryColour(level: number | null | undefined, charging?: boolean | null): BatteryColour {
  if (charging) return 'blue';
  if (level === null || level === undefined || Number.isNaN(level)) return 'grey';
  if (level > 50) return 'green';
  if (level > 30) return 'yellow';
  return 'red';
}

/** Login rate limits (docs/decisions/0003-sessions.md). */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_ATTEMPTS_PER_IP = 30;
export const LOGIN_RATE_WINDOW_MS = 15 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** At most this many reset mails per user and hour; further requests get the same answer and no mail. */
export const PASSWORD_RESET_MAX_PER_HOUR = 3;
export const PASSWORD_MIN_LENGTH = 10;

/**
 * The header the console sends (value `1`) on reads it makes on its own while nobody touches the tab (polling): the
 * server authenticates them but does not count them as use of the session (the idle limit, SESSION_IDLE_MINUTES).
 */
export const BACKGROUND_REQUEST_HEADER = 'X-Fleetdesk-Background';
