import {
  EVENT_TYPE_GROUP,
  englishEventText,
  type BookingState,
  type EventTextPart,
  type EventType,
  type StaffRole,
  type UserStatus,
  type VehicleCategory,
} from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import {
  alarms,
  bookings,
  companies,
  contracts,
  damages,
  events,
  fleets,
  identityProviders,
  journalEntries,
  paymentEvents,
  payments,
  poolContracts,
  poolGroups,
  pools,
  sessions,
  userAuthMethods,
  userContracts,
  users,
  vehicleModels,
  vehicleStatus,
  vehicles,
} from '../../src/db/schema.ts';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { hashToken } from '../../src/modules/auth/service.ts';

/** Small factories for fixtures; each returns the inserted row. */
let seq = 0;
const next = () => ++seq;

export async function createFleet(db: Db, id: string, over: Partial<typeof fleets.$inferInsert> = {}) {
  const [row] = await db
    .insert(fleets)
    .values({ id, name: `${id} Mobility`, country: 'NO', currency: 'NOK', defaultLanguage: 'nb', timeZone: 'Europe/Oslo', ...over })
    .returning();
  return row!;
}

const hashes = new Map<string, Promise<string>>();
const cachedHash = (pw: string) => {
  if (!hashes.has(pw)) hashes.set(pw, hashPassword(pw));
  return hashes.get(pw)!;
};

export async function createUser(db: Db, fleetId: string, over: Partial<typeof users.$inferInsert> & { password?: string | null } = {}) {
  const n = next();
  const { password = 'correct-horse-battery', ...rest } = over;
  const [row] = await db
    .insert(users)
    .values({
      fleetId,
      username: `user${n}`,
      givenName: 'Kari',
      familyName: `Nordmann${n}`,
      emailAddress: `user${n}@example.test`,
      mobilePhone: `+4790000${String(n).padStart(4, '0')}`,
      language: 'nb',
      status: 'ACTIVE' as UserStatus,
      passwordHash: password === null ? null : await cachedHash(password),
      ...rest,
    })
    .returning();
  return row!;
}

export async function createStaff(db: Db, fleetId: string, username: string, password: string, role: StaffRole = 'SUPPORT') {
  return createUser(db, fleetId, { username, password, role });
}

/** Sets when a session (by its token) was last used, as if it had idled since; returns the row. */
export async function setSessionLastUsed(db: Db, token: string, lastUsedAt: Date) {
  const [row] = await db
    .update(sessions)
    .set({ lastUsedAt })
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning();
  if (!row) throw new Error('no session with that token');
  return row;
}

/** The session row of a token. */
export async function sessionOf(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  if (!row) throw new Error('no session with that token');
  return row;
}

export async function createPool(db: Db, fleetId: string, over: Partial<typeof pools.$inferInsert> = {}) {
  const [row] = await db
    .insert(pools)
    .values({ fleetId, name: `Pool ${next()}`, city: 'Oslo', ...over })
    .returning();
  return row!;
}

/** A vehicle with a model of its own (modelName, default 'VW ID.3'; priceClass, the class it is booked by, default 'B'). */
export async function createVehicle(
  db: Db,
  fleetId: string,
  {
    modelName = 'VW ID.3',
    priceClass = 'B',
    ...over
  }: Partial<typeof vehicles.$inferInsert> & { category?: VehicleCategory; modelName?: string; priceClass?: string } = {},
) {
  const n = next();
  const category = over.category ?? 'CAR';
  const [model] = await db
    .insert(vehicleModels)
    .values({ fleetId, modelName, priceClass, vehicleCategory: category, primaryFuelType: 'BATTERY' })
    .returning();
  const [row] = await db
    .insert(vehicles)
    .values({
      fleetId,
      vin: `WVWZZZ${String(n).padStart(11, '0')}`,
      registrationNumber: `EL ${String(10000 + n)}`,
      longPresentation: `${modelName} (EL ${10000 + n})`,
      modelId: model!.id,
      vehicleCategory: category,
      agentHardwareType: 'keyless',
      primaryFuelType: 'BATTERY',
      ...over,
    })
    .returning();
  return row!;
}

export async function createContract(db: Db, fleetId: string, over: Partial<typeof contracts.$inferInsert> = {}) {
  const [row] = await db
    .insert(contracts)
    .values({ fleetId, name: `Contract ${next()}`, contractType: 'PRIVATE', currency: 'NOK', ...over })
    .returning();
  return row!;
}

