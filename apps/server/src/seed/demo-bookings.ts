import {
  isLightVehicleCategory,
  type BookingState,
  type DataQuality,
  type FeeType,
  type OptionalService,
  type PaymentStatus,
  type TripType,
  type VehicleCategory,
  type VehicleSpecType,
} from '@fleetdesk/contract';
import type { ScriptedBooking } from './catalog.ts';
import { durationMs, must, type ContractRef, type FleetWorld, type ModelRef, type PersonRef, type PoolRef, type VehicleRef } from './demo-world.ts';
import { priceSeedBooking } from './pricing.ts';
import { DAY, HOUR, MINUTE, Rng, isFree, quarter, type Span } from './random.ts';

/**
 * Plans the bookings of one operator in memory: hand-written persona bookings first (they get the first BIDs),
 * then random ones in every state. A vehicle is never allocated to two overlapping non-cancelled bookings, and
 * a user never has two overlapping non-cancelled bookings.
 */

export interface Drive {
  vehicle: VehicleRef;
  start: number;
  end: number;
  km: number;
  fromPoolId: number | null;
  toPoolId: number | null;
  bid: string | null;
  username: string | null;
  tripType: TripType;
  destination: string | null;
  purpose: string | null;
  odometerStart: number;
  odometerEnd: number;
}

export interface Adjustment {
  adjustedStart: number;
  adjustedEnd: number;
  adjustedDistance: number;
  adjustedBookingType: TripType;
  dataQuality: DataQuality;
  originalStart: number;
  originalEnd: number;
  originalDistance: number;
  originalBookingType: TripType;
}

export interface BookingPlan {
  id: number;
  bid: string;
  person: PersonRef | null;
  contract: ContractRef;
  state: BookingState;
  start: number;
  end: number;
  usageStart: number | null;
  usageEnd: number | null;
  fromPool: PoolRef;
  toPool: PoolRef;
  vehicle: VehicleRef | null;
  model: ModelRef;
  category: VehicleCategory;
  specType: VehicleSpecType;
  tripType: TripType;
  rideShare: OptionalService;
  taxiAcceptable: OptionalService;
  note: string | null;
  checkoutRequired: boolean;
  allocateOnActivation: boolean;
  irrevocableUntil: number | null;
  lockedForUser: boolean;
  metadata: Record<string, string>;
  estimatedDistance: number;
  estimatedPriceWithoutVat: number;
  estimatedVat: number;
  distance: number | null;
  createdAt: number;
  createdBy: string;
  staffCreated: boolean;
  cancelledAt: number | null;
  cancelledBy: string | null;
  forceEnded: boolean;
  overdue: boolean;
  adjustment: Adjustment | null;
  wantsAdjustment: boolean;
  technicalIssueAt: number | null;
  replacedBy: 'TAXI' | null;
  paymentStatus: PaymentStatus | null;
  fee: FeeType | null;
  scripted: boolean;
  drives: Drive[];
}

interface Request {
  person: PersonRef | null;
  contract: ContractRef;
  state: BookingState;
  start: number;
  end: number;
  vehicle?: VehicleRef;
  category?: VehicleCategory;
  allocate: boolean;
  spec?: VehicleSpecType;
  allocateOnActivation?: boolean;
  payment?: PaymentStatus;
  checkoutRequired?: boolean;
  adjusted?: boolean;
  fee?: FeeType;
  note?: string;
  scripted?: boolean;
  /** Keep the vehicles with a special status (charging, low battery …) out of random active bookings. */
  avoidHandy?: boolean;
}

const BUFFER = 15 * MINUTE;
const CATEGORY_WEIGHTS: readonly (readonly [VehicleCategory, number])[] = [
  ['CAR', 60],
  ['TRANSPORT_VEHICLE', 12],
  ['BIKE', 10],
  ['CARGO_BIKE', 8],
  ['SCOOTER', 6],
  ['OTHER', 4],
];

export class BookingPlanner {
  readonly plans: BookingPlan[] = [];
  private readonly rng: Rng;
  private seq = 0;

  constructor(private readonly w: FleetWorld) {
    this.rng = new Rng(`${w.cat.id}:bookings`, w.cat.language);
  }

  /** May `person` use `vehicle` (spec §4 vehicle access: licence for cars, premium for premium cars)? */
  private mayUse(person: PersonRef | null, v: VehicleRef): boolean {
    if (!person) return true;
    if (!person.license && !isLightVehicleCategory(v.model.spec.category)) return false;
    if (!person.premium && v.model.spec.priceClass === 'Premium car') return false;
    return true;
  }

