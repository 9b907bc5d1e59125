import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Pool, PoolBookingsResponse } from '@fleetdesk/contract';
import { poolLinkSearch, selectedPoolOf, sidebarCities, validatePoolsSearch } from '@/features/pools/pools-search';
import { i18n } from '@/lib/i18n/i18n';
import { resetBrowserState, startApp, teardownApp } from './support/app-harness';
import { fakeBackend, type FakeBackend } from './support/backend';
import { signIn } from './support/session';

// vis-timeline draws with layout jsdom does not have; a stand-in records what the screen feeds it.
const drawn = vi.hoisted(() => ({ items: [] as unknown[][], groups: [] as unknown[][] }));
vi.mock('vis-timeline/standalone', () => ({
  Timeline: class {
    on() {}
    setWindow() {}
    setOptions() {}
    destroy() {}
    setItems(items: unknown[]) {
      drawn.items.push(items);
    }
    setGroups(groups: unknown[]) {
      drawn.groups.push(groups);
    }
  },
}));

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const pool = (poolId: number, city: string, name: string, disabled = false): Pool => ({
  poolId,
  pool: name,
  city,
  disabled,
  description: null,
  publicNote: null,
  pickupNote: null,
  dropoffNote: null,
  fee: null,
  responsibleOrganization: null,
  geographicalIdentity: null,
  parkingPlaceInfoRequired: false,
  defaultParkingPlace: null,
  chargingAvailable: false,
  wattWorldStationName: null,
  movedTo: null,
  poolGroupId: null,
  poolGroupName: null,
  allowedContracts: [],
  lat: null,
  lon: null,
});

const POOLS: Pool[] = [
  pool(1, 'Bergen', 'Bryggen'),
  pool(2, 'Bergen', 'Nygårdshøyden'),
  pool(3, 'Oslo', 'Bjørvika (Oslo S)'),
  pool(4, 'Oslo', 'Grünerløkka'),
  pool(5, 'Oslo', 'Skøyen stasjon', true),
  pool(6, 'Trondheim', 'Solsiden'),
];

describe('pools sidebar model (§2)', () => {
  it('filters trimmed and case-insensitively: a city match keeps all its pools, a pool match that pool', () => {
    expect(sidebarCities(POOLS, '  bergen ', false)).toEqual([{ city: 'Bergen', pools: [POOLS[0], POOLS[1]] }]);
    expect(sidebarCities(POOLS, 'LØKKA', false)).toEqual([{ city: 'Oslo', pools: [POOLS[3]] }]);
    expect(sidebarCities(POOLS, 'zzz', false)).toEqual([]);
  });

  it('hides disabled pools unless asked, and groups each city once', () => {
    expect(sidebarCities(POOLS, '', false).map((c) => [c.city, c.pools.length])).toEqual([
      ['Bergen', 2],
      ['Oslo', 2],
      ['Trondheim', 1],
    ]);
    expect(sidebarCities(POOLS, 'skøyen', true).flatMap((c) => c.pools.map((p) => p.poolId))).toEqual([5]);
    expect(sidebarCities([POOLS[3]!, POOLS[0]!, POOLS[2]!], '', false).map((c) => c.city)).toEqual(['Oslo', 'Bergen']);
  });

  it('reads city and pool from the URL and finds the pool by both', () => {
    expect(validatePoolsSearch({ city: 'Oslo', pool: 'Grünerløkka', other: 1 })).toEqual({ city: 'Oslo', pool: 'Grünerløkka' });
    expect(validatePoolsSearch({ city: '  ', pool: 3 })).toEqual({ pool: '3' });
    expect(poolLinkSearch(POOLS[3]!)).toEqual({ city: 'Oslo', pool: 'Grünerløkka' });
    expect(selectedPoolOf(POOLS, { city: 'Oslo', pool: 'Grünerløkka' })?.poolId).toBe(4);
    expect(selectedPoolOf(POOLS, { city: 'Bergen', pool: 'Grünerløkka' })).toBeNull();
    expect(selectedPoolOf(POOLS, { pool: 'Grünerløkka' })).toBeNull();
  });
});

// ---------- the screen against a fake backend ----------

/**
 * The fake server's clock, fixed per test: the window and the upcoming answers must describe the same booking with the
 * same times (the screen merges them on bid, start and end), even when they are built in different milliseconds.
 */
let serverNow = Date.now();

