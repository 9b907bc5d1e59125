import {
  CUSTOMER_TIMELINE_RULES,
  customerTimelineKindOf,
  type CustomerTimelineEntry,
  type CustomerTimelineKind,
  type CustomerTimelineQuery,
  type CustomerTimelineResponse,
} from '@fleetdesk/contract';
import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, vehicles } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';
import { decodeCursor, encodeCursor } from './service.ts';

/**
 * The customer timeline (issue 18 point 1; docs/decisions/0062-customer-timeline.md): the events whose affected user
 * is the customer, of a timeline kind, newest first, keyset-paged on (occurred, id). The kind is decided by the
 * contract's rule list: in SQL (from the same list) to filter, and by `customerTimelineKindOf` for each answer row.
 * One query for the page (which takes the vehicle's registration along), after the caller's lookup of the user.
 */

const firstTextId = sql`coalesce(${events.textParts}->0->>'id', '')`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The contract's rule list as one SQL CASE over the events row: the kind, or NULL when it is not on a timeline. */
export function timelineKindSql(): SQL<CustomerTimelineKind | null> {
  const branches = CUSTOMER_TIMELINE_RULES.map((rule) => {
    const conditions: SQL[] = [sql`true`];
    if (rule.type !== undefined) conditions.push(sql`${events.type} = ${rule.type}`);
    if (rule.textIds !== undefined)
      conditions.push(
        sql`${firstTextId} in (${sql.join(
          rule.textIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    if (rule.textPrefix !== undefined) conditions.push(sql`${firstTextId} like ${`${escapeLike(rule.textPrefix)}%`}`);
    return sql`when ${sql.join(conditions, sql` and `)} then ${rule.kind}`;
  });
  return sql<CustomerTimelineKind | null>`(case ${sql.join(branches, sql` `)} else null end)`;
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);

/** `username` is the stored spelling of one of the actor's operator's users (the caller has looked it up). */
export async function customerTimeline(db: Db, actor: Actor, username: string, q: CustomerTimelineQuery): Promise<CustomerTimelineResponse> {
  const user = { username };
  const kind = timelineKindSql();
  const where: SQL[] = [eq(events.fleetId, actor.fleet), eq(events.affectedUsername, user.username)];
  where.push(
    q.kind?.length
      ? sql`${kind} in (${sql.join(
          [...new Set(q.kind)].map((k) => sql`${k}`),
          sql`, `,
        )})`
      : sql`${kind} is not null`,
  );
  if (q.bid) where.push(eq(events.bid, q.bid.toUpperCase()));
  if (q.from) where.push(gte(events.occurred, new Date(q.from)));
  if (q.to) where.push(lte(events.occurred, new Date(q.to)));
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    const t = new Date(c.t);
    where.push(or(lt(events.occurred, t), and(eq(events.occurred, t), lt(events.id, c.id)))!);
  }
  const rows = await db
    .select({
      id: events.id,
      occurred: events.occurred,
      type: events.type,
      textParts: events.textParts,
      displayText: events.displayText,
      actingUsername: events.actingUsername,
      bid: events.bid,
      vin: events.vin,
      properties: events.properties,
      registrationNumber: vehicles.registrationNumber,
    })
    .from(events)
    .leftJoin(vehicles, and(eq(vehicles.vin, events.vin), eq(vehicles.fleetId, events.fleetId)))
    .where(and(...where))
    .orderBy(desc(events.occurred), desc(events.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const results = page.flatMap((row): CustomerTimelineEntry[] => {
    const entryKind = customerTimelineKindOf(row.type, row.textParts[0]?.id);
    if (entryKind === null) return [];
    const params = (row.textParts[0]?.params ?? {}) as Record<string, unknown>;
    return [
      {
        id: String(row.id),
        occurred: row.occurred.toISOString(),
        kind: entryKind,
        type: row.type,
        textParts: row.textParts,
        displayText: row.displayText,
        actingUsername: row.actingUsername,
        bid: row.bid,
        vin: row.vin,
        registrationNumber: row.registrationNumber,
        orderId: text(row.properties.orderId) ?? text(params.orderId),
        noteId: int(row.properties.noteId),
        contactId: int(row.properties.contactId),
      },
    ];
  });
  return {
    username: user.username,
    results,
    nextCursor: rows.length > q.limit && last ? encodeCursor({ t: last.occurred.toISOString(), id: last.id }) : null,
  };
}
