import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  OTHER_FLEET_COUNT_CAP,
  type BookingGroup,
  type OtherFleetHint,
  type SearchBooking,
  type SearchUser,
  type SupportSearchResponse,
  type Vehicle,
} from '@fleetdesk/contract';
import { resetPinnedUserFilterCache } from '@/lib/support-mode/pinned-user-filter';
import { usePinnedVehicles, resetPinnedVehiclesCache } from '@/features/search/pinned-vehicles';
import { bookingIdOf, normalizeCriteria } from '@/features/search/search-criteria';
import { showsSuspiciousBadge } from '@/features/search/components/user-results';
import { i18n } from '@/lib/i18n/i18n';
import { queryClient } from '@/lib/query/query-client';
import { makeBooking } from './fixtures/booking';
import { resetBrowserState, startApp, teardownApp } from './support/app-harness';
import { vehicleAbilitiesOf } from './fixtures/vehicle-abilities';
import { fakeBackend, jsonResponse, type FakeBackend } from './support/backend';
import { signIn } from './support/session';

// The vehicle card belongs to the vehicles feature and has its own tests. Here a stand-in shows what the search
// screen hands it (expanded, pinned and the two toggles) and records the VINs given to the status polling.
const polled = vi.hoisted(() => ({ vins: [] as string[][] }));
vi.mock('@/features/vehicles', async (importOriginal) => ({
  // The rest of the feature as it is (the booking card and the vehicle route import it); the card and the polling faked.
  ...(await importOriginal<typeof import('@/features/vehicles')>()),
  VehicleCard: ({
    vehicle,
    expanded,
    onToggleExpanded,
    pinned,
    onTogglePinned,
  }: {
    vehicle: Vehicle;
    expanded?: boolean;
    onToggleExpanded?: () => void;
    pinned?: boolean;
    onTogglePinned?: () => void;
  }) => (
    <article aria-label={vehicle.registrationNumber} data-testid="vehicle-card" data-expanded={String(Boolean(expanded))}>
      <button type="button" aria-pressed={Boolean(pinned)} onClick={onTogglePinned}>
        Pin {vehicle.registrationNumber}
      </button>
      <button type="button" aria-expanded={Boolean(expanded)} onClick={onToggleExpanded}>
        Expand {vehicle.registrationNumber}
      </button>
    </article>
  ),
  useVehicleStatusPolling: (vins: readonly string[]) => {
    polled.vins.push([...vins]);
  },
}));

// ---------- a fake backend ----------

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const vehicle = (n: number): Vehicle => ({
  vin: `VIN${String(n).padStart(14, '0')}`,
  registrationNumber: `EL ${String(10000 + n)}`,
  longPresentation: `VW ID.3 Pro (EL ${String(10000 + n)})`,
  modelName: 'VW ID.3 Pro',
  modelId: 1,
  priceClass: 'MEDIUM',
  color: null,
  wheelType: null,
  fleet: 'fjord',
  vehicleCategory: 'CAR',
  agentHardwareType: 'keyless',
  primaryFuelType: 'BATTERY',
  keyholder: null,
  currentParkingPlaceInfo: null,
  publicNote: null,
  activeBookingBid: null,
  pool: { city: 'Oslo', pool: 'Grünerløkka', poolId: 1 },
  tires: null,
  actions: [],
  status: null,
  lastCommand: null,
  abilities: vehicleAbilitiesOf(['LOCK', 'UNLOCK', 'MOBILIZE', 'IMMOBILIZE', 'REBOOT', 'WAKE_UP']),
  commandsNeedingReason: ['IMMOBILIZE'],
});

const searchBooking = (n: number, group: BookingGroup): SearchBooking => {
  const start = Date.UTC(2026, 2, 1, 8, 0) + n * HOUR;
  const state = group === 'active' ? 'ACTIVE' : group === 'future' ? 'INACTIVE' : 'FINISHED';
  return {
    bid: `BID10000000${String(n).padStart(2, '0')}`,
    state,
    displayState: state,
    user: { username: 'demo.active', fullNameLastFirst: 'Nordmann, Kari' },
    startTime: iso(start),
    endTime: iso(start + 2 * HOUR),
    usageStart: null,
    usageEnd: null,
    fromLocation: { city: 'Oslo', pool: 'Grünerløkka', poolId: 1 },
    vehicle: { vin: 'WVWZZZE1ZPP012345', registrationNumber: 'EL 12345', longPresentation: 'VW ID.3 Pro (EL 12345)' },
    vehicleCategory: 'CAR',
  };
};

const searchUser = (n: number, overrides: Partial<SearchUser> = {}): SearchUser => ({
  username: `user.${n}`,
  givenName: `Kari${n}`,
  familyName: 'Nordmann',
  emailAddress: `user${n}@example.no`,
  mobilePhone: `+47900000${String(n).padStart(2, '0')}`,
  customerNumber: String(100000 + n),
  status: 'ACTIVE',
  companyName: null,
  suspiciousRegistration: false,
  ...overrides,
});

