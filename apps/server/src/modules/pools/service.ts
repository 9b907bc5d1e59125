import {
  DAY_MS,
  eventText,
  fieldError,
  startOfLocalDay,
  MESSAGE_IDS,
  MESSAGES,
  POOL_BOOKINGS_DEFAULT_STATES,
  POOL_BOOKINGS_MAX_LIMIT,
  POOL_BOOKINGS_MAX_WINDOW_MS,
  POOL_BOOKINGS_UPCOMING_LIMIT,
  POOL_BOOKINGS_UPCOMING_STATES,
  POOL_UPCOMING_LOOKBACK_MS,
  type BookingState,
  type ErrorItem,
  type Pool,
  type PoolBookingRow,
  type PoolBookingsQuery,
  type PoolBookingsResponse,
  type PoolGroupsResponse,
  type PoolUpdateRequest,
  type PoolVehicle,
} from '@fleetdesk/contract';
import { and, asc, eq, gt, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, contracts, fleets, payments, poolContracts, poolGroups, pools, users, vehicleModels, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { computeActions, displayState, type BookingFacts } from '../bookings/index.ts';
import { appendEvent } from '../events/index.ts';

/**
 * Pools (§2 /pools, §3 Pool, §7 "Pools, events, alarms", §9 pool windows); docs/decisions/0032-operations-api.md.
 * Scoped to the session's operator: another operator's pool answers 404 like an unknown one.
 */

type PoolRow = typeof pools.$inferSelect;

export const poolNotFound = () => AppError.notFound(MESSAGE_IDS.notFound, 'poolNotFound');

function toPool(p: PoolRow, groupName: string | null, allowedContracts: number[]): Pool {
  return {
    poolId: p.id,
    pool: p.name,
    city: p.city,
    disabled: p.disabled,
    description: p.description,
    publicNote: p.publicNote,
    pickupNote: p.pickupNote,
    dropoffNote: p.dropoffNote,
    fee: p.fee,
    responsibleOrganization: p.responsibleOrganization,
    geographicalIdentity: p.geographicalIdentity,
    parkingPlaceInfoRequired: p.parkingPlaceInfoRequired,
    defaultParkingPlace: p.defaultParkingPlace,
    chargingAvailable: p.chargingAvailable,
    wattWorldStationName: p.wattWorldStationName,
    movedTo: p.movedTo,
    poolGroupId: p.poolGroupId,
    poolGroupName: groupName,
    allowedContracts,
    lat: p.lat,
    lon: p.lon,
  };
}

/** The operator's pools with their group names and allowed contracts (all of them, or the given ids). */
async function loadPools(db: Db, actor: Actor, ids?: readonly number[]): Promise<Pool[]> {
  const where: SQL[] = [eq(pools.fleetId, actor.fleet)];
  if (ids) where.push(inArray(pools.id, [...ids]));
  const rows = await db
    .select({ pool: pools, groupName: poolGroups.name })
    .from(pools)
    .leftJoin(poolGroups, eq(poolGroups.id, pools.poolGroupId))
    .where(and(...where))
    .orderBy(asc(pools.city), asc(pools.name), asc(pools.id));
  if (!rows.length) return [];
  const links = await db
    .select({ poolId: poolContracts.poolId, contractId: poolContracts.contractId })
    .from(poolContracts)
    .innerJoin(contracts, eq(contracts.id, poolContracts.contractId))
    .where(
      and(
        inArray(
          poolContracts.poolId,
          rows.map((r) => r.pool.id),
        ),
        eq(contracts.fleetId, actor.fleet),
      ),
    );
  const allowed = new Map<number, number[]>();
  for (const l of links) allowed.set(l.poolId, [...(allowed.get(l.poolId) ?? []), l.contractId]);
  return rows.map((r) =>
    toPool(
      r.pool,
      r.groupName ?? null,
      (allowed.get(r.pool.id) ?? []).sort((a, b) => a - b),
    ),
  );
}

/** GET /api/pools: every pool of the operator (disabled ones too), by city and name. */
export async function listPools(db: Db, actor: Actor): Promise<Pool[]> {
  return loadPools(db, actor);
}

/** GET /api/pools/groups: the operator's pool groups, id → name. */
export async function listPoolGroups(db: Db, actor: Actor): Promise<PoolGroupsResponse> {
  const rows = await db
    .select({ id: poolGroups.id, name: poolGroups.name })
    .from(poolGroups)
    .where(eq(poolGroups.fleetId, actor.fleet))
    .orderBy(asc(poolGroups.id));
  return Object.fromEntries(rows.map((r) => [String(r.id), r.name]));
}

async function findFleetPool(db: Db, actor: Actor, poolId: number): Promise<PoolRow> {
  const [row] = await db
    .select()
    .from(pools)
    .where(and(eq(pools.id, poolId), eq(pools.fleetId, actor.fleet)))
    .limit(1);
  if (!row) throw poolNotFound();
  return row;
}

const COLUMN_OF = {
  disabled: 'disabled',
  description: 'description',
  publicNote: 'publicNote',
  pickupNote: 'pickupNote',
  dropoffNote: 'dropoffNote',
  fee: 'fee',
  responsibleOrganization: 'responsibleOrganization',
  geographicalIdentity: 'geographicalIdentity',
  parkingPlaceInfoRequired: 'parkingPlaceInfoRequired',
  defaultParkingPlace: 'defaultParkingPlace',
  chargingAvailable: 'chargingAvailable',
  wattWorldStationName: 'wattWorldStationName',
  movedTo: 'movedTo',
  poolGroupId: 'poolGroupId',
} as const satisfies Partial<Record<keyof PoolUpdateRequest, keyof PoolRow>>;

/**
 * PUT /api/pools/{poolId}: changes the editable §3 fields that were sent, checks the references (400 with field errors),
 * and logs one VEHICLE_ADMIN event with what changed, all in one transaction. Sending nothing that differs changes
 * nothing and logs nothing.
 */
export async function updatePool(db: Db, actor: Actor, poolId: number, req: PoolUpdateRequest): Promise<Pool> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(pools)
      .where(and(eq(pools.id, poolId), eq(pools.fleetId, actor.fleet)))
      .for('update')
      .limit(1);
    if (!current) throw poolNotFound();
    const errors: ErrorItem[] = [];
    if (req.movedTo !== undefined && req.movedTo !== null) {
      if (req.movedTo === poolId) errors.push(fieldError('movedTo', 'poolMovedToItself'));
      else {
        const [target] = await tx
          .select({ id: pools.id })
          .from(pools)
          .where(and(eq(pools.id, req.movedTo), eq(pools.fleetId, actor.fleet)))
          .limit(1);
        if (!target) errors.push({ field: 'movedTo', message: MESSAGES.poolNotFound });
      }
    }
    if (req.poolGroupId !== undefined && req.poolGroupId !== null) {
      const [group] = await tx
        .select({ id: poolGroups.id })
        .from(poolGroups)
        .where(and(eq(poolGroups.id, req.poolGroupId), eq(poolGroups.fleetId, actor.fleet)))
        .limit(1);
      if (!group) errors.push(fieldError('poolGroupId', 'poolGroupNotFound'));
    }
    const wantedContracts = req.allowedContracts ? [...new Set(req.allowedContracts)].sort((a, b) => a - b) : undefined;
    if (wantedContracts?.length) {
      const found = await tx
        .select({ id: contracts.id })
        .from(contracts)
        .where(and(inArray(contracts.id, wantedContracts), eq(contracts.fleetId, actor.fleet)));
      const known = new Set(found.map((c) => c.id));
      const missing = wantedContracts.filter((id) => !known.has(id));
      if (missing.length) errors.push(fieldError('allowedContracts', 'contractsNotFound', { ids: missing.join(', ') }));
    }
    if (errors.length) throw AppError.invalidInput(errors);

    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const set: Partial<typeof pools.$inferInsert> = {};
    for (const [field, column] of Object.entries(COLUMN_OF) as [keyof typeof COLUMN_OF, (typeof COLUMN_OF)[keyof typeof COLUMN_OF]][]) {
      const value = req[field];
      if (value === undefined || value === current[column]) continue;
      changes[field] = { from: current[column], to: value };
      (set as Record<string, unknown>)[column] = value;
    }
    if (Object.keys(set).length) await tx.update(pools).set(set).where(eq(pools.id, poolId));

    if (wantedContracts) {
      const before = (
        await tx
          .select({ contractId: poolContracts.contractId })
          .from(poolContracts)
          .innerJoin(contracts, eq(contracts.id, poolContracts.contractId))
          .where(and(eq(poolContracts.poolId, poolId), eq(contracts.fleetId, actor.fleet)))
      )
        .map((r) => r.contractId)
        .sort((a, b) => a - b);
      if (before.join(',') !== wantedContracts.join(',')) {
        await tx.delete(poolContracts).where(eq(poolContracts.poolId, poolId));
        if (wantedContracts.length) await tx.insert(poolContracts).values(wantedContracts.map((contractId) => ({ poolId, contractId })));
        changes.allowedContracts = { from: before, to: wantedContracts };
      }
    }
    if (Object.keys(changes).length) {
      await appendEvent(tx, actor, {
        type: 'VEHICLE_ADMIN',
        text: eventText('poolUpdated', { pool: current.name, fields: Object.keys(changes).join(', ') }),
        properties: { poolId, pool: current.name, city: current.city, changes },
      });
    }
  });
  const [updated] = await loadPools(db, actor, [poolId]);
  if (!updated) throw poolNotFound();
  return updated;
}