  private occupancy(state: BookingState, start: number, end: number, usageStart: number | null, usageEnd: number | null): Span | null {
    const base = this.w.base;
    switch (state) {
      case 'CANCELLED':
        return null;
      case 'INACTIVE':
        return [start, end];
      case 'ACTIVE':
        return [Math.min(start, usageStart ?? start), Math.max(end, base + 3 * HOUR)];
      case 'FINISHED':
        return [Math.min(start, usageStart ?? start), Math.max(end, usageEnd ?? end)];
    }
  }

  plan(req: Request): BookingPlan | null {
    const { rng, w } = this;
    const base = w.base;
    let usageStart: number | null = null;
    let usageEnd: number | null = null;
    if (req.state === 'ACTIVE') usageStart = Math.min(req.start + rng.int(0, 15) * MINUTE, base - 10 * MINUTE);
    if (req.state === 'FINISHED') {
      usageStart = req.start + rng.int(0, 20) * MINUTE;
      usageEnd = req.end + rng.int(-40, 25) * MINUTE;
      usageEnd = Math.min(Math.max(usageEnd, usageStart + 20 * MINUTE), base - 10 * MINUTE);
    }
    const span = this.occupancy(req.state, req.start, req.end, usageStart, usageEnd);
    const padded: Span | null = span ? [span[0] - BUFFER, span[1] + BUFFER] : null;
    if (req.person && span && !isFree(req.person.busy, span)) return null;

    const contractPools = new Set(req.contract.pools.map((p) => p.id));
    /** Hand-written bookings start near home; random ones anywhere the contract allows. */
    const homeCity = req.scripted ? req.person?.spec.city : undefined;
    let vehicle: VehicleRef | null = null;
    if (req.allocate) {
      const candidates = req.vehicle
        ? [req.vehicle]
        : w.vehicles.filter(
            (v) =>
              !v.hidden &&
              (!req.category || v.model.spec.category === req.category) &&
              contractPools.has(v.pool.id) &&
              this.mayUse(req.person, v) &&
              !(req.avoidHandy && v.handy),
          );
      const free = candidates.filter((v) => padded === null || isFree(v.busy, padded));
      if (free.length === 0) return null;
      const local = free.filter((v) => v.pool.city === homeCity);
      vehicle = rng.pick(local.length > 0 ? local : free);
    }
    const category = vehicle?.model.spec.category ?? req.category ?? rng.weighted(CATEGORY_WEIGHTS);
    const modelsOfCategory = w.models.filter((m) => m.spec.category === category);
    const model = vehicle?.model ?? rng.pick(modelsOfCategory);
    const enabledContractPools = req.contract.pools.filter((p) => !p.disabled);
    const poolsWithCategory = enabledContractPools.filter((p) => w.vehicles.some((v) => v.pool.id === p.id && v.model.spec.category === category));
    const localPools = poolsWithCategory.filter((p) => p.city === homeCity);
    const fromPool =
      vehicle?.pool ?? rng.pick(localPools.length > 0 ? localPools : poolsWithCategory.length > 0 ? poolsWithCategory : enabledContractPools);
    let toPool = fromPool;
    if (req.contract.spec.oneWayAllowed && (req.state === 'INACTIVE' || req.state === 'CANCELLED') && rng.chance(0.4)) {
      const others = enabledContractPools.filter((p) => p.city === fromPool.city && p.id !== fromPool.id);
      if (others.length > 0) toPool = rng.pick(others);
    }
    let specType: VehicleSpecType =
      req.spec ??
      (vehicle
        ? rng.weighted<VehicleSpecType>([
            ['VEHICLE', 3],
            ['MODEL', 4],
            ['CLASS', 3],
          ])
        : rng.weighted<VehicleSpecType>([
            ['CLASS', 5],
            ['MODEL', 5],
          ]));
    if (specType === 'VEHICLE' && !vehicle) specType = 'MODEL';

    if (span) {
      req.person?.busy.push(span);
      vehicle?.busy.push(span);
    }

    const contract = req.contract;
    const bookedHours = (req.end - req.start) / HOUR;
    const estimatedDistance = rng.chance(0.5) ? 25 : Math.max(5, Math.round(Math.min(bookedHours, 10) * rng.int(5, 20)));
    const staffCreated = req.person === null || (!req.scripted && rng.chance(0.15));
    const estimate = priceSeedBooking({
      start: req.start,
      end: req.end,
      distanceKm: estimatedDistance,
      priceList: contract.spec.priceList,
      currency: w.cat.currency,
      timeZone: w.cat.timeZone,
      staffCreated,
    });
    const createdBy = staffCreated ? w.support : must(req.person, 'person').username;
    const lead = rng.int(1, 7 * 24) * HOUR + rng.int(0, 59) * MINUTE;
    const createdAt = Math.min(Math.max(req.start - lead, base - 44 * DAY), base - 10 * MINUTE, req.start - 10 * MINUTE);

    let cancelledAt: number | null = null;
    let cancelledBy: string | null = null;
    if (req.state === 'CANCELLED') {
      if (req.payment === 'ABANDONED') {
        cancelledAt = createdAt + 4 * MINUTE;
        cancelledBy = null;
      } else {
        const latest = Math.min(req.start, base - 5 * MINUTE);
        cancelledAt = createdAt + Math.floor((latest - createdAt) * rng.float(0.1, 0.95, 3));
        cancelledBy = rng.chance(0.8) && req.person ? req.person.username : w.support;
      }
    }

    const metadata: Record<string, string> = {};
    for (const entry of contract.spec.metadataSpec ?? []) {
      const values = contract.spec.metadataValues?.[entry.key];
      if (values && (entry.required || rng.chance(0.7))) metadata[entry.key] = rng.pick(values);
    }
    const taxiPool = contract.taxiPoolIds.has(fromPool.id);
    const plan: BookingPlan = {
      id: 0,
      bid: `BID${w.cat.bidBase + ++this.seq}`,
      person: req.person,
      contract,
      state: req.state,
      start: req.start,
      end: req.end,
      usageStart,
      usageEnd,
      fromPool,
      toPool,
      vehicle,
      model,
      category,
      specType,
      tripType: contract.spec.tripType,
      rideShare: rng.weighted<OptionalService>([
        ['NOT_SELECTED', 8],
        ['ENABLED', 1],
        ['DISABLED', 1],
      ]),
      taxiAcceptable: taxiPool
        ? rng.weighted<OptionalService>([
            ['ENABLED', 5],
            ['DISABLED', 3],
            ['NOT_SELECTED', 2],
          ])
        : rng.chance(0.1)
          ? 'DISABLED'
          : 'NOT_SELECTED',
      note: req.note ?? (rng.chance(0.15) ? rng.pick(w.cat.texts.bookingNotes) : null),
      checkoutRequired: req.checkoutRequired ?? (req.state === 'FINISHED' && req.end > base - 3 * DAY && !req.scripted && rng.chance(0.25)),
      allocateOnActivation: req.allocateOnActivation ?? false,
      irrevocableUntil: req.state === 'INACTIVE' && req.start - 2 * HOUR > base && rng.chance(0.2) ? req.start - 2 * HOUR : null,
      lockedForUser: (req.state === 'INACTIVE' || req.state === 'ACTIVE') && !req.scripted && rng.chance(0.05),
      metadata,
      estimatedDistance,
      estimatedPriceWithoutVat: estimate.totalPriceWithoutVat,
      estimatedVat: estimate.totalVat,
      distance: null,
      createdAt,
      createdBy,
      staffCreated,
      cancelledAt,
      cancelledBy,
      forceEnded: req.state === 'FINISHED' && !req.scripted && rng.chance(0.06),
      overdue: req.state === 'ACTIVE' && req.end < base,
      adjustment: null,
      wantsAdjustment: req.adjusted ?? false,
      technicalIssueAt: null,
      replacedBy: null,
      paymentStatus: req.payment ?? null,
      fee: req.fee ?? null,
      scripted: req.scripted ?? false,
      drives: [],
    };
    this.plans.push(plan);
    return plan;
  }

