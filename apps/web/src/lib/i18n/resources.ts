import type { Language } from '@fleetdesk/contract';
import bookingCardDe from '../../locales/booking-card/de.json';
import bookingCardEnGB from '../../locales/booking-card/en-GB.json';
import bookingCardNb from '../../locales/booking-card/nb.json';
import bookingCardSv from '../../locales/booking-card/sv.json';
import bookingFormDe from '../../locales/booking-form/de.json';
import bookingFormEnGB from '../../locales/booking-form/en-GB.json';
import bookingFormNb from '../../locales/booking-form/nb.json';
import bookingFormSv from '../../locales/booking-form/sv.json';
import supportSearchDe from '../../locales/support-search/de.json';
import supportSearchEnGB from '../../locales/support-search/en-GB.json';
import supportSearchNb from '../../locales/support-search/nb.json';
import supportSearchSv from '../../locales/support-search/sv.json';
import vehiclesDe from '../../locales/vehicles/de.json';
import vehiclesEnGB from '../../locales/vehicles/en-GB.json';
import vehiclesNb from '../../locales/vehicles/nb.json';
import vehiclesSv from '../../locales/vehicles/sv.json';
import paymentsDe from '../../locales/payments/de.json';
import paymentsEnGB from '../../locales/payments/en-GB.json';
import paymentsNb from '../../locales/payments/nb.json';
import paymentsSv from '../../locales/payments/sv.json';
import usersDe from '../../locales/users/de.json';
import usersEnGB from '../../locales/users/en-GB.json';
import usersNb from '../../locales/users/nb.json';
import usersSv from '../../locales/users/sv.json';
import userActionsDe from '../../locales/user-actions/de.json';
import userActionsEnGB from '../../locales/user-actions/en-GB.json';
import userActionsNb from '../../locales/user-actions/nb.json';
import userActionsSv from '../../locales/user-actions/sv.json';
import companiesDe from '../../locales/companies/de.json';
import companiesEnGB from '../../locales/companies/en-GB.json';
import companiesNb from '../../locales/companies/nb.json';
import companiesSv from '../../locales/companies/sv.json';
import poolsDe from '../../locales/pools/de.json';
import poolsEnGB from '../../locales/pools/en-GB.json';
import poolsNb from '../../locales/pools/nb.json';
import poolsSv from '../../locales/pools/sv.json';
import eventLogDe from '../../locales/event-log/de.json';
import eventLogEnGB from '../../locales/event-log/en-GB.json';
import eventLogNb from '../../locales/event-log/nb.json';
import eventLogSv from '../../locales/event-log/sv.json';
import activeBookingsDe from '../../locales/active-bookings/de.json';
import activeBookingsEnGB from '../../locales/active-bookings/en-GB.json';
import activeBookingsNb from '../../locales/active-bookings/nb.json';
import activeBookingsSv from '../../locales/active-bookings/sv.json';
import fleetMapDe from '../../locales/fleet-map/de.json';
import fleetMapEnGB from '../../locales/fleet-map/en-GB.json';
import fleetMapNb from '../../locales/fleet-map/nb.json';
import fleetMapSv from '../../locales/fleet-map/sv.json';
import alarmsDe from '../../locales/alarms/de.json';
import alarmsEnGB from '../../locales/alarms/en-GB.json';
import alarmsNb from '../../locales/alarms/nb.json';
import alarmsSv from '../../locales/alarms/sv.json';
import de from '../../locales/de.json';
import enGB from '../../locales/en-GB.json';
import nb from '../../locales/nb.json';
import sv from '../../locales/sv.json';

/**
 * One `translation` namespace per language: the shared strings of `locales/<lang>.json`, plus one
 * section per feature from `locales/<feature>/<lang>.json` (so features keep their strings apart).
 * British English is the reference: its keys type `t()` and the other languages fall back to it.
 */
const build = <C, BC, BF, SS, V, P, U, UA, CO, PO, EL, AB, FM, AL>(
  core: C, bookingCard: BC, bookingForm: BF, supportSearch: SS, vehicles: V, payments: P, users: U, userActions: UA, companies: CO,
  pools: PO, eventLog: EL, activeBookings: AB, fleetMap: FM, alarms: AL,
) => ({
  ...core,
  bookingCard,
  bookingForm,
  supportSearch,
  vehicles,
  payments,
  users,
  userActions,
  companies,
  pools,
  eventLog,
  activeBookings,
  fleetMap,
  alarms,
});

const enGBTranslation = build(enGB, bookingCardEnGB, bookingFormEnGB, supportSearchEnGB, vehiclesEnGB, paymentsEnGB, usersEnGB, userActionsEnGB, companiesEnGB, poolsEnGB, eventLogEnGB, activeBookingsEnGB, fleetMapEnGB, alarmsEnGB);
export type Translation = typeof enGBTranslation;

export const resources = {
  de: { translation: build(de, bookingCardDe, bookingFormDe, supportSearchDe, vehiclesDe, paymentsDe, usersDe, userActionsDe, companiesDe, poolsDe, eventLogDe, activeBookingsDe, fleetMapDe, alarmsDe) },
  'en-GB': { translation: enGBTranslation },
  nb: { translation: build(nb, bookingCardNb, bookingFormNb, supportSearchNb, vehiclesNb, paymentsNb, usersNb, userActionsNb, companiesNb, poolsNb, eventLogNb, activeBookingsNb, fleetMapNb, alarmsNb) },
  sv: { translation: build(sv, bookingCardSv, bookingFormSv, supportSearchSv, vehiclesSv, paymentsSv, usersSv, userActionsSv, companiesSv, poolsSv, eventLogSv, activeBookingsSv, fleetMapSv, alarmsSv) },
} satisfies Record<Language, { translation: unknown }>;
