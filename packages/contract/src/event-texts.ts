import { z } from 'zod';

/**
 * The event log's text as data (issue 17 "one language"; docs/decisions/0048-event-texts.md): each event stores a list
 * of parts, each a text id with its parameters. The web renders them in the staff member's language
 * (`eventText.<id>` in its locale files); the server renders the English below into `displayText` for other clients.
 * Parts are joined with "; " and the first letter is capitalised, so a part may start in lower case.
 *
 * Parameters are plain values (names, numbers, free text as staff typed it, dates already in §9's format in the
 * operator's zone), money `{ amount, currency }` (formatted in the reader's language), or a value of a known list
 * `{ of, value }` (translated by the reader: `eventText.values.<of>.<value>`, the raw value when there is none).
 */
export const EVENT_TEXTS = {
  // bookings
  bookingCreated: 'Booking created',
  bookingCreatedDetails: 'Booking created: {{vehicle}} from {{fromPool}}',
  bookingCreatedDetailsTo: 'Booking created: {{vehicle}} from {{fromPool}} to {{toPool}}',
  bookingUpdated: 'Booking updated: {{fields}}',
  vehicleAllocated: 'Vehicle allocated: {{vehicle}}',
  bookingActivated: 'Booking activated',
  bookingActivatedBySupport: 'Booking activated by support',
  bookingActivatedBySupportOn: 'Booking activated by support on {{vehicle}}',
  bookingDeactivated: 'Booking deactivated',
  bookingDeactivatedBySupport: 'Booking deactivated by support',
  bookingDeactivatedBySupportUnchecked: 'Booking deactivated by support (unchecked)',
  bookingForceEnded: 'Booking force-ended by support',
  bookingForceEndedUsed: 'Booking force-ended by support: used {{start}} – {{end}}',
  bookingForceEndedUsedDistance: 'Booking force-ended by support: used {{start}} – {{end}}, {{distance}} km',
  bookingForceEndedNotUsed: 'Booking force-ended by support: not used',
  bookingCancelledBySupport: 'Booking cancelled by support',
  bookingCancelledByCustomer: 'Booking cancelled by the customer',
  bookingCancelledAbandoned: 'Booking cancelled: card authorisation was not completed',
  bookingReplacedWithTaxi: 'Booking replaced with a taxi',
  bookingReplacedWithRideshare: 'Booking replaced with a ride share',
  /** Appended to the part before it as ": reason" (bookings and payments). */
  withReason: '{{text}}: {{reason}}',
  bookingExtended: 'booking extended by {{minutes}} minutes to {{end}}',
  adminFeeAddedPart: 'admin fee {{amount}} added',
  bookingExtensionUndone: 'Extension by {{minutes}} minutes undone: ends again at {{end}}',
  adminFeeRemovedPart: 'admin fee {{amount}} removed',
  changesLocked: 'changes locked for the customer',
  changesUnlocked: 'changes unlocked for the customer',
  adminFeeAdded: 'Admin booking fee added: {{amount}} ({{orderId}})',
  checkedOut: 'Checked out by support',
  technicalIssueReported: 'Technical issue reported: {{description}}',
  metadataSpecUpdated: 'Metadata spec of contract {{contract}} updated ({{fields}})',
  metadataSpecUpdatedNoFields: 'Metadata spec of contract {{contract}} updated (no fields)',
  metadataUpdated: 'Metadata updated by support',
  receiptSent: 'Receipt e-mailed to the customer',
  usageAdjusted:
    'Usage adjusted by support: {{start}} – {{end}}, {{previousDistance}} km → {{distance}} km, {{tripType}} (data quality {{dataQuality}})',
  usageAdjustedDistance: 'Usage adjusted by support: {{previousDistance}} km → {{distance}} km (data quality {{dataQuality}})',
  chargingPinIssued: 'Charging PIN issued for terminal {{terminal}}, valid until {{validUntil}}',
  bookingOverdue: 'Booking overdue: reminder SMS sent to the driver',
  checkoutRequired: 'Checkout required: returned with low charge or missing photos',
  // payments
  paymentCreated: 'Payment {{orderId}} created: {{paymentType}}, {{status}}',
  cardReservationReserved: 'Card reservation of {{amount}} for {{orderId}}: reserved',
  cardReservationNeedsAuthorisation: "Card reservation of {{amount}} for {{orderId}}: needs the customer's authorisation",
  cardReservationFailed: 'Card reservation of {{amount}} for {{orderId}}: failed',
  paymentFollowsEstimate: 'Payment {{orderId}} follows the new estimate: {{amount}}, {{status}}',
  fixedPriceApplied: 'Fixed price applied to {{orderId}}: {{withoutVat}} + VAT {{vat}}; total {{total}}',
  fixedPriceSet: 'Fixed price set: {{price}} without VAT',
  fixedPriceChanged: 'Fixed price changed: {{previous}} → {{price}} without VAT',
  fixedPriceRemoved: 'Fixed price removed (was {{previous}} without VAT)',
  /** Appended to the part before it as " (comment)". */
  withComment: '{{text}} ({{comment}})',
  creditAdded: 'Credit added to {{orderId}}: {{withoutVat}} + VAT {{vat}} = {{total}}',
  creditAddedRefunded: 'Credit added to {{orderId}}: {{withoutVat}} + VAT {{vat}} = {{total}}; {{refunded}} refunded to the card',
  creditAddedShort: 'Credit added: {{amount}} ({{orderId}})',
  feeAdded: 'Fee added: {{feeType}} {{withoutVat}} + VAT {{vat}} = {{total}} ({{orderId}}, {{status}})',
  feeAddedFailed: 'Fee added: {{feeType}} {{withoutVat}} + VAT {{vat}} = {{total}} ({{orderId}}, {{status}}: {{failureCode}})',
  feeAddedShort: 'Fee added: {{feeType}}, {{amount}} ({{orderId}})',
  bookingPaymentTypeChanged: 'Payment type changed from {{from}} to {{to}}',
  paymentTypeChanged: 'Payment type changed from {{from}} to {{to}} ({{orderId}})',
  invoiceMarkedSent: 'The invoice is marked as sent ({{orderId}})',
  invoiceMarkedPaid: 'The payment is marked as received ({{orderId}})',
  invoiceMarkedUnpaid: 'The invoice is set as unpaid ({{orderId}})',
  paymentRetriedRefused: 'Payment {{orderId}} retried: refused ({{code}})',
  paymentRetried: 'The payment was retried: {{status}} ({{orderId}})',
  paymentReleased: 'The payment was released ({{orderId}})',
  eventPaymentCancelled: 'The event payment was cancelled ({{orderId}})',
  paymentReplaced: 'The booking payment was replaced: {{orderId}} → {{newOrderId}} ({{paymentType}}, {{status}})',
  cardAuthorisation: 'Card authorisation of {{orderId}}: {{status}}',
  paymentStatusChanged: 'Payment {{status}}: {{amount}} ({{orderId}})',
  cardPaymentCaptured: 'Card payment captured: {{amount}} ({{orderId}})',
  invoicePaid: 'Invoice paid: {{amount}} ({{orderId}})',
  invoiceSent: 'Invoice sent: {{amount}} ({{orderId}})',
  invoiceCreated: 'Invoice created: {{amount}} ({{orderId}})',
  cardPaymentFailed: 'Card payment failed ({{code}}): {{amount}} ({{orderId}})',
  amountReserved: 'Amount reserved on card: {{amount}} ({{orderId}})',
  cardAuthorisationRequested: 'Card authorisation (3-D Secure) requested: {{amount}} ({{orderId}})',
  cardReservationFailedCode: 'Card reservation failed ({{code}}): {{amount}} ({{orderId}})',
  cardAuthorisationAbandoned: 'Card authorisation abandoned: {{amount}} ({{orderId}})',
  internalTripNoCharge: 'Internal trip, no charge ({{orderId}})',
  tollPassage: 'Toll passage: {{point}}, {{amount}}',
  // remote commands and vehicle status
  commandSent: '{{command}} command sent',
  commandSentDuringBooking: '{{command}} command sent during the active booking {{bid}}',
  /** Appended to the part before it as ". Reason: reason" (remote commands). */
  withCommandReason: '{{text}}. Reason: {{reason}}',
  commandSucceeded: '{{command}} command succeeded',
  commandFailed: '{{command}} command failed: {{message}}',
  commandTimedOut: '{{command}} command failed: The vehicle did not answer in time',
  commandFailedNoAnswer: '{{command}} command failed: the vehicle did not respond',
  agentRebooted: 'Agent rebooted',
  agentAwakened: 'Agent awakened',
  chargeLevelLow: 'Charge level low',
  chargeLevelLowPercent: 'Charge level low: {{level}} %',
  fuelLevelLow: 'Fuel level low',
  fuelLevelLowLitres: 'Fuel level low: {{level}} l',
  externalBatteryLow: 'External battery low',
  externalBatteryLowVolts: 'External battery low: {{voltage}} V',
  keyNotReturned: 'Key not returned to the key holder',
  alarmCleared: '{{alarm}} alarm cleared by the vehicle',
  /**
   * A status report that changed a state support is asked about (docs/decisions/0084-telematics-status-events.md): one
   * event per vehicle and batch, one part per change, joined with "; " (so in lower case: the first is capitalised).
   */
  statusLocked: 'locked',
  statusUnlocked: 'unlocked',
  statusImmobilized: 'immobilized',
  statusMobilized: 'mobilized',
  statusKeyReturned: 'key returned to the key holder',
  statusKeyTaken: 'key taken from the key holder',
  statusChargingStarted: 'charging started',
  statusChargingStopped: 'charging stopped',
  statusRefuellingStarted: 'refuelling started',
  statusRefuellingStopped: 'refuelling stopped',
  alarmAcknowledged: 'Alarm {{alarm}} acknowledged',
  alarmAssigned: 'Alarm {{alarm}} assigned to {{assignee}}',
  alarmUnassigned: 'Alarm {{alarm}} no longer assigned',
  ignitionOn: 'Ignition on',
  ignitionOff: 'Ignition off, odometer {{odometer}} km',
  bluetoothLockOpened: 'Bluetooth lock opened via the app',
  bluetoothLockClosed: 'Bluetooth lock closed',
  chargingStarted: 'Charging started at {{place}}',
  heartbeat: 'Heartbeat: GSM {{signal}} dBm, firmware {{firmware}}',
  positionUpdate: 'Position update at {{place}}',
  // vehicle admin
  publicNoteUpdated: 'Public note updated: {{note}}',
  publicNoteRemoved: 'Public note removed',
  parkingPlaceUpdated: 'Parking place info updated: {{info}}',
  parkingPlaceRemoved: 'Parking place info removed',
  vehicleMoved: 'Vehicle moved from {{from}} to {{to}}',
  vehicleOutOfService: 'Out of service until about {{expectedReturn}}: {{reason}}',
  vehicleBackInService: 'Back in service',
  bookingMovedOutOfService: 'Booking moved from {{from}} to {{to}}: the vehicle is out of service',
  bookingCancelledOutOfService: 'Booking cancelled: the vehicle is out of service, no cancellation fee',
  outOfServiceMovedMailSent: 'E-mail to {{to}}: the booking was moved to another vehicle',
  outOfServiceCancelledMailSent: 'E-mail to {{to}}: the booking was cancelled, without a fee',
  paymentWaivedOutOfService: 'Payment {{orderId}} waived: the vehicle is out of service',
  damageRegistered: 'Damage registered: {{description}}',
  damageFixed: 'Damage marked as fixed: {{description}}',
  damageDeleted: 'Damage deleted: {{description}}',
  poolUpdated: 'Pool {{pool}} updated: {{fields}}',
  // users
  userRegistered: 'User registered',
  registrationSuspicious: 'Registration flagged as suspicious: duplicate {{what}}',
  identityNumberShown: 'Identity number shown',
  identityNumberShownNone: 'Identity number shown (none on file)',
  identitySet: 'Identity set manually ({{country}})',
  identitySetReplacing: 'Identity set manually ({{country}}), replacing {{method}}',
  identitySetUnchanged: 'Identity set manually ({{country}}), number unchanged',
  identitySetReplacingUnchanged: 'Identity set manually ({{country}}), replacing {{method}}, number unchanged',
  identityVerified: 'Identity verified ({{method}})',
  licenceCheck: "Driver's licence check ({{country}}, {{verifier}}): {{result}}",
  licenceCheckReason: "Driver's licence check ({{country}}, {{verifier}}): {{result}}. {{reason}}",
  licenceVerified: "Driver's license verified",
  userBlocked: 'User blocked ({{blockReason}})',
  userUnblocked: 'User unblocked',
  userReactivated: 'User reactivated',
  userApproved: 'User approved',
  userApprovedInBulk: 'User approved in a bulk approval: {{reason}}',
  deletionRequested: 'Deletion requested',
  confirmationResent: 'Confirmation resent',
  confirmationMailSent: 'Confirmation e-mail sent',
  passwordResetSent: 'Password reset sent',
  passwordResetMailSent: 'Password reset e-mail sent',
  membershipConfirmed: 'Membership of {{company}} confirmed',
  membershipNotConfirmed: 'Membership of {{company}} could not be confirmed',
  userRenamed: 'User name changed from {{from}} to {{to}}',
  userUpdated: 'User updated: {{fields}}',
  userSavedUnchanged: 'User saved without changes',
  userDeleted: 'User deleted',
  freeMonthsSet: 'Free months set from {{from}} to {{to}}',
  freeMonthsSetTo: 'Free months set to {{to}}',
  companyUpdated: 'Company {{company}} updated ({{fields}})',
  userBatchCreated: 'User {{username}} created by batch import into {{company}}',
  batchImport: 'Batch import into {{company}} from {{fileName}}: {{created}} created, {{failed}} failed',
  // staff and console sessions
  staffLoggedIn: 'Staff logged in to the console',
  staffLoggedInSso: 'Staff logged in to the console with single sign-on ({{provider}})',
  sessionRefreshed: 'Console session refreshed',
  staffLoggedOut: 'Staff logged out of the console',
  passwordResetRequested: 'Password reset requested',
  passwordSetFromLink: 'Password set from a reset link',
  staffCreated: 'Staff account created ({{role}})',
  staffRoleChanged: 'Staff role changed from {{from}} to {{to}}',
  staffDisabled: 'Staff account disabled',
  staffEnabled: 'Staff account enabled',
  staffSetPasswordResent: 'Set-password link sent again',
  staffPasswordResetSent: 'Password reset link sent',
  staffPasswordSet: 'Staff password set',
  staffRemoved: 'Staff account removed ({{role}})',
  // notes and contacts (issue 18): the note text as typed, shortened to NOTE_EVENT_TEXT_MAX characters
  noteAdded: 'Internal note added: {{text}}',
  notePinnedAdded: 'Internal note added and pinned: {{text}}',
  noteEdited: 'Internal note edited: {{text}}',
  notePinnedPart: 'pinned',
  noteUnpinnedPart: 'unpinned',
  notePinned: 'Internal note pinned: {{text}}',
  noteUnpinned: 'Internal note unpinned: {{text}}',
  noteDeleted: 'Internal note deleted: {{text}}',
  // saved views (issue 19 point 3)
  savedViewCreated: 'View saved: {{name}} ({{screen}}, {{visibility}})',
  savedViewUpdated: 'View changed: {{name}} ({{screen}}, {{visibility}})',
  savedViewDeleted: 'View deleted: {{name}} ({{screen}})',
  contactLogged: 'Contact logged: {{channel}}, {{reason}} ({{status}})',
  contactUpdated: 'contact #{{id}} updated: {{fields}}',
  contactResolved: 'contact #{{id}} resolved',
  contactResolvedWith: 'contact #{{id}} resolved with event #{{eventId}}',
  contactResolutionLinked: 'contact #{{id}} linked to event #{{eventId}}',
  contactResolutionUnlinked: 'contact #{{id}} no longer linked to event #{{eventId}}',
  contactReopened: 'contact #{{id}} reopened',
  contactAssigned: 'contact #{{id}} assigned to {{assignee}}',
  contactUnassigned: 'contact #{{id}} unassigned',
} as const;
export type EventTextId = keyof typeof EVENT_TEXTS;

