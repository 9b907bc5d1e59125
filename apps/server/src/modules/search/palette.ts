import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { PALETTE_PER_KIND, type PaletteItem, type PaletteQuery, type PaletteResponse } from '@fleetdesk/contract';
import type { Db } from '../../db/client.ts';
import { bookings, companies, payments, pools } from '../../db/schema.ts';
import { escapeLike } from '../../lib/search-terms.ts';
import type { Actor } from '../auth/index.ts';
import { supportSearch } from './service.ts';

const path = (base: string, ...segments: string[]) => [base, ...segments.map(encodeURIComponent)].join('/');
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * The command palette's hits (issue 19 point 1; docs/decisions/0067-command-palette.md): the support search's users,
 * bookings and vehicles, then the operator's pools and companies whose name (or the pool's city) contains the phrase,
 * and payments whose order id starts with it. At most PALETTE_PER_KIND of each, in that order; all of the operator.
 */
export async function searchPalette(db: Db, actor: Actor, q: PaletteQuery, now = new Date()): Promise<PaletteResponse> {
  const phrase = (q.q ?? '').trim().replace(/\s+/g, ' ');
  const contains = `%${escapeLike(phrase)}%`;
  const prefix = `${escapeLike(phrase.toUpperCase())}%`;
  const [found, poolRows, companyRows, paymentRows] = await Promise.all([
    supportSearch(db, actor, { search: phrase }, now),
    db
      .select({ id: pools.id, name: pools.name, city: pools.city })
      .from(pools)
      .where(and(eq(pools.fleetId, actor.fleet), or(ilike(pools.name, contains), ilike(pools.city, contains))))
      .orderBy(asc(pools.city), asc(pools.name))
      .limit(PALETTE_PER_KIND),
    db
      .select({ id: companies.id, name: companies.name, type: companies.type })
      .from(companies)
      .where(and(eq(companies.fleetId, actor.fleet), ilike(companies.name, contains)))
      .orderBy(asc(companies.name))
      .limit(PALETTE_PER_KIND),
    db
      .select({ orderId: payments.orderId, type: payments.type, status: payments.status, bid: bookings.bid })
      .from(payments)
      .leftJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(eq(payments.fleetId, actor.fleet), sql`upper(${payments.orderId}) like ${prefix}`))
      .orderBy(asc(payments.orderId))
      .limit(PALETTE_PER_KIND),
  ]);

  const items: PaletteItem[] = [];
  for (const user of found.users.results.slice(0, PALETTE_PER_KIND)) {
    items.push({
      kind: 'USER',
      key: user.username,
      title: `${user.familyName}, ${user.givenName}`,
      subtitle: user.username,
      href: path('/users', user.username),
    });
  }
  const bookingHits = [...found.bookings.active.results, ...found.bookings.future.results, ...found.bookings.historic.results];
  for (const booking of bookingHits.slice(0, PALETTE_PER_KIND)) {
    items.push({
      kind: 'BOOKING',
      key: booking.bid,
      title: booking.bid,
      subtitle: [booking.user?.fullNameLastFirst, booking.vehicle?.registrationNumber, booking.fromLocation.pool].filter(Boolean).join(' · ') || null,
      href: path('/booking', booking.bid),
    });
  }
  for (const vehicle of found.vehicles.results.slice(0, PALETTE_PER_KIND)) {
    items.push({
      kind: 'VEHICLE',
      key: vehicle.vin,
      title: vehicle.registrationNumber,
      subtitle: vehicle.longPresentation,
      href: path('/vehicles', vehicle.vin),
    });
  }
  for (const pool of poolRows) {
    items.push({
      kind: 'POOL',
      key: String(pool.id),
      title: pool.name,
      subtitle: pool.city,
      href: `/pools?${query({ city: pool.city, pool: pool.name })}`,
    });
  }
  for (const company of companyRows) {
    items.push({
      kind: 'COMPANY',
      key: String(company.id),
      title: company.name,
      subtitle: company.type,
      href: path('/companies', String(company.id)),
    });
  }
  for (const payment of paymentRows) {
    items.push({
      kind: 'PAYMENT',
      key: payment.orderId,
      title: payment.orderId,
      subtitle: [payment.bid, payment.type, payment.status].filter(Boolean).join(' · '),
      href: `/payments?${query({ order: payment.orderId })}`,
    });
  }
  return { items };
}