  private durationFor(category: VehicleCategory, contract: ContractRef): number {
    const { rng } = this;
    let ms: number;
    switch (category) {
      case 'CAR': {
        const bucket = rng.weighted<number>([
          [0, 60],
          [1, 20],
          [2, 15],
          [3, 5],
        ]);
        ms = bucket === 0 ? rng.int(1, 5) * HOUR : bucket === 1 ? rng.int(6, 12) * HOUR : bucket === 2 ? rng.int(1, 3) * DAY : rng.int(4, 7) * DAY;
        break;
      }
      case 'TRANSPORT_VEHICLE':
        ms = rng.int(2, 8) * HOUR;
        break;
      case 'OTHER':
        ms = rng.int(2, 6) * HOUR;
        break;
      default:
        ms = rng.int(1, 4) * HOUR;
    }
    ms += rng.pick([0, 15, 30, 45]) * MINUTE;
    const min = durationMs(contract.spec.minBookingDuration);
    const max = durationMs(contract.spec.maxBookingDuration);
    return Math.min(Math.max(ms, min), max);
  }

  private requestFromScript(person: PersonRef | null, s: ScriptedBooking): Request {
    const base = this.w.base;
    const start = base + s.startH * HOUR;
    return {
      person,
      contract: must(this.w.contracts.get(s.contract), `contract ${s.contract}`),
      state: s.state,
      start,
      end: start + s.durationH * HOUR,
      vehicle: s.vehicle ? must(this.w.handy.get(s.vehicle), `handy vehicle ${s.vehicle}`) : undefined,
      category: s.category,
      allocate: s.allocate ?? s.state !== 'CANCELLED',
      spec: s.spec,
      allocateOnActivation: s.allocateOnActivation,
      payment: s.payment,
      checkoutRequired: s.checkoutRequired ?? false,
      adjusted: s.adjusted,
      fee: s.fee,
      note: s.note,
      scripted: true,
    };
  }