/** The lists whose values the reader translates (`eventText.values.<list>.<value>`), with the English the server writes. */
export const EVENT_VALUE_TEXTS = {
  command: { LOCK: 'Lock', UNLOCK: 'Unlock', MOBILIZE: 'Mobilize', IMMOBILIZE: 'Immobilize', REBOOT: 'Agent reboot', WAKE_UP: 'Agent wake-up' },
  alarm: { FUEL: 'Fuel', EXTERNAL_BATTERY: 'External battery', KEY_HOLDER: 'Key holder' },
  feeType: {
    PARKING_TICKET: 'Parking ticket',
    SPEED_TICKET: 'Speed ticket',
    RECONDITIONING_FEE: 'Reconditioning fee',
    NOT_REFUELED: 'Not refuelled',
    DEDUCTIBLE_FEE: 'Deductible',
    TOLL_FEE: 'Toll fee',
    DISTANCE_FEE: 'Distance fee',
    EV_CHARGING: 'EV charging',
    OTHER: 'Other fee',
    CREDITING: 'Credit',
  },
  /** Raw codes in the English text, as before: the reader's language names them. */
  paymentStatus: {},
  paymentType: { CREDITCARD: 'card', INVOICE: 'invoice', USER_INVOICE: 'user invoice' },
  paymentTypeCode: {},
  blockReason: {},
  identityMethod: {},
  staffRole: {},
  licenceResult: {},
  tripType: {},
  duplicate: { EMAIL: 'e-mail', PHONE: 'phone number', IDENTITY_NUMBER: 'identity number' },
  verifier: {},
  contactChannel: { PHONE: 'phone', EMAIL: 'e-mail', CHAT: 'chat', OTHER: 'other channel' },
  contactReason: {
    BILLING_QUESTION: 'billing question',
    DAMAGE_REPORT: 'damage report',
    CANT_UNLOCK: "can't unlock",
    PARKING_FINE: 'parking fine',
    ACCOUNT: 'account',
    OTHER: 'other',
  },
  contactStatus: { OPEN: 'open', RESOLVED: 'resolved' },
} as const satisfies Record<string, Record<string, string>>;
export type EventValueList = keyof typeof EVENT_VALUE_TEXTS;

