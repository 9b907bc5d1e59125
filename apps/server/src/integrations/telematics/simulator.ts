import type { AlarmName, FuelType, RemoteCommand } from '@fleetdesk/contract';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vehicleModels, vehicleStatus, vehicles } from '../../db/schema.ts';
import {
  TelematicsUnavailableError,
  type RandomSource,
  type StatusReport,
  type Telematics,
  type TelematicsCommand,
  type TelematicsHandler,
  type TelematicsLog,
} from './types.ts';

/**
 * The built-in telematics: a simulated agent in every vehicle that has one (agentHardwareType key or keyless).
 * The agent's state is the vehicle's vehicle_status row, so the simulator itself keeps nothing but timers:
 * - a command is answered after a random delay in [minDelayMs, maxDelayMs]; with `failureRate` it fails with an
 *   agent message, with `timeoutRate` it is never answered (the server's sweeper then times it out);
 * - with tickSeconds > 0 it reports the status of a batch of vehicles every tick (one read query per batch):
 *   charge/fuel drift, battery voltage, odometer and position while a booking is active, and the alarm
 *   conditions (FUEL, EXTERNAL_BATTERY, KEY_HOLDER) as raised or cleared.
 */
export interface SimulatorOptions {
  db: Db;
  log: TelematicsLog;
  minDelayMs: number;
  maxDelayMs: number;
  failureRate: number;
  timeoutRate: number;
  /** Status reports every this many seconds; 0 = none (call tick() by hand). */
  tickSeconds: number;
  random?: RandomSource;
  /** Vehicles per tick: the fleet is walked in id order, one batch per tick. */
  batchSize?: number;
  /**
   * Whether this server copy reports status on its ticks (src/db/leader-lock.ts): of N copies on one database only the
   * leader does, so the demo fleet's reports are not doubled. Commands are answered by every copy. Default: always.
   */
  isLeader?: () => boolean;
}

export interface Simulator extends Telematics {
  readonly kind: 'simulator';
  /** One status round over the next batch of vehicles. Returns the number of reports delivered. */
  tick(now?: Date): Promise<number>;
}

/** Below these the simulated vehicle raises an alarm (the same thresholds as the demo data). */
export const SIMULATOR_THRESHOLDS = { chargePercent: 15, fuelLitres: 8, voltage: 11.8 } as const;

/** Messages a real agent gives when it cannot carry out a command. */
const FAILURE_MESSAGES: Record<RemoteCommand, readonly string[]> = {
  LOCK: ['A door or the tailgate is open', 'No response from the central locking'],
  UNLOCK: ['No response from the central locking'],
  MOBILIZE: ['No response from the immobilizer relay'],
  IMMOBILIZE: ['No response from the immobilizer relay', 'The engine is running: the immobilizer cannot engage'],
  REBOOT: ['The agent did not come back after the reboot'],
  WAKE_UP: ['The agent is in deep sleep and did not answer the wake-up SMS'],
};

/** Chance per tick that a parked key-agent vehicle's key is taken out and not returned, and that a missing key comes back. */
const KEY_TAKEN_CHANCE = 0.0005;
const KEY_RETURNED_CHANCE = 0.002;

export function createSimulator(opts: SimulatorOptions): Simulator {
  const random = opts.random ?? Math.random;
  const batchSize = opts.batchSize ?? 500;
  let handler: TelematicsHandler | null = null;
  let stopped = false;
  let cursor = 0;
  let ticking = false;
  let interval: NodeJS.Timeout | null = null;
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();

  const track = (p: Promise<unknown>) => {
    const done = p.catch((err: unknown) => opts.log.error({ err }, 'telematics simulator: delivering failed')).finally(() => inFlight.delete(done));
    inFlight.add(done);
  };

  const tick = async (now = new Date()): Promise<number> => {
    if (!handler || stopped || ticking) return 0;
    ticking = true;
    try {
      const rows = await opts.db
        .select({
          id: vehicles.id,
          vin: vehicles.vin,
          agent: vehicles.agentHardwareType,
          fuelType: vehicleModels.primaryFuelType,
          status: vehicleStatus,
          inUse: sql<boolean>`exists (select 1 from bookings b where b.allocated_vehicle_id = ${vehicles.id} and b.state = 'ACTIVE')`,
        })
        .from(vehicles)
        .innerJoin(vehicleStatus, eq(vehicleStatus.vehicleId, vehicles.id))
        .innerJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
        .where(and(gt(vehicles.id, cursor), ne(vehicles.agentHardwareType, 'none')))
        .orderBy(asc(vehicles.id))
        .limit(batchSize);
      cursor = rows.length < batchSize ? 0 : (rows.at(-1)?.id ?? 0);
      const tickHours = (opts.tickSeconds > 0 ? opts.tickSeconds : 60) / 3600; // a tick by hand counts as a minute
      const reports = rows.map((r) => {
        const elapsed = (now.getTime() - r.status.updatedAt.getTime()) / 3_600_000;
        const hours = Math.min(Math.max(elapsed, tickHours), 1);
        return simulateStatus({ vin: r.vin, agent: r.agent, fuelType: r.fuelType, inUse: Boolean(r.inUse), status: r.status }, hours, random, now);
      });
      if (reports.length && !stopped) await handler.onStatus(reports);
      return reports.length;
    } finally {
      ticking = false;
    }
  };

  return {
    kind: 'simulator',
    async start(h) {
      handler = h;
      stopped = false;
      if (opts.tickSeconds > 0) {
        interval = setInterval(() => {
          if (opts.isLeader?.() ?? true) track(tick());
        }, opts.tickSeconds * 1000);
        interval.unref();
      }
    },
    async send(cmd: TelematicsCommand) {
      if (!handler || stopped) throw new TelematicsUnavailableError('The telematics simulator is not running');
      if (random() < opts.timeoutRate) return; // lost: never answered
      const fails = random() < opts.failureRate;
      const messages = FAILURE_MESSAGES[cmd.command];
      const message = fails ? (messages[Math.floor(random() * messages.length)] ?? messages[0]) : undefined;
      const span = Math.max(0, opts.maxDelayMs - opts.minDelayMs);
      const delay = opts.minDelayMs + Math.floor(random() * (span + 1));
      const h = handler;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (stopped) return;
        track(h.onAck({ commandId: cmd.commandId, vin: cmd.vin, ok: !fails, ...(message ? { message } : {}) }));
      }, delay);
      timers.add(timer);
    },
    async stop() {
      stopped = true;
      if (interval) clearInterval(interval);
      interval = null;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
    tick,
  };
}