  /** Everything: scripted bookings, the archived one, then random bookings in each state. */
  planAll(): BookingPlan[] {
    const { w, rng } = this;
    const base = w.base;
    for (const person of w.people) {
      for (const s of person.scripted ?? []) {
        if (!this.plan(this.requestFromScript(person, s)))
          throw new Error(`Scripted booking of ${person.username} (${s.state}, ${s.startH} h) could not be placed`);
      }
    }
    if (!this.plan(this.requestFromScript(null, w.cat.archivedBooking))) throw new Error('The archived booking could not be placed');

    const randomPeople = w.people.filter((p) => p.scripted === null && p.contracts.length > 0);
    const active = randomPeople.filter((p) => p.status === 'ACTIVE');
    const historic = randomPeople.filter((p) => ['ACTIVE', 'APPROVED', 'BLOCKED', 'DELETION_REQUESTED'].includes(p.status));
    const internal = historic.filter((p) => p.company.type === 'INTERNAL');
    const frequent = rng.shuffle(active).slice(0, 8);

    const pickPerson = (pool: PersonRef[]) => (rng.chance(0.3) && frequent.length > 0 ? rng.pick(frequent) : rng.pick(pool));
    const pickContract = (p: PersonRef) =>
      p.contracts.length > 1 && rng.chance(0.35) ? rng.pick(p.contracts.slice(1)) : must(p.contracts[0], 'contract');
    const pickCategory = (p: PersonRef): VehicleCategory => {
      const options = CATEGORY_WEIGHTS.filter(([c]) => p.license || isLightVehicleCategory(c));
      return rng.weighted(options);
    };

    type Draft = Omit<Request, 'state'> & { person: PersonRef };
    const fill = (state: BookingState, target: number, make: (i: number) => Draft) => {
      let made = 0;
      for (let attempt = 0; made < target && attempt < target * 40; attempt++) {
        if (this.plan({ ...make(made), state })) made++;
      }
    };

    // Active now: a few overdue (end in the past, still ACTIVE). The others end at least three hours after `base` (now
    // rounded down to the hour), so that they do not turn overdue during a demo or a test run that starts just before
    // the hour.
    fill('ACTIVE', 7, (i): Draft => {
      const person = pickPerson(active);
      const contract = pickContract(person);
      const category = pickCategory(person);
      const overdue = i < 2;
      const start = overdue ? base - rng.int(5, 12) * HOUR : base - quarter(rng.int(1, 20) * HOUR + rng.int(0, 59) * MINUTE);
      const end = overdue ? base - rng.int(1, 3) * HOUR : start + Math.max(this.durationFor(category, contract), base - start + 3 * HOUR);
      return { person, contract, category, start, end, allocate: true, avoidHandy: true };
    });
    // Future: allocated, unallocated, allocate-on-activation; the first one's pickup time has just passed.
    fill('INACTIVE', 24, (i): Draft => {
      const person = pickPerson(active);
      const contract = pickContract(person);
      const category = pickCategory(person);
      const start = i === 0 ? base - HOUR : base + quarter(rng.int(1, 14 * 24) * HOUR + rng.int(0, 59) * MINUTE);
      const light = isLightVehicleCategory(category);
      const allocate = i === 0 || rng.chance(0.7);
      return {
        person,
        contract,
        category,
        start,
        end: start + this.durationFor(category, contract),
        allocate,
        allocateOnActivation: !allocate && light && rng.chance(0.6),
      };
    });
    // History over the last six weeks; internal staff do a few maintenance trips (no charge).
    fill('FINISHED', 85, (i): Draft => {
      const person = i < 3 && internal.length > 0 ? rng.pick(internal) : pickPerson(historic);
      const contract = pickContract(person);
      const category = i < 3 ? 'CAR' : pickCategory(person);
      const duration = this.durationFor(category, contract);
      const start = base - quarter(rng.int(Math.ceil(duration / HOUR) + 3, 42 * 24) * HOUR + rng.int(0, 59) * MINUTE);
      return { person, contract, category, start, end: start + duration, allocate: true };
    });
    fill('CANCELLED', 12, (): Draft => {
      const person = pickPerson(historic);
      const contract = pickContract(person);
      const category = pickCategory(person);
      const start = base + quarter(rng.int(-40 * 24, 14 * 24) * HOUR);
      return { person, contract, category, start, end: start + this.durationFor(category, contract), allocate: rng.chance(0.25) };
    });

    const randomFinished = this.plans.filter((b) => b.state === 'FINISHED' && !b.scripted && b.person && b.vehicle && b.vehicle.agent !== 'none');
    for (const b of rng.shuffle(randomFinished).slice(0, 3)) b.wantsAdjustment = true;
    const withIssue = rng.pick(randomFinished);
    withIssue.technicalIssueAt = must(withIssue.usageStart, 'usage') + 10 * MINUTE;
    withIssue.note = w.cat.texts.technicalIssue;
    const cancelled = this.plans.filter((b) => b.state === 'CANCELLED' && !b.scripted && b.paymentStatus === null);
    const taxi = cancelled[0];
    if (taxi) {
      taxi.replacedBy = 'TAXI';
      taxi.cancelledBy = w.support;
    }
    return this.plans;
  }
}

