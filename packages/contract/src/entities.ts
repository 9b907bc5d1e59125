import { z } from 'zod';
import {
  ZAgentHardwareType, ZAlarmCategory, ZAlarmName, ZAlarmState, ZAllocationState, ZBlockReason, ZBookingAction,
  ZBookingRuleCause, ZBookingState, ZCommandState, ZCompanyType, ZContractType, ZCountryCode, ZCurrency, ZDataQuality,
  ZEventType, ZEventTypeGroup, ZFuelType, ZIdentityMethod, ZLanguage, ZLicenseState, ZMetadataFieldType,
  ZOptionalService, ZPaymentStatus, ZPaymentTarget, ZPaymentTimestampType, ZPaymentType, ZStaffRole, ZTripType,
  ZUserCategory, ZUserStatus, ZVehicleCategory, ZVehicleCommand, ZWheelType, ZActiveBookingStatus,
} from './enums.ts';
import { BID_PATTERN, PHONE_PATTERN, PIN_PATTERN } from './limits.ts';

/** Spec §3 entities. Timestamps travel as ISO-8601 strings with an offset. */
export const ZIsoDateTime = z.iso.datetime({ offset: true });
export const ZInterval = z.object({ start: ZIsoDateTime, end: ZIsoDateTime });
export type Interval = z.infer<typeof ZInterval>;
export const ZOptionalInterval = z.object({ start: ZIsoDateTime.nullable(), end: ZIsoDateTime.nullable() });

export const ZBid = z.string().regex(BID_PATTERN);
export const ZPinCode = z.string().regex(PIN_PATTERN);
export const ZPhone = z.string().regex(PHONE_PATTERN);
export const ZMoney = z.number();

// ---------- Fleet (operator) ----------
export const ZFleet = z.object({
  fleet: z.string(),
  name: z.string(),
  country: ZCountryCode,
  currency: ZCurrency,
  DefaultLanguage: ZLanguage,
  timeZone: z.string(),
});
export type Fleet = z.infer<typeof ZFleet>;

