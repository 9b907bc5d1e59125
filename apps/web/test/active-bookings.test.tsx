import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTIVE_BOOKINGS_POLL_MS, type ActiveBookingRow } from '@fleetdesk/contract';
import { activeBookingsQueryOptions, filterActiveBookings, sortActiveBookings } from '@/features/active-bookings';
import { searchOf, sortOfSearch, validateActiveBookingsSearch } from '@/features/active-bookings/active-bookings-search';
import { i18n } from '@/lib/i18n/i18n';
import { resetBrowserState, startApp, teardownApp } from './support/app-harness';
import { fakeBackend } from './support/backend';
import { signIn } from './support/session';
import { setLiveState } from '@/lib/live/live-state';

const SLOW = { timeout: 8000 };
const GENERATED_AT = '2026-03-15T12:00:00.000Z';

const row = (bid: string, overrides: Partial<ActiveBookingRow> = {}): ActiveBookingRow => ({
  bid,
  bookingStatus: 'ACTIVATED',
  startTime: '2026-03-15T08:00:00.000Z',
  endTime: '2026-03-15T16:00:00.000Z',
  usageStart: '2026-03-15T08:05:00.000Z',
  overdueHours: 0,
  tripType: 'PRIVATE',
  driverUsername: 'demo.active',
  driverFamilyName: 'Aktiv',
  driverGivenName: 'Anna',
  note: null,
  companyName: null,
  registrationNumber: 'EB 10101',
  fetchAtCityName: 'Oslo',
  fetchAtPoolName: 'Bjørvika',
  ...overrides,
});

const rows: ActiveBookingRow[] = [
  row('BID1000000001'),
  row('BID1000000015', {
    bookingStatus: 'OVERDUE',
    endTime: '2026-03-15T09:45:00.000Z',
    overdueHours: 2.2,
    driverUsername: 'ola.nordmann',
    driverFamilyName: 'Nordmann',
    driverGivenName: 'Ola',
    registrationNumber: 'EB 40404',
    note: 'Card reservation failed',
  }),
  row('BID1000000017', {
    bookingStatus: 'REQUIRES_AUTH',
    endTime: '2026-03-15T20:00:00.000Z',
    companyName: 'Nordlys Oslo',
    usageStart: null,
    tripType: 'BUSINESS',
  }),
  row('BID1000000020', {
    endTime: '2026-03-15T18:00:00.000Z',
    fetchAtCityName: 'Bergen',
    fetchAtPoolName: 'Bryggen',
    registrationNumber: null,
    bookingStatus: 'NOT_ALLOCATED',
  }),
];
const bids = (list: ActiveBookingRow[]) => list.map((r) => r.bid);

