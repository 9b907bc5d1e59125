import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/rows.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, events, vehicleModels, vehicleStatus, vehicles } from '../src/db/schema.ts';
import { createSimulator, simulateStatus, type SimulatedVehicle } from '../src/integrations/telematics/simulator.ts';
import type { CommandAck, StatusReport, TelematicsHandler, TelematicsLog } from '../src/integrations/telematics/types.ts';
import { handleStatusReports, vehicleTelematicsHandler } from '../src/modules/vehicle-commands/telematics-handler.ts';
import {
  createAlarm,
  createBooking,
  createContract,
  createFleet,
  createPool,
  createUser,
  createVehicle,
  createVehicleStatus,
} from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const quietLog: TelematicsLog = { info: () => {}, warn: () => {}, error: () => {} };
/** A random source that plays the given numbers, then 0.5 forever. */
const sequence =
  (...values: number[]) =>
  () =>
    values.shift() ?? 0.5;

const parked: SimulatedVehicle = {
  vin: 'VIN1',
  agent: 'key',
  fuelType: 'BATTERY',
  inUse: false,
  status: { carBatteryVoltage: 12.4, dte: 200, fuelLevel: 50, isRefueling: false, odometer: 1000, keyholder: true, lat: 59.9, lon: 10.7 },
};

describe('simulated vehicle status', () => {
  it('drives during an active booking: odometer up, charge and range down, position moves', () => {
    const r = simulateStatus({ ...parked, inUse: true }, 1, () => 0.5);
    expect(r.status.odometer).toBe(1040); // (20 + 0.5 × 40) km/h for an hour
    expect(r.status.fuelLevel).toBeCloseTo(50 - 40 * 0.22, 1);
    expect(r.status.dte).toBe(Math.round((200 * (r.status.fuelLevel ?? 0)) / 50));
    expect(r.status.keyholder).toBeUndefined(); // the key is with the customer: no key-holder alarm while driving
    expect(r.alarms.raised).toEqual([]);
    expect(r.alarms.cleared).toEqual(['FUEL', 'EXTERNAL_BATTERY']);
    const moved = simulateStatus({ ...parked, inUse: true }, 1, sequence(0.5, 0.9, 0.1));
    expect(moved.status.lat).not.toBe(parked.status.lat);
    expect(moved.status.lon).not.toBe(parked.status.lon);
  });

  it('charges while refuelling until full, then stops charging', () => {
    const half = simulateStatus({ ...parked, status: { ...parked.status, fuelLevel: 10, isRefueling: true } }, 1, () => 0.5);
    expect(half.status.fuelLevel).toBe(35);
    expect(half.status.isRefueling).toBeUndefined(); // unchanged
    expect(half.alarms.cleared).toContain('FUEL'); // charging: not an alarm even below the threshold
    const full = simulateStatus({ ...parked, status: { ...parked.status, fuelLevel: 95, isRefueling: true } }, 1, () => 0.5);
    expect(full.status).toMatchObject({ fuelLevel: 100, isRefueling: false });
  });

  it('raises the fuel, external battery and key holder alarms below their thresholds', () => {
    const low = simulateStatus({ ...parked, status: { ...parked.status, fuelLevel: 9, carBatteryVoltage: 11.5, keyholder: false } }, 1, () => 0.5);
    expect(low.alarms.raised).toEqual(['FUEL', 'EXTERNAL_BATTERY', 'KEY_HOLDER']);
    const diesel = simulateStatus({ ...parked, fuelType: 'DIESEL', status: { ...parked.status, fuelLevel: 9 } }, 1, () => 0.5);
    expect(diesel.alarms.raised).toEqual([]); // 9 l of diesel is above the 8 l threshold
    expect(diesel.status.fuelLevel).toBe(9); // a parked combustion car does not lose fuel
    const keyless = simulateStatus({ ...parked, agent: 'keyless', status: { ...parked.status, keyholder: null } }, 1, () => 0.5);
    expect([...keyless.alarms.raised, ...keyless.alarms.cleared]).not.toContain('KEY_HOLDER');
    const taken = simulateStatus(parked, 1, sequence(0.5, 0.5, 0.5, 0.0001));
    expect(taken.status.keyholder).toBe(false);
    expect(taken.alarms.raised).toEqual(['KEY_HOLDER']);
  });
});

