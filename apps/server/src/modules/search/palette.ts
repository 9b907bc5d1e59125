import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { PALETTE_PER_KIND, type PaletteItem, type PaletteQuery, type PaletteResponse } from '@fleetdesk/contract';
import type { Db } from '../../db/client.ts';
import { bookings, companies, payments, pools } from '../../db/schema.ts';
import { escapeLike } from '../../lib/search-terms.ts';
import type { Actor } from '../auth/index.ts';
import { paletteSearch } from './service.ts';

const path = (base: string, ...segments: string[]) => [base, ...segments.map(encodeURIComponent)].join('/');
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * The command palette's hits (issue 19 point 1; docs/decisions/0067-command-palette.md): the support search's first
 * users, bookings and vehicles (paletteSearch: without its other operators' counts), then the operator's pools and
 * companies whose name (or the pool's city) contains the phrase, and payments whose order id starts with it. At most
 * PALETTE_PER_KIND of each, in that order; all of the operator. Types and statuses go as codes, for the web to
 * translate.
 */
export async function searchPalette(db: Db, actor: Actor, q: PaletteQuery, now = new Date()): Promise<PaletteResponse> {
  const phrase = (q.q ?? '').trim().replace(/\s+/g, ' ');
  const contains = `%${escapeLike(phrase)}%`;
  const prefix = `${escapeLike(phrase.toUpperCase())}%`;
  const [found, poolRows, companyRows, paymentRows] = await Promise.all([
    paletteSearch(db, actor, { search: phrase }, PALETTE_PER_KIND, now),
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
  for (const user of found.users) {
    items.push({
      kind: 'USER',
      key: user.username,
      title: `${user.familyName}, ${user.givenName}`,
      username: user.username,
      href: path('/users', user.username),
    });
  }
  for (const booking of found.bookings) {
    items.push({
      kind: 'BOOKING',
      key: booking.bid,
      title: booking.bid,
      customer: booking.user?.fullNameLastFirst ?? null,
      registrationNumber: booking.vehicle?.registrationNumber ?? null,
      pool: booking.fromLocation.pool,
      href: path('/booking', booking.bid),
    });
  }
  for (const vehicle of found.vehicles) {
    items.push({
      kind: 'VEHICLE',
      key: vehicle.vin,
      title: vehicle.registrationNumber,
      longPresentation: vehicle.longPresentation,
      href: path('/vehicles', vehicle.vin),
    });
  }
  for (const pool of poolRows) {
    items.push({
      kind: 'POOL',
      key: String(pool.id),
      title: pool.name,
      city: pool.city,
      href: `/pools?${query({ city: pool.city, pool: pool.name })}`,
    });
  }
  for (const company of companyRows) {
    items.push({
      kind: 'COMPANY',
      key: String(company.id),
      title: company.name,
      companyType: company.type,
      href: path('/companies', String(company.id)),
    });
  }
  for (const payment of paymentRows) {
    items.push({
      kind: 'PAYMENT',
      key: payment.orderId,
      title: payment.orderId,
      bid: payment.bid,
      paymentType: payment.type,
      status: payment.status,
      href: `/payments?${query({ order: payment.orderId })}`,
    });
  }
  return { items };
}
