import {
  ZUserStatus,
  type AgentHardwareType,
  type BlockReason,
  type CompanyType,
  type IdentityMethod,
  type LicenseState,
  type UserStatus,
  type VehicleCategory,
  type WheelType,
} from '@fleetdesk/contract';
import type { Db } from '../db/client.ts';
import {
  companies,
  contracts,
  fleets,
  identityProviders,
  poolContracts,
  poolGroups,
  pools,
  registeredCards,
  userAuthMethods,
  userContracts,
  users,
  vehicleModels,
  vehicles,
} from '../db/schema.ts';
import { insertAll } from './batch.ts';
import {
  CUSTOMER_PASSWORD,
  type CompanySpec,
  type ContractSpec,
  type FleetCatalog,
  type HandyVehicleSpec,
  type ModelSpec,
  type PersonSpec,
  type PoolSpec,
  type ScriptedBooking,
} from './catalog.ts';
import { identityNumber, isVin, mobilePhone, postalCode, registrationNumber, slug, uniqueUsername, vin } from './identifiers.ts';
import { priceMap } from './pricing.ts';
import { DAY, HOUR, MINUTE, Rng, type Span } from './random.ts';

/** The rows of one operator that the booking, payment and event generators build on. */

export interface SharedState {
  base: number;
  hashes: ReadonlyMap<string, string>;
  used: { vins: Set<string>; regs: Set<string>; usernames: Set<string>; phones: Set<string> };
  counts: Record<string, number>;
}

export interface PoolRef {
  id: number;
  key: string;
  name: string;
  city: string;
  lat: number;
  lon: number;
  disabled: boolean;
  spec: PoolSpec;
}
export interface CompanyRef {
  id: number;
  key: string;
  name: string;
  type: CompanyType;
  topKey: string;
  spec: CompanySpec;
}
export interface ContractRef {
  id: number;
  spec: ContractSpec;
  pools: PoolRef[];
  prices: Map<string, number>;
  taxiPoolIds: Set<number>;
}
export interface ModelRef {
  id: number;
  spec: ModelSpec;
}
export interface VehicleRef {
  id: number;
  vin: string;
  reg: string;
  longPresentation: string;
  model: ModelRef;
  pool: PoolRef;
  agent: AgentHardwareType;
  hidden: boolean;
  handy: HandyVehicleSpec | null;
  publicNote: string | null;
  parkingPlaceInfo: string | null;
  /** Occupied spans of non-cancelled bookings (and maintenance drives). */
  busy: Span[];
}
export interface PersonRef {
  id: number;
  username: string;
  givenName: string;
  familyName: string;
  status: UserStatus;
  spec: PersonSpec;
  company: CompanyRef;
  contracts: ContractRef[];
  cardId: number | null;
  premium: boolean;
  license: boolean;
  applyDate: number;
  lastStatusChange: number;
  /** Personas and named customers keep their hand-written booking history only. */
  scripted: ScriptedBooking[] | null;
  isPersona: boolean;
  busy: Span[];
}

export interface FleetWorld {
  cat: FleetCatalog;
  base: number;
  support: string;
  admin: string;
  pools: PoolRef[];
  poolByKey: Map<string, PoolRef>;
  companies: Map<string, CompanyRef>;
  contracts: Map<string, ContractRef>;
  models: ModelRef[];
  vehicles: VehicleRef[];
  handy: Map<string, VehicleRef>;
  people: PersonRef[];
  staff: string[];
}

export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`Demo seed: missing ${what}`);
  return value;
}

export function count(sh: SharedState, table: string, n: number): void {
  sh.counts[table] = (sh.counts[table] ?? 0) + n;
}

/** ISO-8601 durations of the forms used in the catalog (PT30M, PT1H, P3D). */
export function durationMs(iso: string): number {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(iso);
  if (!m) throw new Error(`Unsupported duration ${iso}`);
  return Number(m[1] ?? 0) * DAY + Number(m[2] ?? 0) * HOUR + Number(m[3] ?? 0) * MINUTE;
}