/** GET /api/pools/{poolId}/vehicles: the vehicles placed in the pool, hidden ones flagged, by registration. */
export async function listPoolVehicles(db: Db, actor: Actor, poolId: number): Promise<PoolVehicle[]> {
  await findFleetPool(db, actor, poolId);
  const rows = await db
    .select({ v: vehicles, modelName: vehicleModels.modelName, priceClass: vehicleModels.priceClass })
    .from(vehicles)
    .innerJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
    .where(and(eq(vehicles.fleetId, actor.fleet), eq(vehicles.poolId, poolId)))
    .orderBy(asc(vehicles.registrationNumber), asc(vehicles.id));
  return rows.map(({ v, modelName, priceClass }) => ({
    vin: v.vin,
    registrationNumber: v.registrationNumber,
    longPresentation: v.longPresentation,
    modelName,
    priceClass,
    vehicleCategory: v.vehicleCategory,
    hidden: v.hidden,
  }));
}

/** §9 pool booking window: the start of today to the end of tomorrow in the operator's time zone. */
export function defaultPoolBookingsWindow(now: Date, timeZone: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(now, timeZone), end: startOfLocalDay(now, timeZone, 2) };
}

/** The window, states and limit a pool bookings call applies (§9 defaults, overridden by what is given). */
export async function resolvePoolBookingsWindow(
  db: Db,
  actor: Actor,
  q: PoolBookingsQuery,
  now: Date,
): Promise<{ start: Date; end: Date | null; states: BookingState[]; limit: number }> {
  const given = (field: 'startDate' | 'endDate') => (q[field] ? new Date(q[field]) : null);
  let start = given('startDate');
  let end = given('endDate');
  if (q.upcoming) {
    start ??= new Date(now.getTime() - POOL_UPCOMING_LOOKBACK_MS);
  } else if (!start || !end) {
    const [fleet] = await db.select({ timeZone: fleets.timeZone }).from(fleets).where(eq(fleets.id, actor.fleet)).limit(1);
    const timeZone = fleet?.timeZone ?? 'UTC';
    if (!start && !end) ({ start, end } = defaultPoolBookingsWindow(now, timeZone));
    else if (!end) end = startOfLocalDay(start!, timeZone, 2);
    else start = startOfLocalDay(end, timeZone, -1);
  }
  if (start && end) {
    if (end <= start) throw AppError.invalidInput([{ field: 'endDate', message: 'Start has to be before end' }]);
    if (end.getTime() - start.getTime() > POOL_BOOKINGS_MAX_WINDOW_MS)
      throw AppError.invalidInput([fieldError('endDate', 'windowTooLong', { days: POOL_BOOKINGS_MAX_WINDOW_MS / DAY_MS })]);
  }
  const states = q.state?.length ? [...new Set(q.state)] : [...(q.upcoming ? POOL_BOOKINGS_UPCOMING_STATES : POOL_BOOKINGS_DEFAULT_STATES)];
  const limit = q.limit ?? (q.upcoming ? POOL_BOOKINGS_UPCOMING_LIMIT : POOL_BOOKINGS_MAX_LIMIT);
  return { start: start!, end, states, limit };
}