export const ZEventTextParam = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.object({ amount: z.number(), currency: z.string() }),
  z.object({ of: z.string(), value: z.string() }),
  z.array(z.object({ of: z.string(), value: z.string() })),
]);
type EventValueParam = { of: EventValueList; value: string };
/** A list of values is shown joined with ", ". */
export type EventTextParam = string | number | boolean | null | { amount: number; currency: string } | EventValueParam | EventValueParam[];

/**
 * One part of an event's text. `id` is a string in the schema, so that a client older than the server still reads
 * the answer (it shows `displayText` for an id it does not know).
 */
export const ZEventTextPart = z.object({ id: z.string(), params: z.record(z.string(), ZEventTextParam) });
export interface EventTextPart {
  id: EventTextId;
  params: Record<string, EventTextParam>;
}

/** Builds a part: `eventText('commandSucceeded', { command: eventValue('command', 'UNLOCK') })`. */
export function eventText(id: EventTextId, params: Record<string, EventTextParam | undefined> = {}): EventTextPart {
  const kept = Object.fromEntries(Object.entries(params).filter((entry): entry is [string, EventTextParam] => entry[1] !== undefined));
  return { id, params: kept };
}
export const eventValue = (of: EventValueList, value: string): EventValueParam => ({ of, value });
export const eventMoney = (amount: number, currency: string): EventTextParam => ({ amount, currency });

