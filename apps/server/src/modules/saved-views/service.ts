import {
  eventText,
  eventSearchIsRunnable,
  eventSearchPeriodTooLong,
  EVENT_SEARCH_UNSCOPED_MAX_DAYS,
  fieldError,
  MESSAGE_IDS,
  parseSavedViewParams,
  SAVED_VIEWS_PER_OWNER_MAX,
  type SavedView,
  type SavedViewBuiltInKey,
  type SavedViewCount,
  type SavedViewCreateRequest,
  type SavedViewParams,
  type SavedViewScreen,
  type SavedViewUpdateRequest,
} from '@fleetdesk/contract';
import { and, asc, count, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedViews, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { RequestSession } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { countView } from './count.ts';

/**
 * Saved views (issue 19 point 3; docs/decisions/0071-saved-views.md). A view belongs to the session's operator; one of
 * another operator, or another staff member's private one, answers 404 like an unknown id. The owner changes and
 * deletes their view; an admin also another's shared view (the team's queues); built-in views are nobody's to change.
 * Each create, change and delete writes a USER_ACTION event on the acting staff member in the same transaction.
 */

const PG_INT_MAX = 2_147_483_647;
export const savedViewNotFound = () => AppError.notFound(MESSAGE_IDS.savedViewNotFound, 'savedViewNotFound');

/** The built-in views: each is a screen's own filters (docs/decisions/0071-saved-views.md). */
export const BUILT_IN_VIEWS: readonly { key: SavedViewBuiltInKey; name: string; screen: SavedViewScreen; params: Record<string, unknown> }[] = [
  {
    key: 'overdue-bookings',
    name: 'Overdue bookings',
    screen: 'activeBookings',
    params: { overdue: true } satisfies SavedViewParams['activeBookings'],
  },
  { key: 'unhandled-alarms', name: 'Unhandled alarms', screen: 'alarms', params: { state: 'TRIGGERED' } satisfies SavedViewParams['alarms'] },
  {
    key: 'awaiting-approval',
    name: 'Awaiting approval',
    screen: 'users',
    params: { status: 'AWAITING_APPROVAL' } satisfies SavedViewParams['users'],
  },
  {
    key: 'suspicious-registrations',
    name: 'Suspicious registrations',
    screen: 'users',
    params: { tab: 'suspicious' } satisfies SavedViewParams['users'],
  },
  {
    key: 'unpaid-invoices-14d',
    name: 'Unpaid invoices older than 14 days',
    screen: 'payments',
    params: { status: 'UNPAID', type: 'INVOICE', olderThanDays: 14 } satisfies SavedViewParams['payments'],
  },
  {
    key: 'failed-commands-24h',
    name: 'Failed commands in the last 24 h',
    screen: 'eventLog',
    params: { failedCommands: true, lastHours: 24 } satisfies SavedViewParams['eventLog'],
  },
];

/** Adds the built-in views the operator lacks (idempotent; run when its views are listed, so every operator has them). */
export async function ensureBuiltInViews(db: Db, fleet: string): Promise<void> {
  await db
    .insert(savedViews)
    .values(
      BUILT_IN_VIEWS.map((v) => ({
        fleetId: fleet,
        name: v.name,
        screen: v.screen,
        params: v.params,
        shared: true,
        builtIn: true,
        builtInKey: v.key,
      })),
    )
    .onConflictDoNothing({ target: [savedViews.fleetId, savedViews.builtInKey] });
}

type Row = typeof savedViews.$inferSelect & { owner: string | null };

const selectViews = (db: Db) =>
  db
    .select({
      id: savedViews.id,
      fleetId: savedViews.fleetId,
      ownerId: savedViews.ownerId,
      name: savedViews.name,
      screen: savedViews.screen,
      params: savedViews.params,
      shared: savedViews.shared,
      builtIn: savedViews.builtIn,
      builtInKey: savedViews.builtInKey,
      createdAt: savedViews.createdAt,
      updatedAt: savedViews.updatedAt,
      owner: users.username,
    })
    .from(savedViews)
    .leftJoin(users, eq(users.id, savedViews.ownerId));

const mayEdit = (actor: RequestSession, row: Row) => !row.builtIn && (row.ownerId === actor.userId || (row.shared && actor.role === 'ADMIN'));

function toSavedView(actor: RequestSession, row: Row): SavedView {
  return {
    id: row.id,
    name: row.name,
    screen: row.screen as SavedViewScreen,
    params: row.params,
    shared: row.shared,
    builtIn: row.builtIn,
    builtInKey: (row.builtInKey as SavedViewBuiltInKey | null) ?? null,
    owner: row.owner,
    editable: mayEdit(actor, row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** Mine, the shared ones of my operator, and the built-in ones. */
const visibleTo = (actor: RequestSession) =>
  and(eq(savedViews.fleetId, actor.fleet), or(eq(savedViews.shared, true), eq(savedViews.ownerId, actor.userId)));

async function findVisibleView(db: Db, actor: RequestSession, id: number): Promise<Row> {
  if (id > PG_INT_MAX) throw savedViewNotFound();
  const [row] = await selectViews(db)
    .where(and(eq(savedViews.id, id), visibleTo(actor)))
    .limit(1);
  if (!row) throw savedViewNotFound();
  return row;
}

async function findEditableView(db: Db, actor: RequestSession, id: number): Promise<Row> {
  const row = await findVisibleView(db, actor, id);
  if (!mayEdit(actor, row)) throw AppError.forbidden();
  return row;
}

/** The params validated against the screen's schema; field errors name `params.<key>`. */
function validParams(screen: SavedViewScreen, params: unknown): Record<string, unknown> {
  const parsed = parseSavedViewParams(screen, params);
  if (!parsed.success) {
    throw AppError.invalidInput(
      parsed.error.issues.map((issue) => ({ field: ['params', ...issue.path.map(String)].join('.'), message: issue.message })),
    );
  }
  const kept = Object.fromEntries(Object.entries(parsed.data as Record<string, unknown>).filter(([, v]) => v !== undefined));
  if (screen === 'eventLog') validEventLogParams(kept as SavedViewParams['eventLog']);
  if (screen === 'support' && !kept.search && !kept.mobilePhone && !kept.user) {
    throw AppError.invalidInput([{ field: 'params.search', message: 'Required' }]);
  }
  return kept;
}

/**
 * The event search's own rules (the contract's, as GET /api/events applies them): a subject or the failed-commands
 * filter; a relative period or dates, not both; without a subject a period of at most EVENT_SEARCH_UNSCOPED_MAX_DAYS
 * (a view without dates opens on the screen's default month, which is within it).
 */
function validEventLogParams(p: SavedViewParams['eventLog']): void {
  if (!eventSearchIsRunnable(p)) {
    throw AppError.invalidInput([{ field: 'params.vin', message: 'At least one of vin, bid or user is needed (or failedCommands)' }]);
  }
  if (p.lastHours !== undefined && (p.startDate || p.endDate)) throw AppError.invalidInput([fieldError('params.lastHours', 'lastHoursWithDates')]);
  if (p.startDate && p.endDate && eventSearchPeriodTooLong(p, Date.parse(p.startDate), Date.parse(p.endDate))) {
    throw AppError.invalidInput([fieldError('params.startDate', 'periodTooLongWithoutSubject', { days: EVENT_SEARCH_UNSCOPED_MAX_DAYS })]);
  }
}

const visibility = (shared: boolean) => (shared ? 'shared' : 'private');

/** GET /api/views: built-in first, then by name. */
export async function listViews(db: Db, actor: RequestSession): Promise<SavedView[]> {
  await ensureBuiltInViews(db, actor.fleet);
  const rows = await selectViews(db).where(visibleTo(actor)).orderBy(desc(savedViews.builtIn), asc(savedViews.name), asc(savedViews.id));
  return rows.map((row) => toSavedView(actor, row));
}

export async function createView(db: Db, actor: RequestSession, body: SavedViewCreateRequest, now = new Date()): Promise<SavedView> {
  const params = validParams(body.screen, body.params);
  const shared = body.shared ?? false;
  const [owned] = await db
    .select({ n: count() })
    .from(savedViews)
    .where(and(eq(savedViews.fleetId, actor.fleet), eq(savedViews.ownerId, actor.userId)));
  if ((owned?.n ?? 0) >= SAVED_VIEWS_PER_OWNER_MAX) {
    throw AppError.invalidInput([{ field: 'name', message: `At most ${SAVED_VIEWS_PER_OWNER_MAX} views per staff member` }]);
  }
  const id = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(savedViews)
      .values({ fleetId: actor.fleet, ownerId: actor.userId, name: body.name, screen: body.screen, params, shared, createdAt: now })
      .returning({ id: savedViews.id });
    if (!inserted) throw new Error('saved view insert returned no row');
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      occurred: now,
      text: eventText('savedViewCreated', { name: body.name, screen: body.screen, visibility: visibility(shared) }),
      properties: { savedViewId: inserted.id, action: 'SAVED_VIEW_CREATED', screen: body.screen, shared, params },
    });
    return inserted.id;
  });
  return toSavedView(actor, await findVisibleView(db, actor, id));
}

