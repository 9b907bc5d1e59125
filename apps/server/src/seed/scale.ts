import {
  englishEventText,
  eventText,
  EVENT_TYPE_GROUP,
  type BookingState,
  type CountryCode,
  type FuelType,
  type Language,
  type UserStatus,
  type VehicleCategory,
} from '@fleetdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bookings, contracts, events, fleets, poolContracts, pools, userContracts, users, vehicleModels, vehicles } from '../db/schema.ts';
import { insertColumns } from './batch.ts';
import { slug } from './identifiers.ts';
import { DAY, floorToHour, HOUR, MINUTE, Rng } from './random.ts';

/**
 * A large, deterministic dataset for benchmarks: N users (names, phones, e-mails), N/100 vehicles, N bookings and
 * 2N events, written with multi-row INSERTs of about `batchSize` rows so that a million users is practical on
 * PostgreSQL. Runs again and again into the same fleet: identifiers continue after the ones already there.
 *
 * Bookings are laid out in per-vehicle slots, so a vehicle never has two overlapping bookings.
 */

export interface ScaleOptions {
  users: number;
  /** An existing fleet; without it a 'bench' fleet is used (and created when missing). */
  fleet?: string;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
  /** Reference time for the booking windows (default: now, rounded down to the hour). */
  now?: Date;
}

const BENCH_FLEET = 'bench';
const VIN_PREFIX = 'XBN';
const BID_BASE = 5_000_000_000;
const WINDOW_PAST = 365 * DAY;
const WINDOW_FUTURE = 30 * DAY;

interface FleetInfo {
  id: string;
  country: CountryCode;
  language: Language;
  currency: 'NOK' | 'SEK';
}
interface PoolInfo {
  id: number;
  lat: number;
  lon: number;
}
interface ModelInfo {
  id: number;
  category: VehicleCategory;
  fuel: FuelType;
  name: string;
}