// ---------- Users ----------
export const ZAddress = z.object({
  streetAddress: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  countryCode: ZCountryCode.nullable(),
});
export const ZUserIdentity = z.object({
  identityCountry: ZCountryCode.nullable(),
  identityMethod: ZIdentityMethod.nullable(),
  identityGivenName: z.string().nullable(),
  identityFamilyName: z.string().nullable(),
});
export const ZCompanyContact = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailAddress: z.string().nullable(),
  phoneNo: z.string().nullable(),
});
export const ZCompanyRef = z.object({
  id: z.number().int(),
  type: ZCompanyType,
  name: z.string(),
  contact: ZCompanyContact.nullable(),
  /** Names from the top-level company down to the direct parent. */
  parentHierarchy: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export const ZRegisteredCard = z.object({
  id: z.string(),
  cardTypeAndMaskedNumber: z.string(),
  /** YYYY-MM */
  expires: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
});
export type RegisteredCard = z.infer<typeof ZRegisteredCard>;
export const ZBlockStatus = z.object({
  blockReason: ZBlockReason,
  blockMessage: z.string().nullable(),
  blockedByUsername: z.string().nullable(),
  timestamp: ZIsoDateTime,
});
export type BlockStatus = z.infer<typeof ZBlockStatus>;
export const ZSuspiciousRegistration = z.object({
  duplicateEmail: z.boolean(),
  duplicatePhone: z.boolean(),
  duplicateIdentityNumber: z.boolean(),
});
export const ZDriversLicenseStatus = z.object({
  state: ZLicenseState,
  verifier: z.string().nullable(),
  timestamp: ZIsoDateTime.nullable(),
});
export const ZAuthenticationMethod = z.object({
  loginUrl: z.string(),
  providerLogoUrl: z.string().nullable(),
  displayName: z.string(),
  preventPasswordLogin: z.boolean(),
});
export type AuthenticationMethod = z.infer<typeof ZAuthenticationMethod>;
export const ZOutstandingPayments = z.object({
  numberOfPayments: z.number().int(),
  totalCost: ZMoney,
  currencyCode: ZCurrency,
});
export const ZUser = z.object({
  username: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  emailAddress: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  language: ZLanguage,
  fleet: z.string(),
  address: ZAddress,
  pinCode: z.string().nullable(),
  rfid: z.string().nullable(),
  customerNumber: z.string().nullable(),
  campaignCode: z.string().nullable(),
  note: z.string().nullable(),
  premiumAccess: z.boolean(),
  verifiedDriversLicense: z.boolean(),
  identityVerified: z.boolean(),
  userIdentity: ZUserIdentity.nullable(),
  userCategory: ZUserCategory,
  company: ZCompanyRef.nullable(),
  status: ZUserStatus,
  lastStatusChangeDate: ZIsoDateTime.nullable(),
  applyDate: ZIsoDateTime.nullable(),
  passwordLoginAllowed: z.boolean(),
  htmlId: z.string(),
  needsToSetPassword: z.boolean(),
  blockStatus: ZBlockStatus.nullable(),
  suspiciousRegistration: ZSuspiciousRegistration.nullable(),
  freeMonths: z.number().int().min(0),
  hasOutstandingPayments: z.boolean(),
  outstandingPayments: z.array(ZOutstandingPayments),
  paymentMethods: z.object({ registeredCards: z.array(ZRegisteredCard) }),
  userAuthenticationMethods: z.array(z.object({ userAuthFields: ZAuthenticationMethod })),
});
export type User = z.infer<typeof ZUser>;

/** The staff member behind a console session. */
export const ZStaffUser = z.object({
  username: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  emailAddress: z.string().nullable(),
  language: ZLanguage,
  fleet: z.string(),
  role: ZStaffRole,
});
export type StaffUser = z.infer<typeof ZStaffUser>;

export const ZSession = z.object({
  token: z.string(),
  bearerToken: z.string().nullable().optional(),
  bearerTokenIssuer: z.string().nullable().optional(),
  expires: ZIsoDateTime,
  user: ZStaffUser,
});
export type Session = z.infer<typeof ZSession>;

// ---------- Companies ----------
export type CompanyNode = {
  id: number;
  name: string;
  type: z.infer<typeof ZCompanyType>;
  parent: number | null;
  children: CompanyNode[];
};
export const ZCompanyNode: z.ZodType<CompanyNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    type: ZCompanyType,
    parent: z.number().int().nullable(),
    children: z.array(ZCompanyNode),
  }),
);
export const ZCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  type: ZCompanyType,
  parent: z.number().int().nullable(),
  children: z.array(z.object({ id: z.number().int(), name: z.string(), type: ZCompanyType })),
  marketSegment: z.string().nullable(),
  microSegment: z.string().nullable(),
  emailDomains: z.array(z.string()),
  contact: ZCompanyContact.nullable(),
  companyCode: z.string().nullable(),
  requiresMembershipConfirmation: z.boolean(),
});
export type Company = z.infer<typeof ZCompany>;