describe('simulated agents answering commands', () => {
  const recorder = () => {
    const acks: CommandAck[] = [];
    let notify: (() => void) | null = null;
    const handler: TelematicsHandler = {
      onAck: async (ack) => {
        acks.push(ack);
        notify?.();
      },
      onStatus: async () => {},
    };
    const next = (count: number) =>
      new Promise<void>((resolve) => {
        notify = () => acks.length >= count && resolve();
        if (acks.length >= count) resolve();
      });
    return { acks, handler, next };
  };
  const options = { log: quietLog, minDelayMs: 0, maxDelayMs: 0, tickSeconds: 0 };

  it('answers, fails with an agent message, or never answers, by the injected random source', async () => {
    const { acks, handler, next } = recorder();
    // Per command: timeout draw, failure draw, [message draw], delay draw.
    const random = sequence(0.5, 0.5, 0.5, /* lost: */ 0.01, /* fails: */ 0.5, 0.01, 0.9, 0.5);
    const sim = createSimulator({ ...options, db: null as never, failureRate: 0.1, timeoutRate: 0.1, random });
    await sim.start(handler);
    await sim.send({ commandId: 1, vin: 'V', command: 'LOCK', issuedAt: '' });
    await sim.send({ commandId: 2, vin: 'V', command: 'UNLOCK', issuedAt: '' });
    await sim.send({ commandId: 3, vin: 'V', command: 'IMMOBILIZE', issuedAt: '' });
    await next(2);
    await sim.stop();
    expect(acks).toEqual([
      { commandId: 1, vin: 'V', ok: true },
      { commandId: 3, vin: 'V', ok: false, message: 'The engine is running: the immobilizer cannot engage' },
    ]);
    await expect(sim.send({ commandId: 4, vin: 'V', command: 'LOCK', issuedAt: '' })).rejects.toThrow('not running');
  });
});

