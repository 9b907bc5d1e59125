import { z } from 'zod';
import { ZIsoDateTime } from '../entities.ts';
import { ZAlarmCategory, ZAlarmState, ZEventRole, ZPaymentType, ZUserStatus } from '../enums.ts';
import { MESSAGES } from '../messages.ts';
import { EVENT_SEARCH_LAST_HOURS_MAX } from '../rules/event-search.ts';
import { ZIntIdParam } from '../safe-input.ts';
import { EVENT_TYPE_GROUPS, PAYMENT_SEARCH_STATUSES } from '../values.ts';
import { ZCompanyUsersSortDirection, ZCompanyUsersSortField } from './companies.ts';

/**
 * Saved views as work queues (issue 19 point 3; docs/decisions/0071-saved-views.md): a list screen's search params
 * (filters, sort, columns: what its URL holds) kept under a name by a staff member, private or shared with the
 * operator's staff. Shared views are the team's queues in the side menu, with a live count. Built-in views (no owner,
 * always shared) are kept for every operator.
 *
 * - GET    /api/views             → ZSavedViewListResponse (my views and the shared views of my operator)
 * - POST   /api/views             ZSavedViewCreateRequest → 201 ZSavedView
 * - PATCH  /api/views/{id}        ZSavedViewUpdateRequest → ZSavedView (name, params, shared)
 * - DELETE /api/views/{id}                               → 204
 * - GET    /api/views/{id}/count                         → ZSavedViewCount (records the filters match now)
 *
 * Another operator's view, and another staff member's private view, answer 404. Only the owner changes or deletes a
 * view (an admin too, for a shared one); built-in views are changed by nobody (403).
 */

export const SAVED_VIEW_SCREENS = ['support', 'users', 'payments', 'alarms', 'eventLog', 'activeBookings', 'companyUsers'] as const;
export const ZSavedViewScreen = z.enum(SAVED_VIEW_SCREENS);
export type SavedViewScreen = z.infer<typeof ZSavedViewScreen>;

export const SAVED_VIEW_NAME_MAX = 80;
/** Views a staff member may own (their own, not counting the built-in and others' shared ones). */
export const SAVED_VIEWS_PER_OWNER_MAX = 100;

const text = (max: number) => z.string().trim().min(1).max(max).optional();
/** A comma-separated list of known values, as the screens keep it in the URL. */
const csvOf = (known: readonly string[]) =>
  z
    .string()
    .max(400)
    .refine((v) => v === '' || v.split(',').every((item) => known.includes(item)), { error: MESSAGES.invalid })
    .optional();
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();

/** The search params of each screen, as its URL keeps them (unknown keys are dropped). */
export const SAVED_VIEW_PARAMS = {
  support: z.object({ search: text(200), mobilePhone: text(40), user: text(200) }),
  users: z.object({
    query: text(200),
    mobilePhone: text(40),
    username: text(200),
    /** Comma-separated user statuses; alone it is a search too (e.g. AWAITING_APPROVAL). */
    status: csvOf(ZUserStatus.options),
    tab: z.enum(['suspicious', 'deletion']).optional(),
    pageSize: z.number().int().min(1).max(50).optional(),
  }),
  payments: z.object({
    status: csvOf(PAYMENT_SEARCH_STATUSES),
    type: ZPaymentType.optional(),
    from: day,
    to: day,
    search: text(40),
    user: text(200),
    /** Payments made more than this many days ago (the date range's default is not applied then). */
    olderThanDays: z.number().int().min(1).max(3650).optional(),
  }),
  alarms: z.object({ state: ZAlarmState.optional(), category: ZAlarmCategory.optional(), vin: text(40), bid: text(40) }),
  eventLog: z.object({
    vin: text(40),
    bid: text(40),
    user: text(200),
    role: ZEventRole.optional(),
    groups: csvOf(EVENT_TYPE_GROUPS),
    startDate: ZIsoDateTime.optional(),
    endDate: ZIsoDateTime.optional(),
    /** A relative period: the last this many hours when the view is opened or counted (not frozen when saved). */
    lastHours: z.number().int().min(1).max(EVENT_SEARCH_LAST_HOURS_MAX).optional(),
    /** Only the remote commands that failed or timed out; such a view needs no subject. */
    failedCommands: z.literal(true).optional(),
    view: z.literal('full').optional(),
    pageSize: z.number().int().min(1).max(100).optional(),
  }),
  activeBookings: z.object({
    q: text(200),
    sort: text(40),
    dir: z.enum(['asc', 'desc']).optional(),
    /** Only the bookings past their end. */
    overdue: z.literal(true).optional(),
  }),
  companyUsers: z.object({
    companyId: ZIntIdParam,
    status: z.array(ZUserStatus).max(20).optional(),
    sort: ZCompanyUsersSortField.optional(),
    direction: ZCompanyUsersSortDirection.optional(),
    pageSize: z.number().int().min(1).max(100).optional(),
  }),
} as const satisfies Record<SavedViewScreen, z.ZodType>;

