import {
  type EventTextPart,
  englishEventText,
  eventMoney,
  eventValue,
  eventText,
  EVENT_TYPE_GROUP,
  isLightVehicleCategory,
  type AlarmName,
  type EventType,
} from '@fleetdesk/contract';
import type { Db } from '../db/client.ts';
import { alarms, bookings, damages, events, journalEntries, vehicleCommands, vehicleStatus } from '../db/schema.ts';
import { insertAll } from './batch.ts';
import type { BookingPlan, Drive } from './demo-bookings.ts';
import type { PaymentRecord } from './demo-money.ts';
import { count, must, type FleetWorld, type PoolRef, type SharedState, type VehicleRef } from './demo-world.ts';
import { DAY, HOUR, MINUTE, Rng } from './random.ts';

/** Inserts the planned bookings and everything that follows from them: journal, vehicle status, alarms, damage, events. */

const d = (ms: number) => new Date(ms);
const dn = (ms: number | null) => (ms === null ? null : new Date(ms));

export async function insertBookingRows(db: Db, w: FleetWorld, plans: BookingPlan[], sh: SharedState): Promise<void> {
  const rows = plans.map((b) => {
    const a = b.adjustment;
    const touched = [b.createdAt, b.cancelledAt ?? 0, b.usageStart ?? 0, b.usageEnd ?? 0].reduce((x, y) => Math.max(x, y), 0);
    return {
      bid: b.bid,
      fleetId: w.cat.id,
      userId: b.person?.id ?? null,
      contractId: b.contract.id,
      state: b.state,
      startTime: d(b.start),
      endTime: d(b.end),
      usageStart: dn(b.usageStart),
      usageEnd: dn(b.usageEnd),
      fromPoolId: b.fromPool.id,
      toPoolId: b.toPool.id,
      note: b.note,
      distance: b.distance,
      estimatedDistance: b.estimatedDistance,
      tripType: a?.adjustedBookingType ?? b.tripType,
      rideShare: b.rideShare,
      taxiAcceptable: b.taxiAcceptable,
      specType: b.specType,
      specClassName: b.specType === 'CLASS' ? b.model.spec.priceClass : null,
      specModelId: b.specType === 'MODEL' ? b.model.id : null,
      specVehicleId: b.specType === 'VEHICLE' ? must(b.vehicle, 'vehicle').id : null,
      vehicleCategory: b.category,
      allocationState: b.vehicle ? ('ALLOCATED' as const) : ('NOT_ALLOCATED' as const),
      allocatedVehicleId: b.vehicle?.id ?? null,
      checkoutRequired: b.checkoutRequired,
      allocateOnActivation: b.allocateOnActivation,
      irrevocableUntil: dn(b.irrevocableUntil),
      lockedForUser: b.lockedForUser,
      metadata: b.metadata,
      estimatedPriceWithoutVat: b.estimatedPriceWithoutVat,
      estimatedVat: b.estimatedVat,
      adjustedStartTime: a ? d(a.adjustedStart) : null,
      adjustedEndTime: a ? d(a.adjustedEnd) : null,
      adjustedDistance: a?.adjustedDistance ?? null,
      adjustedBookingType: a?.adjustedBookingType ?? null,
      dataQuality: a?.dataQuality ?? null,
      originalUsageStart: a ? d(a.originalStart) : null,
      originalUsageEnd: a ? d(a.originalEnd) : null,
      originalTotalDistance: a?.originalDistance ?? null,
      originalBookingType: a?.originalBookingType ?? null,
      technicalIssueReportedAt: dn(b.technicalIssueAt),
      replacedBy: b.replacedBy,
      createdBy: b.createdBy,
      createdAt: d(b.createdAt),
      updatedAt: d(Math.min(w.base, touched)),
    };
  });
  const inserted = await db.insert(bookings).values(rows).returning({ id: bookings.id, bid: bookings.bid });
  const ids = new Map(inserted.map((r) => [r.bid, r.id]));
  for (const b of plans) b.id = must(ids.get(b.bid), b.bid);
  count(sh, 'bookings', inserted.length);
}