describe('active bookings sort and filter', () => {
  it('sorts by a column either way, empty values last, ties by bid', () => {
    expect(bids(sortActiveBookings(rows, { column: 'endTime', direction: 'asc' }))).toEqual([
      'BID1000000015',
      'BID1000000001',
      'BID1000000020',
      'BID1000000017',
    ]);
    expect(bids(sortActiveBookings(rows, { column: 'overdueHours', direction: 'desc' }))[0]).toBe('BID1000000015');
    expect(bids(sortActiveBookings(rows, { column: 'registrationNumber', direction: 'desc' })).at(-1)).toBe('BID1000000020');
    expect(bids(sortActiveBookings(rows, { column: 'registrationNumber', direction: 'asc' })).at(-1)).toBe('BID1000000020');
    expect(bids(sortActiveBookings(rows, { column: 'driver', direction: 'asc' }))).toEqual([
      'BID1000000001',
      'BID1000000017',
      'BID1000000020',
      'BID1000000015',
    ]);
    // The input is left alone.
    expect(bids(rows)[0]).toBe('BID1000000001');
  });

  it('filters on every word, case-insensitive, across bid, driver, vehicle, pool, note and shown labels', () => {
    expect(bids(filterActiveBookings(rows, '  nordMANN '))).toEqual(['BID1000000015']);
    expect(bids(filterActiveBookings(rows, 'bergen bryggen'))).toEqual(['BID1000000020']);
    expect(bids(filterActiveBookings(rows, 'bergen oslo'))).toEqual([]);
    expect(bids(filterActiveBookings(rows, 'eb 404'))).toEqual(['BID1000000015']);
    expect(bids(filterActiveBookings(rows, 'geschäftlich', (r) => [r.tripType === 'BUSINESS' ? 'Geschäftlich' : 'Privat']))).toEqual([
      'BID1000000017',
    ]);
    expect(filterActiveBookings(rows, '')).toHaveLength(4);
  });

  it('writes only what differs from the default sort into the URL, and reads back only known columns', () => {
    expect(searchOf('', { column: 'endTime', direction: 'asc' })).toEqual({});
    expect(searchOf('oslo', { column: 'bid', direction: 'desc' })).toEqual({ q: 'oslo', sort: 'bid', dir: 'desc' });
    expect(sortOfSearch(validateActiveBookingsSearch({ sort: 'nope', dir: 'desc' }))).toEqual({ column: 'endTime', direction: 'asc' });
    expect(sortOfSearch(validateActiveBookingsSearch({ sort: 'overdueHours', dir: 'desc' }))).toEqual({ column: 'overdueHours', direction: 'desc' });
  });

  it('polls every 60 s while the live stream is down, not in background tabs, and not while it is live', () => {
    const options = activeBookingsQueryOptions();
    const interval = options.refetchInterval as () => number | false;
    expect(interval()).toBe(ACTIVE_BOOKINGS_POLL_MS);
    expect(ACTIVE_BOOKINGS_POLL_MS).toBe(60_000);
    expect(options.refetchIntervalInBackground).toBe(false);
    setLiveState('live');
    expect(interval()).toBe(false);
    setLiveState('reconnecting');
    expect(interval()).toBe(ACTIVE_BOOKINGS_POLL_MS);
    setLiveState('off');
  });
});

// ---------- the screen, against a fake backend ----------

function start(path: string) {
  signIn();
  return startApp(path);
}

beforeEach(async () => {
  resetBrowserState();
  fakeBackend().on('GET /api/activebookings', () => ({ generatedAt: GENERATED_AT, results: rows }));
  await i18n.changeLanguage('en-GB');
});

afterEach(teardownApp);

const bodyBids = () => screen.getAllByTestId(/^active-booking-BID/).map((tr) => tr.getAttribute('data-testid')?.replace('active-booking-', ''));

describe('/activebookings', () => {
  it('lists the rows most overdue first, flags non-ACTIVATED ones, sorts on a header and filters into the URL', async () => {
    const user = userEvent.setup();
    const router = start('/activebookings');
    // The first render loads the route and the table's grid chunk.
    const overdue = await screen.findByTestId('active-booking-BID1000000015', undefined, { timeout: 25_000 });
    expect(overdue.getAttribute('data-flagged')).toBe('true');
    expect(within(overdue).getByTestId('active-booking-overdue').textContent).toBe('2.2');
    expect(within(overdue).getByText('Overdue')).toBeTruthy();
    expect(screen.getByTestId('active-booking-BID1000000001').getAttribute('data-flagged')).toBe('false');
    expect(bodyBids()).toEqual(['BID1000000015', 'BID1000000001', 'BID1000000020', 'BID1000000017']);

    await user.click(screen.getByRole('columnheader', { name: /^Booking( Sort)?$/ }));
    await waitFor(() => expect(bodyBids()).toEqual(['BID1000000001', 'BID1000000015', 'BID1000000017', 'BID1000000020']), SLOW);
    await user.click(screen.getByRole('columnheader', { name: /^Booking( Sort)?$/ }));
    await waitFor(() => expect(bodyBids()[0]).toBe('BID1000000020'), SLOW);
    expect(router.state.location.search).toEqual({ sort: 'bid', dir: 'desc' });

    // Pasted: one change (each typed key re-renders the whole grid, slow in happy-dom).
    await user.click(screen.getByLabelText('Filter'));
    await user.paste('requires');
    await waitFor(() => expect(bodyBids()).toEqual(['BID1000000017']), SLOW);
    expect(router.state.location.search).toMatchObject({ q: 'requires' });
    expect(screen.getByText('1 of 4 shown')).toBeTruthy();

    await user.click(within(screen.getByTestId('active-booking-BID1000000017')).getByText('Nordlys Oslo'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/BID1000000017'), SLOW);
  }, 60_000);
});