export async function createCompany(db: Db, fleetId: string, over: Partial<typeof companies.$inferInsert> = {}) {
  const [row] = await db
    .insert(companies)
    .values({ fleetId, name: `Company ${next()}`, type: 'CORPORATE', ...over })
    .returning();
  return row!;
}

export async function createBooking(
  db: Db,
  fleetId: string,
  refs: { userId: number | null; contractId: number; poolId: number; vehicleId?: number },
  over: Partial<typeof bookings.$inferInsert> & { state?: BookingState } = {},
) {
  const n = next();
  const start = new Date(Date.now() + 3_600_000);
  const [row] = await db
    .insert(bookings)
    .values({
      bid: `BID${String(9_000_000_000 + n)}`,
      fleetId,
      userId: refs.userId,
      contractId: refs.contractId,
      state: 'INACTIVE',
      startTime: start,
      endTime: new Date(start.getTime() + 2 * 3_600_000),
      fromPoolId: refs.poolId,
      toPoolId: refs.poolId,
      specType: 'CLASS',
      specClassName: 'B',
      vehicleCategory: 'CAR',
      ...(refs.vehicleId ? { allocatedVehicleId: refs.vehicleId, allocationState: 'ALLOCATED' as const } : {}),
      ...over,
    })
    .returning();
  return row!;
}

/** A payment (§3 Payment) of a booking or a user; the order id is unique per call. */
export async function createPayment(
  db: Db,
  fleetId: string,
  refs: { bookingId?: number | null; userId?: number | null },
  over: Partial<typeof payments.$inferInsert> = {},
) {
  const [row] = await db
    .insert(payments)
    .values({
      orderId: `BOK${String(8_000_000 + next())}`,
      fleetId,
      bookingId: refs.bookingId ?? null,
      userId: refs.userId ?? null,
      type: 'CREDITCARD',
      status: 'PAID',
      target: 'BOOKING',
      currency: 'NOK',
      ...over,
    })
    .returning();
  return row!;
}

/** A line of a payment; without prices given, one unit of `unitCost` at 25 % VAT. */
export async function createPaymentEvent(db: Db, paymentId: number, over: Partial<typeof paymentEvents.$inferInsert> & { unitCost: number }) {
  const vat = Math.round(over.unitCost * 25) / 100;
  const [row] = await db
    .insert(paymentEvents)
    .values({
      paymentId,
      itemName: 'PER_HOUR',
      itemType: 'TIME',
      itemDisplayText: 'Per hour',
      priceWithoutVat: over.unitCost,
      vat,
      totalPrice: Math.round((over.unitCost + vat) * 100) / 100,
      ...over,
    })
    .returning();
  return row!;
}

export async function createPoolGroup(db: Db, fleetId: string, name = `Group ${next()}`) {
  const [row] = await db.insert(poolGroups).values({ fleetId, name }).returning();
  return row!;
}

/** Gives a user a contract (user_contracts); returns the link. */
export async function addUserContract(db: Db, userId: number, contractId: number) {
  const [row] = await db.insert(userContracts).values({ userId, contractId }).returning();
  return row!;
}

/** Puts a pool on a contract (pool_contracts); returns the link. */
export async function addPoolContract(db: Db, poolId: number, contractId: number) {
  const [row] = await db.insert(poolContracts).values({ poolId, contractId }).returning();
  return row!;
}

/**
 * The latest status a vehicle reported (vehicle_status); without values, a locked car at full charge, reported now by
 * the test clock (set here, not by the column's SQL default, which on PostgreSQL follows the server's real clock).
 */
export async function createVehicleStatus(db: Db, vehicleId: number, over: Partial<typeof vehicleStatus.$inferInsert> = {}) {
  const [row] = await db
    .insert(vehicleStatus)
    .values({
      vehicleId,
      fuelLevel: 100,
      odometer: 10_000,
      locked: true,
      immobilized: false,
      keyholder: true,
      lat: 59.91,
      lon: 10.75,
      updatedAt: new Date(),
      ...over,
    })
    .returning();
  return row!;
}

/** An alarm (§3 Alarm), TRIGGERED unless said otherwise; pass the vehicle for a vehicle alarm. */
export async function createAlarm(
  db: Db,
  fleetId: string,
  over: Partial<typeof alarms.$inferInsert> & Pick<typeof alarms.$inferInsert, 'name' | 'primaryObject'>,
) {
  const [row] = await db
    .insert(alarms)
    .values({ fleetId, state: 'TRIGGERED', category: 'VEHICLE', ...over })
    .returning();
  return row!;
}