/**
 * GET /api/pools/{poolId}/bookings: the bookings leaving from the pool that overlap the window (an ACTIVE booking runs
 * until now, a finished one until its usage end), start ascending, with what the §4 timeline needs.
 */
export async function listPoolBookings(db: Db, actor: Actor, poolId: number, q: PoolBookingsQuery, now = new Date()): Promise<PoolBookingsResponse> {
  const pool = await findFleetPool(db, actor, poolId);
  const w = await resolvePoolBookingsWindow(db, actor, q, now);
  const where: SQL[] = [
    eq(bookings.fleetId, actor.fleet),
    eq(bookings.fromPoolId, pool.id),
    inArray(bookings.state, w.states),
    or(gt(bookings.endTime, w.start), gt(bookings.usageEnd, w.start), now > w.start ? eq(bookings.state, 'ACTIVE') : undefined)!,
  ];
  if (w.end) where.push(lt(bookings.startTime, w.end));
  const rows = await db
    .select({
      b: bookings,
      user: { username: users.username, givenName: users.givenName, familyName: users.familyName },
      vehicle: { vin: vehicles.vin, registrationNumber: vehicles.registrationNumber, longPresentation: vehicles.longPresentation },
      taxiFromPools: contracts.taxiFromPools,
    })
    .from(bookings)
    .innerJoin(contracts, eq(contracts.id, bookings.contractId))
    .leftJoin(users, eq(users.id, bookings.userId))
    .leftJoin(vehicles, eq(vehicles.id, bookings.allocatedVehicleId))
    .where(and(...where))
    .orderBy(asc(bookings.startTime), asc(bookings.bid))
    .limit(w.limit + 1);
  const page = rows.slice(0, w.limit);
  const ids = page.map((r) => r.b.id);

  // Payments waiting for the customer (display state REQUIRES_AUTH) and the booked models (unallocated groups).
  const needingAuth = ids.length
    ? await db
        .select({ bookingId: payments.bookingId, orderId: payments.orderId })
        .from(payments)
        .where(and(inArray(payments.bookingId, ids), eq(payments.status, 'NEEDS_AUTHORIZATION')))
    : [];
  const authByBooking = new Map<number, string[]>();
  for (const p of needingAuth) if (p.bookingId !== null) authByBooking.set(p.bookingId, [...(authByBooking.get(p.bookingId) ?? []), p.orderId]);
  const specVehicleIds = [...new Set(page.flatMap((r) => (r.b.specVehicleId ? [r.b.specVehicleId] : [])))];
  const specVehicleModel = new Map<number, number>();
  if (specVehicleIds.length) {
    for (const v of await db
      .select({ id: vehicles.id, modelId: vehicles.modelId })
      .from(vehicles)
      .where(and(inArray(vehicles.id, specVehicleIds), eq(vehicles.fleetId, actor.fleet)))) {
      specVehicleModel.set(v.id, v.modelId);
    }
  }
  const modelIds = [...new Set([...page.flatMap((r) => (r.b.specModelId ? [r.b.specModelId] : [])), ...specVehicleModel.values()])];
  const models = new Map(
    (modelIds.length
      ? await db
          .select({ id: vehicleModels.id, modelName: vehicleModels.modelName, priceClass: vehicleModels.priceClass })
          .from(vehicleModels)
          .where(and(inArray(vehicleModels.id, modelIds), eq(vehicleModels.fleetId, actor.fleet)))
      : []
    ).map((m) => [m.id, m]),
  );

  const results = page.map(({ b, user, vehicle, taxiFromPools }): PoolBookingRow => {
    const facts: BookingFacts = {
      state: b.state,
      start: b.startTime,
      end: b.endTime,
      hasUser: user !== null,
      vehicleCategory: b.vehicleCategory,
      allocationState: b.allocationState,
      allocateOnActivation: b.allocateOnActivation,
      irrevocableUntil: b.irrevocableUntil,
      taxiAcceptable: b.taxiAcceptable,
      rideShare: b.rideShare,
      fromPoolId: b.fromPoolId,
      taxiFromPools,
      paymentsRequiringAuthorization: authByBooking.get(b.id) ?? [],
    };
    const modelId =
      b.specType === 'MODEL' ? b.specModelId : b.specType === 'VEHICLE' && b.specVehicleId ? (specVehicleModel.get(b.specVehicleId) ?? null) : null;
    const model = modelId ? models.get(modelId) : undefined;
    return {
      bid: b.bid,
      state: b.state,
      displayState: displayState(facts, computeActions(facts, now)),
      allocationState: b.allocationState,
      vehicle: vehicle && b.allocationState === 'ALLOCATED' ? vehicle : null,
      specification: {
        type: b.specType,
        priceClass: b.specType === 'CLASS' ? b.specClassName : (model?.priceClass ?? null),
        modelId: modelId ?? null,
        modelName: model?.modelName ?? null,
        vehicleCategory: b.vehicleCategory,
      },
      startTime: b.startTime.toISOString(),
      endTime: b.endTime.toISOString(),
      usageStart: b.usageStart?.toISOString() ?? null,
      usageEnd: b.usageEnd?.toISOString() ?? null,
      overdue: b.state === 'ACTIVE' && b.endTime < now,
      user: user ? { username: user.username, fullNameLastFirst: `${user.familyName}, ${user.givenName}` } : null,
      toPoolId: b.toPoolId,
    };
  });
  return {
    results,
    moreResults: rows.length > w.limit,
    window: { start: w.start.toISOString(), end: w.end?.toISOString() ?? null, states: w.states, limit: w.limit },
  };
}