describe('simulator status reports against a fleet', () => {
  let t: TestApp;
  /** The fixture's vehicles: each reports (or not) something different. */
  const v = {} as Record<'low' | 'healthy' | 'kia' | 'weakBattery' | 'driving' | 'unknown' | 'bike', typeof vehicles.$inferSelect>;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await createFleet(db, 'fjord');
    const parkedStatus = { fuelLevel: 80, carBatteryVoltage: 12.6, isRefueling: false, keyholder: null };
    // A parked electric car running low, with no fuel alarm yet.
    v.low = await createVehicle(db, 'fjord', { registrationNumber: 'EL 40005' });
    await createVehicleStatus(db, v.low.id, { ...parkedStatus, fuelLevel: 5 });
    v.healthy = await createVehicle(db, 'fjord', { registrationNumber: 'EL 40080' });
    await createVehicleStatus(db, v.healthy.id, parkedStatus);
    // EV 33003 at 9 % with its FUEL alarm open, and a car whose 12 V battery is weak, with its alarm open.
    v.kia = await createVehicle(db, 'fjord', { vin: 'KNACC81GXSN033003', registrationNumber: 'EV 33003' });
    await createVehicleStatus(db, v.kia.id, { ...parkedStatus, fuelLevel: 9 });
    await createAlarm(db, 'fjord', { name: 'FUEL', vehicleId: v.kia.id, primaryObject: 'EV 33003', alarmTypes: ['LOW_CHARGE'] });
    v.weakBattery = await createVehicle(db, 'fjord', { registrationNumber: 'EL 41150' });
    await createVehicleStatus(db, v.weakBattery.id, { ...parkedStatus, carBatteryVoltage: 11.5 });
    await createAlarm(db, 'fjord', { name: 'EXTERNAL_BATTERY', vehicleId: v.weakBattery.id, primaryObject: 'EL 41150' });
    // EL 12345 in an active booking.
    v.driving = await createVehicle(db, 'fjord', { vin: 'WVWZZZE1ZPP012345', registrationNumber: 'EL 12345' });
    await createVehicleStatus(db, v.driving.id, { ...parkedStatus, fuelLevel: 70, odometer: 5000 });
    const user = await createUser(db, 'fjord');
    const pool = await createPool(db, 'fjord');
    const contract = await createContract(db, 'fjord');
    const now = Date.now();
    await createBooking(
      db,
      'fjord',
      { userId: user.id, contractId: contract.id, poolId: pool.id, vehicleId: v.driving.id },
      { state: 'ACTIVE', startTime: new Date(now - 3_600_000), endTime: new Date(now + 3_600_000) },
    );
    // BS 20001 has never reported; a bike has no agent.
    v.unknown = await createVehicle(db, 'fjord', { vin: 'TMBJJ7NX1NP020001', registrationNumber: 'BS 20001' });
    v.bike = await createVehicle(db, 'fjord', { registrationNumber: 'EB 40404', category: 'BIKE', agentHardwareType: 'none' });
  });
  afterAll(() => t.close());

  const statusOf = async (id: number) => (await t.database.db.select().from(vehicleStatus).where(eq(vehicleStatus.vehicleId, id)))[0];
  const openAlarms = async () =>
    (await t.database.db.select({ vehicleId: alarms.vehicleId, name: alarms.name }).from(alarms).where(eq(alarms.state, 'TRIGGERED')))
      .map((a) => `${a.vehicleId}:${a.name}`)
      .sort();
  const simulator = () =>
    createSimulator({
      db: t.database.db,
      log: quietLog,
      minDelayMs: 0,
      maxDelayMs: 0,
      failureRate: 0,
      timeoutRate: 0,
      tickSeconds: 0,
      random: () => 0.5,
    });

  it('raises a FUEL alarm for a vehicle that runs low, once, and not again soon after staff handled it', async () => {
    const db = t.database.db;
    const car = { id: v.low.id, vin: v.low.vin, reg: v.low.registrationNumber };
    const before = await openAlarms();

    const sim = simulator();
    await sim.start(vehicleTelematicsHandler(db, quietLog));
    try {
      // Every vehicle with a status and an agent, in one batch: not the one without status, not the bike.
      expect(await sim.tick()).toBe(5);
      const fuel = await db
        .select()
        .from(alarms)
        .where(and(eq(alarms.vehicleId, car.id), eq(alarms.name, 'FUEL')));
      expect(fuel).toHaveLength(1);
      expect(fuel[0]).toMatchObject({
        state: 'TRIGGERED',
        fleetId: 'fjord',
        category: 'VEHICLE',
        alarmTypes: ['LOW_CHARGE'],
        primaryObject: car.reg,
      });
      // The open alarms are kept, none is duplicated (EV 33003 is still low), and no other vehicle raises one.
      expect(before).toEqual([`${v.kia.id}:FUEL`, `${v.weakBattery.id}:EXTERNAL_BATTERY`].sort());
      expect(await openAlarms()).toEqual([...before, `${car.id}:FUEL`].sort());
      const logged = await db
        .select()
        .from(events)
        .where(and(eq(events.vin, car.vin), eq(events.type, 'VEHICLE_STATUS'), eq(events.displayText, 'Charge level low: 5 %')));
      expect(logged).toHaveLength(1);

      await sim.tick();
      expect(
        await db
          .select()
          .from(alarms)
          .where(and(eq(alarms.vehicleId, car.id), eq(alarms.name, 'FUEL'))),
      ).toHaveLength(1);

      await db.update(alarms).set({ state: 'HANDLED', handledAt: new Date(), handledBy: 'support' }).where(eq(alarms.id, fuel[0]!.id));
      await sim.tick();
      expect(
        await db
          .select()
          .from(alarms)
          .where(and(eq(alarms.vehicleId, car.id), eq(alarms.name, 'FUEL'))),
      ).toHaveLength(1);
    } finally {
      await sim.stop();
    }
  });

  it('clears a fuel alarm when charging starts, drives the vehicle in a booking, and leaves a vehicle without status alone', async () => {
    const db = t.database.db;
    const kia = v.kia; // EV 33003 at 9 %: FUEL alarm
    await db.update(vehicleStatus).set({ isRefueling: true }).where(eq(vehicleStatus.vehicleId, kia.id));
    const driving = v.driving; // EL 12345 in an active booking
    const odometer = (await statusOf(driving.id))!.odometer!;
    const unknown = v.unknown; // BS 20001: no status at all

    const sim = simulator();
    await sim.start(vehicleTelematicsHandler(db, quietLog));
    try {
      await sim.tick();
    } finally {
      await sim.stop();
    }
    const fuel = await db
      .select()
      .from(alarms)
      .where(and(eq(alarms.vehicleId, kia.id), eq(alarms.name, 'FUEL')));
    expect(fuel.filter((a) => a.state === 'TRIGGERED')).toEqual([]);
    expect(fuel.filter((a) => a.handledBy === 'telematics')).toHaveLength(1);
    expect((await statusOf(kia.id))!.fuelLevel).toBeGreaterThan(9);
    expect(
      await db
        .select()
        .from(events)
        .where(and(eq(events.vin, kia.vin), eq(events.displayText, 'Fuel alarm cleared by the vehicle'))),
    ).toHaveLength(1);
    expect((await statusOf(driving.id))!.odometer).toBeGreaterThan(odometer);
    expect(await statusOf(unknown.id)).toBeUndefined();
  });

  it('ignores reports of unknown vehicles and of vehicles without an agent', async () => {
    const bike = v.bike;
    const ignored = await handleStatusReports(t.database.db, [
      { vin: 'NOSUCHVIN', status: { locked: true }, alarms: { raised: ['FUEL'], cleared: [] } },
      { vin: bike.vin, status: { locked: true }, alarms: { raised: [], cleared: [] } },
      // Quotes, a backslash, braces and a comma: the VINs travel as one array literal.
      { vin: 'ODD "VIN" \\ {1,2}', status: {}, alarms: { raised: [], cleared: [] } },
    ]);
    expect(ignored.sort()).toEqual(['NOSUCHVIN', bike.vin, 'ODD "VIN" \\ {1,2}'].sort());
    expect((await statusOf(bike.id))?.locked ?? null).toBeNull();
  });
  it('reports status on its ticks only while this server copy is the leader (issue 20 point 3)', async () => {
    let leader = false;
    const reports: number[] = [];
    const sim = createSimulator({
      db: t.database.db,
      log: quietLog,
      minDelayMs: 0,
      maxDelayMs: 0,
      failureRate: 0,
      timeoutRate: 0,
      tickSeconds: 1,
      random: () => 0.5,
      isLeader: () => leader,
    });
    await sim.start({ onAck: async () => {}, onStatus: async (batch) => void reports.push(batch.length) });
    try {
      // A follower's ticks pass without a report.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(reports).toEqual([]);
      // Leader now: the next tick reports the fleet's batch.
      leader = true;
      await expect.poll(() => reports.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(reports[0]).toBe(5); // every vehicle with a status and an agent, as a tick by hand reports
    } finally {
      await sim.stop();
    }
  });
});