export async function updateView(db: Db, actor: RequestSession, id: number, body: SavedViewUpdateRequest, now = new Date()): Promise<SavedView> {
  const before = await findEditableView(db, actor, id);
  const screen = before.screen as SavedViewScreen;
  const next = {
    name: body.name ?? before.name,
    params: body.params === undefined ? before.params : validParams(screen, body.params),
    shared: body.shared ?? before.shared,
  };
  const changed = next.name !== before.name || next.shared !== before.shared || JSON.stringify(next.params) !== JSON.stringify(before.params);
  if (!changed) return toSavedView(actor, before);
  await db.transaction(async (tx) => {
    await tx
      .update(savedViews)
      .set({ ...next, updatedAt: now })
      .where(eq(savedViews.id, id));
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      occurred: now,
      text: eventText('savedViewUpdated', { name: next.name, screen, visibility: visibility(next.shared) }),
      properties: {
        savedViewId: id,
        action: 'SAVED_VIEW_UPDATED',
        screen,
        before: { name: before.name, shared: before.shared, params: before.params },
        after: next,
      },
    });
  });
  return toSavedView(actor, await findVisibleView(db, actor, id));
}

export async function deleteView(db: Db, actor: RequestSession, id: number, now = new Date()): Promise<void> {
  const before = await findEditableView(db, actor, id);
  await db.transaction(async (tx) => {
    await tx.delete(savedViews).where(eq(savedViews.id, id));
    await appendEvent(tx, actor, {
      type: 'USER_ACTION',
      occurred: now,
      text: eventText('savedViewDeleted', { name: before.name, screen: before.screen }),
      properties: { savedViewId: id, action: 'SAVED_VIEW_DELETED', screen: before.screen, shared: before.shared, params: before.params },
    });
  });
}

/** GET /api/views/{id}/count: what the view's screen would find now. */
export async function countSavedView(db: Db, actor: RequestSession, id: number, now = new Date()): Promise<SavedViewCount> {
  const row = await findVisibleView(db, actor, id);
  const counted = await countView(db, actor, row.screen as SavedViewScreen, row.params, now);
  return { id: row.id, ...counted, countedAt: now.toISOString() };
}
