import type {
  AgentHardwareType,
  BlockReason,
  BookableRule,
  BookingState,
  CompanyType,
  ContractType,
  CountryCode,
  Currency,
  FeeType,
  FuelType,
  IdentityMethod,
  Language,
  LicenseState,
  MetadataSpecEntry,
  PaymentStatus,
  PriceListEntry,
  TripType,
  UserCategory,
  UserStatus,
  VehicleCategory,
  VehicleSpecType,
} from '@fleetdesk/contract';

/**
 * The static part of the demo: the two operators, their pools, companies, contracts, vehicle models and the
 * fixed "handy" vehicles that docs/demo-data.md points at. Everything random is derived from this in demo.ts.
 */

export interface PoolSpec {
  key: string;
  name: string;
  city: string;
  lat: number;
  lon: number;
  charging?: boolean;
  fee?: number;
  parkingPlaceInfoRequired?: boolean;
  defaultParkingPlace?: string;
  disabled?: boolean;
  movedTo?: string;
  description?: string;
  publicNote?: string;
  pickupNote?: string;
  dropoffNote?: string;
}

export interface CompanySpec {
  key: string;
  name: string;
  type: CompanyType;
  marketSegment?: string;
  microSegment?: string;
  emailDomains?: string[];
  contact?: { firstName: string; lastName: string; email: string; phone: string };
  companyCode?: string;
  requiresMembershipConfirmation?: boolean;
  children?: CompanySpec[];
}

/** How bookings on a contract are paid: by the user (card, else user invoice), by the company, or not at all. */
export type PaymentKind = 'USER' | 'COMPANY_INVOICE' | 'NO_CHARGE';

export interface ContractSpec {
  key: string;
  name: string;
  type: ContractType;
  companyKey: string;
  minBookingDuration: string;
  maxBookingDuration: string;
  oneWayAllowed?: boolean;
  onlyOneBookingAtTheSameTimeAllowed?: boolean;
  taxiFromPools?: string[];
  /** Cities whose enabled pools the contract may use, or 'ALL' (every pool, disabled ones too). */
  poolCities: string[] | 'ALL';
  priceList: PriceListEntry[];
  metadataSpec?: MetadataSpecEntry[];
  bookableRules: BookableRule[];
  tripType: TripType;
  payment: PaymentKind;
  /** Metadata values to draw from, per metadata key. */
  metadataValues?: Record<string, string[]>;
}

export interface ModelSpec {
  key: string;
  modelName: string;
  priceClass: string;
  category: VehicleCategory;
  fuel: FuelType;
  agent: AgentHardwareType;
  /** World manufacturer identifier + vehicle descriptor: the first 9 VIN characters. */
  vinPrefix: string;
  /** Electric range in km at 100 %, or km per litre for combustion engines. */
  rangeKm?: number;
  kmPerLitre?: number;
  tankLitres?: number;
  count: number;
}

/** Vehicles with fixed identifiers, referenced from docs/demo-data.md and the tests. */
export interface HandyVehicleSpec {
  key: string;
  modelKey: string;
  registrationNumber: string;
  vin: string;
  poolKey: string;
  role: 'PERSONA_ACTIVE' | 'CHARGING' | 'LOW_VOLTAGE' | 'NO_STATUS' | 'KEY_MISSING' | 'LOW_FUEL' | 'OVERDUE';
}

/** A booking written out by hand (persona and named-customer bookings): BIDs follow the order they are listed in. */
export interface ScriptedBooking {
  state: BookingState;
  /** Start relative to the seed's base time (now rounded down to the hour), in hours. */
  startH: number;
  durationH: number;
  contract: string;
  /** A handy vehicle key, else any free vehicle of `category`. */
  vehicle?: string;
  category?: VehicleCategory;
  /** Defaults to true, except for CANCELLED bookings. */
  allocate?: boolean;
  allocateOnActivation?: boolean;
  spec?: VehicleSpecType;
  payment?: PaymentStatus;
  checkoutRequired?: boolean;
  adjusted?: boolean;
  /** An event payment (EVE…) for a fee added after the booking. */
  fee?: FeeType;
  note?: string;
}

export interface PersonSpec {
  username: string;
  givenName: string;
  familyName: string;
  email: string;
  phone: string;
  status: UserStatus;
  companyKey: string;
  contracts: string[];
  userCategory: UserCategory;
  language: Language;
  city: string;
  street: string;
  premium?: boolean;
  license: LicenseState;
  identity?: IdentityMethod;
  identityNumber?: string;
  /** cardTypeAndMaskedNumber of a registered card; `cardExpired` makes its expiry last year. */
  card?: string;
  cardExpired?: boolean;
  sso?: boolean;
  blockReason?: BlockReason;
  applyDaysAgo: number;
  statusDaysAgo: number;
  freeMonths?: number;
  pinCode?: string;
  note?: string;
  duplicateEmail?: boolean;
  duplicatePhone?: boolean;
  duplicateIdentityNumber?: boolean;
  bookings?: ScriptedBooking[];
}

export interface FleetTexts {
  fees: Partial<Record<FeeType, { unitCost: number; comment: string; publicComment: string }>>;
  itemDisplay: Record<string, string>;
  damages: readonly (readonly [string, string])[];
  lightDamages: readonly (readonly [string, string])[];
  customerNotes: readonly string[];
  bookingNotes: readonly string[];
  destinations: Record<string, readonly string[]>;
  purposes: readonly string[];
  maintenanceDestinations: readonly string[];
  maintenancePurposes: readonly string[];
  blockMessages: Record<BlockReason, string>;
  keyholder: string;
  vehicleNotes: readonly string[];
  bikeNotes: readonly string[];
  parkingPlaceInfos: readonly string[];
  pickupNote: string;
  dropoffNote: string;
  chargingDropoffNote: string;
  campaignCodes: readonly string[];
  tollPoints: Record<string, readonly string[]>;
  stationPrefix: string;
  responsibleOrganization: string;
  creditComment: string;
  creditPublicComment: string;
  technicalIssue: string;
  lateCancel: string;
}

export interface FleetCatalog {
  id: string;
  name: string;
  country: CountryCode;
  currency: Currency;
  language: Exclude<Language, 'de' | 'en-GB'>;
  timeZone: string;
  /** BIDs are 'BID' + (bidBase + n): fjord BID1000000001…, malar BID2000000001…. */
  bidBase: number;
  /** Order ids: 'BOK'/'EVE' + (orderBase + n). */
  orderBase: number;
  customerNumberBase: number;
  lightVehiclePrefix: string;
  staff: { username: string; password: string; role: 'SUPPORT' | 'ADMIN'; givenName: string; familyName: string; email: string }[];
  cities: string[];
  poolGroups: Record<string, string>;
  pools: PoolSpec[];
  companies: CompanySpec[];
  contracts: ContractSpec[];
  models: ModelSpec[];
  handyVehicles: HandyVehicleSpec[];
  customerEmailDomains: string[];
  /** The demo personas (demo.*): every one has the customer password except SSO users. */
  personas: PersonSpec[];
  /** Other fixed customers: the overdue driver, duplicate registrations, a booking awaiting card authorisation. */
  namedCustomers: PersonSpec[];
  /** A finished booking whose user was deleted: shown as ARCHIVED. */
  archivedBooking: ScriptedBooking;
  identityProvider?: {
    displayName: string;
    issuer: string;
    clientId: string;
    emailDomains: string[];
    companyKey: string;
    preventPasswordLogin: boolean;
  };
  texts: FleetTexts;
}

const vat: PriceListEntry = { name: 'VAT', cost: 0.25 };
const always = (minDuration: string, maxDuration: string): BookableRule => ({
  minDuration,
  maxDuration,
  appliedDuring: 'ALWAYS',
  appliesDuring: null,
});
const weekdays = (minDuration: string, maxDuration: string): BookableRule => ({
  minDuration,
  maxDuration,
  appliedDuring: 'SCHEDULED',
  appliesDuring: { from: '07:00', to: '17:00' },
});

// ------------------------------------------------------------------------------------------------------------
// Fjord Mobility (Norway)
// ------------------------------------------------------------------------------------------------------------