describe('status reports that change what support asks about (issue 20 point 2)', () => {
  let t: TestApp;
  const now = new Date('2026-11-30T10:00:00Z');
  /** The stored status of every vehicle here is an hour older than the reports. */
  const hourBefore = new Date(now.getTime() - 3_600_000);
  beforeAll(async () => {
    t = await createTestApp();
    await createFleet(t.database.db, 'fjord');
  });
  afterAll(() => t.close());

  const quietVehicle = async (status: Partial<typeof vehicleStatus.$inferInsert> = {}) => {
    const car = await createVehicle(t.database.db, 'fjord');
    await createVehicleStatus(t.database.db, car.id, { isRefueling: false, carBatteryVoltage: 12.6, updatedAt: hourBefore, ...status });
    return car;
  };
  const statusEvents = (vin: string) =>
    t.database.db
      .select()
      .from(events)
      .where(and(eq(events.vin, vin), eq(events.type, 'VEHICLE_STATUS')));
  const statusOf = async (id: number) => (await t.database.db.select().from(vehicleStatus).where(eq(vehicleStatus.vehicleId, id)))[0]!;
  const report = (vin: string, status: StatusReport['status']): StatusReport => ({ vin, status, alarms: { raised: [], cleared: [] } });

  it('leaves one event per vehicle naming every change, with the active booking and customer', async () => {
    const db = t.database.db;
    const car = await quietVehicle({ locked: false, immobilized: false, keyholder: true });
    const customer = await createUser(db, 'fjord');
    const booking = await createBooking(
      db,
      'fjord',
      { userId: customer.id, contractId: (await createContract(db, 'fjord')).id, poolId: (await createPool(db, 'fjord')).id, vehicleId: car.id },
      { state: 'ACTIVE', startTime: hourBefore, endTime: new Date(now.getTime() + 3_600_000) },
    );
    // Two reports of the car in one batch: the changes of both, in one event.
    await handleStatusReports(db, [report(car.vin, { locked: true, fuelLevel: 60 }), report(car.vin, { keyholder: false, immobilized: true })], now);

    const logged = await statusEvents(car.vin);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      displayText: 'Locked; immobilized; key taken from the key holder',
      textParts: [
        { id: 'statusLocked', params: {} },
        { id: 'statusImmobilized', params: {} },
        { id: 'statusKeyTaken', params: {} },
      ],
      properties: { changes: { locked: { from: false, to: true }, immobilized: { from: false, to: true }, keyholder: { from: true, to: false } } },
      bid: booking.bid,
      affectedUsername: customer.username,
      actingUsername: null,
      typeGroup: 'VEHICLE',
      fleetId: 'fjord',
    });
    expect(logged[0]!.occurred.toISOString()).toBe(now.toISOString());
    expect(await statusOf(car.id)).toMatchObject({ locked: true, immobilized: true, keyholder: false, fuelLevel: 60, updatedAt: now });
  });

  it('names the opposite changes, and charging or refuelling by the fuel type', async () => {
    const db = t.database.db;
    const ev = await quietVehicle({ locked: true, immobilized: true, keyholder: false });
    const petrol = await quietVehicle({ isRefueling: true });
    await db.update(vehicleModels).set({ primaryFuelType: 'PETROL' }).where(eq(vehicleModels.id, petrol.modelId));
    await handleStatusReports(
      db,
      [report(ev.vin, { locked: false, immobilized: false, keyholder: true, isRefueling: true }), report(petrol.vin, { isRefueling: false })],
      now,
    );
    expect((await statusEvents(ev.vin)).map((e) => e.displayText)).toEqual(['Unlocked; mobilized; key returned to the key holder; charging started']);
    expect((await statusEvents(petrol.vin)).map((e) => e.displayText)).toEqual(['Refuelling stopped']);
  });

  it('leaves no event for continuous values, a repeated state, a state unknown before or after, or a first report', async () => {
    const db = t.database.db;
    const car = await quietVehicle({ locked: true, immobilized: null });
    const fresh = await createVehicle(db, 'fjord'); // no status row yet
    await handleStatusReports(
      db,
      [
        report(car.vin, {
          fuelLevel: 12,
          dte: 80,
          odometer: 12_345,
          carBatteryVoltage: 12.1,
          lat: 59.95,
          lon: 10.8,
          locked: true,
          immobilized: true,
        }),
        report(fresh.vin, { locked: true, keyholder: true }),
      ],
      now,
    );
    await handleStatusReports(db, [report(car.vin, { locked: null })], new Date(now.getTime() + 60_000));
    expect(await statusEvents(car.vin)).toEqual([]);
    expect(await statusEvents(fresh.vin)).toEqual([]);
    expect(await statusOf(car.id)).toMatchObject({ fuelLevel: 12, odometer: 12_345, immobilized: true, locked: null });
    expect(await statusOf(fresh.id)).toMatchObject({ locked: true, keyholder: true, fuelLevel: null, updatedAt: now });
  });

  it('finds a vehicle whose VIN has quotes, a backslash, braces and a comma (the VINs travel as one array literal)', async () => {
    const odd = await createVehicle(t.database.db, 'fjord', { vin: 'ODD "VIN" \\ {3,4}' });
    await createVehicleStatus(t.database.db, odd.id, { locked: false, updatedAt: hourBefore });
    expect(await handleStatusReports(t.database.db, [report(odd.vin, { locked: true })], now)).toEqual([]);
    expect((await statusEvents(odd.vin)).map((e) => e.displayText)).toEqual(['Locked']);
  });

  it('keeps half of each vehicle_status page free, so that a batch updates its rows in place (migration 0019)', async () => {
    const [row] = rowsOf<{ options: string[] | null }>(
      await t.database.db.execute(sql`select reloptions as options from pg_class where oid = 'vehicle_status'::regclass`),
    );
    expect(row?.options).toContain('fillfactor=50');
  });

  it('ignores a report older than the stored status: no change, no event', async () => {
    const db = t.database.db;
    const car = await quietVehicle({ locked: true, updatedAt: now });
    await handleStatusReports(db, [{ ...report(car.vin, { locked: false }), occurred: hourBefore.toISOString() }], now);
    expect(await statusEvents(car.vin)).toEqual([]);
    expect(await statusOf(car.id)).toMatchObject({ locked: true, updatedAt: now });
  });

  it('writes a report without a time that follows, in the same batch, one older than the stored status', async () => {
    const db = t.database.db;
    const car = await quietVehicle({ locked: true, odometer: 100, updatedAt: now });
    await handleStatusReports(
      db,
      [{ ...report(car.vin, { immobilized: true }), occurred: hourBefore.toISOString() }, report(car.vin, { odometer: 12_345 })],
      now,
    );
    expect(await statusOf(car.id)).toMatchObject({ odometer: 12_345, updatedAt: now });
  });

  it('closes the alarms a batch reports as over, of every name at once, and leaves the others open', async () => {
    const db = t.database.db;
    const [a, b] = [await quietVehicle(), await quietVehicle()];
    const fuelA = await createAlarm(db, 'fjord', { name: 'FUEL', vehicleId: a.id, primaryObject: a.registrationNumber });
    const batteryA = await createAlarm(db, 'fjord', { name: 'EXTERNAL_BATTERY', vehicleId: a.id, primaryObject: a.registrationNumber });
    const fuelB = await createAlarm(db, 'fjord', { name: 'FUEL', vehicleId: b.id, primaryObject: b.registrationNumber });
    const keyB = await createAlarm(db, 'fjord', { name: 'KEY_HOLDER', vehicleId: b.id, primaryObject: b.registrationNumber });
    await handleStatusReports(
      db,
      [
        { vin: a.vin, status: {}, alarms: { raised: [], cleared: ['FUEL', 'EXTERNAL_BATTERY'] } },
        { vin: b.vin, status: {}, alarms: { raised: [], cleared: ['EXTERNAL_BATTERY', 'FUEL'] } },
      ],
      now,
    );
    const state = async (id: number) => (await db.select().from(alarms).where(eq(alarms.id, id)))[0]!;
    for (const closed of [fuelA, batteryA, fuelB]) {
      expect(await state(closed.id)).toMatchObject({ state: 'HANDLED', handledBy: 'telematics', handledAt: now });
    }
    expect((await state(keyB.id)).state).toBe('TRIGGERED');
    expect((await statusEvents(a.vin)).map((e) => e.displayText).sort()).toEqual([
      'External battery alarm cleared by the vehicle',
      'Fuel alarm cleared by the vehicle',
    ]);
    expect((await statusEvents(b.vin)).map((e) => e.properties)).toEqual([{ alarm: 'FUEL', alarmId: fuelB.id, state: 'HANDLED' }]);
  });

  it('writes the change and a new alarm of one report as two events, the change first', async () => {
    const db = t.database.db;
    const car = await quietVehicle({ keyholder: true });
    await handleStatusReports(db, [{ vin: car.vin, status: { keyholder: false }, alarms: { raised: ['KEY_HOLDER'], cleared: [] } }], now);
    const logged = await statusEvents(car.vin);
    expect(logged.sort((a, b) => a.id - b.id).map((e) => e.displayText)).toEqual([
      'Key taken from the key holder',
      'Key not returned to the key holder',
    ]);
  });
});