export type SavedViewParams = { [S in SavedViewScreen]: z.infer<(typeof SAVED_VIEW_PARAMS)[S]> };

/** The params of a screen, validated; the issues carry `params.<key>` paths. */
export const parseSavedViewParams = (screen: SavedViewScreen, params: unknown) => SAVED_VIEW_PARAMS[screen].safeParse(params);

export const ZSavedViewName = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: MESSAGES.required })
    .min(1, { error: MESSAGES.required })
    .max(SAVED_VIEW_NAME_MAX, { error: `Maximum characters ${SAVED_VIEW_NAME_MAX}` }),
);

/** The built-in views every operator has (their names are translated by key in the web). */
export const SAVED_VIEW_BUILT_IN_KEYS = [
  'overdue-bookings',
  'unhandled-alarms',
  'awaiting-approval',
  'suspicious-registrations',
  'unpaid-invoices-14d',
  'failed-commands-24h',
] as const;
export type SavedViewBuiltInKey = (typeof SAVED_VIEW_BUILT_IN_KEYS)[number];

export const ZSavedView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    screen: ZSavedViewScreen,
    params: z.record(z.string(), z.unknown()),
    shared: z.boolean(),
    builtIn: z.boolean(),
    /** A built-in view's key (its name is translated by it); null otherwise. */
    builtInKey: z.enum(SAVED_VIEW_BUILT_IN_KEYS).nullable(),
    /** The owner's user name; null for a built-in view. */
    owner: z.string().nullable(),
    /** Whether the session may rename, change or delete it. */
    editable: z.boolean(),
    createdAt: ZIsoDateTime,
    updatedAt: ZIsoDateTime.nullable(),
  })
  .meta({ id: 'SavedView', description: "A list screen's saved filters, sort and columns (a work queue when shared)" });
export type SavedView = z.infer<typeof ZSavedView>;
export const ZSavedViewListResponse = z.array(ZSavedView);

export const ZSavedViewCreateRequest = z.object({
  name: ZSavedViewName,
  screen: ZSavedViewScreen,
  params: z.record(z.string(), z.unknown()),
  shared: z.boolean().optional(),
});
export type SavedViewCreateRequest = z.infer<typeof ZSavedViewCreateRequest>;

/** Any of name, params (of the view's screen), shared; an empty body changes nothing. */
export const ZSavedViewUpdateRequest = z.object({
  name: ZSavedViewName.optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  shared: z.boolean().optional(),
});
export type SavedViewUpdateRequest = z.infer<typeof ZSavedViewUpdateRequest>;

export const ZSavedViewParams = z.object({ id: ZIntIdParam });

export const ZSavedViewCount = z.object({
  id: z.number().int(),
  /** The records the view's filters match now (the screen's own search). */
  count: z.number().int(),
  /** True when the screen's search stops counting at its cap (the count is then a lower bound). */
  capped: z.boolean(),
  countedAt: ZIsoDateTime,
});
export type SavedViewCount = z.infer<typeof ZSavedViewCount>;
