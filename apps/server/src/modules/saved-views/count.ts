import {
  DAY_MS,
  ZAlarmListQuery,
  ZCompanyUsersQuery,
  ZEventSearchQuery,
  ZPaymentsQuery,
  ZSupportSearchQuery,
  ZSuspiciousUsersQuery,
  ZUserSearchQuery,
  type SavedViewParams,
  type SavedViewScreen,
} from '@fleetdesk/contract';
import type { Db } from '../../db/client.ts';
import { listActiveBookings } from '../active-bookings/index.ts';
import { countAlarms } from '../alarms/index.ts';
import type { Actor } from '../auth/index.ts';
import { listCompanyUsers } from '../companies/index.ts';
import { countEvents } from '../events/index.ts';
import { listSuspiciousUsers } from '../identity/index.ts';
import { countPayments } from '../payments/index.ts';
import { supportSearch } from '../search/index.ts';
import { searchUsers } from '../users/index.ts';

/** The payments screen opens on the last 30 days when no date and no age is given (docs/decisions/0023). */
const PAYMENTS_DEFAULT_RANGE_DAYS = 30;

export interface ViewCount {
  count: number;
  capped: boolean;
}

/**
 * How many records a view's params match now: each screen's params become the query its screen sends, and that
 * screen's own search answers (its count function, or its list's total). No filter is written twice.
 */
export async function countView(db: Db, actor: Actor, screen: SavedViewScreen, raw: Record<string, unknown>, now: Date): Promise<ViewCount> {
  switch (screen) {
    case 'payments': {
      const p = raw as SavedViewParams['payments'];
      const undated = !p.from && !p.to && p.olderThanDays === undefined;
      const q = ZPaymentsQuery.parse({
        status: p.status,
        type: p.type,
        from: p.from ? `${p.from}T00:00:00.000Z` : undated ? new Date(now.getTime() - PAYMENTS_DEFAULT_RANGE_DAYS * DAY_MS).toISOString() : undefined,
        to: p.to ? `${p.to}T23:59:59.999Z` : undefined,
        search: p.search,
        user: p.user,
        olderThanDays: p.olderThanDays,
      });
      return { count: await countPayments(db, actor, q, now), capped: false };
    }
    case 'alarms': {
      const p = raw as SavedViewParams['alarms'];
      const q = ZAlarmListQuery.parse({ state: p.state, category: p.category, vin: p.vin, bid: p.bid });
      return { count: await countAlarms(db, actor, q), capped: false };
    }
    case 'activeBookings': {
      const p = raw as SavedViewParams['activeBookings'];
      // The screen's text filter runs in the browser over this list; a view counts the list the server sends.
      const answer = await listActiveBookings(db, actor, { overdue: p.overdue }, now);
      return { count: answer.results.length, capped: false };
    }
    case 'users': {
      const p = raw as SavedViewParams['users'];
      if (p.tab === 'suspicious') {
        const answer = await listSuspiciousUsers(db, actor, ZSuspiciousUsersQuery.parse({ pageSize: 1 }));
        return { count: answer.total, capped: false };
      }
      const parsed = ZUserSearchQuery.safeParse({
        query: p.query,
        mobilePhone: p.mobilePhone,
        username: p.username,
        status: p.status,
        pageSize: 1,
      });
      if (!parsed.success) return { count: 0, capped: false };
      const answer = await searchUsers(db, actor, parsed.data);
      return { count: answer.total, capped: answer.totalCapped };
    }
    case 'eventLog': {
      const p = raw as SavedViewParams['eventLog'];
      const parsed = ZEventSearchQuery.safeParse({ ...p, groups: p.groups, view: undefined, pageSize: undefined });
      if (!parsed.success) return { count: 0, capped: false };
      return { count: await countEvents(db, actor, parsed.data, now), capped: false };
    }
    case 'companyUsers': {
      const p = raw as SavedViewParams['companyUsers'];
      const q = ZCompanyUsersQuery.parse({ status: p.status, pageSize: p.pageSize });
      const answer = await listCompanyUsers(db, actor, p.companyId, q);
      return { count: answer.totalCount, capped: false };
    }
    case 'support': {
      const p = raw as SavedViewParams['support'];
      const parsed = ZSupportSearchQuery.safeParse(p);
      if (!parsed.success) return { count: 0, capped: false };
      const answer = await supportSearch(db, actor, parsed.data, now);
      const pages = [answer.users, answer.vehicles, answer.bookings.active, answer.bookings.future, answer.bookings.historic];
      // The support search answers first pages only: the count is what its first pages hold (capped: there is more).
      return { count: pages.reduce((n, page) => n + page.results.length, 0), capped: pages.some((page) => page.moreResults) };
    }
  }
}
