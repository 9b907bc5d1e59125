import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bookings, paymentEvents, payments, registeredCards, userContracts, users } from '../db/schema.ts';
import { CUSTOMER_PASSWORD } from './catalog.ts';
import { count, must, type FleetWorld, type SharedState } from './demo-world.ts';
import { priceSeedBooking } from './pricing.ts';
import { DAY, HOUR, MINUTE, isFree } from './random.ts';

/**
 * The declined-card customer (docs/demo-data.md, docs/decisions/0021-payments.md): `demo.declined` in fjord, Sigrid
 * Haugen, whose only card is the sandbox's declined test card `VISA **** 0002`, with a FINISHED booking whose card
 * payment is UNPAID — retrying it shows the card-declined message.
 *
 * Appended after everything else of the operator (the next BID and order number after the existing ones), and
 * drawing no random numbers, so that no other demo identifier moves.
 */
export const DECLINED_PERSONA = 'demo.declined';

export async function insertDeclinedCardCustomer(db: Db, w: FleetWorld, sh: SharedState): Promise<void> {
  const cat = w.cat;
  const base = w.base;
  const contract = must(
    [...w.contracts.values()].find((c) => c.spec.type === 'PRIVATE'),
    'private contract',
  );
  const company = must(
    [...w.companies.values()].find((c) => c.type === 'CONSUMER'),
    'consumer company',
  );
  const pool = must(w.poolByKey.get('toyen') ?? w.pools.find((p) => !p.disabled), 'pool');

  const phone = ['+4791122334', '+4791122335', '+4791122336'].find((p) => !sh.used.phones.has(p));
  if (!phone || sh.used.usernames.has(DECLINED_PERSONA)) throw new Error(`Demo seed: cannot add ${DECLINED_PERSONA}`);
  sh.used.usernames.add(DECLINED_PERSONA);
  sh.used.phones.add(phone);

  const [numbers] = await db
    .select({
      customer: sql<number>`coalesce(max(${users.customerNumber}::bigint), ${cat.customerNumberBase})::bigint`,
    })
    .from(users)
    .where(sql`${users.fleetId} = ${cat.id} and ${users.customerNumber} ~ '^[0-9]+$'`);
  const [bidMax] = await db
    .select({ n: sql<string>`max(substring(${bookings.bid} from 4)::bigint)::text` })
    .from(bookings)
    .where(sql`${bookings.fleetId} = ${cat.id}`);
  const [orderMax] = await db
    .select({ n: sql<string>`max(substring(${payments.orderId} from 4)::bigint)::text` })
    .from(payments)
    .where(sql`${payments.fleetId} = ${cat.id} and length(${payments.orderId}) <= 10`);

  const applyDate = new Date(base - 200 * DAY);
  const [user] = await db
    .insert(users)
    .values({
      fleetId: cat.id,
      username: DECLINED_PERSONA,
      role: 'CUSTOMER',
      passwordHash: must(sh.hashes.get(CUSTOMER_PASSWORD), 'customer hash'),
      givenName: 'Sigrid',
      familyName: 'Haugen',
      emailAddress: 'sigrid.haugen@example.com',
      mobilePhone: phone,
      language: cat.language,
      streetAddress: 'Tøyengata 41',
      zipCode: '0578',
      city: 'Oslo',
      countryCode: cat.country,
      customerNumber: String(Number(numbers?.customer ?? cat.customerNumberBase) + 1),
      verifiedDriversLicense: true,
      licenseState: 'VERIFIED',
      licenseVerifier: 'Statens vegvesen',
      licenseCheckedAt: new Date(applyDate.getTime() + 3 * HOUR),
      licenseCountry: cat.country,
      licenseValidUntil: `${new Date(base).getUTCFullYear() + 6}-04-17`,
      identityVerified: true,
      identityCountry: cat.country,
      identityMethod: 'BANKID',
      identityGivenName: 'Sigrid',
      identityFamilyName: 'Haugen',
      companyId: company.id,
      userCategory: 'PRIVATE',
      status: 'ACTIVE',
      lastStatusChangeDate: new Date(applyDate.getTime() + DAY),
      applyDate,
      createdAt: applyDate,
      updatedAt: new Date(applyDate.getTime() + DAY),
    })
    .returning({ id: users.id });
  const userId = must(user, DECLINED_PERSONA).id;
  await db.insert(userContracts).values({ userId, contractId: contract.id });
  const [card] = await db
    .insert(registeredCards)
    .values({
      fleetId: cat.id,
      userId,
      cardTypeAndMaskedNumber: 'VISA **** 0002',
      expires: `${new Date(base).getUTCFullYear() + 3}-08`,
      providerToken: 'sandbox_declined_demo_0002',
      createdAt: new Date(applyDate.getTime() + 30 * MINUTE),
    })
    .returning({ id: registeredCards.id });
  count(sh, 'users', 1);
  count(sh, 'user_contracts', 1);
  count(sh, 'registered_cards', 1);

  // Four days ago, 10:00–13:00 (booked), on a car of the pool that is free then.
  const start = base - 4 * DAY - (new Date(base).getUTCHours() - 8) * HOUR;
  const end = start + 3 * HOUR;
  const usageStart = start + 5 * MINUTE;
  const usageEnd = end - 10 * MINUTE;
  const span: [number, number] = [start - 15 * MINUTE, end + 15 * MINUTE];
  const vehicle =
    w.vehicles.find((v) => !v.hidden && v.pool.id === pool.id && v.model.spec.category === 'CAR' && !v.handy && isFree(v.busy, span)) ??
    must(
      w.vehicles.find((v) => !v.hidden && contract.pools.some((p) => p.id === v.pool.id) && v.model.spec.category === 'CAR' && isFree(v.busy, span)),
      'free car',
    );
  vehicle.busy.push([start, end]);
  const estimatedDistance = 24;
  const distance = 27;
  const price = (from: number, to: number, km: number) =>
    priceSeedBooking({
      start: from,
      end: to,
      distanceKm: km,
      priceList: contract.spec.priceList,
      currency: cat.currency,
      timeZone: cat.timeZone,
      staffCreated: false,
    });
  const estimate = price(start, end, estimatedDistance);
  const totals = price(usageStart, usageEnd, distance);

  const bid = `BID${String(Number(must(bidMax?.n, 'bids')) + 1).padStart(10, '0')}`;
  const [booking] = await db
    .insert(bookings)
    .values({
      bid,
      fleetId: cat.id,
      userId,
      contractId: contract.id,
      state: 'FINISHED',
      startTime: new Date(start),
      endTime: new Date(end),
      usageStart: new Date(usageStart),
      usageEnd: new Date(usageEnd),
      fromPoolId: vehicle.pool.id,
      toPoolId: vehicle.pool.id,
      distance,
      estimatedDistance,
      tripType: contract.spec.tripType,
      specType: 'MODEL',
      specModelId: vehicle.model.id,
      vehicleCategory: 'CAR',
      allocationState: 'ALLOCATED',
      allocatedVehicleId: vehicle.id,
      estimatedPriceWithoutVat: estimate.totalPriceWithoutVat,
      estimatedVat: estimate.totalVat,
      createdBy: DECLINED_PERSONA,
      createdAt: new Date(start - 2 * DAY),
      updatedAt: new Date(usageEnd + 5 * MINUTE),
    })
    .returning({ id: bookings.id });
  count(sh, 'bookings', 1);

  const orderId = `BOK${Number(must(orderMax?.n, 'orders')) + 1}`;
  const [payment] = await db
    .insert(payments)
    .values({
      orderId,
      fleetId: cat.id,
      bookingId: must(booking, bid).id,
      userId,
      type: 'CREDITCARD',
      status: 'UNPAID',
      target: 'BOOKING',
      timestampType: 'CREATED_DATE',
      timestamp: new Date(usageEnd + 2 * MINUTE),
      totalPriceWithoutVat: totals.totalPriceWithoutVat,
      totalVat: totals.totalVat,
      totalPrice: totals.totalPrice,
      currency: cat.currency,
      externalId: null,
      paymentProvider: 'sandbox',
      reservationFailed: true,
      failureCode: 'card_declined',
      cardId: must(card, 'card').id,
      createdAt: new Date(usageStart),
    })
    .returning({ id: payments.id });
  await db.insert(paymentEvents).values(
    totals.lines.map((l) => ({
      paymentId: must(payment, orderId).id,
      itemName: l.itemName,
      itemType: l.itemType,
      itemDisplayText: cat.texts.itemDisplay[l.itemName] ?? l.itemName,
      unitAmount: l.unitAmount,
      unitCost: l.unitCost,
      priceWithoutVat: l.priceWithoutVat,
      vat: l.vat,
      totalPrice: l.totalPrice,
      createdAt: new Date(usageEnd + 2 * MINUTE),
    })),
  );
  count(sh, 'payments', 1);
  count(sh, 'payment_events', totals.lines.length);
}