export async function seedScale(db: Db, opts: ScaleOptions): Promise<void> {
  if (!Number.isInteger(opts.users) || opts.users < 1) throw new Error('users must be a positive whole number');
  const batch = Math.max(1, Math.floor(opts.batchSize ?? 2000));
  const base = floorToHour(opts.now ?? new Date()).getTime();
  const fleet = await ensureFleet(db, opts.fleet);
  const poolList = await ensurePools(db, fleet);
  const contractIds = await ensureContracts(db, fleet, poolList);
  const models = await ensureModels(db, fleet);

  const userCount = opts.users;
  const vehicleCount = Math.max(1, Math.round(userCount / 100));
  const bookingCount = userCount;
  const total = userCount + vehicleCount + bookingCount + 2 * bookingCount;
  let done = 0;
  const progress = (n: number) => {
    done += n;
    opts.onProgress?.(done, total);
  };

  // Numbering continues after earlier runs, so user names, VINs and BIDs stay unique.
  const [u] = await db
    .select({ n: sql<string | null>`max(substring(${users.username} from '\\.b([0-9]+)$')::bigint)` })
    .from(users)
    .where(sql`${users.username} ~ '\\.b[0-9]+$'`);
  const [v] = await db
    .select({ n: sql<string | null>`max(substring(${vehicles.vin} from 4)::bigint)` })
    .from(vehicles)
    .where(sql`${vehicles.vin} like ${`${VIN_PREFIX}%`}`);
  const [b] = await db
    .select({ n: sql<string | null>`max(substring(${bookings.bid} from 4)::bigint)` })
    .from(bookings)
    .where(sql`${bookings.bid} like 'BID5%' and length(${bookings.bid}) = 13`);
  const userStart = Number(u?.n ?? 0) + 1;
  const vehicleStart = Number(v?.n ?? 0) + 1;
  const bookingStart = b?.n ? Number(b.n) - BID_BASE + 1 : 1;
  const rng = new Rng(`scale:${fleet.id}:${userStart}`, fleet.language === 'sv' ? 'sv' : 'nb');

  // ---- users (+ one contract each) ----
  const userIds: number[] = [];
  const userContract: number[] = [];
  const userNames: string[] = [];
  const statusWeights: (readonly [UserStatus, number])[] = [
    ['ACTIVE', 85],
    ['AWAITING_APPROVAL', 5],
    ['PENDING', 3],
    ['APPROVED', 3],
    ['BLOCKED', 2],
    ['DELETION_REQUESTED', 1],
    ['AWAITING_CONFIRMATION', 1],
  ];
  for (let from = 0; from < userCount; from += batch) {
    const size = Math.min(batch, userCount - from);
    const c = columns([
      'username',
      'givenName',
      'familyName',
      'email',
      'phone',
      'language',
      'street',
      'zip',
      'city',
      'customerNumber',
      'status',
      'premium',
      'licensed',
      'applyDate',
      'statusDate',
    ]);
    for (let i = 0; i < size; i++) {
      const n = userStart + from + i;
      const givenName = rng.f.person.firstName();
      const familyName = rng.f.person.lastName();
      const username = `${slug(givenName)}.${slug(familyName)}.b${n}`;
      const applyDate = base - rng.int(1, 2 * 365) * DAY - rng.int(0, 23) * HOUR;
      c.username.push(username);
      c.givenName.push(givenName);
      c.familyName.push(familyName);
      c.email.push(`${username}@bench.example`);
      c.phone.push(phoneFor(fleet.country, n));
      c.language.push(rng.chance(0.9) ? fleet.language : 'en-GB');
      c.street.push(rng.f.location.streetAddress());
      c.zip.push(rng.f.location.zipCode());
      c.city.push(rng.f.location.city());
      c.customerNumber.push(`B${n}`);
      c.status.push(rng.weighted(statusWeights));
      c.premium.push(rng.chance(0.15));
      c.licensed.push(rng.chance(0.8));
      c.applyDate.push(iso(applyDate));
      c.statusDate.push(iso(applyDate + DAY));
      userNames.push(username);
    }
    const fixed = <T>(value: T) => Array.from({ length: size }, () => value);
    const inserted = await insertColumns<{ id: number; username: string }>(
      db,
      users,
      [
        { column: users.fleetId, type: 'text', values: fixed(fleet.id) },
        { column: users.username, type: 'text', values: c.username },
        { column: users.givenName, type: 'text', values: c.givenName },
        { column: users.familyName, type: 'text', values: c.familyName },
        { column: users.emailAddress, type: 'text', values: c.email },
        { column: users.mobilePhone, type: 'text', values: c.phone },
        { column: users.language, type: 'text', values: c.language },
        { column: users.streetAddress, type: 'text', values: c.street },
        { column: users.zipCode, type: 'text', values: c.zip },
        { column: users.city, type: 'text', values: c.city },
        { column: users.countryCode, type: 'text', values: fixed(fleet.country) },
        { column: users.customerNumber, type: 'text', values: c.customerNumber },
        { column: users.status, type: 'text', values: c.status },
        { column: users.premiumAccess, type: 'bool', values: c.premium },
        { column: users.verifiedDriversLicense, type: 'bool', values: c.licensed },
        { column: users.licenseState, type: 'text', values: c.licensed.map((l) => (l ? 'VERIFIED' : 'MISSING')) },
        { column: users.userCategory, type: 'text', values: fixed('PRIVATE') },
        { column: users.applyDate, type: 'timestamptz', values: c.applyDate },
        { column: users.lastStatusChangeDate, type: 'timestamptz', values: c.statusDate },
        { column: users.createdAt, type: 'timestamptz', values: c.applyDate },
        { column: users.updatedAt, type: 'timestamptz', values: c.statusDate },
      ],
      [users.id, users.username],
    );
    const idOf = new Map(inserted.map((r) => [r.username, Number(r.id)]));
    const contractOf = c.username.map((_, i) => contractIds[(from + i) % contractIds.length] ?? must(contractIds[0]));
    for (const [i, name] of c.username.entries()) {
      userIds.push(must(idOf.get(String(name))));
      userContract.push(must(contractOf[i]));
    }
    await insertColumns(db, userContracts, [
      { column: userContracts.userId, type: 'int4', values: userIds.slice(from, from + size) },
      { column: userContracts.contractId, type: 'int4', values: contractOf },
    ]);
    progress(size);
  }

  // ---- vehicles ----
  const vehicleIds: number[] = [];
  const vehiclePool: PoolInfo[] = [];
  const vehicleVin: string[] = [];
  const vehicleModel: ModelInfo[] = [];
  for (let from = 0; from < vehicleCount; from += batch) {
    const size = Math.min(batch, vehicleCount - from);
    const c = columns(['vin', 'reg', 'long', 'modelId', 'color', 'category', 'agent', 'fuel', 'poolId', 'created']);
    for (let i = 0; i < size; i++) {
      const n = vehicleStart + from + i;
      const model = must(models[(from + i) % models.length]);
      const pool = must(poolList[(from + i) % poolList.length]);
      const vin = `${VIN_PREFIX}${String(n).padStart(14, '0')}`;
      const reg = registrationFor(fleet.country, n);
      c.vin.push(vin);
      c.reg.push(reg);
      c.long.push(`${model.name} (${reg})`);
      c.modelId.push(model.id);
      c.color.push(rng.pick(['White', 'Black', 'Silver', 'Blue', 'Red']));
      c.category.push(model.category);
      c.agent.push(model.category === 'BIKE' || model.category === 'OTHER' ? 'none' : 'keyless');
      c.fuel.push(model.fuel);
      c.poolId.push(pool.id);
      c.created.push(iso(base - rng.int(30, 900) * DAY));
      vehiclePool.push(pool);
      vehicleVin.push(vin);
      vehicleModel.push(model);
    }
    const inserted = await insertColumns<{ id: number; vin: string }>(
      db,
      vehicles,
      [
        { column: vehicles.fleetId, type: 'text', values: Array.from({ length: size }, () => fleet.id) },
        { column: vehicles.vin, type: 'text', values: c.vin },
        { column: vehicles.registrationNumber, type: 'text', values: c.reg },
        { column: vehicles.longPresentation, type: 'text', values: c.long },
        { column: vehicles.modelId, type: 'int4', values: c.modelId },
        { column: vehicles.color, type: 'text', values: c.color },
        { column: vehicles.vehicleCategory, type: 'text', values: c.category },
        { column: vehicles.agentHardwareType, type: 'text', values: c.agent },
        { column: vehicles.primaryFuelType, type: 'text', values: c.fuel },
        { column: vehicles.poolId, type: 'int4', values: c.poolId },
        { column: vehicles.createdAt, type: 'timestamptz', values: c.created },
      ],
      [vehicles.id, vehicles.vin],
    );
    const idOf = new Map(inserted.map((r) => [r.vin, Number(r.id)]));
    for (const vin of c.vin) vehicleIds.push(must(idOf.get(String(vin))));
    progress(size);
  }

  // ---- bookings and their events ----
  const slotsPerVehicle = Math.ceil(bookingCount / vehicleCount);
  const windowStart = base - WINDOW_PAST;
  const slot = (WINDOW_PAST + WINDOW_FUTURE) / slotsPerVehicle;
  for (let from = 0; from < bookingCount; from += batch) {
    const size = Math.min(batch, bookingCount - from);
    const b = columns([
      'bid',
      'userId',
      'contractId',
      'state',
      'start',
      'end',
      'usageStart',
      'usageEnd',
      'poolId',
      'distance',
      'modelId',
      'category',
      'allocation',
      'vehicleId',
      'createdBy',
      'created',
      'updated',
    ]);
    const e = columns(['occurred', 'received', 'bid', 'vin', 'user', 'text', 'textParts', 'properties']);
    for (let i = 0; i < size; i++) {
      const k = from + i;
      const n = bookingStart + k;
      const v = k % vehicleCount;
      const s = Math.floor(k / vehicleCount);
      const slotStart = windowStart + s * slot;
      let start = quarterHour(slotStart + rng.float(0, slot * 0.3, 0));
      const duration = Math.max(HOUR, quarterHour(rng.float(HOUR, Math.min(slot * 0.6, 3 * DAY), 0)));
      let end = start + duration;
      // The slot that contains now holds the vehicle's active booking, so every vehicle has one.
      const nextSlot = slotStart + slot - 15 * MINUTE;
      if (slotStart <= base && base + HOUR <= nextSlot) {
        start = Math.max(quarterHour(slotStart + 15 * MINUTE), quarterHour(base - rng.int(1, 6) * HOUR));
        end = Math.min(Math.max(end, base + HOUR), nextSlot);
      }
      const u = rng.int(0, userIds.length - 1);
      let state: BookingState = end <= base ? 'FINISHED' : start <= base ? 'ACTIVE' : 'INACTIVE';
      if (state !== 'ACTIVE' && rng.chance(0.08)) state = 'CANCELLED';
      const usageStart = state === 'FINISHED' || state === 'ACTIVE' ? Math.min(start + rng.int(0, 20) * MINUTE, base - MINUTE) : null;
      const usageEnd =
        state === 'FINISHED' ? Math.min(Math.max(end + rng.int(-30, 20) * MINUTE, (usageStart ?? start) + 15 * MINUTE), base - MINUTE) : null;
      const created = Math.min(start - rng.int(1, 7 * 24) * HOUR, base - MINUTE);
      const pool = must(vehiclePool[v]);
      const model = must(vehicleModel[v]);
      const bid = `BID${BID_BASE + n}`;
      const username = must(userNames[u]);
      b.bid.push(bid);
      b.userId.push(must(userIds[u]));
      b.contractId.push(must(userContract[u]));
      b.state.push(state);
      b.start.push(iso(start));
      b.end.push(iso(end));
      b.usageStart.push(usageStart === null ? null : iso(usageStart));
      b.usageEnd.push(usageEnd === null ? null : iso(usageEnd));
      b.poolId.push(pool.id);
      b.distance.push(state === 'FINISHED' ? rng.int(2, 300) : null);
      b.modelId.push(model.id);
      b.category.push(model.category);
      b.allocation.push(state === 'CANCELLED' ? 'NOT_ALLOCATED' : 'ALLOCATED');
      b.vehicleId.push(state === 'CANCELLED' ? null : must(vehicleIds[v]));
      b.createdBy.push(username);
      b.created.push(iso(created));
      b.updated.push(iso(Math.min(base, usageEnd ?? created)));

      const vin = must(vehicleVin[v]);
      const properties = JSON.stringify({ public: true, lat: pool.lat, lon: pool.lon });
      const event = (
        occurred: number,
        id: 'bookingCreated' | 'bookingDeactivated' | 'bookingActivated' | 'bookingCancelledByCustomer' | 'vehicleAllocated',
      ) => {
        const text = eventText(id, id === 'vehicleAllocated' ? { vehicle: vin } : {});
        e.occurred.push(iso(occurred));
        e.received.push(iso(occurred + rng.int(50, 3000)));
        e.bid.push(bid);
        e.vin.push(vin);
        e.user.push(username);
        e.text.push(englishEventText([text]));
        e.textParts.push(JSON.stringify([text]));
        e.properties.push(properties);
      };
      event(created, 'bookingCreated');
      if (state === 'FINISHED') event(must(usageEnd), 'bookingDeactivated');
      else if (state === 'ACTIVE') event(must(usageStart), 'bookingActivated');
      else if (state === 'CANCELLED') event(Math.min(start, base) - HOUR, 'bookingCancelledByCustomer');
      else event(created + 2_000, 'vehicleAllocated');
    }
    const fixed = <T>(value: T, length: number) => Array.from({ length }, () => value);
    await insertColumns(db, bookings, [
      { column: bookings.bid, type: 'text', values: b.bid },
      { column: bookings.fleetId, type: 'text', values: fixed(fleet.id, size) },
      { column: bookings.userId, type: 'int4', values: b.userId },
      { column: bookings.contractId, type: 'int4', values: b.contractId },
      { column: bookings.state, type: 'text', values: b.state },
      { column: bookings.startTime, type: 'timestamptz', values: b.start },
      { column: bookings.endTime, type: 'timestamptz', values: b.end },
      { column: bookings.usageStart, type: 'timestamptz', values: b.usageStart },
      { column: bookings.usageEnd, type: 'timestamptz', values: b.usageEnd },
      { column: bookings.fromPoolId, type: 'int4', values: b.poolId },
      { column: bookings.toPoolId, type: 'int4', values: b.poolId },
      { column: bookings.distance, type: 'float8', values: b.distance },
      { column: bookings.estimatedDistance, type: 'float8', values: fixed(25, size) },
      { column: bookings.tripType, type: 'text', values: fixed('PRIVATE', size) },
      { column: bookings.specType, type: 'text', values: fixed('MODEL', size) },
      { column: bookings.specModelId, type: 'int4', values: b.modelId },
      { column: bookings.vehicleCategory, type: 'text', values: b.category },
      { column: bookings.allocationState, type: 'text', values: b.allocation },
      { column: bookings.allocatedVehicleId, type: 'int4', values: b.vehicleId },
      { column: bookings.createdBy, type: 'text', values: b.createdBy },
      { column: bookings.createdAt, type: 'timestamptz', values: b.created },
      { column: bookings.updatedAt, type: 'timestamptz', values: b.updated },
    ]);
    progress(size);
    const eventCount = e.bid.length;
    await insertColumns(db, events, [
      { column: events.fleetId, type: 'text', values: fixed(fleet.id, eventCount) },
      { column: events.occurred, type: 'timestamptz', values: e.occurred },
      { column: events.received, type: 'timestamptz', values: e.received },
      { column: events.bid, type: 'text', values: e.bid },
      { column: events.vin, type: 'text', values: e.vin },
      { column: events.actingUsername, type: 'text', values: e.user },
      { column: events.affectedUsername, type: 'text', values: e.user },
      { column: events.type, type: 'text', values: fixed('BOOKING_EVENT', eventCount) },
      { column: events.typeGroup, type: 'text', values: fixed(EVENT_TYPE_GROUP.BOOKING_EVENT, eventCount) },
      { column: events.displayText, type: 'text', values: e.text },
      { column: events.textParts, type: 'jsonb', values: e.textParts },
      { column: events.properties, type: 'jsonb', values: e.properties },
    ]);
    progress(eventCount);
  }
}