const NB_TEXTS: FleetTexts = {
  fees: {
    PARKING_TICKET: {
      unitCost: 480,
      comment: 'Parkeringsgebyr fra Bymiljøetaten, ilagt under leien',
      publicComment: 'Parkeringsgebyr ilagt under leieperioden',
    },
    TOLL_FEE: { unitCost: 28.8, comment: 'Bompasseringer fra AutoPASS', publicComment: 'Bompenger for passeringer under leien' },
    RECONDITIONING_FEE: { unitCost: 400, comment: 'Hundehår i hele bilen, ekstra vask', publicComment: 'Ekstra rengjøring etter leie' },
  },
  itemDisplay: {
    PER_HOUR: 'Timepris',
    PER_DAY: 'Døgnpris',
    PER_WEEK: 'Ukepris',
    PER_WEEKEND: 'Helgepris',
    PER_KM: 'Kilometerpris',
    START_UP_FEE: 'Oppstartsgebyr',
    ADMIN_BOOKING_FEE: 'Administrasjonsgebyr',
    LATE_CANCEL_FEE: 'Gebyr for sen avbestilling',
    NO_PICKUP_FEE: 'Gebyr for ikke hentet kjøretøy',
    STEP_0: 'Trinnpris time 1',
    STEP_1: 'Trinnpris time 2',
    STEP_2: 'Trinnpris time 3',
    STEP_3: 'Trinnpris time 4 og videre',
    PARKING_TICKET: 'Parkeringsgebyr',
    TOLL_FEE: 'Bompenger',
    RECONDITIONING_FEE: 'Ekstra rengjøring',
    CREDITING: 'Kreditering',
    SPEED_TICKET: 'Fartsbot',
    EV_CHARGING: 'Lading',
  },
  damages: [
    ['Ripe i bakre støtfanger, venstre side', 'Scratch on rear bumper, left side'],
    ['Bulk i høyre fordør', 'Dent in right front door'],
    ['Steinsprut i frontruten, ca. 1 cm', 'Stone chip in windscreen, approx. 1 cm'],
    ['Sprekk i venstre sidespeil', 'Crack in left side mirror'],
    ['Flekk på baksetet', 'Stain on rear seat'],
    ['Felgskade foran høyre', 'Kerb damage on front right rim'],
    ['Løs plastlist under bakluken', 'Loose plastic trim below the tailgate'],
    ['Navkapsel mangler bak venstre', 'Hubcap missing, rear left'],
  ],
  lightDamages: [
    ['Bakbremsen tar dårlig', 'Rear brake is weak'],
    ['Ringeklokke mangler', 'Bell missing'],
    ['Regntrekket på kassen er revnet', 'Rain cover on the box is torn'],
    ['Frontlykten virker ikke', 'Front light not working'],
  ],
  customerNotes: [
    'Ringte om faktura, avklart.',
    'Ønsker kvittering på e-post.',
    'Har bedt om å bytte betalingskort.',
    'Foretrekker kommunikasjon på engelsk.',
    'Fikk 1 fri måned etter klage i mars.',
  ],
  bookingNotes: [
    'Henter bilen litt senere',
    'Trenger barnesete',
    'Skal kjøre til Gardermoen',
    'Avtalt med kundeservice',
    'Takboks bekreftet',
    'Kunden ringte og forlenget',
  ],
  destinations: {
    Oslo: ['Kundemøte på Fornebu', 'IKEA Furuset', 'Hytta i Nordmarka', 'Gardermoen', 'Jernia Storo', 'Kunde i Sandvika'],
    Bergen: ['Flesland', 'Åsane senter', 'Kundemøte på Kokstad', 'Hytta på Sotra'],
    Trondheim: ['Værnes', 'City Syd', 'Kundemøte på Tiller', 'Hytta i Bymarka'],
  },
  purposes: ['Kundemøte', 'Handletur', 'Flytting', 'Hyttetur', 'Henting av varer', 'Befaring', 'Kurs', 'Besøk'],
  maintenanceDestinations: ['Verksted Alnabru', 'Dekkhotell Økern', 'Bilvask Storo', 'Ladestasjon Ensjø'],
  maintenancePurposes: ['Service', 'Dekkskift', 'Vask', 'Lading', 'Reparasjon'],
  blockMessages: {
    ABUSE: 'Kontoen er sperret etter gjentatte brudd på vilkårene.',
    CRIMINAL_BEHAVIOR: 'Kontoen er sperret i påvente av politisak.',
    GENERIC_MESSAGE: 'Kontoen er midlertidig sperret. Kontakt kundeservice.',
    SUSPICIOUS_BEHAVIOR: 'Kontoen er sperret på grunn av mistenkelig aktivitet.',
    UNPAID_BILLS: 'Kontoen er sperret på grunn av ubetalte regninger. Kontakt kundeservice.',
    VANDALISM: 'Kontoen er sperret etter skade på kjøretøy.',
  },
  keyholder: 'Nøkkelboks i hanskerommet',
  vehicleNotes: [
    'Barnesete ligger i bagasjerommet.',
    'Ladekabel (Type 2) ligger i frunken.',
    'Takboks montert.',
    'Hengerfeste montert.',
    'Isskrape ligger i dørlommen.',
  ],
  bikeNotes: ['Låsekoden vises i appen.', 'Regntrekk ligger i kassen.'],
  parkingPlaceInfos: ['Plan -2, plass 204', 'Plan -1, plass 17', 'Bak bygget, ved sykkelstativet', 'Gateparkering, skiltet Fjord Mobility'],
  pickupNote: 'Kjøretøyene står på merkede plasser. Lås opp med appen.',
  dropoffNote: 'Parker på en ledig, merket plass og avslutt i appen.',
  chargingDropoffNote: 'Husk å sette elbilen på lading før du avslutter.',
  campaignCodes: ['SOMMER25', 'STUDENT', 'VELKOMMEN100'],
  tollPoints: {
    Oslo: ['Bomring Oslo – Bygdøy allé', 'Bomring Oslo – Hasle', 'Bomring Oslo – Ring 2 Bislett'],
    Bergen: ['Bompengering Bergen – Danmarksplass', 'Bompengering Bergen – Nygårdstangen'],
    Trondheim: ['Miljøpakken – Sluppen', 'Miljøpakken – Ilsvika'],
  },
  stationPrefix: 'Fjord Lader',
  responsibleOrganization: 'Fjord Mobility Drift',
  creditComment: 'Bilen var skitten ved henting, avtalt med kunde',
  creditPublicComment: 'Kompensasjon for skitten bil',
  technicalIssue: 'Kunden fikk ikke låst opp bilen med appen',
  lateCancel: 'Avbestilt mindre enn 24 timer før start',
};

const NORDLYS_META: MetadataSpecEntry[] = [
  {
    key: 'project',
    label: 'Prosjekt',
    description: 'Prosjektnummer som kjøringen faktureres på',
    type: 'TEXT',
    choices: null,
    placeholder: 'f.eks. NORD-1042',
    required: true,
  },
  {
    key: 'costCentre',
    label: 'Kostnadssted',
    description: 'Firesifret kostnadssted',
    type: 'INTEGER',
    choices: null,
    placeholder: '4410',
    required: false,
  },
  {
    key: 'purpose',
    label: 'Formål',
    description: null,
    type: 'CHOICE',
    choices: ['Kundemøte', 'Internt møte', 'Kurs/konferanse', 'Annet'],
    placeholder: null,
    required: false,
  },
];