const bookingsAnswer = (bid: string, upcoming: boolean): PoolBookingsResponse => ({
  results: [
    {
      bid,
      state: 'INACTIVE',
      displayState: 'INACTIVE',
      allocationState: 'NOT_ALLOCATED',
      vehicle: null,
      specification: { type: 'CLASS', priceClass: 'MEDIUM', modelId: null, modelName: null, vehicleCategory: 'CAR' },
      startTime: iso(serverNow + HOUR),
      endTime: iso(serverNow + 2 * HOUR),
      usageStart: null,
      usageEnd: null,
      overdue: false,
      user: null,
      toPoolId: 4,
    },
  ],
  moreResults: false,
  window: { start: iso(serverNow - HOUR), end: upcoming ? null : iso(serverNow + 24 * HOUR), states: ['ACTIVE', 'INACTIVE'], limit: 50 },
});

let bookingsFail = false;
/** More bookings of the window answer (the list's paging and sorting). */
let moreRows: PoolBookingsResponse['results'] = [];
let backend: FakeBackend;
/** The requests of the current test, as URLs. */
const calls = () => backend.calls.map((call) => ({ pathname: call.path, searchParams: call.query }));

function answerPools() {
  const backend = fakeBackend();
  backend.on('GET /api/pools', () => POOLS);
  backend.on('GET /api/pools/groups', () => ({ '1': 'Oslo sentrum' }));
  backend.on('GET /api/pools/:poolId/vehicles', () => []);
  backend.on('GET /api/pools/:poolId/bookings', ({ query }) => {
    if (bookingsFail) return backend.error(500, 'errorId.core.internal', 'Internal error');
    // The same booking in both answers (merged once) plus one only the upcoming call finds.
    const upcoming = query.get('upcoming') === '1';
    const answer = bookingsAnswer('BID1000000002', upcoming);
    if (!upcoming) answer.results.push(...moreRows);
    if (upcoming) answer.results.push({ ...answer.results[0]!, bid: 'BID1000000099' });
    return answer;
  });
  return backend;
}

function start(path: string) {
  signIn();
  return startApp(path);
}

beforeEach(async () => {
  bookingsFail = false;
  moreRows = [];
  serverNow = Date.now();
  backend = answerPools();
  drawn.items.length = 0;
  drawn.groups.length = 0;
  resetBrowserState();
  await i18n.changeLanguage('en-GB');
});

afterEach(teardownApp);

const sidebar = () => screen.getAllByRole('navigation', { name: 'Pools' })[0]!;