type Cell = string | number | boolean | null;
/** Per-column value arrays for one batch. */
function columns<K extends string>(keys: readonly K[]): Record<K, Cell[]> {
  return Object.fromEntries(keys.map((k) => [k, [] as Cell[]])) as Record<K, Cell[]>;
}

const iso = (ms: number) => new Date(ms).toISOString();

function must<T>(v: T | undefined | null): T {
  if (v === undefined || v === null) throw new Error('Scale seed: internal index out of range');
  return v;
}

const quarterHour = (ms: number) => Math.floor(ms / (15 * MINUTE)) * 15 * MINUTE;

/** Unique, random-looking mobile numbers derived from n (a bijection on 7 digits). */
function phoneFor(country: CountryCode, n: number): string {
  const seven = String((n * 7_654_321 + 1_234_567) % 10_000_000).padStart(7, '0');
  return country === 'NO' ? `+47${n % 2 === 0 ? '9' : '4'}${seven}` : `+467${['0', '2', '3', '6', '9'][n % 5] ?? '0'}${seven}`;
}

const PLATE_LETTERS = 'ABCDEFGHJKLNPRSTUWXYZ';
/** Bench plates start with X so they never look like the demo's. */
function registrationFor(country: CountryCode, n: number): string {
  if (country === 'NO') return `X${PLATE_LETTERS[Math.floor(n / 100_000) % PLATE_LETTERS.length] ?? 'A'} ${String(n % 100_000).padStart(5, '0')}`;
  const a = PLATE_LETTERS[Math.floor(n / 1000) % PLATE_LETTERS.length] ?? 'A';
  const b = PLATE_LETTERS[Math.floor(n / (1000 * PLATE_LETTERS.length)) % PLATE_LETTERS.length] ?? 'A';
  return `X${b}${a} ${String(n % 1000).padStart(3, '0')}`;
}