const APPROVED_LIKE: readonly UserStatus[] = ['ACTIVE', 'APPROVED', 'BLOCKED', 'DELETION_REQUESTED'];
const NEW_REGISTRATION: readonly UserStatus[] = ['PENDING', 'PENDING_APPROVAL', 'AWAITING_APPROVAL', 'AWAITING_CONFIRMATION'];
const BLOCK_REASONS: readonly BlockReason[] = ['ABUSE', 'CRIMINAL_BEHAVIOR', 'GENERIC_MESSAGE', 'SUSPICIOUS_BEHAVIOR', 'UNPAID_BILLS', 'VANDALISM'];
const CARD_TYPES = ['VISA **** 4242', 'MASTERCARD **** 4444', 'VISA **** 1881', 'MASTERCARD **** 5100', 'AMEX **** 0005', 'VISA **** 0077'] as const;
const COLOURS = ['White', 'Black', 'Silver', 'Grey', 'Blue', 'Red', 'Green'] as const;
const BIKE_COLOURS = ['Black', 'Mint', 'Orange', 'Blue', 'Grey'] as const;

export async function buildWorld(db: Db, cat: FleetCatalog, sh: SharedState): Promise<FleetWorld> {
  const base = sh.base;
  const support = must(
    cat.staff.find((s) => s.role === 'SUPPORT'),
    'support staff',
  ).username;
  const admin = (cat.staff.find((s) => s.role === 'ADMIN') ?? { username: support }).username;

  await db.insert(fleets).values({
    id: cat.id,
    name: cat.name,
    country: cat.country,
    currency: cat.currency,
    defaultLanguage: cat.language,
    timeZone: cat.timeZone,
    createdAt: new Date(base - 400 * DAY),
  });
  count(sh, 'fleets', 1);

  const poolList = await insertPools(db, cat, sh);
  const poolByKey = new Map(poolList.map((p) => [p.key, p]));
  const companyMap = await insertCompanies(db, cat, sh);
  const contractMap = await insertContracts(db, cat, sh, poolList, poolByKey, companyMap);
  const { models, vehicleList } = await insertVehicles(db, cat, sh, poolList, poolByKey);
  const handy = new Map(vehicleList.filter((v) => v.handy).map((v) => [must(v.handy, 'handy').key, v]));
  const providerId = await insertIdentityProvider(db, cat, sh, companyMap);
  const people = await insertPeople(db, cat, sh, companyMap, contractMap, providerId);

  return {
    cat,
    base,
    support,
    admin,
    pools: poolList,
    poolByKey,
    companies: companyMap,
    contracts: contractMap,
    models,
    vehicles: vehicleList,
    handy,
    people,
    staff: cat.staff.map((s) => s.username),
  };
}

async function insertPools(db: Db, cat: FleetCatalog, sh: SharedState): Promise<PoolRef[]> {
  const groups = await db
    .insert(poolGroups)
    .values(Object.values(cat.poolGroups).map((name) => ({ fleetId: cat.id, name })))
    .returning({ id: poolGroups.id, name: poolGroups.name });
  count(sh, 'pool_groups', groups.length);
  const groupId = new Map(groups.map((g) => [g.name, g.id]));
  const perCity = new Map<string, number>();
  const row = (p: PoolSpec, movedTo: number | null) => {
    const n = (perCity.get(p.city) ?? 0) + 1;
    perCity.set(p.city, n);
    const group = cat.poolGroups[p.city];
    return {
      fleetId: cat.id,
      name: p.name,
      city: p.city,
      disabled: p.disabled ?? false,
      description: p.description ?? null,
      publicNote: p.publicNote ?? null,
      pickupNote: p.pickupNote ?? cat.texts.pickupNote,
      dropoffNote: p.charging ? cat.texts.chargingDropoffNote : cat.texts.dropoffNote,
      fee: p.fee ?? null,
      responsibleOrganization: `${cat.texts.responsibleOrganization} ${p.city}`,
      geographicalIdentity: `${cat.country}-${slug(p.city).slice(0, 3).toUpperCase()}-${String(n).padStart(3, '0')}`,
      parkingPlaceInfoRequired: p.parkingPlaceInfoRequired ?? false,
      defaultParkingPlace: p.defaultParkingPlace ?? null,
      chargingAvailable: p.charging ?? false,
      wattWorldStationName: p.charging ? `${cat.texts.stationPrefix} ${p.name}` : null,
      movedTo,
      poolGroupId: group === undefined ? null : (groupId.get(group) ?? null),
      lat: p.lat,
      lon: p.lon,
    };
  };
  const enabled = cat.pools.filter((p) => !p.disabled);
  const inserted = await db
    .insert(pools)
    .values(enabled.map((p) => row(p, null)))
    .returning({ id: pools.id, name: pools.name });
  const idByName = new Map(inserted.map((r) => [r.name, r.id]));
  const idByKey = new Map(enabled.map((p) => [p.key, must(idByName.get(p.name), `pool ${p.name}`)]));
  const disabled = cat.pools.filter((p) => p.disabled);
  if (disabled.length > 0) {
    const rows = disabled.map((p) => row(p, p.movedTo ? must(idByKey.get(p.movedTo), `pool ${p.movedTo}`) : null));
    const more = await db.insert(pools).values(rows).returning({ id: pools.id, name: pools.name });
    for (const r of more) idByName.set(r.name, r.id);
  }
  count(sh, 'pools', cat.pools.length);
  return cat.pools.map((p) => ({
    id: must(idByName.get(p.name), `pool ${p.name}`),
    key: p.key,
    name: p.name,
    city: p.city,
    lat: p.lat,
    lon: p.lon,
    disabled: p.disabled ?? false,
    spec: p,
  }));
}