export const FJORD: FleetCatalog = {
  id: 'fjord',
  name: 'Fjord Mobility',
  country: 'NO',
  currency: 'NOK',
  language: 'nb',
  timeZone: 'Europe/Oslo',
  bidBase: 1_000_000_000,
  orderBase: 1_000_000,
  customerNumberBase: 100_000,
  lightVehiclePrefix: 'FJ',
  staff: [
    {
      username: 'support',
      password: 'support-demo',
      role: 'SUPPORT',
      givenName: 'Siri',
      familyName: 'Støtte',
      email: 'siri.stotte@fjord-mobility.example',
    },
    {
      username: 'admin',
      password: 'admin-demo',
      role: 'ADMIN',
      givenName: 'Arne',
      familyName: 'Adminsen',
      email: 'arne.adminsen@fjord-mobility.example',
    },
    // The evening shift: a second SUPPORT member, so the Staff screen has someone to disable and enable (issue 13).
    {
      username: 'kari',
      password: 'support-demo',
      role: 'SUPPORT',
      givenName: 'Kari',
      familyName: 'Kveldsvakt',
      email: 'kari.kveldsvakt@fjord-mobility.example',
    },
  ],
  cities: ['Oslo', 'Bergen', 'Trondheim'],
  poolGroups: { Oslo: 'Oslo sentrum', Bergen: 'Bergen sentrum', Trondheim: 'Trondheim' },
  pools: [
    {
      key: 'grunerlokka',
      name: 'Grünerløkka',
      city: 'Oslo',
      lat: 59.9226,
      lon: 10.7594,
      charging: true,
      publicNote: 'Ved Birkelunden, inngang fra Thorvald Meyers gate.',
    },
    {
      key: 'majorstuen',
      name: 'Majorstuen P-hus',
      city: 'Oslo',
      lat: 59.9297,
      lon: 10.7149,
      charging: true,
      fee: 25,
      parkingPlaceInfoRequired: true,
      defaultParkingPlace: 'Plan -2, plass 201–210',
      description: 'Parkeringshus under Valkyrie plass.',
      pickupNote: 'Kjør inn fra Kirkeveien. Bommen åpnes automatisk for våre biler.',
    },
    { key: 'bjorvika', name: 'Bjørvika (Oslo S)', city: 'Oslo', lat: 59.9079, lon: 10.7583, description: 'Ved Oslo S, taxi-holdeplass rett ved.' },
    { key: 'toyen', name: 'Tøyen torg', city: 'Oslo', lat: 59.9151, lon: 10.7739 },
    { key: 'nydalen', name: 'Nydalen', city: 'Oslo', lat: 59.9498, lon: 10.765, charging: true },
    {
      key: 'skoyen',
      name: 'Skøyen stasjon',
      city: 'Oslo',
      lat: 59.9222,
      lon: 10.6793,
      disabled: true,
      movedTo: 'majorstuen',
      description: 'Nedlagt – kjøretøyene er flyttet til Majorstuen P-hus.',
    },
    { key: 'bryggen', name: 'Bryggen', city: 'Bergen', lat: 60.3971, lon: 5.3237, publicNote: 'Bak Hanseatisk museum.' },
    { key: 'bergen-s', name: 'Bergen stasjon', city: 'Bergen', lat: 60.3901, lon: 5.3331, charging: true },
    { key: 'mohlenpris', name: 'Møhlenpris', city: 'Bergen', lat: 60.3842, lon: 5.3172 },
    { key: 'sandviken', name: 'Sandviken', city: 'Bergen', lat: 60.4139, lon: 5.3199, charging: true, fee: 15 },
    { key: 'solsiden', name: 'Solsiden', city: 'Trondheim', lat: 63.4343, lon: 10.4113, charging: true },
    { key: 'trondheim-s', name: 'Trondheim S', city: 'Trondheim', lat: 63.4368, lon: 10.3988 },
    { key: 'gloshaugen', name: 'Gløshaugen', city: 'Trondheim', lat: 63.4183, lon: 10.4036 },
    { key: 'lade', name: 'Lade Arena', city: 'Trondheim', lat: 63.4438, lon: 10.4466, fee: 20 },
  ],
  companies: [
    {
      key: 'internal',
      name: 'Fjord Mobility Internal',
      type: 'INTERNAL',
      marketSegment: 'Internal',
      microSegment: 'Operations',
      emailDomains: ['fjord-mobility.example'],
      contact: { firstName: 'Arne', lastName: 'Adminsen', email: 'arne.adminsen@fjord-mobility.example', phone: '+4722000000' },
    },
    {
      key: 'nordlys',
      name: 'Nordlys Consulting AS',
      type: 'CORPORATE',
      marketSegment: 'Enterprise',
      microSegment: 'IT consulting',
      emailDomains: ['nordlys.example'],
      contact: { firstName: 'Mona', lastName: 'Nilsen', email: 'mona.nilsen@nordlys.example', phone: '+4791234567' },
      children: [
        {
          key: 'nordlys-oslo',
          name: 'Nordlys Oslo',
          type: 'CORPORATE',
          marketSegment: 'Enterprise',
          microSegment: 'IT consulting',
          children: [
            {
              key: 'nordlys-oslo-dev',
              name: 'Nordlys Oslo Dev team',
              type: 'CORPORATE',
              marketSegment: 'Enterprise',
              microSegment: 'Software development',
            },
          ],
        },
        { key: 'nordlys-bergen', name: 'Nordlys Bergen', type: 'CORPORATE', marketSegment: 'Enterprise', microSegment: 'IT consulting' },
      ],
    },
    {
      key: 'havbris',
      name: 'Havbris Arkitekter AS',
      type: 'CORPORATE',
      marketSegment: 'SME',
      microSegment: 'Architecture',
      emailDomains: ['havbris.example'],
      contact: { firstName: 'Eirik', lastName: 'Haugland', email: 'eirik.haugland@havbris.example', phone: '+4792345678' },
    },
    { key: 'private', name: 'Privatkunder', type: 'CONSUMER', marketSegment: 'Consumer', microSegment: 'B2C' },
    {
      key: 'fjordbo',
      name: 'Fjordbo Boligbyggelag',
      type: 'RESIDENTIAL',
      marketSegment: 'Residential',
      microSegment: 'Housing cooperative',
      emailDomains: ['fjordbo.example'],
      contact: { firstName: 'Liv', lastName: 'Strand', email: 'liv.strand@fjordbo.example', phone: '+4793456789' },
      children: [
        {
          key: 'fjordbo-1',
          name: 'Grünerløkka Hage borettslag',
          type: 'RESIDENTIAL',
          companyCode: 'FJB-1001',
          requiresMembershipConfirmation: true,
          marketSegment: 'Residential',
          microSegment: 'Housing cooperative',
        },
        {
          key: 'fjordbo-2',
          name: 'Tøyen Park borettslag',
          type: 'RESIDENTIAL',
          companyCode: 'FJB-1002',
          requiresMembershipConfirmation: true,
          marketSegment: 'Residential',
          microSegment: 'Housing cooperative',
        },
        {
          key: 'fjordbo-3',
          name: 'Nydalen Brygge sameie',
          type: 'RESIDENTIAL',
          companyCode: 'FJB-1003',
          requiresMembershipConfirmation: true,
          marketSegment: 'Residential',
          microSegment: 'Condominium',
        },
      ],
    },
  ],
  contracts: [
    {
      key: 'private',
      name: 'Fjord Privat',
      type: 'PRIVATE',
      companyKey: 'private',
      minBookingDuration: 'PT1H',
      maxBookingDuration: 'P14D',
      poolCities: ['Oslo', 'Bergen', 'Trondheim'],
      tripType: 'PRIVATE',
      payment: 'USER',
      bookableRules: [always('PT1H', 'P14D')],
      priceList: [
        { name: 'ADMIN_BOOKING_FEE', cost: 59 },
        vat,
        { name: 'PER_HOUR', cost: 89 },
        { name: 'PER_DAY', cost: 790 },
        { name: 'PER_WEEK', cost: 3490 },
        { name: 'PER_WEEKEND', cost: 1490 },
        { name: 'PER_KM', cost: 3.5 },
        { name: 'START_UP_FEE', cost: 29 },
        { name: 'LATE_CANCEL_FEE', cost: 150 },
        { name: 'NO_PICKUP_FEE', cost: 300 },
      ],
    },
    {
      key: 'nordlys',
      name: 'Nordlys Consulting – bedriftsavtale',
      type: 'COMPANY',
      companyKey: 'nordlys',
      minBookingDuration: 'PT30M',
      maxBookingDuration: 'P7D',
      oneWayAllowed: true,
      taxiFromPools: ['bjorvika', 'bergen-s'],
      poolCities: ['Oslo', 'Bergen'],
      tripType: 'BUSINESS',
      payment: 'COMPANY_INVOICE',
      bookableRules: [always('PT30M', 'P7D')],
      metadataSpec: NORDLYS_META,
      metadataValues: {
        project: ['NORD-1042 Vegdata', 'NORD-2210 Intern IT', 'NORD-3107 Havvind', 'NORD-4420 Skyflytt'],
        costCentre: ['4410', '4420', '5100'],
        purpose: ['Kundemøte', 'Internt møte', 'Kurs/konferanse'],
      },
      priceList: [
        { name: 'ADMIN_BOOKING_FEE', cost: 59 },
        vat,
        { name: 'STEP_0', cost: 79 },
        { name: 'STEP_1', cost: 69 },
        { name: 'STEP_2', cost: 59 },
        { name: 'STEP_3', cost: 49 },
        { name: 'PER_DAY', cost: 690 },
        { name: 'PER_WEEK', cost: 2990 },
        { name: 'PER_WEEKEND', cost: 1290 },
        { name: 'PER_KM', cost: 2.9 },
      ],
    },
    {
      key: 'havbris',
      name: 'Havbris Arkitekter – bedriftsavtale',
      type: 'COMPANY',
      companyKey: 'havbris',
      minBookingDuration: 'PT1H',
      maxBookingDuration: 'P5D',
      poolCities: ['Oslo', 'Trondheim'],
      tripType: 'BUSINESS',
      payment: 'COMPANY_INVOICE',
      bookableRules: [always('PT1H', 'P5D')],
      metadataSpec: [
        { key: 'project', label: 'Prosjektnummer', description: null, type: 'TEXT', choices: null, placeholder: 'HB-000', required: true },
      ],
      metadataValues: { project: ['HB-117', 'HB-204', 'HB-230'] },
      priceList: [
        { name: 'ADMIN_BOOKING_FEE', cost: 59 },
        vat,
        { name: 'PER_HOUR', cost: 79 },
        { name: 'PER_DAY', cost: 690 },
        { name: 'PER_WEEK', cost: 2990 },
        { name: 'PER_WEEKEND', cost: 1190 },
        { name: 'PER_KM', cost: 3 },
        { name: 'START_UP_FEE', cost: 19 },
      ],
    },
    {
      key: 'fjordbo',
      name: 'Fjordbo – beboeravtale',
      type: 'COMPANY',
      companyKey: 'fjordbo',
      minBookingDuration: 'PT1H',
      maxBookingDuration: 'P3D',
      onlyOneBookingAtTheSameTimeAllowed: true,
      poolCities: ['Oslo'],
      tripType: 'PRIVATE',
      payment: 'USER',
      bookableRules: [weekdays('PT1H', 'P3D')],
      priceList: [
        { name: 'ADMIN_BOOKING_FEE', cost: 59 },
        vat,
        { name: 'PER_HOUR', cost: 69 },
        { name: 'PER_DAY', cost: 590 },
        { name: 'PER_WEEK', cost: 2790 },
        { name: 'PER_WEEKEND', cost: 990 },
        { name: 'PER_KM', cost: 2.5 },
      ],
    },
    {
      key: 'internal',
      name: 'Fjord Mobility – drift',
      type: 'COMPANY',
      companyKey: 'internal',
      minBookingDuration: 'PT15M',
      maxBookingDuration: 'P30D',
      poolCities: 'ALL',
      tripType: 'MAINTENANCE',
      payment: 'NO_CHARGE',
      bookableRules: [],
      priceList: [{ name: 'ADMIN_BOOKING_FEE', cost: 0 }, vat, { name: 'PER_HOUR', cost: 0 }, { name: 'PER_KM', cost: 0 }],
    },
  ],
  models: [
    {
      key: 'id3',
      modelName: 'VW ID.3 Pro',
      priceClass: 'Small car',
      category: 'CAR',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'WVWZZZE1Z',
      rangeKm: 420,
      count: 5,
    },
    {
      key: 'modely',
      modelName: 'Tesla Model Y Long Range',
      priceClass: 'Premium car',
      category: 'CAR',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'XP7YGCEK1',
      rangeKm: 530,
      count: 3,
    },
    {
      key: 'polestar2',
      modelName: 'Polestar 2',
      priceClass: 'Premium car',
      category: 'CAR',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'LPSED3KA1',
      rangeKm: 480,
      count: 2,
    },
    {
      key: 'eniro',
      modelName: 'Kia e-Niro',
      priceClass: 'Family car',
      category: 'CAR',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'KNACC81GX',
      rangeKm: 450,
      count: 3,
    },
    {
      key: 'yaris',
      modelName: 'Toyota Yaris Hybrid',
      priceClass: 'Small car',
      category: 'CAR',
      fuel: 'HYBRID',
      agent: 'key',
      vinPrefix: 'VNKKAH3A3',
      kmPerLitre: 24,
      tankLitres: 36,
      count: 3,
    },
    {
      key: 'corolla',
      modelName: 'Toyota Corolla Touring Sports Hybrid',
      priceClass: 'Family car',
      category: 'CAR',
      fuel: 'HYBRID',
      agent: 'keyless',
      vinPrefix: 'SB1Z93BE6',
      kmPerLitre: 21,
      tankLitres: 43,
      count: 3,
    },
    {
      key: 'octavia',
      modelName: 'Skoda Octavia Combi TDI',
      priceClass: 'Family car',
      category: 'CAR',
      fuel: 'DIESEL',
      agent: 'key',
      vinPrefix: 'TMBJJ7NX1',
      kmPerLitre: 20,
      tankLitres: 45,
      count: 2,
    },
    {
      key: 'polo',
      modelName: 'VW Polo TSI',
      priceClass: 'Small car',
      category: 'CAR',
      fuel: 'PETROL',
      agent: 'keyless',
      vinPrefix: 'WVWZZZAWZ',
      kmPerLitre: 17,
      tankLitres: 40,
      count: 1,
    },
    {
      key: 'env200',
      modelName: 'Nissan e-NV200',
      priceClass: 'Van',
      category: 'TRANSPORT_VEHICLE',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'VSKCAAME0',
      rangeKm: 200,
      count: 2,
    },
    {
      key: 'transporter',
      modelName: 'VW Transporter T6.1',
      priceClass: 'Van',
      category: 'TRANSPORT_VEHICLE',
      fuel: 'DIESEL',
      agent: 'keyless',
      vinPrefix: 'WV1ZZZ7HZ',
      kmPerLitre: 12,
      tankLitres: 70,
      count: 2,
    },
    {
      key: 'transit',
      modelName: 'Ford Transit Custom',
      priceClass: 'Large van',
      category: 'TRANSPORT_VEHICLE',
      fuel: 'DIESEL',
      agent: 'key',
      vinPrefix: 'WF0YXXTTG',
      kmPerLitre: 12,
      tankLitres: 70,
      count: 1,
    },
    { key: 'citybike', modelName: 'DBS City 7', priceClass: 'Bike', category: 'BIKE', fuel: 'NONE', agent: 'none', vinPrefix: 'DBSCTY7D1', count: 3 },
    {
      key: 'ebike',
      modelName: 'Bergamont E-Horizon',
      priceClass: 'E-bike',
      category: 'BIKE',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'BGMEHZ6B1',
      rangeKm: 90,
      count: 3,
    },
    {
      key: 'urbanarrow',
      modelName: 'Urban Arrow Family',
      priceClass: 'Cargo bike',
      category: 'CARGO_BIKE',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'UAFAMLY1B',
      rangeKm: 60,
      count: 2,
    },
    {
      key: 'mk1e',
      modelName: 'Butchers & Bicycles MK1-E',
      priceClass: 'Cargo bike',
      category: 'CARGO_BIKE',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'BBMK1E0E1',
      rangeKm: 50,
      count: 1,
    },
    {
      key: 'christiania',
      modelName: 'Christiania Light',
      priceClass: 'Cargo bike',
      category: 'CARGO_BIKE',
      fuel: 'NONE',
      agent: 'none',
      vinPrefix: 'CHLLGT0B1',
      count: 1,
    },
    {
      key: 'niu',
      modelName: 'NIU MQi GT',
      priceClass: 'Scooter',
      category: 'SCOOTER',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'LNUM1GT1S',
      rangeKm: 70,
      count: 2,
    },
    {
      key: 'trailer',
      modelName: 'Brenderup 1205S tilhenger',
      priceClass: 'Trailer',
      category: 'OTHER',
      fuel: 'NONE',
      agent: 'none',
      vinPrefix: 'BRN1205S0',
      count: 2,
    },
  ],
  handyVehicles: [
    { key: 'persona', modelKey: 'id3', registrationNumber: 'EL 12345', vin: 'WVWZZZE1ZPP012345', poolKey: 'grunerlokka', role: 'PERSONA_ACTIVE' },
    { key: 'charging', modelKey: 'modely', registrationNumber: 'EK 54321', vin: 'XP7YGCEK1RB054321', poolKey: 'majorstuen', role: 'CHARGING' },
    { key: 'lowvolt', modelKey: 'yaris', registrationNumber: 'AB 12345', vin: 'VNKKAH3A3PA012345', poolKey: 'toyen', role: 'LOW_VOLTAGE' },
    { key: 'nostatus', modelKey: 'octavia', registrationNumber: 'BS 20001', vin: 'TMBJJ7NX1NP020001', poolKey: 'bryggen', role: 'NO_STATUS' },
    { key: 'keymissing', modelKey: 'transit', registrationNumber: 'KH 77001', vin: 'WF0YXXTTGRK077001', poolKey: 'nydalen', role: 'KEY_MISSING' },
    { key: 'lowfuel', modelKey: 'eniro', registrationNumber: 'EV 33003', vin: 'KNACC81GXSN033003', poolKey: 'solsiden', role: 'LOW_FUEL' },
    { key: 'overdue', modelKey: 'polestar2', registrationNumber: 'EB 40404', vin: 'LPSED3KA1RN040404', poolKey: 'bjorvika', role: 'OVERDUE' },
  ],
  customerEmailDomains: ['example.no', 'example.com', 'example.org'],
  personas: [
    {
      username: 'demo.active',
      givenName: 'Kari',
      familyName: 'Nordmann',
      email: 'kari.nordmann@example.no',
      phone: '+4798765432',
      status: 'ACTIVE',
      companyKey: 'nordlys-oslo-dev',
      contracts: ['private', 'nordlys'],
      userCategory: 'COMPANY',
      language: 'nb',
      city: 'Oslo',
      street: 'Thorvald Meyers gate 12',
      premium: true,
      license: 'VERIFIED',
      identity: 'MANUAL',
      identityNumber: '15058812487',
      card: 'VISA **** 4242',
      applyDaysAgo: 210,
      statusDaysAgo: 205,
      freeMonths: 1,
      pinCode: '1234',
      bookings: [
        { state: 'ACTIVE', startH: -2, durationH: 5, contract: 'private', vehicle: 'persona', spec: 'VEHICLE', payment: 'RESERVED' },
        { state: 'INACTIVE', startH: 26, durationH: 4, contract: 'nordlys', category: 'CAR', spec: 'MODEL' },
        {
          state: 'INACTIVE',
          startH: 50,
          durationH: 3,
          contract: 'private',
          category: 'CARGO_BIKE',
          spec: 'CLASS',
          allocate: false,
          allocateOnActivation: true,
        },
        {
          state: 'FINISHED',
          startH: -74,
          durationH: 3,
          contract: 'private',
          category: 'CAR',
          payment: 'UNPAID',
          checkoutRequired: true,
          fee: 'PARKING_TICKET',
        },
        { state: 'FINISHED', startH: -8 * 24 + 1, durationH: 6, contract: 'nordlys', category: 'CAR', payment: 'INVOICE_SENT' },
        { state: 'FINISHED', startH: -15 * 24 + 2, durationH: 26, contract: 'private', category: 'CAR', payment: 'PAID', adjusted: true },
        { state: 'FINISHED', startH: -22 * 24 + 3, durationH: 2, contract: 'private', category: 'BIKE', payment: 'PAID' },
        { state: 'FINISHED', startH: -35 * 24 + 1, durationH: 4, contract: 'nordlys', category: 'TRANSPORT_VEHICLE', payment: 'PAID' },
        { state: 'CANCELLED', startH: -12 * 24 + 4, durationH: 3, contract: 'private', category: 'CAR', payment: 'ABANDONED' },
      ],
    },
    {
      username: 'demo.pending',
      givenName: 'Jonas',
      familyName: 'Berg',
      email: 'jonas.berg@example.no',
      phone: '+4741234567',
      status: 'AWAITING_APPROVAL',
      companyKey: 'private',
      contracts: ['private'],
      userCategory: 'PRIVATE',
      language: 'nb',
      city: 'Bergen',
      street: 'Nygårdsgaten 5',
      license: 'PENDING',
      applyDaysAgo: 2,
      statusDaysAgo: 2,
    },
    {
      username: 'demo.blocked',
      givenName: 'Henrik',
      familyName: 'Lien',
      email: 'henrik.lien@example.no',
      phone: '+4790011223',
      status: 'BLOCKED',
      companyKey: 'private',
      contracts: ['private'],
      userCategory: 'PRIVATE',
      language: 'nb',
      city: 'Oslo',
      street: 'Tøyengata 30',
      license: 'VERIFIED',
      identity: 'BANKID',
      card: 'MASTERCARD **** 4444',
      cardExpired: true,
      blockReason: 'UNPAID_BILLS',
      applyDaysAgo: 300,
      statusDaysAgo: 5,
      bookings: [
        { state: 'FINISHED', startH: -20 * 24 + 2, durationH: 5, contract: 'private', category: 'CAR', payment: 'UNPAID' },
        { state: 'FINISHED', startH: -9 * 24 + 5, durationH: 2, contract: 'private', category: 'CAR', payment: 'UNPAID', fee: 'TOLL_FEE' },
      ],
    },
    {
      username: 'demo.deletion',
      givenName: 'Marte',
      familyName: 'Solberg',
      email: 'marte.solberg@example.no',
      phone: '+4793322110',
      status: 'DELETION_REQUESTED',
      companyKey: 'private',
      contracts: ['private'],
      userCategory: 'PRIVATE',
      language: 'en-GB',
      city: 'Trondheim',
      street: 'Olav Tryggvasons gate 20',
      license: 'VERIFIED',
      identity: 'BANKID',
      applyDaysAgo: 330,
      statusDaysAgo: 3,
      bookings: [{ state: 'FINISHED', startH: -25 * 24 + 2, durationH: 2, contract: 'private', category: 'BIKE', payment: 'PAID' }],
    },
    {
      username: 'demo.sso',
      givenName: 'Ingrid',
      familyName: 'Lysaker',
      email: 'ingrid.lysaker@nordlys.example',
      phone: '+4795544332',
      status: 'ACTIVE',
      companyKey: 'nordlys-oslo',
      contracts: ['nordlys'],
      userCategory: 'COMPANY',
      language: 'nb',
      city: 'Oslo',
      street: 'Sandakerveien 24',
      license: 'VERIFIED',
      identity: 'BANKID',
      sso: true,
      applyDaysAgo: 120,
      statusDaysAgo: 119,
      bookings: [
        { state: 'FINISHED', startH: -6 * 24 + 1, durationH: 3, contract: 'nordlys', category: 'CAR' },
        { state: 'INACTIVE', startH: 30, durationH: 2, contract: 'nordlys', category: 'CAR', spec: 'CLASS' },
      ],
    },
  ],
  namedCustomers: [
    {
      username: 'ola.nordmann',
      givenName: 'Ola',
      familyName: 'Nordmann',
      email: 'ola.nordmann@example.no',
      phone: '+4747474747',
      status: 'ACTIVE',
      companyKey: 'private',
      contracts: ['private'],
      userCategory: 'PRIVATE',
      language: 'nb',
      city: 'Oslo',
      street: 'Schweigaards gate 14',
      premium: true,
      license: 'VERIFIED',
      identity: 'BANKID',
      card: 'VISA **** 1881',
      applyDaysAgo: 150,
      statusDaysAgo: 149,
      bookings: [
        { state: 'ACTIVE', startH: -9, durationH: 7, contract: 'private', vehicle: 'overdue', spec: 'VEHICLE', payment: 'RESERVATION_FAILED' },
        { state: 'FINISHED', startH: -31, durationH: 5, contract: 'private', vehicle: 'keymissing', spec: 'MODEL', payment: 'PAID' },
      ],
    },
    {
      username: 'emma.johansen',
      givenName: 'Emma',
      familyName: 'Johansen',
      email: 'emma.johansen@example.com',
      phone: '+4740506070',
      status: 'ACTIVE',
      companyKey: 'private',
      contracts: ['private'],
      userCategory: 'PRIVATE',
      language: 'nb',
      city: 'Oslo',
      street: 'Bogstadveien 50',
      license: 'VERIFIED',
      identity: 'BANKID',
      card: 'VISA **** 3155',
      applyDaysAgo: 40,
      statusDaysAgo: 39,
      bookings: [{ state: 'INACTIVE', startH: 5, durationH: 3, contract: 'private', category: 'CAR', payment: 'NEEDS_AUTHORIZATION' }],
    },
    {
      username: 'mikael.holm',
      givenName: 'Mikael',
      familyName: 'Holm',
      email: 'mikael.holm@example.com',
      phone: '+46701234567',
      status: 'ACTIVE',
      companyKey: 'private',
      contracts: ['private'],
      userCategory: 'PRIVATE',
      language: 'en-GB',
      city: 'Oslo',
      street: 'Pilestredet 33',
      license: 'VERIFIED',
      identity: 'PASSPORT',
      applyDaysAgo: 90,
      statusDaysAgo: 88,
      duplicateEmail: true,
      duplicatePhone: true,
      bookings: [{ state: 'FINISHED', startH: -18 * 24 + 3, durationH: 4, contract: 'private', category: 'CAR' }],
    },
    {
      username: 'nils.dahl',
      givenName: 'Nils',
      familyName: 'Dahl',
      email: 'nils.dahl@example.no',
      phone: '+4791112233',
      status: 'ACTIVE',
      companyKey: 'havbris',
      contracts: ['havbris'],
      userCategory: 'COMPANY',
      language: 'nb',
      city: 'Trondheim',
      street: 'Kongens gate 8',
      license: 'VERIFIED',
      identity: 'BANKID',
      identityNumber: '01028512356',
      applyDaysAgo: 250,
      statusDaysAgo: 249,
    },
    {
      username: 'n.dahl',
      givenName: 'Nils',
      familyName: 'Dahl',
      email: 'n.dahl@example.com',
      phone: '+4791112233',
      status: 'PENDING',
      companyKey: 'private',
      contracts: ['private'],
      userCategory: 'PRIVATE',
      language: 'nb',
      city: 'Trondheim',
      street: 'Kongens gate 8',
      license: 'MISSING',
      identityNumber: '01028512356',
      applyDaysAgo: 1,
      statusDaysAgo: 1,
      duplicatePhone: true,
      duplicateIdentityNumber: true,
    },
  ],
  archivedBooking: { state: 'FINISHED', startH: -40 * 24 + 2, durationH: 3, contract: 'private', category: 'CAR', payment: 'PAID' },
  identityProvider: {
    displayName: 'Nordlys SSO',
    issuer: 'http://localhost:4010/oidc',
    clientId: 'fleetdesk',
    emailDomains: ['nordlys.example'],
    companyKey: 'nordlys',
    preventPasswordLogin: true,
  },
  texts: NB_TEXTS,
};