async function ensureFleet(db: Db, fleetId: string | undefined): Promise<FleetInfo> {
  const id = fleetId ?? BENCH_FLEET;
  const [row] = await db.select().from(fleets).where(eq(fleets.id, id));
  if (row) return { id: row.id, country: row.country, language: row.defaultLanguage, currency: row.currency };
  if (fleetId !== undefined && fleetId !== BENCH_FLEET)
    throw new Error(`No fleet "${fleetId}". Give an existing fleet or leave it out to use "${BENCH_FLEET}".`);
  await db.insert(fleets).values({ id, name: 'Bench Mobility', country: 'NO', currency: 'NOK', defaultLanguage: 'nb', timeZone: 'Europe/Oslo' });
  return { id, country: 'NO', language: 'nb', currency: 'NOK' };
}

async function ensurePools(db: Db, fleet: FleetInfo): Promise<PoolInfo[]> {
  const existing = await db
    .select({ id: pools.id, lat: pools.lat, lon: pools.lon })
    .from(pools)
    .where(and(eq(pools.fleetId, fleet.id), eq(pools.disabled, false)));
  if (existing.length > 0) return existing.map((p) => ({ id: p.id, lat: p.lat ?? 0, lon: p.lon ?? 0 }));
  const centres =
    fleet.country === 'NO'
      ? ([
          ['Oslo', 59.9139, 10.7522],
          ['Bergen', 60.3913, 5.3221],
        ] as const)
      : ([
          ['Stockholm', 59.3293, 18.0686],
          ['Uppsala', 59.8586, 17.6389],
        ] as const);
  const rows = Array.from({ length: 8 }, (_, i) => {
    const [city, lat, lon] = centres[i % centres.length] ?? centres[0];
    return {
      fleetId: fleet.id,
      name: `Bench ${city} ${Math.floor(i / centres.length) + 1}`,
      city,
      lat: lat + (i % 4) * 0.004,
      lon: lon + (i % 3) * 0.006,
      chargingAvailable: i % 2 === 0,
    };
  });
  const inserted = await db.insert(pools).values(rows).returning({ id: pools.id, lat: pools.lat, lon: pools.lon });
  return inserted.map((p) => ({ id: p.id, lat: p.lat ?? 0, lon: p.lon ?? 0 }));
}