async function insertCompanies(db: Db, cat: FleetCatalog, sh: SharedState): Promise<Map<string, CompanyRef>> {
  const result = new Map<string, CompanyRef>();
  let level = cat.companies.map((spec) => ({ spec, parentId: null as number | null, topKey: spec.key }));
  while (level.length > 0) {
    const rows = await db
      .insert(companies)
      .values(
        level.map(({ spec, parentId }) => ({
          fleetId: cat.id,
          parentId,
          name: spec.name,
          type: spec.type,
          marketSegment: spec.marketSegment ?? null,
          microSegment: spec.microSegment ?? null,
          emailDomains: spec.emailDomains ?? [],
          contactFirstName: spec.contact?.firstName ?? null,
          contactLastName: spec.contact?.lastName ?? null,
          contactEmail: spec.contact?.email ?? null,
          contactPhone: spec.contact?.phone ?? null,
          companyCode: spec.companyCode ?? null,
          requiresMembershipConfirmation: spec.requiresMembershipConfirmation ?? false,
          createdAt: new Date(sh.base - 380 * DAY),
        })),
      )
      .returning({ id: companies.id, name: companies.name });
    count(sh, 'companies', rows.length);
    const idByName = new Map(rows.map((r) => [r.name, r.id]));
    for (const { spec, topKey } of level) {
      result.set(spec.key, {
        id: must(idByName.get(spec.name), `company ${spec.name}`),
        key: spec.key,
        name: spec.name,
        type: spec.type,
        topKey,
        spec,
      });
    }
    level = level.flatMap(({ spec, topKey }) =>
      (spec.children ?? []).map((child) => ({ spec: child, parentId: must(result.get(spec.key), spec.key).id, topKey })),
    );
  }
  return result;
}

async function insertContracts(
  db: Db,
  cat: FleetCatalog,
  sh: SharedState,
  poolList: PoolRef[],
  poolByKey: Map<string, PoolRef>,
  companyMap: Map<string, CompanyRef>,
): Promise<Map<string, ContractRef>> {
  const poolsOf = (spec: ContractSpec) => {
    const cities = spec.poolCities;
    return cities === 'ALL' ? poolList : poolList.filter((p) => !p.disabled && cities.includes(p.city));
  };
  const taxiIds = (spec: ContractSpec) => (spec.taxiFromPools ?? []).map((k) => must(poolByKey.get(k), `pool ${k}`).id);
  const rows = await db
    .insert(contracts)
    .values(
      cat.contracts.map((c) => ({
        fleetId: cat.id,
        companyId: must(companyMap.get(c.companyKey), `company ${c.companyKey}`).id,
        name: c.name,
        contractType: c.type,
        currency: cat.currency,
        minBookingDuration: c.minBookingDuration,
        maxBookingDuration: c.maxBookingDuration,
        oneWayAllowed: c.oneWayAllowed ?? false,
        onlyOneBookingAtTheSameTimeAllowed: c.onlyOneBookingAtTheSameTimeAllowed ?? false,
        taxiFromPools: taxiIds(c),
        priceList: c.priceList,
        metadataSpec: c.metadataSpec ?? [],
        bookableRules: c.bookableRules,
        createdAt: new Date(sh.base - 370 * DAY),
      })),
    )
    .returning({ id: contracts.id, name: contracts.name });
  count(sh, 'contracts', rows.length);
  const idByName = new Map(rows.map((r) => [r.name, r.id]));
  const result = new Map<string, ContractRef>();
  for (const spec of cat.contracts) {
    result.set(spec.key, {
      id: must(idByName.get(spec.name), `contract ${spec.name}`),
      spec,
      pools: poolsOf(spec),
      prices: priceMap(spec.priceList),
      taxiPoolIds: new Set(taxiIds(spec)),
    });
  }
  const links = [...result.values()].flatMap((c) => c.pools.map((p) => ({ poolId: p.id, contractId: c.id })));
  await insertAll(db, poolContracts, links);
  count(sh, 'pool_contracts', links.length);

  return result;
}