const page = <T,>(results: T[], nextCursor: string | null = null) => ({ results, moreResults: nextCursor !== null, nextCursor });

const emptyResponse = (): SupportSearchResponse => ({
  vehicles: page<Vehicle>([]),
  bookings: { active: page<SearchBooking>([]), future: page<SearchBooking>([]), historic: page<SearchBooking>([]) },
  users: page<SearchUser>([]),
  otherFleets: [],
  notes: [],
  pinnedNotes: [],
});

const json = jsonResponse;

const KNOWN_BID = 'BID1000000001';
let searchAnswer: (query: URLSearchParams) => Response;
/** When set, GET /api/search waits for it (to see the loading state). */
let searchGate: Promise<void> | null;
let backend: FakeBackend;

const searchCalls = (path = '/api/search') => backend.callsTo(path);
const lastSearch = (path = '/api/search') => Object.fromEntries(searchCalls(path).at(-1)?.query ?? []);

function start(path: string) {
  signIn();
  return startApp(path);
}

beforeEach(async () => {
  searchAnswer = () => json(200, emptyResponse());
  searchGate = null;
  polled.vins.length = 0;
  resetBrowserState();
  backend = fakeBackend();
  backend.on('GET /api/search', async ({ query }) => {
    if (searchGate) await searchGate;
    return searchAnswer(query);
  });
  backend.on('GET /api/bookings/:bid', ({ params }) => {
    if (params.bid !== KNOWN_BID) return backend.error(404, 'errorId.core.booking.notFound', 'Booking not found.');
    // The fixture booking (enough for the card to open), without actions and in use since its start.
    const booking = makeBooking({ bid: KNOWN_BID, actions: [] });
    return { ...booking, usageTime: { start: booking.startTime, end: null } };
  });
  await i18n.changeLanguage('en-GB');
});

afterEach(teardownApp);

const textOf = (element: Element) => element.textContent ?? '';
const isDisabled = (element: Element) => element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true';
const searchBox = () => screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement;
const rowTexts = (container: HTMLElement, testId: string) => within(container).queryAllByTestId(testId).map(textOf);

// ---------- rules ----------

describe('search criteria', () => {
  it('treats BID + 10 or more digits, any case and padded, as a booking id search', () => {
    expect(bookingIdOf('BID1000000001')).toBe('BID1000000001');
    expect(bookingIdOf(' bid10000000012 ')).toBe('BID10000000012');
    expect(bookingIdOf('BID123456789')).toBeNull();
    expect(bookingIdOf('BID1000000001 x')).toBeNull();
    expect(bookingIdOf('Nordmann')).toBeNull();
    expect(bookingIdOf(undefined)).toBeNull();
  });

  it('trims values and drops blanks', () => {
    expect(normalizeCriteria({ search: '  EL 12345 ', mobilePhone: '   ', user: 'kari' })).toEqual({ search: 'EL 12345', user: 'kari' });
  });

  it('shows the suspicious badge only for pending registrations that are flagged', () => {
    expect(showsSuspiciousBadge({ status: 'AWAITING_APPROVAL', suspiciousRegistration: true })).toBe(true);
    expect(showsSuspiciousBadge({ status: 'PENDING', suspiciousRegistration: true })).toBe(true);
    expect(showsSuspiciousBadge({ status: 'AWAITING_APPROVAL', suspiciousRegistration: false })).toBe(false);
    expect(showsSuspiciousBadge({ status: 'ACTIVE', suspiciousRegistration: true })).toBe(false);
  });
});

describe('pinned vehicles', () => {
  it('toggles a pin, keeps it for the tab per staff member, and refreshes the kept copy', () => {
    const { result } = renderHook(() => usePinnedVehicles('fjord.support'));
    act(() => result.current.toggle(vehicle(1)));
    act(() => result.current.toggle(vehicle(2)));
    expect(result.current.pinned.map((v) => v.vin)).toEqual([vehicle(1).vin, vehicle(2).vin]);
    act(() => result.current.refresh([{ ...vehicle(2), publicNote: 'Fresh' }]));
    expect(result.current.pinned[1]?.publicNote).toBe('Fresh');
    act(() => result.current.toggle(vehicle(1)));
    expect(result.current.pinned.map((v) => v.vin)).toEqual([vehicle(2).vin]);

    resetPinnedVehiclesCache();
    const reloaded = renderHook(() => usePinnedVehicles('fjord.support'));
    expect(reloaded.result.current.pinned.map((v) => v.vin)).toEqual([vehicle(2).vin]);
    const colleague = renderHook(() => usePinnedVehicles('fjord.admin'));
    expect(colleague.result.current.pinned).toEqual([]);
  });
});

// ---------- the screen ----------