export interface SimulatedVehicle {
  vin: string;
  agent: 'key' | 'keyless' | 'none';
  fuelType: FuelType;
  inUse: boolean;
  status: {
    carBatteryVoltage: number | null;
    dte: number | null;
    fuelLevel: number | null;
    isRefueling: boolean | null;
    odometer: number | null;
    keyholder: boolean | null;
    lat: number | null;
    lon: number | null;
  };
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The next status of one simulated vehicle after `hours`: pure, so the rules can be tested with a fixed random
 * source. Driving (an active booking) adds kilometres, uses charge or fuel and moves the vehicle; charging adds
 * charge until full; a parked vehicle slowly drains its 12 V battery.
 */
export function simulateStatus(v: SimulatedVehicle, hours: number, random: RandomSource, now = new Date()): StatusReport {
  const s = v.status;
  const electric = v.fuelType === 'BATTERY';
  const patch: StatusReport['status'] = {};
  let level = s.fuelLevel;
  let refueling = s.isRefueling;
  let km = 0;
  if (v.inUse) {
    km = (20 + random() * 40) * hours;
    if (s.odometer !== null) patch.odometer = round(s.odometer + km, 1);
    if (s.lat !== null && s.lon !== null) {
      const deg = km / 111;
      patch.lat = round(clamp(s.lat + (random() - 0.5) * deg * 0.3, -90, 90), 6);
      patch.lon = round(clamp(s.lon + (random() - 0.5) * deg * 0.5, -180, 180), 6);
    }
  } else if (s.lat !== null && s.lon !== null) {
    // GPS jitter of a parked vehicle: a metre or two.
    patch.lat = round(s.lat + (random() - 0.5) * 0.00003, 6);
    patch.lon = round(s.lon + (random() - 0.5) * 0.00003, 6);
  }
  if (level !== null) {
    if (refueling && !v.inUse) {
      level = electric ? Math.min(100, level + 25 * hours) : Math.min(60, level + 60 * hours);
      if ((electric && level >= 100) || (!electric && level >= 60)) refueling = false;
    } else if (v.inUse) {
      level = Math.max(0, level - (electric ? km * 0.22 : km / 16));
    } else if (electric) {
      level = Math.max(0, level - 0.05 * hours);
    }
    level = round(level, 1);
    patch.fuelLevel = level;
    if (refueling !== s.isRefueling) patch.isRefueling = refueling;
    if (s.dte !== null && s.fuelLevel !== null && s.fuelLevel > 0) patch.dte = Math.round((s.dte * level) / s.fuelLevel);
  }
  let voltage = s.carBatteryVoltage;
  if (voltage !== null) {
    voltage = v.inUse ? Math.min(12.7, voltage + 0.3 * hours) : voltage - 0.004 * hours + (random() - 0.5) * 0.01;
    voltage = round(clamp(voltage, 10.5, 12.9), 2);
    patch.carBatteryVoltage = voltage;
  }
  let keyholder = s.keyholder;
  if (v.agent === 'key' && keyholder !== null && !v.inUse) {
    const r = random();
    if (keyholder && r < KEY_TAKEN_CHANCE) keyholder = false;
    else if (!keyholder && r < KEY_RETURNED_CHANCE) keyholder = true;
    if (keyholder !== s.keyholder) patch.keyholder = keyholder;
  }

  const raised: AlarmName[] = [];
  const cleared: AlarmName[] = [];
  const flag = (name: AlarmName, on: boolean) => (on ? raised : cleared).push(name);
  if (level !== null) flag('FUEL', !refueling && level < (electric ? SIMULATOR_THRESHOLDS.chargePercent : SIMULATOR_THRESHOLDS.fuelLitres));
  if (voltage !== null) flag('EXTERNAL_BATTERY', voltage < SIMULATOR_THRESHOLDS.voltage);
  // During a trip the key is with the customer: only a parked vehicle's empty key holder is an alarm.
  if (v.agent === 'key' && keyholder !== null && !v.inUse) flag('KEY_HOLDER', !keyholder);
  return { vin: v.vin, occurred: now.toISOString(), status: patch, alarms: { raised, cleared } };
}