// ------------------------------------------------------------------------------------------------------------
// Mälar Mobility (Sweden)
// ------------------------------------------------------------------------------------------------------------

const SV_TEXTS: FleetTexts = {
  fees: {
    PARKING_TICKET: { unitCost: 560, comment: 'Felparkeringsavgift från Trafikkontoret', publicComment: 'Parkeringsavgift under hyresperioden' },
    TOLL_FEE: { unitCost: 36, comment: 'Trängselskatt från Transportstyrelsen', publicComment: 'Trängselskatt för passager under hyran' },
    RECONDITIONING_FEE: { unitCost: 400, comment: 'Hundhår i hela bilen, extra tvätt', publicComment: 'Extra rengöring efter hyra' },
  },
  itemDisplay: {
    PER_HOUR: 'Timpris',
    PER_DAY: 'Dygnspris',
    PER_WEEK: 'Veckopris',
    PER_WEEKEND: 'Helgpris',
    PER_KM: 'Kilometerpris',
    START_UP_FEE: 'Startavgift',
    ADMIN_BOOKING_FEE: 'Administrationsavgift',
    LATE_CANCEL_FEE: 'Avgift för sen avbokning',
    NO_PICKUP_FEE: 'Avgift för ej hämtat fordon',
    STEP_0: 'Stegpris timme 1',
    STEP_1: 'Stegpris timme 2',
    STEP_2: 'Stegpris timme 3',
    STEP_3: 'Stegpris timme 4 och vidare',
    PARKING_TICKET: 'Parkeringsavgift',
    TOLL_FEE: 'Trängselskatt',
    RECONDITIONING_FEE: 'Extra rengöring',
    CREDITING: 'Kreditering',
    SPEED_TICKET: 'Fortkörningsböter',
    EV_CHARGING: 'Laddning',
  },
  damages: [
    ['Repa på bakre stötfångaren, vänster sida', 'Scratch on rear bumper, left side'],
    ['Buckla i höger framdörr', 'Dent in right front door'],
    ['Stenskott i vindrutan, ca 1 cm', 'Stone chip in windscreen, approx. 1 cm'],
    ['Spricka i vänster backspegel', 'Crack in left side mirror'],
    ['Fläck på baksätet', 'Stain on rear seat'],
    ['Fälgskada fram höger', 'Kerb damage on front right rim'],
    ['Lös plastlist under bakluckan', 'Loose plastic trim below the tailgate'],
    ['Navkapsel saknas bak vänster', 'Hubcap missing, rear left'],
  ],
  lightDamages: [
    ['Bakbromsen tar dåligt', 'Rear brake is weak'],
    ['Ringklocka saknas', 'Bell missing'],
    ['Regnskyddet på lådan är trasigt', 'Rain cover on the box is torn'],
    ['Framlampan fungerar inte', 'Front light not working'],
  ],
  customerNotes: [
    'Ringde om faktura, löst.',
    'Vill ha kvitto via e-post.',
    'Har bett om att byta betalkort.',
    'Föredrar kommunikation på engelska.',
    'Fick 1 fri månad efter klagomål i mars.',
  ],
  bookingNotes: [
    'Hämtar bilen lite senare',
    'Behöver barnstol',
    'Ska köra till Arlanda',
    'Överenskommet med kundtjänst',
    'Takbox bekräftad',
    'Kunden ringde och förlängde',
  ],
  destinations: {
    Stockholm: ['Arlanda', 'IKEA Kungens kurva', 'Kundmöte i Kista', 'Sommarstugan på Värmdö', 'Bauhaus Barkarby'],
    Uppsala: ['Gamla Uppsala', 'Boländerna', 'Kundmöte på Uppsala Science Park', 'Stugan i Öregrund'],
    Västerås: ['Erikslund shopping', 'Hamnen', 'Kundmöte på Finnslätten', 'Stugan vid Mälaren'],
  },
  purposes: ['Kundmöte', 'Storhandling', 'Flytt', 'Stugresa', 'Hämta varor', 'Besiktning', 'Utbildning', 'Besök'],
  maintenanceDestinations: ['Verkstad Västberga', 'Däckhotell Bromma', 'Biltvätt Solna', 'Laddstation Liljeholmen'],
  maintenancePurposes: ['Service', 'Däckbyte', 'Tvätt', 'Laddning', 'Reparation'],
  blockMessages: {
    ABUSE: 'Kontot är spärrat efter upprepade brott mot villkoren.',
    CRIMINAL_BEHAVIOR: 'Kontot är spärrat i väntan på polisutredning.',
    GENERIC_MESSAGE: 'Kontot är tillfälligt spärrat. Kontakta kundtjänst.',
    SUSPICIOUS_BEHAVIOR: 'Kontot är spärrat på grund av misstänkt aktivitet.',
    UNPAID_BILLS: 'Kontot är spärrat på grund av obetalda fakturor. Kontakta kundtjänst.',
    VANDALISM: 'Kontot är spärrat efter skadegörelse på fordon.',
  },
  keyholder: 'Nyckelbox i handskfacket',
  vehicleNotes: [
    'Barnstol finns i bagageutrymmet.',
    'Laddkabel (Typ 2) ligger i frunken.',
    'Takbox monterad.',
    'Dragkrok monterad.',
    'Isskrapa ligger i dörrfacket.',
  ],
  bikeNotes: ['Låskoden visas i appen.', 'Regnskydd ligger i lådan.'],
  parkingPlaceInfos: ['Plan -2, plats 204', 'Plan -1, plats 17', 'Bakom huset vid cykelstället', 'Gatuparkering, skyltad Mälar Mobility'],
  pickupNote: 'Fordonen står på skyltade platser. Lås upp med appen.',
  dropoffNote: 'Parkera på en ledig, skyltad plats och avsluta i appen.',
  chargingDropoffNote: 'Kom ihåg att sätta elbilen på laddning innan du avslutar.',
  campaignCodes: ['SOMMAR25', 'STUDENT', 'VALKOMMEN100'],
  tollPoints: {
    Stockholm: ['Trängselskatt Stockholm – Essingeleden', 'Trängselskatt Stockholm – Skanstull', 'Trängselskatt Stockholm – Danvikstull'],
  },
  stationPrefix: 'Mälar Laddning',
  responsibleOrganization: 'Mälar Mobility Drift',
  creditComment: 'Bilen var smutsig vid hämtning, överenskommet med kund',
  creditPublicComment: 'Kompensation för smutsig bil',
  technicalIssue: 'Kunden kunde inte låsa upp bilen med appen',
  lateCancel: 'Avbokad mindre än 24 timmar före start',
};