async function insertIdentityProvider(db: Db, cat: FleetCatalog, sh: SharedState, companyMap: Map<string, CompanyRef>): Promise<number | null> {
  const idp = cat.identityProvider;
  if (!idp) return null;
  const [row] = await db
    .insert(identityProviders)
    .values({
      fleetId: cat.id,
      issuer: idp.issuer,
      clientId: idp.clientId,
      displayName: idp.displayName,
      providerLogoUrl: null,
      emailDomains: idp.emailDomains,
      companyId: must(companyMap.get(idp.companyKey), idp.companyKey).id,
      preventPasswordLogin: idp.preventPasswordLogin,
    })
    .returning({ id: identityProviders.id });
  count(sh, 'identity_providers', 1);
  return must(row, 'identity provider').id;
}

function wheelTypeFor(rng: Rng, category: VehicleCategory, base: number): WheelType | null {
  if (category !== 'CAR' && category !== 'TRANSPORT_VEHICLE') return null;
  const month = new Date(base).getUTCMonth();
  const winter = month >= 10 || month <= 3;
  return winter
    ? rng.weighted<WheelType>([
        ['WINTER', 5],
        ['STUDDED', 3],
        ['ALL_SEASON', 2],
      ])
    : rng.weighted<WheelType>([
        ['SUMMER', 8],
        ['ALL_SEASON', 2],
      ]);
}

function tiresFor(wheel: WheelType | null, category: VehicleCategory, lang: 'nb' | 'sv'): string | null {
  if (category === 'BIKE' || category === 'CARGO_BIKE') return 'Schwalbe Marathon Plus';
  if (category === 'SCOOTER') return 'CST 90/90-12';
  if (wheel === null) return null;
  const size = category === 'TRANSPORT_VEHICLE' ? '215/65 R16C' : '215/55 R17';
  switch (wheel) {
    case 'STUDDED':
      return `Nokian Hakkapeliitta 10 ${size} (${lang === 'nb' ? 'piggdekk' : 'dubbdäck'})`;
    case 'WINTER':
      return `Michelin X-Ice Snow ${size} (${lang === 'nb' ? 'piggfritt' : 'friktionsdäck'})`;
    case 'ALL_SEASON':
      return `Michelin CrossClimate 2 ${size}`;
    case 'SUMMER':
      return `Continental EcoContact 6 ${size}`;
  }
}

