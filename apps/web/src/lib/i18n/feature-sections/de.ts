import activeBookings from '../../../locales/active-bookings/de.json';
import alarms from '../../../locales/alarms/de.json';
import bookingCard from '../../../locales/booking-card/de.json';
import bookingForm from '../../../locales/booking-form/de.json';
import companies from '../../../locales/companies/de.json';
import eventLog from '../../../locales/event-log/de.json';
import eventText from '../../../locales/event-text/de.json';
import fleetMap from '../../../locales/fleet-map/de.json';
import payments from '../../../locales/payments/de.json';
import pools from '../../../locales/pools/de.json';
import shortcuts from '../../../locales/shortcuts/de.json';
import staff from '../../../locales/staff/de.json';
import supportSearch from '../../../locales/support-search/de.json';
import userActions from '../../../locales/user-actions/de.json';
import users from '../../../locales/users/de.json';
import vehicles from '../../../locales/vehicles/de.json';

/** The screens' sections of the de strings (`locales/<feature>/de.json`), loaded after login (see ../translations.ts). */
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