describe('support search bar', () => {
  it('starts on plain /support with a labelled search box that does not take the focus, and nothing searched', async () => {
    start('/support');
    await screen.findByRole('heading', { name: 'Customer support', level: 1 });
    // Issue 17: a focused box would make '/' type a slash.
    expect(document.activeElement).not.toBe(searchBox());
    expect(searchBox().getAttribute('placeholder')).toBe('User id, name, company, car name, VIN, registration or pool');
    expect(screen.getByTestId('search-intro').isConnected).toBe(true);
    expect(searchCalls()).toEqual([]);
  });

  it("focuses the search box on '/' without typing a slash; inside the box '/' is typed", async () => {
    const user = userEvent.setup();
    start('/support?search=EL%2012345');
    await screen.findByRole('heading', { name: 'Customer support', level: 1 });
    await user.keyboard('/');
    expect(document.activeElement).toBe(searchBox());
    expect(searchBox().value).toBe('EL 12345');
    // The whole text is selected, so typing replaces it; a slash typed in the box is text.
    await user.keyboard('a/b');
    expect(searchBox().value).toBe('a/b');
  });

  it('writes a digits-only search plainly to the URL and reads it back as text', async () => {
    const user = userEvent.setup();
    const router = start('/support');
    await user.type(await screen.findByRole('textbox', { name: 'Search' }), '98765432{Enter}');
    await waitFor(() => expect(router.state.location.href).toBe('/support?search=98765432'));
    await waitFor(() => expect(lastSearch()).toEqual({ search: '98765432' }));
    expect(searchBox().value).toBe('98765432');
    // A leading zero and more digits than a number holds stay as typed.
    await user.clear(searchBox());
    await user.type(searchBox(), '0012345678901234567890{Enter}');
    await waitFor(() => expect(router.state.location.href).toBe('/support?search=0012345678901234567890'));
    await waitFor(() => expect(lastSearch()).toEqual({ search: '0012345678901234567890' }));
  });

  it('refuses a phone number that breaks the §5 rule, and applies a valid one without its spaces', async () => {
    const user = userEvent.setup();
    const router = start('/support?search=Nordmann');
    await screen.findByTestId('search-results');
    await user.click(screen.getByRole('button', { name: 'Mobile phone' }));
    const phoneDialog = await screen.findByRole('dialog', { name: 'Mobile phone' });
    const phone = within(phoneDialog).getByRole('textbox', { name: 'Mobile phone' });
    await user.type(phone, 'abc{Enter}');
    expect(within(phoneDialog).getByText('Invalid phone number').isConnected).toBe(true);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.search).toEqual({ search: 'Nordmann' });
    await user.clear(phone);
    await user.type(phone, '+47 987 65 432{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Nordmann', mobilePhone: '+4798765432' }));
  });

  it('searches on Enter and writes the phrase to the URL', async () => {
    const user = userEvent.setup();
    const router = start('/support');
    await user.type(await screen.findByRole('textbox', { name: 'Search' }), '  Nordmann {Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Nordmann' }));
    await waitFor(() => expect(lastSearch()).toEqual({ search: 'Nordmann' }));
    expect((await screen.findByRole('heading', { name: 'No results' })).isConnected).toBe(true);
  });

  it('reads search, mobilePhone and user from the URL', async () => {
    start('/support?search=EL%2012345&mobilePhone=%2B4798765432&user=demo.active');
    await waitFor(() => expect(lastSearch()).toEqual({ search: 'EL 12345', mobilePhone: '+4798765432', user: 'demo.active' }));
    expect(searchBox().value).toBe('EL 12345');
    expect(textOf(screen.getByTestId('filter-mobile-phone'))).toBe('Mobile phone: +4798765432');
    expect(textOf(screen.getByTestId('filter-user'))).toBe('User name: demo.active');
  });

  it('opens a chip, confirms with Enter or the tick, and clears it with its delete icon', async () => {
    const user = userEvent.setup();
    const router = start('/support?search=Nordmann');
    await screen.findByTestId('search-results');

    await user.click(screen.getByRole('button', { name: 'Mobile phone' }));
    const phoneDialog = await screen.findByRole('dialog', { name: 'Mobile phone' });
    await user.type(within(phoneDialog).getByRole('textbox', { name: 'Mobile phone' }), '+4798765432{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Nordmann', mobilePhone: '+4798765432' }));
    await waitFor(() => expect(lastSearch()).toEqual({ search: 'Nordmann', mobilePhone: '+4798765432' }));
    expect(textOf(screen.getByTestId('filter-mobile-phone'))).toBe('Mobile phone: +4798765432');

    await user.click(screen.getByRole('button', { name: 'User name' }));
    const userDialog = await screen.findByRole('dialog', { name: 'User name' });
    await user.type(within(userDialog).getByRole('textbox', { name: 'User name' }), 'demo.active');
    await user.click(within(userDialog).getByRole('button', { name: 'Apply User name' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Nordmann', mobilePhone: '+4798765432', user: 'demo.active' }));

    // Reopening shows the value; the delete icon clears it.
    fireEvent.click(within(screen.getByTestId('filter-mobile-phone')).getByTestId('CancelIcon'));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Nordmann', user: 'demo.active' }));
    expect(textOf(screen.getByTestId('filter-mobile-phone'))).toBe('Mobile phone');
    // Keyboard: Backspace on the focused chip clears it too.
    const userChip = screen.getByTestId('filter-user');
    userChip.focus();
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Nordmann' }));
  });

  it('returns to plain /support without results when every input is cleared', async () => {
    const user = userEvent.setup();
    const router = start('/support?search=Nordmann&user=kari');
    await screen.findByTestId('search-results');
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.href).toBe('/support'));
    expect(searchBox().value).toBe('');
    expect(screen.getByTestId('search-intro').isConnected).toBe(true);
    expect(screen.queryByTestId('search-results')).toBeNull();

    // Emptying the box and pressing Enter does the same.
    await act(() => router.navigate({ to: '/support', search: { search: 'EL 12345' } }));
    await screen.findByTestId('search-results');
    await user.clear(searchBox());
    await user.type(searchBox(), '{Enter}');
    await waitFor(() => expect(router.state.location.href).toBe('/support'));
    expect(screen.getByTestId('search-intro').isConnected).toBe(true);
  });

  it('follows Back and Forward through earlier searches', async () => {
    const user = userEvent.setup();
    const router = start('/support?search=first');
    await screen.findByTestId('search-results');
    await user.clear(searchBox());
    await user.type(searchBox(), 'second{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'second' }));
    act(() => router.history.back());
    await waitFor(() => expect(searchBox().value).toBe('first'));
    expect(router.state.location.search).toEqual({ search: 'first' });
  });
});