async function insertVehicles(
  db: Db,
  cat: FleetCatalog,
  sh: SharedState,
  poolList: PoolRef[],
  poolByKey: Map<string, PoolRef>,
): Promise<{ models: ModelRef[]; vehicleList: VehicleRef[] }> {
  const rng = new Rng(`${cat.id}:vehicles`, cat.language);
  const modelRows = await db
    .insert(vehicleModels)
    .values(
      cat.models.map((m) => ({
        fleetId: cat.id,
        modelName: m.modelName,
        priceClass: m.priceClass,
        vehicleCategory: m.category,
        primaryFuelType: m.fuel,
      })),
    )
    .returning({ id: vehicleModels.id, modelName: vehicleModels.modelName });
  count(sh, 'vehicle_models', modelRows.length);
  const modelId = new Map(modelRows.map((r) => [r.modelName, r.id]));
  const models = cat.models.map((spec) => ({ id: must(modelId.get(spec.modelName), spec.modelName), spec }));

  for (const h of cat.handyVehicles) {
    if (!isVin(h.vin)) throw new Error(`Not a VIN: ${h.vin}`);
    if (sh.used.vins.has(h.vin) || sh.used.regs.has(h.registrationNumber)) throw new Error(`Duplicate handy vehicle ${h.vin}`);
    sh.used.vins.add(h.vin);
    sh.used.regs.add(h.registrationNumber);
  }
  const enabledPools = rng.shuffle(poolList.filter((p) => !p.disabled));
  let roundRobin = 0;
  const lightSeq = { BIKE: 100, CARGO_BIKE: 200 };
  const drafts: Omit<VehicleRef, 'id' | 'busy'>[] = [];
  for (const model of models) {
    const spec = model.spec;
    const handyOfModel = cat.handyVehicles.filter((h) => h.modelKey === spec.key);
    for (let i = 0; i < spec.count; i++) {
      const handy = handyOfModel[i] ?? null;
      const pool = handy ? must(poolByKey.get(handy.poolKey), handy.poolKey) : must(enabledPools[roundRobin++ % enabledPools.length], 'pool');
      let reg: string;
      if (handy) reg = handy.registrationNumber;
      else if (spec.category === 'BIKE' || spec.category === 'CARGO_BIKE') {
        lightSeq[spec.category] += 1;
        reg = `${cat.lightVehiclePrefix}-${spec.category === 'BIKE' ? 'B' : 'L'}${lightSeq[spec.category]}`;
        sh.used.regs.add(reg);
      } else {
        const electric = spec.fuel === 'BATTERY' && (spec.category === 'CAR' || spec.category === 'TRANSPORT_VEHICLE');
        reg = registrationNumber(rng, cat.country, electric, sh.used.regs);
      }
      const light = spec.category === 'BIKE' || spec.category === 'CARGO_BIKE' || spec.category === 'SCOOTER';
      const parkingPlaceInfo = pool.spec.parkingPlaceInfoRequired
        ? rng.pick(cat.texts.parkingPlaceInfos.slice(0, 2))
        : rng.chance(0.15)
          ? rng.pick(cat.texts.parkingPlaceInfos)
          : null;
      const publicNote =
        handy?.role === 'PERSONA_ACTIVE'
          ? must(cat.texts.vehicleNotes[1], 'note')
          : rng.chance(light ? 0.2 : 0.25)
            ? rng.pick(light ? cat.texts.bikeNotes : cat.texts.vehicleNotes)
            : null;
      drafts.push({
        vin: handy ? handy.vin : vin(rng, spec.vinPrefix, sh.used.vins),
        reg,
        longPresentation: `${spec.modelName} (${reg})`,
        model,
        pool,
        agent: spec.agent,
        hidden: spec.category === 'OTHER' && i === 1,
        handy,
        publicNote,
        parkingPlaceInfo,
      });
    }
  }
  const rows = drafts.map((d) => {
    const wheelType = wheelTypeFor(rng, d.model.spec.category, sh.base);
    const light = d.model.spec.category !== 'CAR' && d.model.spec.category !== 'TRANSPORT_VEHICLE';
    return {
      fleetId: cat.id,
      vin: d.vin,
      registrationNumber: d.reg,
      longPresentation: d.longPresentation,
      modelId: d.model.id,
      color: rng.pick(light ? BIKE_COLOURS : COLOURS),
      wheelType,
      vehicleCategory: d.model.spec.category,
      agentHardwareType: d.agent,
      primaryFuelType: d.model.spec.fuel,
      keyholder: d.agent === 'key' ? cat.texts.keyholder : null,
      currentParkingPlaceInfo: d.parkingPlaceInfo,
      publicNote: d.publicNote,
      poolId: d.pool.id,
      tires: tiresFor(wheelType, d.model.spec.category, cat.language),
      hidden: d.hidden,
      createdAt: new Date(sh.base - rng.int(60, 700) * DAY),
    };
  });
  const inserted = await db.insert(vehicles).values(rows).returning({ id: vehicles.id, vin: vehicles.vin });
  count(sh, 'vehicles', inserted.length);
  const idByVin = new Map(inserted.map((r) => [r.vin, r.id]));
  return { models, vehicleList: drafts.map((d) => ({ ...d, id: must(idByVin.get(d.vin), d.vin), busy: [] })) };
}

