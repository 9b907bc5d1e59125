import activeBookings from '../../../locales/active-bookings/en-GB.json';
import alarms from '../../../locales/alarms/en-GB.json';
import bookingCard from '../../../locales/booking-card/en-GB.json';
import bookingForm from '../../../locales/booking-form/en-GB.json';
import companies from '../../../locales/companies/en-GB.json';
import eventLog from '../../../locales/event-log/en-GB.json';
import eventText from '../../../locales/event-text/en-GB.json';
import fleetMap from '../../../locales/fleet-map/en-GB.json';
import payments from '../../../locales/payments/en-GB.json';
import pools from '../../../locales/pools/en-GB.json';
import shortcuts from '../../../locales/shortcuts/en-GB.json';
import staff from '../../../locales/staff/en-GB.json';
import supportSearch from '../../../locales/support-search/en-GB.json';
import userActions from '../../../locales/user-actions/en-GB.json';
import users from '../../../locales/users/en-GB.json';
import vehicles from '../../../locales/vehicles/en-GB.json';

/** The screens' sections of the en-GB strings (`locales/<feature>/en-GB.json`), loaded after login (see ../translations.ts). */
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