describe('/pools screen', () => {
  it('lists pools by city, filters them, shows disabled ones struck through, and puts the chosen pool in the URL', async () => {
    const user = userEvent.setup();
    const router = start('/pools');
    const nav = await waitFor(() => sidebar(), { timeout: 10_000 });
    await within(nav).findByRole('link', { name: /Grünerløkka/ }, { timeout: 10_000 });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Bryggen', 'Nygårdshøyden', 'Bjørvika (Oslo S)', 'Grünerløkka', 'Solsiden']);
    expect(screen.getByText('Choose a pool')).toBeTruthy();

    await user.type(screen.getByLabelText('Filter by city or pool'), '  OSLO ');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Bjørvika (Oslo S)', 'Grünerløkka']);
    await user.click(screen.getByLabelText('Show disabled'));
    const skoyen = within(nav).getByRole('link', { name: /Skøyen stasjon/ });
    expect(getComputedStyle(skoyen.querySelector('.MuiListItemText-primary')!).textDecoration).toContain('line-through');

    const link = within(nav).getByRole('link', { name: /Grünerløkka/ });
    expect(link.getAttribute('href')).toBe('/pools?city=Oslo&pool=Gr%C3%BCnerl%C3%B8kka');
    await user.click(link);
    await waitFor(() => expect(router.state.location.search).toEqual({ city: 'Oslo', pool: 'Grünerløkka' }));
    await waitFor(() =>
      expect(
        within(sidebar())
          .getByRole('link', { name: /Grünerløkka/ })
          .getAttribute('aria-current'),
      ).toBe('page'),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Grünerløkka, Oslo');
  });

  it('loads the default window and the upcoming call, and feeds the merged bookings to the timeline', async () => {
    start('/pools?city=Oslo&pool=Gr%C3%BCnerl%C3%B8kka');
    await screen.findByRole('heading', { name: 'Booking timeline' }, { timeout: 10_000 });
    await waitFor(() => expect(calls().filter((u) => u.pathname === '/api/pools/4/bookings')).toHaveLength(2), { timeout: 10_000 });
    const queries = calls()
      .filter((u) => u.pathname === '/api/pools/4/bookings')
      .map((u) => Object.fromEntries(u.searchParams));
    expect(queries).toContainEqual({});
    expect(queries).toContainEqual({ upcoming: '1' });
    await waitFor(() =>
      expect((drawn.items.at(-1) ?? []).map((i) => (i as { id: string }).id.split('|')[0])).toEqual(['BID1000000002', 'BID1000000099']),
    );
    const item = drawn.items.at(-1)![0] as { className: string; group: string };
    expect(item.className).toBe('pool-booking pool-booking--future');
    expect(item.group).toBe('unallocated|MEDIUM|');
    expect(screen.getByText('2 bookings as a list')).toBeTruthy();
  });

  it('refetches the view widened by 5 hours each side on "Fetch bookings"', async () => {
    const user = userEvent.setup();
    start('/pools?city=Oslo&pool=Gr%C3%BCnerl%C3%B8kka');
    await waitFor(() => expect(calls().filter((u) => u.pathname === '/api/pools/4/bookings')).toHaveLength(2), { timeout: 10_000 });
    await user.click(await screen.findByRole('button', { name: 'Fetch bookings' }));
    await waitFor(() => expect(calls().filter((u) => u.pathname === '/api/pools/4/bookings')).toHaveLength(4), { timeout: 10_000 });
    const windowed = calls()
      .filter((u) => u.pathname === '/api/pools/4/bookings' && u.searchParams.has('startDate'))
      .at(-1)!;
    const span = Date.parse(windowed.searchParams.get('endDate')!) - Date.parse(windowed.searchParams.get('startDate')!);
    expect(span).toBe(24 * HOUR + 10 * HOUR);
  });

  it('toasts a bookings load failure, with an inline retry', async () => {
    bookingsFail = true;
    start('/pools?city=Oslo&pool=Gr%C3%BCnerl%C3%B8kka');
    // One in the toast, one inline with a retry.
    await waitFor(() => expect(screen.getAllByText('The bookings of Grünerløkka could not be loaded')).toHaveLength(2), { timeout: 10_000 });
    expect(document.querySelector('.notistack-SnackbarContainer')?.textContent).toContain('The bookings of Grünerløkka could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
  it("lists the timeline's bookings on the DataTable once opened: links, a sort by any header, 25 per page", async () => {
    const user = userEvent.setup();
    // 30 more future bookings, each an hour later, booked by users whose names run backwards.
    moreRows = Array.from({ length: 30 }, (_, i) => ({
      ...bookingsAnswer('BID1000000002', false).results[0]!,
      bid: `BID10000001${String(i).padStart(2, '0')}`,
      startTime: iso(serverNow + (i + 2) * HOUR),
      endTime: iso(serverNow + (i + 3) * HOUR),
      user: { username: `user${i}`, fullNameLastFirst: `Nordmann, Kari ${99 - i}` },
    }));
    start('/pools?city=Oslo&pool=Gr%C3%BCnerl%C3%B8kka');
    const summary = await screen.findByRole('button', { name: '32 bookings as a list' }, { timeout: 10_000 });
    // Closed, the list draws no table.
    expect(screen.queryByRole('grid', { name: 'Bookings on the timeline' })).toBeNull();
    await user.click(summary);
    const grid = await screen.findByRole('grid', { name: 'Bookings on the timeline' });
    const bids = () =>
      within(grid)
        .getAllByTestId('pool-booking-row')
        .map((row) => row.getAttribute('data-bid'));
    await waitFor(() => expect(bids()).toHaveLength(25));
    // By start: the two bookings an hour from now first (by bid), then the later ones.
    expect(bids().slice(0, 3)).toEqual(['BID1000000002', 'BID1000000099', 'BID1000000100']);
    expect(screen.getByText('1–25 of 32')).toBeTruthy();
    const first = within(grid).getAllByTestId('pool-booking-row')[0]!;
    expect(within(first).getByRole('link', { name: 'BID1000000002' }).getAttribute('href')).toBe('/booking/BID1000000002');
    expect(within(first).getByText('Future')).toBeTruthy();
    expect(within(first).getByText('Not allocated · MEDIUM · any model')).toBeTruthy();

    // The user header sorts by name (bookings without a user last), then flips.
    await user.click(within(grid).getByRole('columnheader', { name: /User/ }));
    await waitFor(() => expect(bids()[0]).toBe('BID1000000129'));
    expect(within(grid).getByRole('columnheader', { name: /User/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(grid).getByRole('columnheader', { name: /User/ }));
    await waitFor(() => expect(bids()[0]).toBe('BID1000000100'));

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(bids()).toHaveLength(7));
    expect(bids().slice(-2)).toEqual(['BID1000000002', 'BID1000000099']);
    expect(screen.getByText('26–32 of 32')).toBeTruthy();
  });
});
