import { z } from 'zod';
import { ZEventRole, ZEventType, ZEventTypeGroup } from '../enums.ts';
import { ZEventLogEntry, ZIsoDateTime } from '../entities.ts';
import { EVENT_LOG_MAX_PAGE_SIZE, EVENT_LOG_PAGE_SIZE } from '../limits.ts';
import { EVENT_SEARCH_LAST_HOURS_MAX, eventSearchIsRunnable } from '../rules/event-search.ts';

/** Query values may repeat (`groups=A&groups=B`) or be comma separated (`groups=A,B`). */
const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const arr = Array.isArray(v) ? v : [v];
    const flat = arr.flatMap((x) => (typeof x === 'string' ? x.split(',') : [x])).map((x) => (typeof x === 'string' ? x.trim() : x));
    const kept = flat.filter((x) => x !== '' && x !== null);
    return kept.length ? kept : undefined;
  }, z.array(item).optional());

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optText = z.preprocess(emptyToUndefined, z.string().trim().min(1).optional());
/** `true`/`false` (as the query string or JSON sends it); anything else is 400. */
const optFlag = z.preprocess((v) => {
  const given = emptyToUndefined(v);
  return given === 'true' ? true : given === 'false' ? false : given;
}, z.boolean().optional());

/**
 * GET /api/events: §7 filters and §5 rules. At least one of vin, bid or user is required, except for the
 * failed-commands search (`failedCommands=true`), which may run across the operator's vehicles: then the period may
 * span at most EVENT_SEARCH_UNSCOPED_MAX_DAYS (400 on `startDate`). Default period (plain API): from the start of
 * yesterday until now; `lastHours` instead asks for the last hours up to now (not with startDate/endDate: 400 on
 * `lastHours`). `role` applies to `user`.
 * Paging is keyset-backed: pass the `cursor` of the previous response to get the next page.
 */
export const ZEventSearchQuery = z
  .object({
    vin: optText,
    bid: optText,
    user: optText,
    actor: optText,
    role: z.preprocess(emptyToUndefined, ZEventRole.optional()),
    groups: listParam(ZEventTypeGroup),
    types: listParam(ZEventType),
    startDate: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
    endDate: z.preprocess(emptyToUndefined, ZIsoDateTime.optional()),
    /** The last this many hours up to the moment the search runs (a relative period; a saved view keeps it relative). */
    lastHours: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(EVENT_SEARCH_LAST_HOURS_MAX).optional()),
    /**
     * Only the remote commands that failed or timed out: the REMOTE_COMMAND events recording a command's FAILED answer
     * (docs/decisions/0071-saved-views.md). Needs no subject.
     */
    failedCommands: optFlag,
    pageSize: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(EVENT_LOG_MAX_PAGE_SIZE).default(EVENT_LOG_PAGE_SIZE)),
    cursor: optText,
    /**
     * Follow mode (issue 7): the `followCursor` of an earlier answer. The answer then lists only the events of the same
     * filters appended to the log after that answer, oldest first (startDate/endDate/cursor/order are not applied), up to
     * pageSize; poll it every few seconds with the newest `followCursor`. 400 for a malformed value.
     */
    after: optText,
    page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(0)),
    order: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).default('desc')),
  })
  .refine(eventSearchIsRunnable, { message: 'At least one of vin, bid or user is needed (or failedCommands=true)', path: ['vin'] });
export type EventSearchQuery = z.infer<typeof ZEventSearchQuery>;

export const ZEventSearchResponse = z.object({
  results: z.array(ZEventLogEntry),
  moreResults: z.boolean(),
  currentPage: z.number().int(),
  /** Opaque keyset cursor for the next page; null when there is none. */
  nextCursor: z.string().nullable(),
  /**
   * Follow mode: the log position this answer saw (every answer carries one). Send it back as `after` to get only the
   * events appended since; in follow answers it moves to the last event returned (or stays when none is new).
   * The server always sends it; optional in the schema only so that older recorded answers still parse.
   */
  followCursor: z.string().optional(),
});
export type EventSearchResponse = z.infer<typeof ZEventSearchResponse>;