/** Random customers: mostly active private customers, every user status, companies of every type. */
function randomPeople(cat: FleetCatalog, sh: SharedState, companyMap: Map<string, CompanyRef>, n: number): PersonSpec[] {
  const rng = new Rng(`${cat.id}:customers`, cat.language);
  const f = rng.f;
  const all = [...companyMap.values()];
  const ofType = (t: CompanyType) => all.filter((c) => c.type === t);
  const divisions = ofType('RESIDENTIAL').filter((c) => c.spec.companyCode);
  const slots: CompanyRef[] = [];
  const fill = (list: CompanyRef[], k: number) => {
    for (let i = 0; i < k && list.length > 0; i++) slots.push(must(list[i % list.length], 'company'));
  };
  const consumers = Math.round(n * 0.43);
  const corporate = Math.round(n * 0.35);
  const residential = Math.round(n * 0.15);
  fill(ofType('CONSUMER'), consumers);
  fill(ofType('CORPORATE'), corporate);
  fill(divisions.length > 0 ? divisions : ofType('RESIDENTIAL'), residential);
  fill(ofType('INTERNAL'), n - consumers - corporate - residential);
  const companiesShuffled = rng.shuffle(slots);

  const contractFor = (company: CompanyRef) =>
    must(
      cat.contracts.find((c) => c.companyKey === company.topKey),
      `contract of ${company.topKey}`,
    ).key;
  const privateKey = must(
    cat.contracts.find((c) => c.type === 'PRIVATE'),
    'private contract',
  ).key;
  const statuses = ZUserStatus.options;
  const result: PersonSpec[] = [];
  companiesShuffled.forEach((company, i) => {
    const status: UserStatus =
      statuses[i] ??
      rng.weighted<UserStatus>([
        ['ACTIVE', 70],
        ['APPROVED', 8],
        ['AWAITING_APPROVAL', 6],
        ['PENDING', 4],
        ['AWAITING_CONFIRMATION', 4],
        ['BLOCKED', 3],
        ['DELETION_REQUESTED', 2],
        ['PENDING_OLD', 2],
        ['PENDING_APPROVAL', 1],
      ]);
    const sex = rng.pick(['female', 'male'] as const);
    const givenName = f.person.firstName(sex);
    const familyName = f.person.lastName();
    const username = uniqueUsername(givenName, familyName, sh.used.usernames);
    const domain =
      company.type === 'CORPORATE' || company.type === 'INTERNAL'
        ? (companyMap.get(company.topKey)?.spec.emailDomains?.[0] ?? rng.pick(cat.customerEmailDomains))
        : rng.pick(cat.customerEmailDomains);
    const approved = APPROVED_LIKE.includes(status);
    const applyDaysAgo = status === 'PENDING_OLD' ? rng.int(60, 300) : NEW_REGISTRATION.includes(status) ? rng.int(1, 30) : rng.int(20, 365);
    const statusDaysAgo =
      status === 'BLOCKED' || status === 'DELETION_REQUESTED'
        ? rng.int(1, Math.max(1, applyDaysAgo - 5))
        : Math.max(0, applyDaysAgo - rng.int(0, Math.min(5, applyDaysAgo)));
    const contractKeys =
      company.type === 'CONSUMER'
        ? [privateKey]
        : company.type === 'INTERNAL'
          ? [contractFor(company)]
          : rng.chance(0.35)
            ? [contractFor(company), privateKey]
            : [contractFor(company)];
    const userPays = contractKeys.some((k) => cat.contracts.find((c) => c.key === k)?.payment === 'USER');
    const license: LicenseState = approved
      ? rng.chance(0.85)
        ? 'VERIFIED'
        : 'MISSING'
      : rng.weighted<LicenseState>([
          ['PENDING', 5],
          ['MISSING', 3],
          ['UNKNOWN', 2],
        ]);
    const identity: IdentityMethod | undefined =
      approved && rng.chance(0.8)
        ? rng.weighted<IdentityMethod>([
            ['BANKID', 7],
            ['MANUAL', 2],
            ['PASSPORT', 1],
          ])
        : undefined;
    result.push({
      username,
      givenName,
      familyName,
      email: `${username}@${domain}`,
      phone: mobilePhone(rng, cat.country, sh.used.phones),
      status,
      companyKey: company.key,
      contracts: contractKeys,
      userCategory: company.type === 'CORPORATE' ? 'COMPANY' : company.type === 'INTERNAL' ? 'FLEET' : 'PRIVATE',
      language: rng.chance(0.85) ? cat.language : 'en-GB',
      city: rng.pick(cat.cities),
      street: f.location.streetAddress(),
      premium: approved && status !== 'BLOCKED' && rng.chance(0.2),
      license,
      identity,
      card: approved && userPays && rng.chance(0.65) ? rng.pick(CARD_TYPES) : undefined,
      cardExpired: rng.chance(0.08),
      blockReason: status === 'BLOCKED' ? rng.pick(BLOCK_REASONS) : undefined,
      applyDaysAgo,
      statusDaysAgo,
      freeMonths: rng.chance(0.08) ? rng.int(1, 3) : 0,
      pinCode: rng.chance(0.5) ? rng.digits(4) : undefined,
      note: rng.chance(0.1) ? rng.pick(cat.texts.customerNotes) : undefined,
    });
  });
  return result;
}