const NORRSKEN_META: MetadataSpecEntry[] = [
  {
    key: 'project',
    label: 'Projekt',
    description: 'Projektnummer som resan faktureras på',
    type: 'TEXT',
    choices: null,
    placeholder: 't.ex. NSK-210',
    required: true,
  },
  {
    key: 'costCentre',
    label: 'Kostnadsställe',
    description: 'Fyrsiffrigt kostnadsställe',
    type: 'INTEGER',
    choices: null,
    placeholder: '3100',
    required: false,
  },
  {
    key: 'purpose',
    label: 'Syfte',
    description: null,
    type: 'CHOICE',
    choices: ['Kundmöte', 'Internt möte', 'Kurs/konferens', 'Annat'],
    placeholder: null,
    required: false,
  },
];

export const MALAR: FleetCatalog = {
  id: 'malar',
  name: 'Mälar Mobility',
  country: 'SE',
  currency: 'SEK',
  language: 'sv',
  timeZone: 'Europe/Stockholm',
  bidBase: 2_000_000_000,
  orderBase: 2_000_000,
  customerNumberBase: 200_000,
  lightVehiclePrefix: 'MM',
  staff: [
    {
      username: 'support.se',
      password: 'support-demo',
      role: 'SUPPORT',
      givenName: 'Sara',
      familyName: 'Stödberg',
      email: 'sara.stodberg@malar-mobility.example',
    },
  ],
  cities: ['Stockholm', 'Uppsala', 'Västerås'],
  poolGroups: { Stockholm: 'Stockholm innerstad', Uppsala: 'Uppsala', Västerås: 'Västerås' },
  pools: [
    {
      key: 'medborgarplatsen',
      name: 'Medborgarplatsen',
      city: 'Stockholm',
      lat: 59.3143,
      lon: 18.0733,
      charging: true,
      publicNote: 'Vid Björns trädgård, infart från Götgatan.',
    },
    { key: 'odenplan', name: 'Odenplan', city: 'Stockholm', lat: 59.3429, lon: 18.0496 },
    {
      key: 'fridhemsplan',
      name: 'Fridhemsplan P-hus',
      city: 'Stockholm',
      lat: 59.3326,
      lon: 18.0293,
      fee: 30,
      parkingPlaceInfoRequired: true,
      defaultParkingPlace: 'Plan -1, plats 40–48',
      description: 'Parkeringshus under Västermalmsgallerian.',
    },
    { key: 'hammarby', name: 'Hammarby sjöstad', city: 'Stockholm', lat: 59.3045, lon: 18.1037, charging: true },
    {
      key: 'slussen',
      name: 'Slussen',
      city: 'Stockholm',
      lat: 59.3196,
      lon: 18.0719,
      disabled: true,
      movedTo: 'medborgarplatsen',
      description: 'Nedlagd under ombyggnaden – fordonen har flyttats till Medborgarplatsen.',
    },
    { key: 'uppsala-c', name: 'Uppsala C', city: 'Uppsala', lat: 59.8586, lon: 17.6461, charging: true },
    { key: 'flogsta', name: 'Flogsta', city: 'Uppsala', lat: 59.8511, lon: 17.5876 },
    { key: 'luthagen', name: 'Luthagen', city: 'Uppsala', lat: 59.8647, lon: 17.6252 },
    { key: 'gottsunda', name: 'Gottsunda centrum', city: 'Uppsala', lat: 59.8132, lon: 17.6256, fee: 10 },
    { key: 'vasteras-c', name: 'Västerås C', city: 'Västerås', lat: 59.6083, lon: 16.5508 },
    { key: 'kopparlunden', name: 'Kopparlunden', city: 'Västerås', lat: 59.616, lon: 16.5372, charging: true },
    { key: 'backby', name: 'Bäckby', city: 'Västerås', lat: 59.6275, lon: 16.4923 },
    { key: 'oster-malarstrand', name: 'Öster Mälarstrand', city: 'Västerås', lat: 59.603, lon: 16.565 },
  ],
  companies: [
    {
      key: 'internal',
      name: 'Mälar Mobility Intern',
      type: 'INTERNAL',
      marketSegment: 'Internal',
      microSegment: 'Operations',
      emailDomains: ['malar-mobility.example'],
      contact: { firstName: 'Sara', lastName: 'Stödberg', email: 'sara.stodberg@malar-mobility.example', phone: '+46812345000' },
    },
    {
      key: 'norrsken',
      name: 'Norrsken Konsult AB',
      type: 'CORPORATE',
      marketSegment: 'Enterprise',
      microSegment: 'IT consulting',
      emailDomains: ['norrsken.example'],
      contact: { firstName: 'Johanna', lastName: 'Ek', email: 'johanna.ek@norrsken.example', phone: '+46701112233' },
      children: [
        {
          key: 'norrsken-sthlm',
          name: 'Norrsken Stockholm',
          type: 'CORPORATE',
          marketSegment: 'Enterprise',
          microSegment: 'IT consulting',
          children: [
            {
              key: 'norrsken-sthlm-dev',
              name: 'Norrsken Stockholm Utveckling',
              type: 'CORPORATE',
              marketSegment: 'Enterprise',
              microSegment: 'Software development',
            },
          ],
        },
        { key: 'norrsken-uppsala', name: 'Norrsken Uppsala', type: 'CORPORATE', marketSegment: 'Enterprise', microSegment: 'IT consulting' },
      ],
    },
    {
      key: 'aros',
      name: 'Aros Ingenjörer AB',
      type: 'CORPORATE',
      marketSegment: 'SME',
      microSegment: 'Engineering',
      emailDomains: ['aros-ing.example'],
      contact: { firstName: 'Magnus', lastName: 'Falk', email: 'magnus.falk@aros-ing.example', phone: '+46702223344' },
    },
    { key: 'private', name: 'Privatkunder', type: 'CONSUMER', marketSegment: 'Consumer', microSegment: 'B2C' },
    {
      key: 'malarbo',
      name: 'Mälarbo',
      type: 'RESIDENTIAL',
      marketSegment: 'Residential',
      microSegment: 'Housing cooperative',
      emailDomains: ['malarbo.example'],
      contact: { firstName: 'Karin', lastName: 'Sjöberg', email: 'karin.sjoberg@malarbo.example', phone: '+46703334455' },
      children: [
        {
          key: 'malarbo-1',
          name: 'Brf Solgläntan',
          type: 'RESIDENTIAL',
          companyCode: 'MB-2001',
          requiresMembershipConfirmation: true,
          marketSegment: 'Residential',
          microSegment: 'Housing cooperative',
        },
        {
          key: 'malarbo-2',
          name: 'Brf Kvarnen',
          type: 'RESIDENTIAL',
          companyCode: 'MB-2002',
          requiresMembershipConfirmation: true,
          marketSegment: 'Residential',
          microSegment: 'Housing cooperative',
        },
        {
          key: 'malarbo-3',
          name: 'Brf Sjöutsikten',
          type: 'RESIDENTIAL',
          companyCode: 'MB-2003',
          requiresMembershipConfirmation: true,
          marketSegment: 'Residential',
          microSegment: 'Housing cooperative',
        },
      ],
    },
  ],
  contracts: [
    {
      key: 'private',
      name: 'Mälar Privat',
      type: 'PRIVATE',
      companyKey: 'private',
      minBookingDuration: 'PT1H',
      maxBookingDuration: 'P14D',
      poolCities: ['Stockholm', 'Uppsala', 'Västerås'],
      tripType: 'PRIVATE',
      payment: 'USER',
      bookableRules: [always('PT1H', 'P14D')],
      priceList: [
        { name: 'ADMIN_BOOKING_FEE', cost: 49 },
        vat,
        { name: 'PER_HOUR', cost: 99 },
        { name: 'PER_DAY', cost: 750 },
        { name: 'PER_WEEK', cost: 3200 },
        { name: 'PER_WEEKEND', cost: 1390 },
        { name: 'PER_KM', cost: 3 },
        { name: 'START_UP_FEE', cost: 25 },
        { name: 'LATE_CANCEL_FEE', cost: 120 },
        { name: 'NO_PICKUP_FEE', cost: 250 },
      ],
    },
    {
      key: 'norrsken',
      name: 'Norrsken Konsult – företagsavtal',
      type: 'COMPANY',
      companyKey: 'norrsken',
      minBookingDuration: 'PT30M',
      maxBookingDuration: 'P7D',
      oneWayAllowed: true,
      taxiFromPools: ['odenplan', 'uppsala-c'],
      poolCities: ['Stockholm', 'Uppsala'],
      tripType: 'BUSINESS',
      payment: 'COMPANY_INVOICE',
      bookableRules: [always('PT30M', 'P7D')],
      metadataSpec: NORRSKEN_META,
      metadataValues: {
        project: ['NSK-210 Trafikdata', 'NSK-318 Intern IT', 'NSK-402 Elnät'],
        costCentre: ['3100', '3200', '4100'],
        purpose: ['Kundmöte', 'Internt möte', 'Kurs/konferens'],
      },
      priceList: [
        { name: 'ADMIN_BOOKING_FEE', cost: 49 },
        vat,
        { name: 'STEP_0', cost: 89 },
        { name: 'STEP_1', cost: 79 },
        { name: 'STEP_2', cost: 69 },
        { name: 'STEP_3', cost: 55 },
        { name: 'PER_DAY', cost: 650 },
        { name: 'PER_WEEK', cost: 2900 },
        { name: 'PER_WEEKEND', cost: 1200 },
        { name: 'PER_KM', cost: 2.5 },
      ],
    },
    {
      key: 'aros',
      name: 'Aros Ingenjörer – företagsavtal',
      type: 'COMPANY',
      companyKey: 'aros',
      minBookingDuration: 'PT1H',
      maxBookingDuration: 'P5D',
      poolCities: ['Västerås', 'Stockholm'],
      tripType: 'BUSINESS',
      payment: 'COMPANY_INVOICE',
      bookableRules: [always('PT1H', 'P5D')],
      metadataSpec: [
        { key: 'project', label: 'Projektnummer', description: null, type: 'TEXT', choices: null, placeholder: 'AI-000', required: true },
      ],
      metadataValues: { project: ['AI-117', 'AI-204', 'AI-230'] },
      priceList: [
        { name: 'ADMIN_BOOKING_FEE', cost: 49 },
        vat,
        { name: 'PER_HOUR', cost: 85 },
        { name: 'PER_DAY', cost: 650 },
        { name: 'PER_WEEK', cost: 2900 },
        { name: 'PER_WEEKEND', cost: 1100 },
        { name: 'PER_KM', cost: 2.8 },
        { name: 'START_UP_FEE', cost: 15 },
      ],
    },
    {
      key: 'malarbo',
      name: 'Mälarbo – boendeavtal',
      type: 'COMPANY',
      companyKey: 'malarbo',
      minBookingDuration: 'PT1H',
      maxBookingDuration: 'P3D',
      onlyOneBookingAtTheSameTimeAllowed: true,
      poolCities: ['Uppsala', 'Västerås'],
      tripType: 'PRIVATE',
      payment: 'USER',
      bookableRules: [weekdays('PT1H', 'P3D')],
      priceList: [
        { name: 'ADMIN_BOOKING_FEE', cost: 49 },
        vat,
        { name: 'PER_HOUR', cost: 75 },
        { name: 'PER_DAY', cost: 560 },
        { name: 'PER_WEEK', cost: 2600 },
        { name: 'PER_WEEKEND', cost: 950 },
        { name: 'PER_KM', cost: 2.2 },
      ],
    },
    {
      key: 'internal',
      name: 'Mälar Mobility – drift',
      type: 'COMPANY',
      companyKey: 'internal',
      minBookingDuration: 'PT15M',
      maxBookingDuration: 'P30D',
      poolCities: 'ALL',
      tripType: 'MAINTENANCE',
      payment: 'NO_CHARGE',
      bookableRules: [],
      priceList: [{ name: 'ADMIN_BOOKING_FEE', cost: 0 }, vat, { name: 'PER_HOUR', cost: 0 }, { name: 'PER_KM', cost: 0 }],
    },
  ],
  models: [
    {
      key: 'id3',
      modelName: 'VW ID.3 Pro',
      priceClass: 'Small car',
      category: 'CAR',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'WVWZZZE1Z',
      rangeKm: 420,
      count: 5,
    },
    {
      key: 'ex30',
      modelName: 'Volvo EX30',
      priceClass: 'Small car',
      category: 'CAR',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'YV1XZEDV1',
      rangeKm: 470,
      count: 3,
    },
    {
      key: 'polestar2',
      modelName: 'Polestar 2',
      priceClass: 'Premium car',
      category: 'CAR',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'LPSED3KA1',
      rangeKm: 480,
      count: 3,
    },
    {
      key: 'eniro',
      modelName: 'Kia e-Niro',
      priceClass: 'Family car',
      category: 'CAR',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'KNACC81GX',
      rangeKm: 450,
      count: 2,
    },
    {
      key: 'yaris',
      modelName: 'Toyota Yaris Hybrid',
      priceClass: 'Small car',
      category: 'CAR',
      fuel: 'HYBRID',
      agent: 'key',
      vinPrefix: 'VNKKAH3A3',
      kmPerLitre: 24,
      tankLitres: 36,
      count: 3,
    },
    {
      key: 'v60',
      modelName: 'Volvo V60 B4',
      priceClass: 'Family car',
      category: 'CAR',
      fuel: 'HYBRID',
      agent: 'keyless',
      vinPrefix: 'YV1ZWH7V1',
      kmPerLitre: 16,
      tankLitres: 60,
      count: 3,
    },
    {
      key: 'v70',
      modelName: 'Volvo V70 D4',
      priceClass: 'Family car',
      category: 'CAR',
      fuel: 'DIESEL',
      agent: 'key',
      vinPrefix: 'YV1BW84DA',
      kmPerLitre: 17,
      tankLitres: 70,
      count: 2,
    },
    {
      key: 'golf',
      modelName: 'VW Golf TSI',
      priceClass: 'Small car',
      category: 'CAR',
      fuel: 'PETROL',
      agent: 'keyless',
      vinPrefix: 'WVWZZZCDZ',
      kmPerLitre: 16,
      tankLitres: 50,
      count: 1,
    },
    {
      key: 'kangoo',
      modelName: 'Renault Kangoo E-Tech',
      priceClass: 'Van',
      category: 'TRANSPORT_VEHICLE',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'VF1FW0ZB1',
      rangeKm: 280,
      count: 2,
    },
    {
      key: 'transporter',
      modelName: 'VW Transporter T6.1',
      priceClass: 'Van',
      category: 'TRANSPORT_VEHICLE',
      fuel: 'DIESEL',
      agent: 'keyless',
      vinPrefix: 'WV1ZZZ7HZ',
      kmPerLitre: 12,
      tankLitres: 70,
      count: 2,
    },
    {
      key: 'transit',
      modelName: 'Ford Transit Custom',
      priceClass: 'Large van',
      category: 'TRANSPORT_VEHICLE',
      fuel: 'DIESEL',
      agent: 'key',
      vinPrefix: 'WF0YXXTTG',
      kmPerLitre: 12,
      tankLitres: 70,
      count: 1,
    },
    {
      key: 'citybike',
      modelName: 'Crescent Elis',
      priceClass: 'Bike',
      category: 'BIKE',
      fuel: 'NONE',
      agent: 'none',
      vinPrefix: 'CRELS7C10',
      count: 3,
    },
    {
      key: 'ebike',
      modelName: 'Crescent Elora',
      priceClass: 'E-bike',
      category: 'BIKE',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'CRELR8E10',
      rangeKm: 80,
      count: 3,
    },
    {
      key: 'urbanarrow',
      modelName: 'Urban Arrow Family',
      priceClass: 'Cargo bike',
      category: 'CARGO_BIKE',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'UAFAMLY1B',
      rangeKm: 60,
      count: 2,
    },
    {
      key: 'mk1e',
      modelName: 'Butchers & Bicycles MK1-E',
      priceClass: 'Cargo bike',
      category: 'CARGO_BIKE',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'BBMK1E0E1',
      rangeKm: 50,
      count: 1,
    },
    {
      key: 'christiania',
      modelName: 'Christiania Light',
      priceClass: 'Cargo bike',
      category: 'CARGO_BIKE',
      fuel: 'NONE',
      agent: 'none',
      vinPrefix: 'CHLLGT0B1',
      count: 1,
    },
    {
      key: 'niu',
      modelName: 'NIU MQi GT',
      priceClass: 'Scooter',
      category: 'SCOOTER',
      fuel: 'BATTERY',
      agent: 'keyless',
      vinPrefix: 'LNUM1GT1S',
      rangeKm: 70,
      count: 2,
    },
    {
      key: 'trailer',
      modelName: 'Fogelsta släpvagn F1425',
      priceClass: 'Trailer',
      category: 'OTHER',
      fuel: 'NONE',
      agent: 'none',
      vinPrefix: 'FGLF1425S',
      count: 2,
    },
  ],
  handyVehicles: [
    { key: 'persona', modelKey: 'id3', registrationNumber: 'ABC 123', vin: 'WVWZZZE1ZRP123456', poolKey: 'medborgarplatsen', role: 'PERSONA_ACTIVE' },
    { key: 'charging', modelKey: 'polestar2', registrationNumber: 'ELB 12D', vin: 'LPSED3KA1SN012012', poolKey: 'hammarby', role: 'CHARGING' },
    { key: 'lowvolt', modelKey: 'v70', registrationNumber: 'KTR 482', vin: 'YV1BW84DAN1048200', poolKey: 'odenplan', role: 'LOW_VOLTAGE' },
    { key: 'nostatus', modelKey: 'golf', registrationNumber: 'GHJ 771', vin: 'WVWZZZCDZPW077100', poolKey: 'uppsala-c', role: 'NO_STATUS' },
    { key: 'keymissing', modelKey: 'yaris', registrationNumber: 'MLR 55K', vin: 'VNKKAH3A3RA055500', poolKey: 'vasteras-c', role: 'KEY_MISSING' },
    { key: 'lowfuel', modelKey: 'kangoo', registrationNumber: 'ELX 90A', vin: 'VF1FW0ZB1SK090900', poolKey: 'kopparlunden', role: 'LOW_FUEL' },
    { key: 'overdue', modelKey: 'ex30', registrationNumber: 'UPP 404', vin: 'YV1XZEDV1SL040400', poolKey: 'fridhemsplan', role: 'OVERDUE' },
  ],
  customerEmailDomains: ['example.se', 'example.com', 'example.org'],
  personas: [
    {
      username: 'demo.se.active',
      givenName: 'Anna',
      familyName: 'Svensson',
      email: 'anna.svensson@example.se',
      phone: '+46709876543',
      status: 'ACTIVE',
      companyKey: 'norrsken-sthlm-dev',
      contracts: ['private', 'norrsken'],
      userCategory: 'COMPANY',
      language: 'sv',
      city: 'Stockholm',
      street: 'Götgatan 48',
      premium: true,
      license: 'VERIFIED',
      identity: 'BANKID',
      identityNumber: '19870412-1238',
      card: 'VISA **** 4242',
      applyDaysAgo: 180,
      statusDaysAgo: 178,
      pinCode: '4321',
      bookings: [
        { state: 'ACTIVE', startH: -1, durationH: 4, contract: 'private', vehicle: 'persona', spec: 'VEHICLE', payment: 'RESERVED' },
        { state: 'INACTIVE', startH: 20, durationH: 3, contract: 'norrsken', category: 'CAR', spec: 'MODEL' },
        {
          state: 'INACTIVE',
          startH: 44,
          durationH: 2,
          contract: 'private',
          category: 'BIKE',
          spec: 'CLASS',
          allocate: false,
          allocateOnActivation: true,
        },
        { state: 'FINISHED', startH: -4 * 24 + 2, durationH: 3, contract: 'private', category: 'CAR', payment: 'PAID', fee: 'PARKING_TICKET' },
        { state: 'FINISHED', startH: -11 * 24 + 1, durationH: 5, contract: 'norrsken', category: 'CAR', payment: 'INVOICE_SENT' },
        { state: 'FINISHED', startH: -19 * 24 + 3, durationH: 2, contract: 'private', category: 'CARGO_BIKE', payment: 'UNPAID' },
        { state: 'CANCELLED', startH: -6 * 24 + 4, durationH: 2, contract: 'private', category: 'CAR', payment: 'ABANDONED' },
      ],
    },
    {
      username: 'demo.se.pending',
      givenName: 'Erik',
      familyName: 'Lindqvist',
      email: 'erik.lindqvist@example.se',
      phone: '+46731234567',
      status: 'AWAITING_APPROVAL',
      companyKey: 'private',
      contracts: ['private'],
      userCategory: 'PRIVATE',
      language: 'sv',
      city: 'Uppsala',
      street: 'Kungsgatan 40',
      license: 'PENDING',
      applyDaysAgo: 1,
      statusDaysAgo: 1,
    },
  ],
  namedCustomers: [
    {
      username: 'lars.lindberg',
      givenName: 'Lars',
      familyName: 'Lindberg',
      email: 'lars.lindberg@example.se',
      phone: '+46762223344',
      status: 'ACTIVE',
      companyKey: 'private',
      contracts: ['private'],
      userCategory: 'PRIVATE',
      language: 'sv',
      city: 'Stockholm',
      street: 'Sankt Eriksgatan 60',
      license: 'VERIFIED',
      identity: 'BANKID',
      card: 'VISA **** 5556',
      applyDaysAgo: 160,
      statusDaysAgo: 159,
      bookings: [
        { state: 'ACTIVE', startH: -8, durationH: 6, contract: 'private', vehicle: 'overdue', spec: 'VEHICLE', payment: 'RESERVATION_FAILED' },
        { state: 'FINISHED', startH: -30, durationH: 4, contract: 'private', vehicle: 'keymissing', spec: 'MODEL', payment: 'PAID' },
      ],
    },
    {
      username: 'elin.nyberg',
      givenName: 'Elin',
      familyName: 'Nyberg',
      email: 'elin.nyberg@example.se',
      phone: '+46704445566',
      status: 'ACTIVE',
      companyKey: 'private',
      contracts: ['private'],
      userCategory: 'PRIVATE',
      language: 'sv',
      city: 'Västerås',
      street: 'Stora Gatan 12',
      license: 'VERIFIED',
      identity: 'BANKID',
      card: 'VISA **** 3155',
      applyDaysAgo: 35,
      statusDaysAgo: 34,
      bookings: [{ state: 'INACTIVE', startH: 6, durationH: 2, contract: 'private', category: 'CAR', payment: 'NEEDS_AUTHORIZATION' }],
    },
    {
      username: 'mikael.holm.se',
      givenName: 'Mikael',
      familyName: 'Holm',
      email: 'mikael.holm@example.com',
      phone: '+46701234567',
      status: 'AWAITING_APPROVAL',
      companyKey: 'private',
      contracts: ['private'],
      userCategory: 'PRIVATE',
      language: 'sv',
      city: 'Stockholm',
      street: 'Hornsgatan 101',
      license: 'PENDING',
      applyDaysAgo: 3,
      statusDaysAgo: 3,
      duplicateEmail: true,
      duplicatePhone: true,
    },
    {
      username: 'sofia.berg',
      givenName: 'Sofia',
      familyName: 'Berg',
      email: 'sofia.berg@example.se',
      phone: '+46725556677',
      status: 'ACTIVE',
      companyKey: 'malarbo-2',
      contracts: ['malarbo', 'private'],
      userCategory: 'PRIVATE',
      language: 'sv',
      city: 'Uppsala',
      street: 'Svartbäcksgatan 22',
      license: 'VERIFIED',
      identity: 'BANKID',
      identityNumber: '19920303-5671',
      applyDaysAgo: 200,
      statusDaysAgo: 198,
    },
    {
      username: 'sofia.berg2',
      givenName: 'Sofia',
      familyName: 'Berg',
      email: 'Sofia.Berg@example.se',
      phone: '+46725556678',
      status: 'PENDING',
      companyKey: 'private',
      contracts: ['private'],
      userCategory: 'PRIVATE',
      language: 'sv',
      city: 'Uppsala',
      street: 'Svartbäcksgatan 22',
      license: 'MISSING',
      applyDaysAgo: 1,
      statusDaysAgo: 1,
      duplicateEmail: true,
    },
  ],
  archivedBooking: { state: 'FINISHED', startH: -38 * 24 + 3, durationH: 4, contract: 'private', category: 'CAR', payment: 'PAID' },
  texts: SV_TEXTS,
};

export const DEMO_FLEETS: readonly FleetCatalog[] = [FJORD, MALAR];

/** The same password for every staff account of a role keeps the demo easy; each distinct one is hashed once. */
export const CUSTOMER_PASSWORD = 'demo-customer';