describe('booking id search', () => {
  it('opens the booking card for an existing booking id in any case', async () => {
    const user = userEvent.setup();
    const router = start('/support');
    await user.type(await screen.findByRole('textbox', { name: 'Search' }), 'bid1000000001{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/booking/${KNOWN_BID}`));
    expect(backend.callsTo(`/api/bookings/${KNOWN_BID}`)).not.toEqual([]);
    expect(searchCalls()).toEqual([]);
  });

  it("says 'No such booking id' as info for an unknown one and still looks for it elsewhere", async () => {
    searchAnswer = () =>
      json(200, {
        ...emptyResponse(),
        otherFleets: [{ fleet: 'malar', fleetName: 'Mälar Mobility', vehicles: 0, users: 0, bookings: 1, link: null }],
      });
    const router = start('/support?search=BID9999999999');
    expect((await screen.findByRole('heading', { name: 'No such booking id' })).isConnected).toBe(true);
    const toast = await screen.findByText('No such booking id', { selector: '#notistack-snackbar' });
    expect(toast.closest('.notistack-MuiContent-info')).not.toBeNull();
    expect(router.state.location.search).toEqual({ search: 'BID9999999999' });
    expect(textOf(screen.getByTestId('other-fleet-hint'))).toContain('1 match at Mälar Mobility');
  });
});

describe('results', () => {
  const fullResponse = (): SupportSearchResponse => ({
    vehicles: page([vehicle(1), vehicle(2)]),
    bookings: {
      active: page([searchBooking(1, 'active')]),
      future: page(
        [1, 2, 3, 4, 5].map((n) => searchBooking(10 + n, 'future')),
        'f2',
      ),
      historic: page<SearchBooking>([]),
    },
    users: page([searchUser(1), searchUser(2, { status: 'AWAITING_APPROVAL', suspiciousRegistration: true })]),
    otherFleets: [],
    notes: [],
    // Pinned notes of the hits come with the answer: user.1 has two, the active booking one (issue 18 point 2).
    pinnedNotes: [
      { subjectType: 'USER', subjectId: 'user.1', text: 'Reply by SMS only', createdBy: 'support' },
      { subjectType: 'USER', subjectId: 'user.1', text: 'Disputes the parking fine', createdBy: 'anna' },
      { subjectType: 'BOOKING', subjectId: 'BID1000000001', text: 'Cable missing', createdBy: 'support' },
    ],
  });

  it('shows vehicles, bookings grouped active/future/historic and users, with their links', async () => {
    searchAnswer = () => json(200, fullResponse());
    start('/support?search=Nordmann');
    await screen.findByTestId('search-results');

    expect(screen.getAllByTestId('vehicle-card').map((card) => card.getAttribute('aria-label'))).toEqual(['EL 10001', 'EL 10002']);
    await waitFor(() => expect(polled.vins.at(-1)).toEqual([vehicle(1).vin, vehicle(2).vin]));

    const bookings = screen.getByTestId('booking-results');
    expect(within(bookings).getAllByRole('heading', { level: 3 }).map(textOf)).toEqual(['Active', 'Future', 'Historic']);
    const active = within(screen.getByTestId('bookings-active')).getByTestId('booking-row');
    expect(textOf(active)).toContain('Active');
    expect(textOf(active)).toContain('2026-03-01');
    expect(within(active).getByRole('link', { name: 'BID1000000001' }).getAttribute('href')).toBe('/booking/BID1000000001');
    expect(within(active).getByRole('link', { name: 'Go to booking BID1000000001' }).getAttribute('href')).toBe('/booking/BID1000000001');
    expect(within(active).getByRole('link', { name: 'Nordmann, Kari' }).getAttribute('href')).toBe('/users/demo.active');
    expect(within(active).getByRole('link', { name: 'EL 12345' }).getAttribute('href')).toBe('/vehicles/WVWZZZE1ZPP012345');
    expect(textOf(screen.getByTestId('bookings-historic'))).toContain('No bookings found');

    const users = screen.getByTestId('user-results');
    const rows = within(users).getAllByTestId('user-row');
    expect(within(rows[0]!).getByRole('link', { name: 'Nordmann, Kari1' }).getAttribute('href')).toBe('/users/user.1');
    expect(textOf(rows[0]!)).toContain('+4790000001');
    expect(textOf(rows[0]!)).toContain('100001');
    expect(within(rows[0]!).queryByTestId('suspicious-badge')).toBeNull();
    expect(textOf(within(rows[1]!).getByTestId('suspicious-badge'))).toBe('Suspicious');
    expect(textOf(rows[1]!)).toContain('Awaiting approval');

    // A collapsed hit shows its pinned notes in one line, without a request of its own.
    expect(textOf(within(rows[0]!).getByTestId('hit-pinned-note'))).toBe('Pinned note: Reply by SMS only+1 more');
    expect(within(rows[0]!).getByTestId('hit-pinned-note').getAttribute('title')).toBe('Reply by SMS only\nDisputes the parking fine');
    expect(within(rows[1]!).queryByTestId('hit-pinned-note')).toBeNull();
    expect(textOf(within(active).getByTestId('hit-pinned-note'))).toBe('Pinned note: Cable missing');
    expect(screen.queryByTestId('note-results')).toBeNull();
  });

  it('pages each booking sub-list 5 at a time with next and previous', async () => {
    const user = userEvent.setup();
    searchAnswer = () => json(200, fullResponse());
    backend.on('GET /api/search/bookings', (call) =>
      call.query.get('group') === 'future' && call.query.get('cursor') === 'f2'
        ? {
            ...page([searchBooking(16, 'future'), searchBooking(17, 'future')]),
            pinnedNotes: [{ subjectType: 'BOOKING', subjectId: 'BID1000000017', text: 'Key box broken', createdBy: 'support' }],
          }
        : undefined,
    );
    start('/support?search=Nordmann');
    const future = await screen.findByTestId('bookings-future');
    expect(rowTexts(future, 'booking-row')).toHaveLength(5);
    expect(isDisabled(within(future).getByRole('button', { name: 'Previous page of Future' }))).toBe(true);

    await user.click(within(future).getByRole('button', { name: 'Next page of Future' }));
    await waitFor(() => expect(rowTexts(future, 'booking-row')).toHaveLength(2));
    expect(rowTexts(future, 'booking-row')[0]).toContain('BID1000000016');
    // A load-more page brings the pinned notes of its own hits.
    const rows = within(future).getAllByTestId('booking-row');
    expect(textOf(within(rows[1]!).getByTestId('hit-pinned-note'))).toBe('Pinned note: Key box broken');
    expect(within(rows[0]!).queryByTestId('hit-pinned-note')).toBeNull();
    expect(lastSearch('/api/search/bookings')).toEqual({ search: 'Nordmann', group: 'future', cursor: 'f2' });
    expect(textOf(future)).toContain('6–7');
    expect(isDisabled(within(future).getByRole('button', { name: 'Next page of Future' }))).toBe(true);

    await user.click(within(future).getByRole('button', { name: 'Previous page of Future' }));
    await waitFor(() => expect(rowTexts(future, 'booking-row')).toHaveLength(5));
    expect(rowTexts(future, 'booking-row')[0]).toContain('BID1000000011');
    // The other groups kept their page.
    expect(rowTexts(screen.getByTestId('bookings-active'), 'booking-row')).toHaveLength(1);
  });

  it('pages the users with their cursor', async () => {
    const user = userEvent.setup();
    searchAnswer = () =>
      json(200, {
        ...emptyResponse(),
        users: page(
          Array.from({ length: 10 }, (_, i) => searchUser(i + 1)),
          'u2',
        ),
      });
    backend.on('GET /api/search/users', (call) => (call.query.get('cursor') === 'u2' ? page([searchUser(11)]) : undefined));
    start('/support?user=nordmann');
    const users = await screen.findByTestId('user-results');
    expect(rowTexts(users, 'user-row')).toHaveLength(10);
    await user.click(within(users).getByRole('button', { name: 'Next page of Users' }));
    await waitFor(() => expect(rowTexts(users, 'user-row')).toHaveLength(1));
    expect(lastSearch('/api/search/users')).toEqual({ user: 'nordmann', cursor: 'u2' });
    await user.click(within(users).getByRole('button', { name: 'Previous page of Users' }));
    await waitFor(() => expect(rowTexts(users, 'user-row')).toHaveLength(10));
  });

  it('loads 10 more vehicles while more exist', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 23 }, (_, i) => vehicle(i + 1));
    searchAnswer = () => json(200, { ...emptyResponse(), vehicles: page(all.slice(0, 10), 'v2') });
    backend.on('GET /api/search/vehicles', (call) => (call.query.get('cursor') === 'v2' ? page(all.slice(10, 20), 'v3') : page(all.slice(20))));
    start('/support?search=ID.3');
    const vehicles = await screen.findByTestId('vehicle-results');
    expect(screen.getAllByTestId('vehicle-card')).toHaveLength(10);
    expect(searchCalls('/api/search/vehicles')).toEqual([]);

    await user.click(within(vehicles).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('vehicle-card')).toHaveLength(20));
    expect(lastSearch('/api/search/vehicles')).toEqual({ search: 'ID.3', cursor: 'v2' });
    await user.click(within(vehicles).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('vehicle-card')).toHaveLength(23));
    expect(lastSearch('/api/search/vehicles')).toEqual({ search: 'ID.3', cursor: 'v3' });
    expect(within(vehicles).queryByRole('button', { name: 'Load more' })).toBeNull();
    await waitFor(() => expect(polled.vins.at(-1)).toHaveLength(23));
  });

  it('expands cards one by one, and keeps pinned cards on top across searches', async () => {
    const user = userEvent.setup();
    searchAnswer = (query) =>
      json(200, { ...emptyResponse(), vehicles: page(query.get('search') === 'first' ? [vehicle(1), vehicle(2)] : [vehicle(3), vehicle(2)]) });
    const router = start('/support?search=first');
    await screen.findByTestId('vehicle-results');
    await user.click(screen.getByRole('button', { name: 'Expand EL 10002' }));
    expect(screen.getByRole('article', { name: 'EL 10002' }).getAttribute('data-expanded')).toBe('true');
    expect(screen.getByRole('article', { name: 'EL 10001' }).getAttribute('data-expanded')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Pin EL 10002' }));
    const cards = () => screen.getAllByTestId('vehicle-card').map((card) => card.getAttribute('aria-label'));
    expect(cards()).toEqual(['EL 10002', 'EL 10001']);
    expect(screen.getByRole('button', { name: 'Pin EL 10002' }).getAttribute('aria-pressed')).toBe('true');

    await act(() => router.navigate({ to: '/support', search: { search: 'second' } }));
    await waitFor(() => expect(cards()).toEqual(['EL 10002', 'EL 10003']));
    // A search without vehicles keeps the pinned card; plain /support shows it too.
    searchAnswer = () => json(200, emptyResponse());
    await act(() => router.navigate({ to: '/support', search: { search: 'nothing' } }));
    expect((await screen.findByRole('heading', { name: 'No results' })).isConnected).toBe(true);
    expect(cards()).toEqual(['EL 10002']);
    await act(() => router.navigate({ to: '/support', search: {} }));
    await waitFor(() => expect(cards()).toEqual(['EL 10002']));

    await user.click(screen.getByRole('button', { name: 'Pin EL 10002' }));
    await waitFor(() => expect(screen.queryAllByTestId('vehicle-card')).toHaveLength(0));
    expect(screen.getByTestId('search-intro').isConnected).toBe(true);
  });

  it("shows 'No results' for nothing at all, and 'No users found' when only the users are missing", async () => {
    start('/support?search=zzz');
    expect((await screen.findByRole('heading', { name: 'No results' })).isConnected).toBe(true);
    expect(textOf(screen.getByTestId('no-results'))).toContain('Nothing matches “zzz”');
    cleanup();
    queryClient.clear();

    searchAnswer = () => json(200, { ...emptyResponse(), bookings: { ...emptyResponse().bookings, historic: page([searchBooking(4, 'historic')]) } });
    start('/support?search=EL%2012345');
    const users = await screen.findByTestId('user-results');
    expect(textOf(users)).toContain('No users found');
    expect(screen.queryByTestId('no-results')).toBeNull();
    // No vehicle matched: the vehicles panel is left out rather than shown empty.
    expect(screen.queryByTestId('vehicle-results')).toBeNull();
    expect(textOf(screen.getByTestId('bookings-active'))).toContain('No bookings found');
  });

  it('hints at matches in another operator’s fleet, with a link when one exists', async () => {
    const hints: OtherFleetHint[] = [
      { fleet: 'malar', fleetName: 'Mälar Mobility', vehicles: 1, users: 2, bookings: 0, link: 'https://malar.example/support?search=ABC%20123' },
      { fleet: 'other', fleetName: 'Other Mobility', vehicles: 0, users: OTHER_FLEET_COUNT_CAP, bookings: 0, link: null },
      { fleet: 'none', fleetName: 'No Matches', vehicles: 0, users: 0, bookings: 0, link: null },
    ];
    searchAnswer = () => json(200, { ...emptyResponse(), otherFleets: hints });
    start('/support?search=ABC%20123');
    const shown = await screen.findAllByTestId('other-fleet-hint');
    expect(shown).toHaveLength(2);
    expect(textOf(shown[0]!)).toContain('3 matches at Mälar Mobility');
    expect(textOf(shown[0]!)).toContain('2 users, 1 vehicle');
    const link = within(shown[0]!).getByRole('link', { name: 'Open at Mälar Mobility' });
    expect(link.getAttribute('href')).toBe('https://malar.example/support?search=ABC%20123');
    expect(link.getAttribute('target')).toBe('_blank');
    // The server counts up to a cap: at the cap the count reads "or more".
    expect(textOf(shown[1]!)).toContain(`${OTHER_FLEET_COUNT_CAP}+ matches at Other Mobility`);
    expect(textOf(shown[1]!)).toContain(`${OTHER_FLEET_COUNT_CAP}+ users`);
    expect(within(shown[1]!).queryByRole('link')).toBeNull();
    expect(screen.getByRole('heading', { name: 'No results' }).isConnected).toBe(true);
  });

  it('shows a loading state, then an error with a retry that runs the search again', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    searchAnswer = () => {
      attempts += 1;
      return attempts === 1 ? backend.error(400, 'errorId.apigw.invalid.input', 'The request is not valid') : json(200, emptyResponse());
    };
    let release = () => {};
    searchGate = new Promise((resolve) => {
      release = resolve;
    });
    start('/support?search=Nordmann');
    expect((await screen.findByRole('status', { name: 'Searching…' })).getAttribute('aria-busy')).toBe('true');
    release();
    const error = await screen.findByTestId('search-error');
    expect(textOf(error)).toContain('The search failed');
    expect(textOf(error)).toContain('The request is not valid');
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('heading', { name: 'No results' })).isConnected).toBe(true);
    expect(attempts).toBe(2);
  });
});