/** How a reader renders parts: its own templates and formatters (English below; i18next in the web). */
export interface EventTextRenderer {
  template(id: string, params: Record<string, string>): string | null;
  money(amount: number, currency: string): string;
  value(of: string, value: string): string;
}

/** The parts as one text, or null when a part's id is unknown to the renderer (the caller falls back to displayText). */
export function renderEventText(parts: readonly { id: string; params: Record<string, unknown> }[], r: EventTextRenderer): string | null {
  if (!parts.length) return null;
  const rendered: string[] = [];
  for (const part of parts) {
    const params: Record<string, string> = {};
    for (const [name, v] of Object.entries(part.params)) params[name] = paramText(v, r);
    // The "with…" templates wrap the part before them.
    if (part.id.startsWith('with') && rendered.length) params.text = rendered.pop()!;
    const text = r.template(part.id, params);
    if (text === null) return null;
    rendered.push(text);
  }
  const joined = rendered.join('; ');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

function paramText(v: unknown, r: EventTextRenderer): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map((each) => paramText(each, r)).join(', ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.amount === 'number' && typeof o.currency === 'string') return r.money(o.amount, o.currency);
    if (typeof o.of === 'string' && typeof o.value === 'string') return r.value(o.of, o.value);
    return '';
  }
  return String(v);
}

const interpolate = (template: string, params: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');

/** The English text the server stores as `displayText`. Amounts as "12.50 NOK". */
export const ENGLISH_EVENT_TEXT: EventTextRenderer = {
  template: (id, params) => (id in EVENT_TEXTS ? interpolate(EVENT_TEXTS[id as EventTextId], params) : null),
  money: (amount, currency) => `${amount.toFixed(2)} ${currency}`,
  value: (of, value) => (EVENT_VALUE_TEXTS as Record<string, Record<string, string>>)[of]?.[value] ?? value,
};

export function englishEventText(parts: readonly EventTextPart[]): string {
  return renderEventText(parts, ENGLISH_EVENT_TEXT) ?? '';
}