/** A drive in a vehicle's journal: 40 minutes and 12.5 km from `driveStart`, from and to the vehicle's pool. */
export async function createJournalEntry(
  db: Db,
  vehicle: Pick<typeof vehicles.$inferSelect, 'id' | 'fleetId' | 'poolId'>,
  over: Partial<typeof journalEntries.$inferInsert> & { driveStart: Date },
) {
  const [row] = await db
    .insert(journalEntries)
    .values({
      fleetId: vehicle.fleetId,
      vehicleId: vehicle.id,
      driveEnd: new Date(over.driveStart.getTime() + 40 * 60_000),
      distance: 12.5,
      odometerStart: 1000,
      odometerEnd: 1012.5,
      fromPoolId: vehicle.poolId,
      toPoolId: vehicle.poolId,
      tripType: 'PRIVATE',
      ...over,
    })
    .returning();
  return row!;
}

/** A single sign-on provider (OIDC) of the operator. */
export async function createIdentityProvider(db: Db, fleetId: string, over: Partial<typeof identityProviders.$inferInsert> = {}) {
  const [row] = await db
    .insert(identityProviders)
    .values({ fleetId, issuer: `https://sso${next()}.example/oidc`, clientId: 'fleetdesk', displayName: 'Test SSO', ...over })
    .returning();
  return row!;
}

/** Links a user to a single sign-on provider (user_auth_methods); returns the link. */
export async function addUserAuthMethod(db: Db, userId: number, providerId: number, externalSubject: string | null = null) {
  const [row] = await db.insert(userAuthMethods).values({ userId, providerId, externalSubject }).returning();
  return row!;
}

/** Damage on a vehicle (§3 Damage), without a photo; unfixed unless fixDate is given. */
export async function createDamage(
  db: Db,
  vehicle: Pick<typeof vehicles.$inferSelect, 'id' | 'fleetId'>,
  over: Partial<typeof damages.$inferInsert> & Pick<typeof damages.$inferInsert, 'descriptions'>,
) {
  const [row] = await db
    .insert(damages)
    .values({ fleetId: vehicle.fleetId, vehicleId: vehicle.id, registrationDate: new Date(), reportedBy: 'support', ...over })
    .returning();
  return row!;
}

/** One event-log row of `type` with `text` (one part or several), occurring now unless `over.occurred` says when. */
export async function createEvent(
  db: Db,
  fleetId: string,
  type: EventType,
  text: EventTextPart | readonly EventTextPart[],
  over: Partial<typeof events.$inferInsert> = {},
) {
  const textParts = 'id' in text ? [text] : [...text];
  const occurred = over.occurred ?? new Date();
  const [row] = await db
    .insert(events)
    .values({
      fleetId,
      occurred,
      received: occurred,
      type,
      typeGroup: EVENT_TYPE_GROUP[type],
      displayText: englishEventText(textParts),
      textParts,
      ...over,
    })
    .returning();
  return row!;
}

/**
 * The scene the customer-workspace tests share (notes, contacts, timeline, search): two operators — fjord and the
 * Swedish malar — with a support agent each (`support` and `support.se`, password support-demo), a fjord customer on
 * an ACTIVE booking of a fjord vehicle from `start` to `end`, and a customer of malar for the other-operator cases.
 */
export async function createTwoOperatorScene(
  db: Db,
  scene: { customer: Partial<typeof users.$inferInsert> & { username: string }; otherFleetCustomer: string; start: Date; end: Date },
) {
  await createFleet(db, 'fjord');
  await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
  await createStaff(db, 'fjord', 'support', 'support-demo');
  await createStaff(db, 'malar', 'support.se', 'support-demo');
  const customer = await createUser(db, 'fjord', scene.customer);
  const otherFleetCustomer = await createUser(db, 'malar', { username: scene.otherFleetCustomer });
  const vehicle = await createVehicle(db, 'fjord');
  const pool = await createPool(db, 'fjord');
  const contract = await createContract(db, 'fjord');
  const booking = await createBooking(
    db,
    'fjord',
    { userId: customer.id, contractId: contract.id, poolId: pool.id, vehicleId: vehicle.id },
    { state: 'ACTIVE', startTime: scene.start, endTime: scene.end },
  );
  return { customer, otherFleetCustomer, vehicle, pool, contract, booking };
}