// ---------- Contracts, price lists, rules ----------
export const ZPriceListEntry = z.object({ name: z.string(), cost: ZMoney });
export type PriceListEntry = z.infer<typeof ZPriceListEntry>;
export const ZMetadataSpecEntry = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  type: ZMetadataFieldType,
  choices: z.array(z.string()).nullable(),
  placeholder: z.string().nullable(),
  required: z.boolean(),
});
export type MetadataSpecEntry = z.infer<typeof ZMetadataSpecEntry>;
export const ZBookableRule = z.object({
  /** ISO-8601 durations, e.g. PT1H, P3D. */
  minDuration: z.string().nullable(),
  maxDuration: z.string().nullable(),
  /** ALWAYS, or SCHEDULED: only when the booking touches the Mon–Fri window appliesDuring. */
  appliedDuring: z.enum(['ALWAYS', 'SCHEDULED']),
  appliesDuring: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type BookableRule = z.infer<typeof ZBookableRule>;
export const ZContract = z.object({
  id: z.number().int(),
  name: z.string(),
  contractType: ZContractType,
  adminFee: ZMoney.nullable(),
  currency: ZCurrency,
  maxBookingDuration: z.string().nullable(),
  minBookingDuration: z.string().nullable(),
  oneWayAllowed: z.boolean(),
  onlyOneBookingAtTheSameTimeAllowed: z.boolean(),
  taxiFromPools: z.array(z.number().int()),
  priceList: z.array(ZPriceListEntry),
  metaDataSpec: z.array(ZMetadataSpecEntry),
  bookableRules: z.array(ZBookableRule),
  companyId: z.number().int().nullable(),
});
export type Contract = z.infer<typeof ZContract>;
export const ZBookingRule = z.object({
  ruleName: z.string(),
  description: z.string(),
  overridable: z.boolean(),
  bookingRuleCause: ZBookingRuleCause,
});
export type BookingRule = z.infer<typeof ZBookingRule>;
export const ZPriceEstimate = z.object({ totalPriceWithVat: ZMoney, totalVat: ZMoney, currency: ZCurrency });
export type PriceEstimate = z.infer<typeof ZPriceEstimate>;
export const ZChargingPin = z.object({ pinCode: ZPinCode, recommendedTerminalNumber: z.string(), validUntil: ZIsoDateTime });

// ---------- Pools ----------
export const ZPoolRef = z.object({ city: z.string(), pool: z.string(), poolId: z.number().int() });
export const ZPool = z.object({
  poolId: z.number().int(),
  pool: z.string(),
  city: z.string(),
  disabled: z.boolean(),
  description: z.string().nullable(),
  publicNote: z.string().nullable(),
  pickupNote: z.string().nullable(),
  dropoffNote: z.string().nullable(),
  fee: ZMoney.nullable(),
  responsibleOrganization: z.string().nullable(),
  geographicalIdentity: z.string().nullable(),
  parkingPlaceInfoRequired: z.boolean(),
  defaultParkingPlace: z.string().nullable(),
  chargingAvailable: z.boolean(),
  wattWorldStationName: z.string().nullable(),
  movedTo: z.number().int().nullable(),
  poolGroupId: z.number().int().nullable(),
  poolGroupName: z.string().nullable(),
  allowedContracts: z.array(z.number().int()),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type Pool = z.infer<typeof ZPool>;

// ---------- Vehicles ----------
export const ZAlarmFlag = z.object({ name: ZAlarmName, triggered: z.boolean() });
export const ZVehicleStatus = z.object({
  vin: z.string(),
  carBatteryVoltage: z.number().nullable(),
  dte: z.number().nullable(),
  fuelLevel: z.number().nullable(),
  isRefueling: z.boolean().nullable(),
  odometer: z.number().nullable(),
  keyholder: z.boolean().nullable(),
  locked: z.boolean().nullable(),
  immobilized: z.boolean().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  updated: ZIsoDateTime.nullable(),
  alarms: z.array(ZAlarmFlag),
});
export type VehicleStatus = z.infer<typeof ZVehicleStatus>;
export const ZJournalEvent = z.object({
  driveTime: ZInterval,
  distance: z.number(),
  odometerStart: z.number(),
  odometerEnd: z.number(),
  fromPool: z.object({ pool: z.string() }).nullable(),
  toPool: z.object({ pool: z.string() }).nullable(),
  tripType: ZTripType.nullable(),
  user: z.string().nullable(),
  userFirstName: z.string().nullable(),
  userLastName: z.string().nullable(),
  bid: z.string().nullable(),
  destination: z.string().nullable(),
  purpose: z.string().nullable(),
});
export type JournalEvent = z.infer<typeof ZJournalEvent>;
export const ZDamage = z.object({
  id: z.number().int(),
  vin: z.string(),
  registrationDate: ZIsoDateTime,
  fixDate: ZIsoDateTime.nullable(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  descriptions: z.record(z.string(), z.string()),
  reportedBy: z.string().nullable(),
});
export type Damage = z.infer<typeof ZDamage>;
export const ZVehicle = z.object({
  vin: z.string(),
  registrationNumber: z.string(),
  longPresentation: z.string(),
  modelName: z.string(),
  modelId: z.number().int(),
  priceClass: z.string(),
  color: z.string().nullable(),
  wheelType: ZWheelType.nullable(),
  fleet: z.string(),
  vehicleCategory: ZVehicleCategory,
  agentHardwareType: ZAgentHardwareType,
  primaryFuelType: ZFuelType,
  keyholder: z.string().nullable(),
  currentParkingPlaceInfo: z.string().nullable(),
  publicNote: z.string().nullable(),
  activeBookingBid: z.string().nullable(),
  pool: ZPoolRef.nullable(),
  tires: z.string().nullable(),
  actions: z.array(ZVehicleCommand),
  status: ZVehicleStatus.nullable(),
  lastCommand: z.object({ command: z.string(), state: ZCommandState, at: ZIsoDateTime, message: z.string().nullable() }).nullable(),
});
export type Vehicle = z.infer<typeof ZVehicle>;

// ---------- Bookings ----------
export const ZVehicleModel = z.object({ id: z.number().int(), modelName: z.string(), priceClass: z.string(), vehicleCategory: ZVehicleCategory });
export const ZVehicleSpecification = z.discriminatedUnion('type', [
  z.object({ type: z.literal('CLASS'), className: z.string(), vehicleCategory: ZVehicleCategory }),
  z.object({ type: z.literal('MODEL'), model: ZVehicleModel.optional(), modelId: z.number().int(), vehicleCategory: ZVehicleCategory }),
  z.object({ type: z.literal('VEHICLE'), vehicle: z.object({ vin: z.string(), longPresentation: z.string() }), vehicleCategory: ZVehicleCategory }),
]);
export type VehicleSpecification = z.infer<typeof ZVehicleSpecification>;
export const ZVehicleAllocation = z.object({
  state: ZAllocationState,
  vehicle: z.object({ vin: z.string(), longPresentation: z.string(), registrationNumber: z.string() }).nullable(),
  specification: ZVehicleSpecification,
});
export const ZAdjustedValues = z.object({
  adjustedStartTime: ZIsoDateTime.nullable(),
  adjustedEndTime: ZIsoDateTime.nullable(),
  adjustedDistance: z.number().nullable(),
  adjustedBookingType: ZTripType.nullable(),
  dataQuality: ZDataQuality.nullable(),
  originalUsageTime: ZOptionalInterval.nullable(),
  originalTotalDistance: z.number().nullable(),
  originalBookingType: ZTripType.nullable(),
});
export type AdjustedValues = z.infer<typeof ZAdjustedValues>;
export const ZLocation = z.object({ city: z.string(), pool: z.string(), poolId: z.number().int() });

// ---------- Payments ----------
export const ZPaymentEvent = z.object({
  id: z.number().int(),
  itemName: z.string(),
  itemType: z.string(),
  itemDisplayText: z.string(),
  publicComment: z.string().nullable(),
  comment: z.string().nullable(),
  unitAmount: z.number(),
  unitCost: ZMoney,
  priceWithoutVat: ZMoney,
  vat: ZMoney,
  totalPrice: ZMoney,
  manualEvent: z.boolean(),
});
export type PaymentEvent = z.infer<typeof ZPaymentEvent>;
export const ZPayment = z.object({
  orderId: z.string().regex(/^(BOK|EVE)\d+$/),
  bid: z.string().nullable(),
  username: z.string().nullable(),
  type: ZPaymentType,
  status: ZPaymentStatus,
  target: ZPaymentTarget,
  timestamp: z.object({ type: ZPaymentTimestampType, timestamp: ZIsoDateTime }),
  totalPriceWithoutVat: ZMoney,
  totalVat: ZMoney,
  totalPrice: ZMoney,
  currency: ZCurrency,
  events: z.array(ZPaymentEvent),
  singleEventPayments: z.array(z.object({ orderId: z.string(), status: ZPaymentStatus, totalPrice: ZMoney })),
  externalId: z.string().nullable(),
  paymentProvider: z.string().nullable(),
  reservationFailed: z.boolean(),
});
export type Payment = z.infer<typeof ZPayment>;
export const ZBillingItem = z.object({
  value: z.number(),
  type: z.string().transform((t) => t.replace(/ /g, '_')),
  vat: z.number().optional(),
  comment: z.string().nullable().optional(),
  publicComment: z.string().nullable().optional(),
});
export const ZFixedPrice = z.object({ price: z.number().min(0), comment: z.string().nullable().optional() });

// ---------- Event log ----------
export const ZEventLogEntry = z.object({
  id: z.string(),
  occurred: ZIsoDateTime,
  received: ZIsoDateTime,
  bid: z.string().nullable(),
  vin: z.string().nullable(),
  actingUsername: z.string().nullable(),
  affectedUsername: z.string().nullable(),
  type: ZEventType,
  typeGroup: ZEventTypeGroup,
  displayText: z.string(),
  properties: z.object({ public: z.boolean().optional(), lat: z.number().optional(), lon: z.number().optional() }).catchall(z.unknown()),
});
export type EventLogEntry = z.infer<typeof ZEventLogEntry>;

export const ZBooking = z.object({
  bid: ZBid,
  state: ZBookingState,
  displayState: z.string(),
  actions: z.array(ZBookingAction),
  user: z.object({ username: z.string(), fullNameLastFirst: z.string() }).nullable(),
  contractId: z.number().int(),
  /** A summary of the booking's contract for the card: its name, currency and admin fee (null when none). */
  contract: z.object({ id: z.number().int(), name: z.string(), contractType: ZContractType, currency: ZCurrency, adminFee: ZMoney.nullable() }),
  bookedInterval: ZInterval,
  usageTime: ZOptionalInterval.nullable(),
  startTime: ZIsoDateTime,
  endTime: ZIsoDateTime,
  fromLocation: ZLocation,
  toLocation: ZLocation,
  note: z.string().nullable(),
  distance: z.number().nullable(),
  estimatedDistance: z.number().nullable(),
  tripType: ZTripType,
  rideShare: ZOptionalService,
  taxiAcceptable: ZOptionalService,
  vehicleAllocation: ZVehicleAllocation,
  checkoutRequired: z.boolean(),
  allocateOnActivation: z.boolean(),
  irrevocableUntil: ZIsoDateTime.nullable(),
  lockedForUser: z.boolean(),
  paymentsRequiringAuthorization: z.array(z.string()),
  metadata: z.record(z.string(), z.string()),
  payment: ZPayment.nullable().optional(),
  availableVehicles: z.array(z.object({ vin: z.string(), longPresentation: z.string(), estimatedPrice: ZPriceEstimate.nullable() })).optional(),
  estimatedPriceWithoutVat: ZMoney.nullable(),
  estimatedVat: ZMoney.nullable(),
  adjustedValues: ZAdjustedValues.nullable(),
  technicalIssueReported: z.boolean(),
  /** The fixed price set by staff (replaces the computed price when the booking is priced), or null. */
  fixedPrice: z.object({ price: ZMoney, comment: z.string().nullable() }).nullable().optional(),
});
export type Booking = z.infer<typeof ZBooking>;

export const ZActiveBookingRow = z.object({
  bid: ZBid,
  bookingStatus: ZActiveBookingStatus,
  startTime: ZIsoDateTime,
  endTime: ZIsoDateTime,
  usageStart: ZIsoDateTime.nullable(),
  overdueHours: z.number(),
  tripType: ZTripType,
  driverUsername: z.string().nullable(),
  driverFamilyName: z.string().nullable(),
  driverGivenName: z.string().nullable(),
  note: z.string().nullable(),
  companyName: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  fetchAtCityName: z.string(),
  fetchAtPoolName: z.string(),
});
export type ActiveBookingRow = z.infer<typeof ZActiveBookingRow>;

// ---------- Alarms ----------
export const ZAlarm = z.object({
  alarmId: z.number().int(),
  state: ZAlarmState,
  name: ZAlarmName,
  category: ZAlarmCategory,
  alarmTypes: z.array(z.string()),
  alarmTimestamp: ZIsoDateTime,
  handled: z.boolean(),
  handledAt: ZIsoDateTime.nullable(),
  handledBy: z.string().nullable(),
  assignedTo: z.string().nullable(),
  user: z.string().nullable(),
  alarmTarget: z.object({ vehicleVin: z.string().nullable(), bid: z.string().nullable() }),
  primaryObject: z.string(),
});
export type Alarm = z.infer<typeof ZAlarm>;

export const ZBatchUserCreationResult = z.object({
  createdUsers: z.array(z.string()),
  notCreatedUsers: z.array(z.object({ line: z.number().int(), username: z.string().nullable(), message: z.string() })),
  /** Spelling as in the spec. A CSV (base64) of the rows that were not created. */
  remaningUsersFileBytes: z.string().nullable(),
});