// ---------- support mode's username filter (docs/decisions/0036-support-mode.md) ----------

describe('pinned user-name filter', () => {
  // The signed-in staff member of these tests is fjord's 'support'.
  const PIN_KEY = 'fleetdesk.support.userFilter.fjord.support';
  const pinUser = (username: string) => window.sessionStorage.setItem(PIN_KEY, username);
  const pinned = () => window.sessionStorage.getItem(PIN_KEY);
  const supportModeOff = () => window.localStorage.setItem('fleetdesk.supportMode.fjord.support', 'off');
  const userChip = () => screen.getByTestId('filter-user');
  const deleteUserChip = () => fireEvent.click(within(userChip()).getByTestId('CancelIcon'));
  const filterBox = (username: string) => screen.getByRole('checkbox', { name: `Filter the support search by ${username}` }) as HTMLInputElement;
  const usersAnswer = () => json(200, { ...emptyResponse(), users: page([searchUser(1), searchUser(2)]) });

  it('adds the pinned user name to a search without one, in place of the address, and searches with it only', async () => {
    pinUser('demo.active');
    const router = start('/support?search=Nordmann');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Nordmann', user: 'demo.active' }));
    // Replaced, not pushed: Back does not return to the unfiltered search.
    expect(router.history.length).toBe(1);
    await waitFor(() => expect(lastSearch()).toEqual({ search: 'Nordmann', user: 'demo.active' }));
    expect(searchCalls().every((call) => call.query.get('user') === 'demo.active')).toBe(true);
    expect(textOf(userChip())).toBe('User name: demo.active');
    expect(searchBox().value).toBe('Nordmann');
  });

  it('turns plain /support into a search for the pinned user, but leaves a user name in the address alone', async () => {
    pinUser('demo.active');
    const router = start('/support');
    await waitFor(() => expect(router.state.location.href).toBe('/support?user=demo.active'));
    await waitFor(() => expect(lastSearch()).toEqual({ user: 'demo.active' }));
    expect(screen.queryByTestId('search-intro')).toBeNull();

    await act(() => router.navigate({ to: '/support', search: { search: 'EL 12345', user: 'someone.else' } }));
    await waitFor(() => expect(lastSearch()).toEqual({ search: 'EL 12345', user: 'someone.else' }));
    expect(router.state.location.search).toEqual({ search: 'EL 12345', user: 'someone.else' });
    expect(textOf(userChip())).toBe('User name: someone.else');
    expect(pinned()).toBe('demo.active');
  });

  it('is not applied outside support mode, and stays pinned', async () => {
    supportModeOff();
    pinUser('demo.active');
    const router = start('/support?search=Nordmann');
    await waitFor(() => expect(lastSearch()).toEqual({ search: 'Nordmann' }));
    expect(router.state.location.search).toEqual({ search: 'Nordmann' });
    expect(textOf(userChip())).toBe('User name');
    expect(searchCalls().some((call) => call.query.has('user'))).toBe(false);
    expect(pinned()).toBe('demo.active');

    // Plain /support stays plain.
    await act(() => router.navigate({ to: '/support', search: {} }));
    expect(router.state.location.href).toBe('/support');
    expect(screen.getByTestId('search-intro').isConnected).toBe(true);
  });

  it('unpins when the chip is deleted, so the user name does not come back', async () => {
    pinUser('demo.active');
    const router = start('/support?search=Nordmann');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Nordmann', user: 'demo.active' }));
    deleteUserChip();
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Nordmann' }));
    expect(pinned()).toBeNull();
    await waitFor(() => expect(lastSearch()).toEqual({ search: 'Nordmann' }));
    expect(textOf(userChip())).toBe('User name');
    expect(router.state.location.search).toEqual({ search: 'Nordmann' });

    // A later search has no user name either.
    await act(() => router.navigate({ to: '/support', search: { search: 'EL 12345' } }));
    await waitFor(() => expect(lastSearch()).toEqual({ search: 'EL 12345' }));
    expect(router.state.location.search).toEqual({ search: 'EL 12345' });
  });

  it("unpins when the chip is confirmed with another name, and on 'Clear all'", async () => {
    const user = userEvent.setup();
    pinUser('demo.active');
    const router = start('/support?search=Nordmann');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Nordmann', user: 'demo.active' }));
    await user.click(userChip());
    const dialog = await screen.findByRole('dialog', { name: 'User name' });
    const input = within(dialog).getByRole('textbox', { name: 'User name' });
    await user.clear(input);
    await user.type(input, 'someone.else{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Nordmann', user: 'someone.else' }));
    expect(pinned()).toBeNull();

    pinUser('demo.active');
    resetPinnedUserFilterCache();
    await act(() => router.navigate({ to: '/support', search: { search: 'EL 12345' } }));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'EL 12345', user: 'demo.active' }));
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.href).toBe('/support'));
    expect(pinned()).toBeNull();
    expect(screen.getByTestId('search-intro').isConnected).toBe(true);
  });

  it('keeps the pin when a search changes only the text', async () => {
    const user = userEvent.setup();
    pinUser('demo.active');
    const router = start('/support?search=Nordmann');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Nordmann', user: 'demo.active' }));
    await user.clear(searchBox());
    await user.type(searchBox(), 'EL 12345{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'EL 12345', user: 'demo.active' }));
    expect(pinned()).toBe('demo.active');
  });

  it('offers a filter checkbox per user row that pins the user and searches with it, and unpins again', async () => {
    const user = userEvent.setup();
    searchAnswer = usersAnswer;
    const router = start('/support?search=Nordmann');
    const users = await screen.findByTestId('user-results');
    expect(within(users).getByRole('columnheader', { name: 'User-name filter' }).isConnected).toBe(true);
    expect(filterBox('user.1').checked).toBe(false);
    expect(filterBox('user.2').checked).toBe(false);

    await user.click(filterBox('user.2'));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Nordmann', user: 'user.2' }));
    // A new search: a history entry of its own; the row's link was not followed.
    expect(router.history.length).toBe(2);
    expect(router.state.location.pathname).toBe('/support');
    expect(pinned()).toBe('user.2');
    await waitFor(() => expect(lastSearch()).toEqual({ search: 'Nordmann', user: 'user.2' }));
    await waitFor(() => expect(filterBox('user.2').checked).toBe(true));
    expect(filterBox('user.1').checked).toBe(false);
    expect(textOf(userChip())).toBe('User name: user.2');

    await user.click(filterBox('user.2'));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Nordmann' }));
    expect(pinned()).toBeNull();
    await waitFor(() => expect(filterBox('user.2').checked).toBe(false));
    expect(textOf(userChip())).toBe('User name');
  });

  it('shows no filter checkboxes outside support mode', async () => {
    supportModeOff();
    searchAnswer = usersAnswer;
    start('/support?search=Nordmann');
    const users = await screen.findByTestId('user-results');
    expect(within(users).getAllByTestId('user-row')).toHaveLength(2);
    expect(within(users).queryAllByRole('checkbox')).toEqual([]);
    expect(within(users).queryByRole('columnheader', { name: 'User-name filter' })).toBeNull();
  });
});
