import activeBookings from '../../../locales/active-bookings/nb.json';
import alarms from '../../../locales/alarms/nb.json';
import bookingCard from '../../../locales/booking-card/nb.json';
import bookingForm from '../../../locales/booking-form/nb.json';
import companies from '../../../locales/companies/nb.json';
import eventLog from '../../../locales/event-log/nb.json';
import eventText from '../../../locales/event-text/nb.json';
import fleetMap from '../../../locales/fleet-map/nb.json';
import payments from '../../../locales/payments/nb.json';
import pools from '../../../locales/pools/nb.json';
import shortcuts from '../../../locales/shortcuts/nb.json';
import staff from '../../../locales/staff/nb.json';
import supportSearch from '../../../locales/support-search/nb.json';
import userActions from '../../../locales/user-actions/nb.json';
import users from '../../../locales/users/nb.json';
import vehicles from '../../../locales/vehicles/nb.json';

/** The screens' sections of the nb strings (`locales/<feature>/nb.json`), loaded after login (see ../translations.ts). */
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
