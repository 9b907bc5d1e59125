import activeBookings from '../../../locales/active-bookings/sv.json';
import alarms from '../../../locales/alarms/sv.json';
import bookingCard from '../../../locales/booking-card/sv.json';
import bookingForm from '../../../locales/booking-form/sv.json';
import companies from '../../../locales/companies/sv.json';
import eventLog from '../../../locales/event-log/sv.json';
import eventText from '../../../locales/event-text/sv.json';
import fleetMap from '../../../locales/fleet-map/sv.json';
import payments from '../../../locales/payments/sv.json';
import pools from '../../../locales/pools/sv.json';
import shortcuts from '../../../locales/shortcuts/sv.json';
import staff from '../../../locales/staff/sv.json';
import supportSearch from '../../../locales/support-search/sv.json';
import userActions from '../../../locales/user-actions/sv.json';
import users from '../../../locales/users/sv.json';
import vehicles from '../../../locales/vehicles/sv.json';

/** The screens' sections of the sv strings (`locales/<feature>/sv.json`), loaded after login (see ../translations.ts). */
export const featureSections = {
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
  eventText,
  activeBookings,
  fleetMap,
  alarms,
  staff,
  shortcuts,
};