const SPEED_KMH: Record<VehicleCategory, number> = { CAR: 38, TRANSPORT_VEHICLE: 32, BIKE: 13, CARGO_BIKE: 11, SCOOTER: 22, OTHER: 30 };
const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Journal drives: for every finished booking of a vehicle with telematics, 1–5 drives inside the usage time; plus
 * some maintenance drives without a booking. Odometers run continuously per vehicle up to its current reading.
 */
export function planDrives(w: FleetWorld, plans: BookingPlan[]): { drives: Drive[]; odometers: Map<number, number> } {
  const rng = new Rng(`${w.cat.id}:drives`, w.cat.language);
  const texts = w.cat.texts;
  const all: Drive[] = [];
  for (const b of plans) {
    const v = b.vehicle;
    if (b.state !== 'FINISHED' || !v || b.usageStart === null || b.usageEnd === null) continue;
    if (v.agent === 'none') continue;
    const category = v.model.spec.category;
    const hours = (b.usageEnd - b.usageStart) / HOUR;
    let km: number;
    if (category === 'CAR' || category === 'TRANSPORT_VEHICLE')
      km = Math.min(hours, 10) * rng.float(6, 22) + Math.max(0, hours - 10) * rng.float(0, 4);
    else if (category === 'SCOOTER') km = hours * rng.float(5, 14);
    else km = hours * rng.float(3, 9);
    km = Math.max(1.5, km);
    const n = hours < 3 ? 1 : hours < 12 ? 2 : Math.min(5, 2 + Math.floor(hours / 24));
    const weights = Array.from({ length: n }, () => rng.int(1, 3));
    const weightSum = weights.reduce((a, x) => a + x, 0);
    const slot = (b.usageEnd - b.usageStart) / n;
    const cityDestinations = texts.destinations[b.fromPool.city] ?? [];
    const maintenance = b.tripType === 'MAINTENANCE';
    const mine: Drive[] = [];
    for (let i = 0; i < n; i++) {
      const driveKm = Math.max(0.5, round1((km * must(weights[i], 'weight')) / weightSum));
      let duration = Math.max(5 * MINUTE, (driveKm / SPEED_KMH[category]) * HOUR);
      duration = Math.min(duration, slot * 0.85);
      const slotStart = b.usageStart + i * slot;
      const start = Math.round((slotStart + rng.float(0, Math.max(0, slot - duration - MINUTE), 0)) / MINUTE) * MINUTE;
      const end = start + Math.round(duration / MINUTE) * MINUTE;
      const last = i === n - 1;
      mine.push({
        vehicle: v,
        start,
        end,
        km: driveKm,
        fromPoolId: i === 0 ? b.fromPool.id : null,
        toPoolId: last ? b.toPool.id : null,
        bid: b.bid,
        username: b.person?.username ?? null,
        tripType: b.tripType,
        destination: maintenance
          ? rng.pick(texts.maintenanceDestinations)
          : last && n > 1
            ? b.toPool.name
            : cityDestinations.length > 0
              ? rng.pick(cityDestinations)
              : null,
        purpose: maintenance ? rng.pick(texts.maintenancePurposes) : (b.metadata.purpose ?? rng.pick(texts.purposes)),
        odometerStart: 0,
        odometerEnd: 0,
      });
    }
    b.drives = mine;
    b.distance = round1(mine.reduce((sum, d) => sum + d.km, 0));
    all.push(...mine);
  }

  // Maintenance drives by the operator's own staff, fitted into free time.
  const internal = w.people.filter((p) => p.company.type === 'INTERNAL' && p.status === 'ACTIVE');
  for (const v of w.vehicles) {
    const category = v.model.spec.category;
    if (v.agent === 'none' || (category !== 'CAR' && category !== 'TRANSPORT_VEHICLE') || !rng.chance(0.35)) continue;
    for (let attempt = 0; attempt < 10; attempt++) {
      const start = w.base - quarter(rng.int(24, 40 * 24) * HOUR);
      const end = start + rng.int(3, 9) * 10 * MINUTE;
      const span: [number, number] = [start - 15 * MINUTE, end + 15 * MINUTE];
      if (!isFree(v.busy, span)) continue;
      v.busy.push([start, end]);
      all.push({
        vehicle: v,
        start,
        end,
        km: rng.float(4, 30),
        fromPoolId: v.pool.id,
        toPoolId: v.pool.id,
        bid: null,
        username: internal.length > 0 ? rng.pick(internal).username : w.support,
        tripType: 'MAINTENANCE',
        destination: rng.pick(texts.maintenanceDestinations),
        purpose: rng.pick(texts.maintenancePurposes),
        odometerStart: 0,
        odometerEnd: 0,
      });
      break;
    }
  }

  const odometers = new Map<number, number>();
  for (const v of w.vehicles) {
    const mine = all.filter((d) => d.vehicle === v).sort((a, b) => a.start - b.start);
    const category = v.model.spec.category;
    const current =
      category === 'CAR' || category === 'TRANSPORT_VEHICLE'
        ? rng.int(6_000, 85_000)
        : category === 'SCOOTER'
          ? rng.int(500, 6_000)
          : rng.int(150, 3_500);
    const total = mine.reduce((s, d) => s + d.km, 0);
    let odo = round1(Math.max(0, current - total));
    for (const d of mine) {
      d.odometerStart = odo;
      odo = round1(odo + d.km);
      d.odometerEnd = odo;
    }
    odometers.set(v.id, Math.max(odo, current));
  }

  // Adjusted historic values: the measured values are kept as the originals.
  for (const b of plans) {
    if (!b.wantsAdjustment || b.usageStart === null || b.usageEnd === null) continue;
    const measured = b.distance ?? 0;
    const adjustedEnd = Math.max(b.usageStart + 15 * MINUTE, b.usageEnd > b.end ? b.end : b.usageEnd - 30 * MINUTE);
    b.adjustment = {
      adjustedStart: b.usageStart,
      adjustedEnd,
      adjustedDistance: round1(measured * 0.8),
      adjustedBookingType: b.tripType === 'BUSINESS' ? 'PRIVATE' : b.tripType,
      dataQuality: 'CORRECTED',
      originalStart: b.usageStart,
      originalEnd: b.usageEnd,
      originalDistance: measured,
      originalBookingType: b.tripType,
    };
    b.usageEnd = adjustedEnd;
    b.distance = round1(measured * 0.8);
  }
  return { drives: all.sort((a, b) => a.start - b.start), odometers };
}