export async function insertJournal(db: Db, w: FleetWorld, drives: Drive[], sh: SharedState): Promise<void> {
  const rows = drives.map((x) => ({
    fleetId: w.cat.id,
    vehicleId: x.vehicle.id,
    bid: x.bid,
    driveStart: d(x.start),
    driveEnd: d(x.end),
    distance: x.km,
    odometerStart: x.odometerStart,
    odometerEnd: x.odometerEnd,
    fromPoolId: x.fromPoolId,
    toPoolId: x.toPoolId,
    tripType: x.tripType,
    username: x.username,
    destination: x.destination,
    purpose: x.purpose,
  }));
  await insertAll(db, journalEntries, rows);
  count(sh, 'journal_entries', rows.length);
}

interface EventOptions {
  bid?: string | null;
  vin?: string | null;
  acting?: string | null;
  affected?: string | null;
  public?: boolean;
  at?: { lat: number; lon: number };
  extra?: Record<string, unknown>;
  /** received − occurred in ms; negative for the "received before it occurred" cases. */
  receivedOffset?: number;
}

interface LastCommand {
  vehicle: VehicleRef;
  command: string;
  at: number;
  by: string;
  bid: string | null;
  state: 'SUCCEEDED' | 'FAILED';
  message: string | null;
}

/** Collects event-log rows (and the last remote command per vehicle) inside the demo window. */
export class EventLog {
  readonly rows: (typeof events.$inferInsert)[] = [];
  readonly commands = new Map<number, LastCommand>();
  readonly extraCommands: LastCommand[] = [];
  readonly rng: Rng;
  constructor(private readonly w: FleetWorld) {
    this.rng = new Rng(`${w.cat.id}:events`, 'en');
  }
  add(type: EventType, occurred: number, text: EventTextPart, o: EventOptions = {}): void {
    const base = this.w.base;
    if (occurred > base || occurred < base - 45 * DAY) return;
    const offset = o.receivedOffset ?? (type === 'HEARTBEAT' ? this.rng.int(200, 30_000) : this.rng.int(50, 4_000));
    this.rows.push({
      fleetId: this.w.cat.id,
      occurred: d(occurred),
      received: d(occurred + offset),
      bid: o.bid ?? null,
      vin: o.vin ?? null,
      actingUsername: o.acting ?? null,
      affectedUsername: o.affected ?? null,
      type,
      typeGroup: EVENT_TYPE_GROUP[type],
      displayText: englishEventText([text]),
      textParts: [text],
      properties: { public: o.public ?? false, ...(o.at ? { lat: o.at.lat, lon: o.at.lon } : {}), ...o.extra },
    });
  }
  near(pool: PoolRef, spread = 0.0006): { lat: number; lon: number } {
    return { lat: round6(pool.lat + this.rng.float(-spread, spread, 6)), lon: round6(pool.lon + this.rng.float(-spread * 2, spread * 2, 6)) };
  }
  command(vehicle: VehicleRef, command: string, at: number, by: string, bid: string | null): void {
    const prev = this.commands.get(vehicle.id);
    if (at <= this.w.base && (!prev || prev.at < at))
      this.commands.set(vehicle.id, { vehicle, command, at, by, bid, state: 'SUCCEEDED', message: null });
  }
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

function specText(b: BookingPlan): string {
  if (b.specType === 'VEHICLE' && b.vehicle) return b.vehicle.longPresentation;
  if (b.specType === 'MODEL') return b.model.spec.modelName;
  return b.model.spec.priceClass;
}

export function bookingEvents(w: FleetWorld, plans: BookingPlan[], paymentsMade: PaymentRecord[], log: EventLog): void {
  const { rng } = log;
  const currency = w.cat.currency;
  const tolls = w.cat.texts.tollPoints;
  for (const b of plans) {
    const v = b.vehicle;
    const user = b.person?.username ?? null;
    const common = { bid: b.bid, vin: v?.vin ?? null, affected: user };
    log.add(
      'BOOKING_EVENT',
      b.createdAt,
      b.toPool.id !== b.fromPool.id
        ? eventText('bookingCreatedDetailsTo', { vehicle: specText(b), fromPool: b.fromPool.name, toPool: b.toPool.name })
        : eventText('bookingCreatedDetails', { vehicle: specText(b), fromPool: b.fromPool.name }),
      {
        ...common,
        acting: b.createdBy,
        public: true,
        at: log.near(b.fromPool),
      },
    );
    if (v && !b.allocateOnActivation) {
      log.add('BOOKING_EVENT', b.createdAt + 2_000, eventText('vehicleAllocated', { vehicle: v.longPresentation }), {
        ...common,
        acting: b.createdBy,
        public: true,
      });
    }
    if (b.state === 'CANCELLED') {
      const at = b.cancelledAt ?? b.createdAt;
      const text =
        b.paymentStatus === 'ABANDONED'
          ? eventText('bookingCancelledAbandoned')
          : eventText(
              b.replacedBy === 'TAXI'
                ? 'bookingReplacedWithTaxi'
                : b.cancelledBy === w.support
                  ? 'bookingCancelledBySupport'
                  : 'bookingCancelledByCustomer',
            );
      log.add('BOOKING_EVENT', at, text, { ...common, acting: b.cancelledBy, public: true });
      continue;
    }
    if (b.usageStart === null) continue;
    const agent = v && v.agent !== 'none';
    const light = isLightVehicleCategory(b.category);
    const pool = b.fromPool;
    log.add('BOOKING_EVENT', b.usageStart, eventText('bookingActivated'), { ...common, acting: user, public: true, at: log.near(pool) });
    if (v && agent) {
      if (light) log.add('BLUETOOTH_EVENT', b.usageStart + 8_000, eventText('bluetoothLockOpened'), { ...common, acting: user, at: log.near(pool) });
      log.add('REMOTE_COMMAND', b.usageStart + 20_000, eventText('commandSucceeded', { command: eventValue('command', 'UNLOCK') }), {
        ...common,
        acting: user,
        at: log.near(pool),
        extra: { command: 'UNLOCK', result: 'SUCCEEDED' },
      });
      log.command(v, 'UNLOCK', b.usageStart + 20_000, user ?? w.support, b.bid);
    }
    for (const drive of b.drives) {
      log.add('VEHICLE_STATUS', drive.start, eventText('ignitionOn'), {
        ...common,
        at: log.near(pool, 0.01),
        extra: { odometer: drive.odometerStart },
      });
      log.add('VEHICLE_STATUS', drive.end, eventText('ignitionOff', { odometer: drive.odometerEnd.toFixed(1) }), {
        ...common,
        at: log.near(pool, 0.01),
        extra: { odometer: drive.odometerEnd },
      });
      const points = tolls[pool.city];
      if (points && !light && rng.chance(0.45)) {
        const amount = currency === 'NOK' ? rng.pick([19, 27, 36, 46]) : rng.pick([15, 25, 35, 45]);
        log.add(
          'EXTERNAL_COST',
          Math.round((drive.start + drive.end) / 2),
          eventText('tollPassage', { point: rng.pick(points), amount: eventMoney(amount, currency) }),
          {
            ...common,
            at: log.near(pool, 0.02),
            extra: { amount, currency },
          },
        );
      }
    }
    if (b.technicalIssueAt)
      log.add('BOOKING_EVENT', b.technicalIssueAt, eventText('technicalIssueReported', { description: b.note ?? '' }), {
        ...common,
        acting: w.support,
        public: false,
      });
    if (b.state === 'ACTIVE') {
      if (b.overdue) log.add('BOOKING_EVENT', b.end + 15 * MINUTE, eventText('bookingOverdue'), { ...common, public: false });
      continue;
    }
    const end = must(b.adjustment?.originalEnd ?? b.usageEnd, 'usage end');
    const back = log.near(b.toPool);
    if (v && agent) {
      log.add('REMOTE_COMMAND', end - 30_000, eventText('commandSucceeded', { command: eventValue('command', 'LOCK') }), {
        ...common,
        acting: b.forceEnded ? w.support : user,
        at: back,
        extra: { command: 'LOCK', result: 'SUCCEEDED' },
      });
      log.command(v, 'LOCK', end - 30_000, b.forceEnded ? w.support : (user ?? w.support), b.bid);
      if (light) log.add('BLUETOOTH_EVENT', end - 45_000, eventText('bluetoothLockClosed'), { ...common, acting: user, at: back });
    }
    log.add('BOOKING_EVENT', end, eventText(b.forceEnded ? 'bookingForceEnded' : 'bookingDeactivated'), {
      ...common,
      acting: b.forceEnded ? w.support : user,
      public: true,
      at: back,
    });
    if (b.checkoutRequired) log.add('BOOKING_EVENT', end + MINUTE, eventText('checkoutRequired'), { ...common, public: false });
    if (b.adjustment) {
      log.add(
        'BOOKING_EVENT',
        Math.min(w.base - 30 * MINUTE, end + DAY),
        eventText('usageAdjustedDistance', {
          previousDistance: b.adjustment.originalDistance,
          distance: b.adjustment.adjustedDistance,
          dataQuality: b.adjustment.dataQuality,
        }),
        {
          ...common,
          acting: w.support,
          public: false,
        },
      );
    }
  }

  for (const p of paymentsMade) {
    const b = p.booking;
    const common = {
      bid: b.bid,
      affected: b.person?.username ?? null,
      public: true,
      extra: { orderId: p.orderId, status: p.status, amount: p.totalPrice, currency },
    };
    const amount = { amount: eventMoney(p.totalPrice, currency), orderId: p.orderId };
    if (p.target === 'EVENT') {
      log.add(
        'PAYMENT_ACTION',
        p.timestamp - 5 * MINUTE,
        eventText('feeAddedShort', { feeType: eventValue('feeType', p.feeType ?? 'OTHER'), ...amount }),
        { ...common, acting: w.support },
      );
    }
    if (p.credit !== null)
      log.add('PAYMENT_ACTION', p.timestamp + HOUR, eventText('creditAddedShort', { amount: eventMoney(p.credit, currency), orderId: p.orderId }), {
        ...common,
        acting: w.support,
      });
    const text: Record<string, EventTextPart> = {
      PAID: eventText(p.type === 'CREDITCARD' ? 'cardPaymentCaptured' : 'invoicePaid', amount),
      INVOICE_SENT: eventText('invoiceSent', amount),
      UNPAID: p.type === 'CREDITCARD' ? eventText('cardPaymentFailed', { code: 'card_declined', ...amount }) : eventText('invoiceCreated', amount),
      RESERVED: eventText('amountReserved', amount),
      NEEDS_AUTHORIZATION: eventText('cardAuthorisationRequested', amount),
      RESERVATION_FAILED: eventText('cardReservationFailedCode', { code: 'insufficient_funds', ...amount }),
      ABANDONED: eventText('cardAuthorisationAbandoned', amount),
      NO_CHARGE: eventText('internalTripNoCharge', { orderId: p.orderId }),
    };
    log.add(
      'PAYMENT_ACTION',
      p.timestamp,
      text[p.status] ?? eventText('paymentStatusChanged', { status: eventValue('paymentStatus', p.status), ...amount }),
      common,
    );
  }
}

export async function insertVehicleState(
  db: Db,
  w: FleetWorld,
  plans: BookingPlan[],
  odometers: Map<number, number>,
  log: EventLog,
  sh: SharedState,
): Promise<void> {
  const rng = new Rng(`${w.cat.id}:status`, w.cat.language);
  const base = w.base;
  const inUse = new Map(plans.filter((b) => b.state === 'ACTIVE' && b.vehicle).map((b) => [must(b.vehicle, 'vehicle').id, b]));
  const motorised = (v: VehicleRef) => v.model.spec.category === 'CAR' || v.model.spec.category === 'TRANSPORT_VEHICLE';
  const regular = w.vehicles.filter((v) => !v.handy && v.agent !== 'none' && motorised(v) && !inUse.has(v.id));
  const weakBattery = rng.pick(regular);

  const statusRows: (typeof vehicleStatus.$inferInsert)[] = [];
  const alarmRows: (typeof alarms.$inferInsert)[] = [];
  const addAlarm = (v: VehicleRef, name: AlarmName, at: number, types: string[], extra: Partial<typeof alarms.$inferInsert> = {}) => {
    alarmRows.push({
      fleetId: w.cat.id,
      name,
      category: 'VEHICLE',
      state: 'TRIGGERED',
      alarmTypes: types,
      alarmTimestamp: d(at),
      vehicleId: v.id,
      primaryObject: v.reg,
      ...extra,
    });
  };
  for (const v of w.vehicles) {
    if (v.handy?.role === 'NO_STATUS') continue;
    const spec = v.model.spec;
    const telematics = v.agent !== 'none';
    const booking = inUse.get(v.id);
    const role = v.handy?.role;
    const voltage = telematics && motorised(v) ? (role === 'LOW_VOLTAGE' ? 11.4 : v === weakBattery ? 11.6 : rng.float(12.0, 12.8, 2)) : null;
    let level: number | null = null;
    let dte: number | null = null;
    if (telematics && spec.fuel === 'BATTERY') {
      level = role === 'CHARGING' ? 48 : role === 'LOW_FUEL' ? 9 : rng.int(12, 100);
      dte = Math.round((level / 100) * (spec.rangeKm ?? 100));
    } else if (telematics && spec.fuel !== 'NONE') {
      level = role === 'LOW_FUEL' ? 6 : rng.int(5, spec.tankLitres ?? 40);
      dte = Math.round(level * (spec.kmPerLitre ?? 15));
    }
    const refuelling = telematics ? role === 'CHARGING' : null;
    const at = booking ? log.near(v.pool, 0.03) : log.near(v.pool);
    const updated = telematics ? base - rng.int(1, 25) * MINUTE : base - rng.int(2, 10) * DAY;
    statusRows.push({
      vehicleId: v.id,
      carBatteryVoltage: voltage,
      dte,
      fuelLevel: level,
      isRefueling: refuelling,
      odometer: telematics ? (odometers.get(v.id) ?? null) : null,
      keyholder: v.agent === 'key' ? role !== 'KEY_MISSING' : null,
      locked: telematics ? (booking ? rng.chance(0.5) : true) : null,
      immobilized: telematics && motorised(v) ? !booking : null,
      lat: at.lat,
      lon: at.lon,
      updatedAt: d(updated),
    });

    const common = { vin: v.vin, at };
    if (voltage !== null && voltage < 11.8) {
      const when = base - rng.int(2, 30) * HOUR;
      addAlarm(v, 'EXTERNAL_BATTERY', when, ['LOW_VOLTAGE'], role === 'LOW_VOLTAGE' ? { assignedTo: w.support } : {});
      log.add('VEHICLE_STATUS', when, eventText('externalBatteryLowVolts', { voltage: voltage.toFixed(1) }), common);
    }
    const lowFuel = level !== null && !refuelling && (spec.fuel === 'BATTERY' ? level < 15 : level < 8);
    if (lowFuel && level !== null) {
      const when = base - rng.int(1, 20) * HOUR;
      addAlarm(v, 'FUEL', when, [spec.fuel === 'BATTERY' ? 'LOW_CHARGE' : 'LOW_FUEL']);
      log.add('VEHICLE_STATUS', when, eventText(spec.fuel === 'BATTERY' ? 'chargeLevelLowPercent' : 'fuelLevelLowLitres', { level }), common);
    }
    if (refuelling)
      log.add(
        'VEHICLE_STATUS',
        base - 2 * HOUR,
        eventText('chargingStarted', { place: v.pool.spec.charging ? `${w.cat.texts.stationPrefix} ${v.pool.name}` : v.pool.name }),
        common,
      );
    if (role === 'KEY_MISSING') {
      const last = plans.filter((b) => b.vehicle === v && b.state === 'FINISHED').sort((a, b) => (b.usageEnd ?? 0) - (a.usageEnd ?? 0))[0];
      const when = (last?.usageEnd ?? base - 3 * HOUR) + 2 * MINUTE;
      addAlarm(v, 'KEY_HOLDER', when, ['KEY_NOT_RETURNED'], { bid: last?.bid ?? null, username: last?.person?.username ?? null });
      log.add('VEHICLE_STATUS', when, eventText('keyNotReturned'), { ...common, bid: last?.bid ?? null, affected: last?.person?.username ?? null });
      log.add('REMOTE_COMMAND', when + 40 * MINUTE, eventText('commandSucceeded', { command: eventValue('command', 'IMMOBILIZE') }), {
        ...common,
        acting: w.support,
        extra: { command: 'IMMOBILIZE', result: 'SUCCEEDED' },
      });
      log.command(v, 'IMMOBILIZE', when + 40 * MINUTE, w.support, null);
    }
    if (role === 'LOW_VOLTAGE') {
      log.add('REMOTE_COMMAND', base - 3 * HOUR, eventText('commandFailedNoAnswer', { command: eventValue('command', 'LOCK') }), {
        ...common,
        acting: w.support,
        extra: { command: 'LOCK', result: 'FAILED' },
      });
      log.extraCommands.push({
        vehicle: v,
        command: 'LOCK',
        at: base - 3 * HOUR,
        by: w.support,
        bid: null,
        state: 'FAILED',
        message: 'The vehicle did not respond within 30 s',
      });
    }
    if (telematics) {
      const firmware = `4.${rng.int(1, 3)}.${rng.int(0, 9)}`;
      for (let k = 0; k < 12; k++) {
        log.add('HEARTBEAT', base - k * 6 * HOUR - rng.int(0, 900) * 1000, eventText('heartbeat', { signal: -rng.int(60, 95), firmware }), {
          vin: v.vin,
          at,
        });
      }
    }
    if (v.publicNote)
      log.add('VEHICLE_ADMIN', base - rng.int(2, 40) * DAY, eventText('publicNoteUpdated', { note: v.publicNote }), {
        vin: v.vin,
        acting: w.support,
      });
    if (v.parkingPlaceInfo)
      log.add('VEHICLE_ADMIN', base - rng.int(1, 20) * DAY, eventText('parkingPlaceUpdated', { info: v.parkingPlaceInfo }), {
        vin: v.vin,
        acting: w.support,
      });
  }
  // Vehicles taken over from the disabled pool.
  for (const p of w.pools.filter((x) => x.disabled && x.spec.movedTo)) {
    const target = must(w.poolByKey.get(must(p.spec.movedTo, 'moved to')), 'pool');
    for (const v of w.vehicles.filter((x) => x.pool === target).slice(0, 2)) {
      log.add('VEHICLE_ADMIN', base - 30 * DAY - rng.int(0, 12) * HOUR, eventText('vehicleMoved', { from: p.name, to: target.name }), {
        vin: v.vin,
        acting: w.admin,
      });
    }
  }
  // A few positions whose vehicle clock ran ahead: received before they occurred.
  for (const v of w.vehicles.filter((x) => x.agent !== 'none').slice(0, 3)) {
    log.add('VEHICLE_STATUS', base - rng.int(2, 30) * HOUR, eventText('positionUpdate', { place: v.pool.name }), {
      vin: v.vin,
      at: log.near(v.pool),
      receivedOffset: -rng.int(60, 180) * 1000,
    });
  }
  // Earlier alarms that support handled.
  const handled = rng.shuffle(w.vehicles.filter((v) => v.agent !== 'none' && motorised(v))).slice(0, 5);
  for (const v of handled) {
    const name = rng.pick<AlarmName>(v.agent === 'key' ? ['EXTERNAL_BATTERY', 'FUEL', 'KEY_HOLDER'] : ['EXTERNAL_BATTERY', 'FUEL']);
    const when = base - rng.int(3, 30) * DAY;
    alarmRows.push({
      fleetId: w.cat.id,
      name,
      category: 'VEHICLE',
      state: 'HANDLED',
      alarmTypes: [name === 'FUEL' ? 'LOW_FUEL' : name === 'KEY_HOLDER' ? 'KEY_NOT_RETURNED' : 'LOW_VOLTAGE'],
      alarmTimestamp: d(when),
      handledAt: d(when + rng.int(1, 20) * HOUR),
      handledBy: w.support,
      assignedTo: w.support,
      vehicleId: v.id,
      primaryObject: v.reg,
    });
  }
  await insertAll(db, vehicleStatus, statusRows);
  count(sh, 'vehicle_status', statusRows.length);
  await insertAll(db, alarms, alarmRows);
  count(sh, 'alarms', alarmRows.length);

  // Damage: two on the persona's vehicle (one fixed), and one each on a few others.
  const damageRows: (typeof damages.$inferInsert)[] = [];
  const lang = w.cat.language;
  const addDamage = (v: VehicleRef, daysAgo: number, fixedAfterDays: number | null, reporter: string) => {
    const list = isLightVehicleCategory(v.model.spec.category) ? w.cat.texts.lightDamages : w.cat.texts.damages;
    const [local, en] = rng.pick(list);
    const registered = base - daysAgo * DAY - rng.int(1, 10) * HOUR;
    const fixed = fixedAfterDays === null ? null : Math.min(base - HOUR, registered + fixedAfterDays * DAY);
    damageRows.push({
      fleetId: w.cat.id,
      vehicleId: v.id,
      registrationDate: d(registered),
      fixDate: dn(fixed),
      imageKey: null,
      thumbnailKey: null,
      descriptions: { [lang]: local, en },
      reportedBy: reporter,
    });
    log.add('VEHICLE_ADMIN', registered, eventText('damageRegistered', { description: en }), { vin: v.vin, acting: reporter });
    if (fixed !== null) log.add('VEHICLE_ADMIN', fixed, eventText('damageFixed', { description: en }), { vin: v.vin, acting: w.support });
  };
  const persona = w.handy.get('persona');
  if (persona) {
    addDamage(persona, 20, null, w.support);
    addDamage(persona, 50, 5, w.support);
  }
  const customers = w.people.filter((p) => p.status === 'ACTIVE');
  for (const [i, v] of rng
    .shuffle(w.vehicles.filter((x) => !x.handy && !x.hidden))
    .slice(0, 6)
    .entries()) {
    addDamage(v, rng.int(1, 60), i < 2 ? rng.int(1, 10) : null, i % 2 === 0 ? w.support : rng.pick(customers).username);
  }
  await insertAll(db, damages, damageRows);
  count(sh, 'damages', damageRows.length);
}

export function userEvents(w: FleetWorld, log: EventLog): void {
  const { rng } = log;
  for (const p of w.people) {
    const spec = p.spec;
    const self = { acting: p.username, affected: p.username };
    const bySupport = { acting: w.support, affected: p.username };
    log.add('USER_ACTION', p.applyDate, eventText('userRegistered'), self);
    if (spec.duplicatePhone || spec.duplicateEmail || spec.duplicateIdentityNumber) {
      const what = [
        spec.duplicateEmail ? 'EMAIL' : null,
        spec.duplicatePhone ? 'PHONE' : null,
        spec.duplicateIdentityNumber ? 'IDENTITY_NUMBER' : null,
      ].flatMap((x) => (x ? [eventValue('duplicate', x)] : []));
      log.add('USER_ACTION', p.applyDate + MINUTE, eventText('registrationSuspicious', { what }), { affected: p.username });
    }
    if (spec.identity)
      log.add(
        'USER_ACTION',
        p.applyDate + 2 * HOUR,
        eventText('identityVerified', { method: eventValue('identityMethod', spec.identity) }),
        spec.identity === 'MANUAL' ? bySupport : self,
      );
    if (spec.license === 'VERIFIED') log.add('USER_ACTION', p.applyDate + 3 * HOUR, eventText('licenceVerified'), bySupport);
    if (p.status === 'ACTIVE' || p.status === 'APPROVED') log.add('USER_ACTION', p.lastStatusChange, eventText('userApproved'), bySupport);
    if (p.status === 'BLOCKED')
      log.add(
        'USER_ACTION',
        p.lastStatusChange,
        eventText('userBlocked', { blockReason: eventValue('blockReason', spec.blockReason ?? 'GENERIC_MESSAGE') }),
        bySupport,
      );
    if (p.status === 'DELETION_REQUESTED') log.add('USER_ACTION', p.lastStatusChange, eventText('deletionRequested'), self);
    if (p.status === 'AWAITING_CONFIRMATION')
      log.add('USER_ACTION', p.applyDate + 5 * MINUTE, eventText('confirmationMailSent'), { affected: p.username });
    if (p.status === 'ACTIVE' && !spec.sso && rng.chance(0.1))
      log.add('USER_ACTION', w.base - rng.int(1, 40) * DAY, eventText('passwordResetMailSent'), bySupport);
    if ((spec.freeMonths ?? 0) > 0)
      log.add('USER_ACTION', w.base - rng.int(1, 40) * DAY, eventText('freeMonthsSetTo', { to: spec.freeMonths ?? 0 }), bySupport);
  }
}

export async function insertEventsAndCommands(db: Db, w: FleetWorld, log: EventLog, sh: SharedState): Promise<void> {
  const rows = [...log.rows].sort((a, b) => a.occurred.getTime() - b.occurred.getTime());
  await insertAll(db, events, rows, 2000);
  count(sh, 'events', rows.length);
  const commands = [...log.commands.values(), ...log.extraCommands].map((c) => ({
    fleetId: w.cat.id,
    vehicleId: c.vehicle.id,
    bid: c.bid,
    command: c.command,
    state: c.state,
    reason: null,
    requestedBy: c.by,
    requestedAt: d(c.at),
    completedAt: d(c.at + 3_000),
    message: c.message,
  }));
  await insertAll(db, vehicleCommands, commands);
  count(sh, 'vehicle_commands', commands.length);
}