async function insertPeople(
  db: Db,
  cat: FleetCatalog,
  sh: SharedState,
  companyMap: Map<string, CompanyRef>,
  contractMap: Map<string, ContractRef>,
  providerId: number | null,
): Promise<PersonRef[]> {
  const rng = new Rng(`${cat.id}:people`, cat.language);
  const base = sh.base;
  const internal = [...companyMap.values()].find((c) => c.type === 'INTERNAL');
  const staffRows = cat.staff.map((s) => {
    sh.used.usernames.add(s.username);
    return {
      fleetId: cat.id,
      username: s.username,
      role: s.role,
      passwordHash: must(sh.hashes.get(s.password), 'staff hash'),
      givenName: s.givenName,
      familyName: s.familyName,
      emailAddress: s.email,
      mobilePhone: mobilePhone(rng, cat.country, sh.used.phones),
      language: cat.language,
      companyId: internal?.id ?? null,
      userCategory: 'FLEET' as const,
      status: 'ACTIVE' as const,
      passwordLoginAllowed: true,
      applyDate: new Date(base - 400 * DAY),
      lastStatusChangeDate: new Date(base - 400 * DAY),
      createdAt: new Date(base - 400 * DAY),
      updatedAt: new Date(base - 400 * DAY),
    };
  });
  await db.insert(users).values(staffRows);
  count(sh, 'users', staffRows.length);

  for (const p of [...cat.personas, ...cat.namedCustomers]) {
    if (sh.used.usernames.has(p.username)) throw new Error(`Duplicate demo user ${p.username}`);
    sh.used.usernames.add(p.username);
    sh.used.phones.add(p.phone);
  }
  const fixed = [...cat.personas, ...cat.namedCustomers];
  const specs = [...fixed, ...randomPeople(cat, sh, companyMap, 60)];
  const customerHash = must(sh.hashes.get(CUSTOMER_PASSWORD), 'customer hash');
  const baseYear = new Date(base).getUTCFullYear();
  const regulator = cat.country === 'NO' ? 'Statens vegvesen' : 'Transportstyrelsen';

  const rows = specs.map((p, i) => {
    const applyDate = base - p.applyDaysAgo * DAY - rng.int(1, 10) * HOUR;
    const lastStatusChange = Math.max(applyDate, base - p.statusDaysAgo * DAY - rng.int(1, 8) * HOUR);
    const company = must(companyMap.get(p.companyKey), p.companyKey);
    const needsToSetPassword = !p.sso && (p.status === 'PENDING' || p.status === 'AWAITING_CONFIRMATION') && !fixed.includes(p);
    const verified = p.license === 'VERIFIED';
    const birth = new Date(Date.UTC(baseYear - rng.int(20, 70), rng.int(0, 11), rng.int(1, 28)));
    return {
      fleetId: cat.id,
      username: p.username,
      role: 'CUSTOMER' as const,
      passwordHash: p.sso || needsToSetPassword ? null : customerHash,
      givenName: p.givenName,
      familyName: p.familyName,
      emailAddress: p.email,
      mobilePhone: p.phone,
      language: p.language,
      streetAddress: p.street,
      zipCode: postalCode(rng, p.city),
      city: p.city,
      countryCode: cat.country,
      pinCode: p.pinCode ?? null,
      rfid: rng.chance(0.2) ? rng.f.string.hexadecimal({ length: 8, casing: 'upper', prefix: '' }) : null,
      customerNumber: String(cat.customerNumberBase + i + 1),
      campaignCode: rng.chance(0.1) ? rng.pick(cat.texts.campaignCodes) : null,
      note: p.note ?? null,
      premiumAccess: p.premium ?? false,
      verifiedDriversLicense: verified,
      licenseState: p.license,
      licenseVerifier: verified ? (p.identity === 'MANUAL' ? (cat.staff[0]?.username ?? null) : regulator) : null,
      licenseCheckedAt: verified || p.license === 'PENDING' ? new Date(applyDate + 3 * HOUR) : null,
      licenseCountry: verified || p.license === 'PENDING' ? cat.country : null,
      licenseValidUntil: verified
        ? `${baseYear + rng.int(2, 9)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`
        : null,
      identityVerified: p.identity !== undefined,
      identityCountry: p.identity ? cat.country : null,
      identityMethod: p.identity ?? null,
      identityGivenName: p.identity ? p.givenName : null,
      identityFamilyName: p.identity ? p.familyName : null,
      identityNumber: p.identityNumber ?? (p.identity ? identityNumber(rng, cat.country, birth) : null),
      companyId: company.id,
      userCategory: p.userCategory,
      status: p.status,
      lastStatusChangeDate: new Date(lastStatusChange),
      applyDate: new Date(applyDate),
      passwordLoginAllowed: !p.sso,
      needsToSetPassword,
      blockReason: p.blockReason ?? null,
      blockMessage: p.blockReason ? cat.texts.blockMessages[p.blockReason] : null,
      blockedByUsername: p.blockReason ? (cat.staff[0]?.username ?? null) : null,
      blockedAt: p.blockReason ? new Date(lastStatusChange) : null,
      // The customer asked in the app (the seeded event's actor is the customer): who and when show on the pending list.
      deletionRequestedAt: p.status === 'DELETION_REQUESTED' ? new Date(lastStatusChange) : null,
      deletionRequestedBy: p.status === 'DELETION_REQUESTED' ? p.username : null,
      duplicateEmail: p.duplicateEmail ?? false,
      duplicatePhone: p.duplicatePhone ?? false,
      duplicateIdentityNumber: p.duplicateIdentityNumber ?? false,
      freeMonths: p.freeMonths ?? 0,
      createdAt: new Date(applyDate),
      updatedAt: new Date(lastStatusChange),
    };
  });
  const inserted = await db.insert(users).values(rows).returning({ id: users.id, username: users.username });
  count(sh, 'users', inserted.length);
  const idByName = new Map(inserted.map((r) => [r.username, r.id]));

  const cards = specs.flatMap((p, i) => {
    if (!p.card) return [];
    const row = must(rows[i], 'row');
    const month = String(rng.int(1, 12)).padStart(2, '0');
    return [
      {
        fleetId: cat.id,
        userId: must(idByName.get(p.username), p.username),
        cardTypeAndMaskedNumber: p.card,
        expires: p.cardExpired ? `${baseYear - 1}-${month}` : `${baseYear + rng.int(1, 4)}-${month}`,
        providerToken: `sandbox_${rng.f.string.alphanumeric({ length: 24, casing: 'lower' })}`,
        createdAt: new Date(must(row.applyDate, 'apply').getTime() + 30 * MINUTE),
      },
    ];
  });
  const cardRows =
    cards.length > 0 ? await db.insert(registeredCards).values(cards).returning({ id: registeredCards.id, userId: registeredCards.userId }) : [];
  count(sh, 'registered_cards', cardRows.length);
  const cardOf = new Map(cardRows.map((c) => [c.userId, c.id]));

  const links = specs.flatMap((p) =>
    p.contracts.map((k) => ({ userId: must(idByName.get(p.username), p.username), contractId: must(contractMap.get(k), k).id })),
  );
  await insertAll(db, userContracts, links);
  count(sh, 'user_contracts', links.length);

  const ssoLinks = specs
    .filter((p) => p.sso)
    .map((p) => ({
      userId: must(idByName.get(p.username), p.username),
      providerId: must(providerId, 'identity provider for SSO users'),
      externalSubject: `${cat.id}-sso|${p.username}`,
    }));
  if (ssoLinks.length > 0) await db.insert(userAuthMethods).values(ssoLinks);
  count(sh, 'user_auth_methods', ssoLinks.length);

  const personaNames = new Set(cat.personas.map((p) => p.username));
  return specs.map((p, i) => {
    const row = must(rows[i], 'row');
    const id = must(idByName.get(p.username), p.username);
    return {
      id,
      username: p.username,
      givenName: p.givenName,
      familyName: p.familyName,
      status: p.status,
      spec: p,
      company: must(companyMap.get(p.companyKey), p.companyKey),
      contracts: p.contracts.map((k) => must(contractMap.get(k), k)),
      cardId: cardOf.get(id) ?? null,
      premium: p.premium ?? false,
      license: p.license === 'VERIFIED',
      applyDate: must(row.applyDate, 'apply').getTime(),
      lastStatusChange: must(row.lastStatusChangeDate, 'status change').getTime(),
      scripted: fixed.includes(p) ? (p.bookings ?? []) : null,
      isPersona: personaNames.has(p.username),
      busy: [],
    };
  });
}