async function ensureContracts(db: Db, fleet: FleetInfo, poolList: PoolInfo[]): Promise<number[]> {
  const existing = await db.select({ id: contracts.id }).from(contracts).where(eq(contracts.fleetId, fleet.id)).orderBy(contracts.id);
  if (existing.length > 0) return existing.map((c) => c.id);
  const [row] = await db
    .insert(contracts)
    .values({
      fleetId: fleet.id,
      name: 'Bench Privat',
      contractType: 'PRIVATE',
      currency: fleet.currency,
      minBookingDuration: 'PT1H',
      maxBookingDuration: 'P7D',
      priceList: [
        { name: 'ADMIN_BOOKING_FEE', cost: 59 },
        { name: 'VAT', cost: 0.25 },
        { name: 'PER_HOUR', cost: 89 },
        { name: 'PER_DAY', cost: 790 },
        { name: 'PER_KM', cost: 3.5 },
      ],
      bookableRules: [{ minDuration: 'PT1H', maxDuration: 'P7D', appliedDuring: 'ALWAYS', appliesDuring: null }],
    })
    .returning({ id: contracts.id });
  const id = must(row).id;
  await db.insert(poolContracts).values(poolList.map((p) => ({ poolId: p.id, contractId: id })));
  return [id];
}

async function ensureModels(db: Db, fleet: FleetInfo): Promise<ModelInfo[]> {
  const existing = await db
    .select({ id: vehicleModels.id, category: vehicleModels.vehicleCategory, fuel: vehicleModels.primaryFuelType, name: vehicleModels.modelName })
    .from(vehicleModels)
    .where(eq(vehicleModels.fleetId, fleet.id))
    .orderBy(vehicleModels.id);
  if (existing.length > 0) return existing;
  const defs: [string, string, VehicleCategory, FuelType][] = [
    ['VW ID.3 Pro', 'Small car', 'CAR', 'BATTERY'],
    ['Toyota Corolla Touring Sports Hybrid', 'Family car', 'CAR', 'HYBRID'],
    ['Tesla Model Y Long Range', 'Premium car', 'CAR', 'BATTERY'],
    ['Nissan e-NV200', 'Van', 'TRANSPORT_VEHICLE', 'BATTERY'],
    ['DBS City 7', 'Bike', 'BIKE', 'NONE'],
    ['Urban Arrow Family', 'Cargo bike', 'CARGO_BIKE', 'BATTERY'],
    ['NIU MQi GT', 'Scooter', 'SCOOTER', 'BATTERY'],
    ['Brenderup 1205S', 'Trailer', 'OTHER', 'NONE'],
  ];
  return db
    .insert(vehicleModels)
    .values(
      defs.map(([modelName, priceClass, vehicleCategory, primaryFuelType]) => ({
        fleetId: fleet.id,
        modelName,
        priceClass,
        vehicleCategory,
        primaryFuelType,
      })),
    )
    .returning({ id: vehicleModels.id, category: vehicleModels.vehicleCategory, fuel: vehicleModels.primaryFuelType, name: vehicleModels.modelName });
}
