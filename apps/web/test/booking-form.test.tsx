import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatMessage, msToWallClock, wallClockToMs } from '@fleetdesk/contract';
import type { AvailabilityResponse, Booking, Contract, MetadataSpecEntry, PriceResponse, UsablePool, UserSummary } from '@fleetdesk/contract';
import { BookingForm } from '@/features/bookings';
import { i18n } from '@/lib/i18n/i18n';
import { abilitiesFor } from './fixtures/booking';
import { startApp, teardownApp } from './support/app-harness';
import { fakeBackend, jsonResponse, type FakeBackend } from './support/backend';
import { renderInApp } from './support/component-harness';
import { signIn } from './support/session';

const OSLO = 'Europe/Oslo';
const DAY = 24 * 3_600_000;
/**
 * The file's clock: Tuesday 10 March 2026, 08:05 in Oslo (winter time, weeks from a daylight-saving change), so
 * "today", "tomorrow", the next Monday and the form's earliest start never depend on the day or hour the suite runs.
 */
const NOW = Date.parse('2026-03-10T08:05:00+01:00');

// ---------------------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------------------

const metaDataSpec: MetadataSpecEntry[] = [
  { key: 'project', label: 'Project', description: 'The project to charge', type: 'TEXT', choices: null, placeholder: null, required: true },
  { key: 'costCentre', label: 'Cost centre', description: null, type: 'INTEGER', choices: null, placeholder: null, required: false },
  {
    key: 'purpose',
    label: 'Purpose',
    description: null,
    type: 'CHOICE',
    choices: ['Customer meeting', 'Training'],
    placeholder: null,
    required: false,
  },
];

const contract = (patch: Partial<Contract>): Contract => ({
  id: 1,
  name: 'Fjord Privat',
  contractType: 'PRIVATE',
  adminFee: 59,
  currency: 'NOK',
  maxBookingDuration: 'P14D',
  minBookingDuration: 'PT1H',
  oneWayAllowed: false,
  onlyOneBookingAtTheSameTimeAllowed: false,
  taxiFromPools: [],
  priceList: [
    { name: 'ADMIN_BOOKING_FEE', cost: 59 },
    { name: 'VAT', cost: 0.25 },
    { name: 'PER_HOUR', cost: 89 },
  ],
  metaDataSpec: [],
  bookableRules: [{ minDuration: 'PT1H', maxDuration: 'P14D', appliedDuring: 'ALWAYS', appliesDuring: null }],
  companyId: null,
  ...patch,
});

const PRIVATE = contract({});
const COMPANY = contract({
  id: 2,
  name: 'Nordlys – bedriftsavtale',
  contractType: 'COMPANY',
  minBookingDuration: 'PT30M',
  maxBookingDuration: 'P7D',
  oneWayAllowed: true,
  taxiFromPools: [3],
  priceList: [
    { name: 'VAT', cost: 0.25 },
    { name: 'PER_HOUR', cost: 79 },
  ],
  metaDataSpec,
  bookableRules: [],
});
const HOUSING = contract({
  id: 3,
  name: 'Fjordbo',
  contractType: 'COMPANY',
  minBookingDuration: null,
  maxBookingDuration: null,
  onlyOneBookingAtTheSameTimeAllowed: true,
  // A free admin fee, as the demo's "drift" contract: no fee (the server adds none).
  priceList: [
    { name: 'VAT', cost: 0.25 },
    { name: 'ADMIN_BOOKING_FEE', cost: 0 },
  ],
  bookableRules: [{ minDuration: 'PT1H', maxDuration: 'P3D', appliedDuring: 'SCHEDULED', appliesDuring: { from: '07:00', to: '17:00' } }],
});

const pool = (poolId: number, name: string, city: string, patch: Partial<UsablePool> = {}): UsablePool => ({
  poolId,
  pool: name,
  city,
  disabled: false,
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
  allowedContracts: [1, 2, 3],
  lat: null,
  lon: null,
  directAccess: true,
  ...patch,
});
const POOLS = [
  pool(1, 'Grünerløkka', 'Oslo'),
  pool(3, 'Bjørvika', 'Oslo'),
  pool(9, 'Sandviken', 'Bergen', { directAccess: false, allowedContracts: [] }),
];

const KARI: UserSummary = {
  username: 'demo.active',
  givenName: 'Kari',
  familyName: 'Nordmann',
  emailAddress: 'kari@example.no',
  mobilePhone: '+4798765432',
  customerNumber: '100001',
  status: 'ACTIVE',
  companyName: 'Nordlys Oslo',
  suspiciousRegistration: false,
  premiumAccess: true,
  verifiedDriversLicense: true,
  licenseState: 'VERIFIED',
  vehicleAccess: 'PREMIUM',
  applyDate: null,
};

const HENRIK: UserSummary = { ...KARI, username: 'demo.blocked', givenName: 'Henrik', familyName: 'Lien', status: 'BLOCKED' };

const availability = (poolId: number): AvailabilityResponse =>
  poolId === 9
    ? { vehicles: [], classes: [], models: [], vehiclesInPool: 0 }
    : {
        vehicles: [
          {
            vin: 'WVWZZZE1ZPP012345',
            registrationNumber: 'EL 12345',
            longPresentation: 'VW ID.3 Pro (EL 12345)',
            modelId: 1,
            modelName: 'VW ID.3 Pro',
            priceClass: 'Small car',
            vehicleCategory: 'CAR',
            electric: true,
            estimatedPrice: { totalPriceWithVat: 412.5, totalVat: 82.5, currency: 'NOK' },
          },
        ],
        classes: [{ className: 'Small car', vehicleCategory: 'CAR', available: 1 }],
        models: [{ modelId: 1, modelName: 'VW ID.3 Pro', priceClass: 'Small car', vehicleCategory: 'CAR', available: 1 }],
        vehiclesInPool: 3,
      };

const PRICE: PriceResponse = { totalPriceWithVat: 412.5, totalVat: 82.5, currency: 'NOK', totalPriceWithoutVat: 330, lines: [] };

const createdBooking = (patch: Partial<Booking> = {}): Booking => ({
  bid: 'BID1000000777',
  state: 'INACTIVE',
  displayState: 'INACTIVE',
  actions: ['CANCEL'],
  abilities: abilitiesFor({ state: 'INACTIVE', actions: ['CANCEL'], payment: null }),
  user: { username: 'demo.active', fullNameLastFirst: 'Nordmann, Kari' },
  contractId: 1,
  contract: { id: 1, name: 'Fjord Privat', contractType: 'PRIVATE', currency: 'NOK', adminFee: 59 },
  bookedInterval: { start: '2030-01-01T10:00:00+01:00', end: '2030-01-01T12:00:00+01:00' },
  usageTime: null,
  startTime: '2030-01-01T10:00:00+01:00',
  endTime: '2030-01-01T12:00:00+01:00',
  fromLocation: { city: 'Oslo', pool: 'Grünerløkka', poolId: 1 },
  toLocation: { city: 'Oslo', pool: 'Grünerløkka', poolId: 1 },
  note: null,
  distance: null,
  estimatedDistance: 25,
  tripType: 'PRIVATE',
  rideShare: 'NOT_SELECTED',
  taxiAcceptable: 'NOT_SELECTED',
  vehicleAllocation: { state: 'NOT_ALLOCATED', vehicle: null, specification: { type: 'CLASS', className: 'Small car', vehicleCategory: 'CAR' } },
  checkoutRequired: false,
  allocateOnActivation: false,
  irrevocableUntil: null,
  lockedForUser: false,
  paymentsRequiringAuthorization: [],
  metadata: {},
  estimatedPriceWithoutVat: 330,
  estimatedVat: 82.5,
  adjustedValues: null,
  technicalIssueReported: false,
  ...patch,
});

// ---------------------------------------------------------------------------------------------------------
// A fake server
// ---------------------------------------------------------------------------------------------------------

let backend: FakeBackend;
let contracts: Contract[] = [];
let ownBookings: Booking[] = [];
/** What PUT /api/bookings/{bid} answers. */
let updateAnswer: (body: unknown) => Response = () => json(200, createdBooking());

const json = jsonResponse;

/** The routes the form asks, on the shared fake backend (an unanswered route gets the 404 envelope). */
function answerTheForm() {
  backend.on('GET /api/users', ({ query }) => {
    const text = (query.get('query') ?? query.get('username') ?? '').toLowerCase();
    const statuses = query.getAll('status');
    const results = [KARI, HENRIK].filter(
      (u) => `${u.givenName} ${u.familyName} ${u.username}`.toLowerCase().includes(text) && (statuses.length === 0 || statuses.includes(u.status)),
    );
    return { results, moreResults: false, currentPage: 0, total: results.length, totalCapped: false, orderedBy: 'name' };
  });
  backend.on('GET /api/users/:username/contracts', ({ params }) =>
    params.username === 'demo.blocked' ? [contract({ id: 4, name: 'Orphan contract' })] : params.username === 'demo.active' ? contracts : undefined,
  );
  backend.on('GET /api/users/:username/usable-pools', ({ params }) =>
    params.username === 'demo.blocked' || params.username === 'demo.active' ? POOLS : undefined,
  );
  backend.on('GET /api/users/:username/bookings', ({ params }) =>
    params.username === 'demo.active' ? ownBookings.map((own) => ({ ...own, listHighlight: null })) : undefined,
  );
  backend.on('GET /api/bookings/suggestions', () => []);
  backend.on('GET /api/contracts/:contractId/rules', ({ params }) => {
    const found = contracts.find((c) => c.id === Number(params.contractId));
    return found
      ? { rules: [], minBookingDuration: found.minBookingDuration, maxBookingDuration: found.maxBookingDuration, bookableRules: found.bookableRules }
      : backend.error(404, 'errorId.core.routeNotFound', 'Route not found');
  });
  backend.on('GET /api/availability', ({ query }) => availability(Number(query.get('fromPoolId'))));
  backend.on('POST /api/price', () => PRICE);
  backend.on('POST /api/bookings', () => json(201, createdBooking()));
  backend.on('PUT /api/bookings/:bid', ({ params, body }) => (params.bid === 'BID1000000777' ? updateAnswer(body) : undefined));
}

beforeEach(async () => {
  contracts = [PRIVATE, COMPANY, HOUSING];
  ownBookings = [];
  updateAnswer = () => json(200, createdBooking());
  window.localStorage.clear();
  backend = fakeBackend();
  answerTheForm();
  signIn();
  // Only Date is faked, and it runs on from NOW: the timers stay real, so the form, the queries and userEvent run as usual.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
  await i18n.changeLanguage('en-GB');
});

// Unmounts, signs out, empties the query cache and puts fetch back (and disconnects an app a test started).
afterEach(() => {
  teardownApp();
  vi.useRealTimers();
});

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

const isDisabled = (element: Element) => element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true';
const valueOf = (element: Element) => (element as HTMLInputElement).value;
const textOf = (element: Element | null) => element?.textContent ?? '';

/** A wall-clock date in Oslo `days` from NOW, at the given time. */
function osloDay(days: number, time: string): string {
  return `${msToWallClock(NOW + days * DAY, OSLO).slice(0, 10)}T${time}`;
}

/** The next date in Oslo (from tomorrow on) with the given ISO weekday (1 Monday … 7 Sunday). */
function nextWeekday(isoWeekday: number, time: string): string {
  for (let days = 1; days <= 8; days++) {
    const date = osloDay(days, '12:00');
    const weekday = new Date(`${date.slice(0, 10)}T12:00:00Z`).getUTCDay() || 7;
    if (weekday === isoWeekday) return `${date.slice(0, 10)}T${time}`;
  }
  throw new Error('no such weekday');
}

const addDays = (wall: string, days: number, time: string) =>
  `${msToWallClock((wallClockToMs(wall, OSLO) ?? 0) + days * DAY, OSLO).slice(0, 10)}T${time}`;

function renderForm(props: Partial<Parameters<typeof BookingForm>[0]> = {}) {
  const onCreated = vi.fn();
  const onUserChange = vi.fn();
  renderInApp(<BookingForm timeZone={OSLO} initialUser="demo.active" onCreated={onCreated} onUserChange={onUserChange} {...props} />);
  return { onCreated, onUserChange };
}

/** A wall-clock value ('YYYY-MM-DDTHH:mm') as the date-time fields show it ('YYYY-MM-DD HH:mm', §9). */
const shown = (wallClock: string) => wallClock.replace('T', ' ');
/** A date-time field (a group of spinbuttons) keeps its text in a hidden input, which also takes a whole value. */
const timeInput = (name: RegExp) => screen.getByRole('group', { name }).querySelector('input') as HTMLInputElement;
const startInput = () => timeInput(/^Start/);
const endInput = () => timeInput(/^End/);
const setTime = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value: shown(value) } });
// `hidden`: the button is still asked about while the dialog hides the page from assistive technology.
const reviewButton = () => screen.getByRole('button', { name: 'Review booking', hidden: true });

async function chooseContract(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await waitFor(() => expect(isDisabled(screen.getByRole('combobox', { name: /^Contract/ }))).toBe(false));
  await user.click(screen.getByRole('combobox', { name: /^Contract/ }));
  await user.click(await screen.findByRole('option', { name }));
}

async function choosePool(user: ReturnType<typeof userEvent.setup>, label: RegExp, name: string) {
  const input = screen.getByRole('combobox', { name: label });
  await user.click(input);
  await user.click(await screen.findByRole('option', { name }));
}

// ---------------------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------------------

describe('booking form: times', () => {
  it('pushes the end to start + 1 h, and the start to end − 1 h (§5)', async () => {
    renderForm();
    await screen.findByRole('heading', { name: 'New booking' });
    setTime(startInput(), osloDay(1, '10:00'));
    setTime(endInput(), osloDay(1, '12:00'));
    expect(valueOf(startInput())).toBe(shown(osloDay(1, '10:00')));

    setTime(startInput(), osloDay(1, '13:30'));
    expect(valueOf(endInput())).toBe(shown(osloDay(1, '14:30')));

    setTime(startInput(), osloDay(1, '14:30'));
    expect(valueOf(endInput())).toBe(shown(osloDay(1, '15:30')));

    setTime(endInput(), osloDay(1, '09:00'));
    expect(valueOf(startInput())).toBe(shown(osloDay(1, '08:00')));

    // A start before the end leaves the end alone.
    setTime(startInput(), osloDay(1, '08:30'));
    expect(valueOf(endInput())).toBe(shown(osloDay(1, '09:00')));
  });

  it('refuses a start before today and shows the minimum', async () => {
    renderForm();
    await screen.findByRole('heading', { name: 'New booking' });
    setTime(startInput(), osloDay(-1, '10:00'));
    expect(textOf(await screen.findByText(/^Must not be before/))).toContain(osloDay(0, '00:00').replace('T', ' '));
  });
});

describe('booking form: contract rules', () => {
  it('keeps the to-pool on the from-pool unless the contract allows one-way (§5)', async () => {
    const user = userEvent.setup();
    renderForm();
    await chooseContract(user, /Fjord Privat/);
    await waitFor(() => expect(isDisabled(screen.getByRole('combobox', { name: /^From pool/ }))).toBe(false));
    await choosePool(user, /^From pool/, 'Grünerløkka');
    const toPool = screen.getByRole('combobox', { name: /^To pool/ });
    expect(isDisabled(toPool)).toBe(true);
    expect(valueOf(toPool)).toBe('Grünerløkka');
    expect(screen.getByText('Round trip: the contract does not allow one-way bookings.')).toBeTruthy();

    await chooseContract(user, /Nordlys/);
    await waitFor(() => expect(isDisabled(screen.getByRole('combobox', { name: /^To pool/ }))).toBe(false));
    await choosePool(user, /^To pool/, 'Bjørvika');
    expect(valueOf(screen.getByRole('combobox', { name: /^To pool/ }))).toBe('Bjørvika');

    // Back to a round-trip contract: the to-pool follows the from-pool again.
    await chooseContract(user, /Fjord Privat/);
    expect(valueOf(screen.getByRole('combobox', { name: /^To pool/ }))).toBe('Grünerløkka');
  });

  it('marks pools without direct access and shows the access-override notice', async () => {
    const user = userEvent.setup();
    renderForm();
    await chooseContract(user, /Fjord Privat/);
    await choosePool(user, /^From pool/, 'Sandviken *');
    expect(textOf(await screen.findByText(/no direct access to pools marked with \*/))).toContain('overrides the access rules');
    expect(textOf(await screen.findByText('There are no vehicles in the pool'))).toBeTruthy();
  });

  it('checks the metadata of the contract: required when flagged, integers must be numbers (§5)', async () => {
    const user = userEvent.setup();
    renderForm();
    await chooseContract(user, /Nordlys/);
    const project = await screen.findByLabelText(/^Project/);
    const costCentre = screen.getByLabelText(/^Cost centre/);
    expect(screen.getByRole('combobox', { name: /^Purpose/ })).toBeTruthy();

    await user.click(project);
    await user.tab();
    expect(textOf(await screen.findByText('Required'))).toBe('Required');
    await user.type(costCentre, '12a');
    await user.tab();
    expect(textOf(await screen.findByText('Must be a number'))).toBe('Must be a number');

    await user.type(project, 'NORD-1042');
    await user.clear(costCentre);
    await user.type(costCentre, '4711');
    await waitFor(() => expect(screen.queryByText('Must be a number')).toBeNull());
    expect(screen.queryByText('Required')).toBeNull();
  });

  it('shows the inline length message, clears it with ignore-rules (§5)', async () => {
    const user = userEvent.setup();
    renderForm();
    await chooseContract(user, /Fjord Privat/);
    setTime(startInput(), osloDay(1, '10:00'));
    setTime(endInput(), osloDay(1, '10:30'));
    expect(textOf(await screen.findByText('Bookings must be at least 1 hour.'))).toBeTruthy();
    expect(isDisabled(reviewButton())).toBe(true);

    expect(textOf(document.getElementById('booking-form-end-helper'))).toBe('Bookings must be at least 1 hour.');
    await user.click(screen.getByRole('checkbox', { name: 'Ignore booking rules' }));
    expect(textOf(await screen.findByTestId('booking-rules-expanded'))).toBe('Rules ignored: Bookings must be at least 1 hour.');
    expect(textOf(document.getElementById('booking-form-end-helper'))).toBe('Duration: 30 mins');

    await user.click(screen.getByRole('checkbox', { name: 'Ignore booking rules' }));
    setTime(endInput(), addDays(osloDay(1, '10:00'), 15, '10:00'));
    expect(textOf(await screen.findByText('Bookings can be at most 14 days.'))).toBeTruthy();
  });

  it('shows the expanded message with the schedule times for a Monday–Friday rule (§5)', async () => {
    const user = userEvent.setup();
    renderForm();
    await chooseContract(user, /Fjordbo/);
    const monday = nextWeekday(1, '10:00');
    setTime(startInput(), monday);
    setTime(endInput(), addDays(monday, 0, '10:30'));
    expect(textOf(await screen.findByText('Bookings must be at least 1 hour.'))).toBeTruthy();
    expect(textOf(screen.getByTestId('booking-rules-expanded'))).toBe(
      formatMessage('bookingTooShortScheduled', { duration: '1 hour', from: '07:00', to: '17:00' }),
    );

    setTime(endInput(), addDays(monday, 3, '12:00'));
    expect(textOf(await screen.findByText('Bookings can be at most 3 days.'))).toBeTruthy();
    expect(textOf(screen.getByTestId('booking-rules-expanded'))).toBe(
      formatMessage('bookingTooLongScheduled', { duration: '3 days', from: '07:00', to: '17:00' }),
    );

    // Saturday morning is outside the window: no rule applies.
    const saturday = nextWeekday(6, '10:00');
    setTime(endInput(), addDays(saturday, 0, '10:30'));
    setTime(startInput(), saturday);
    await waitFor(() => expect(screen.queryByTestId('booking-rules-expanded')).toBeNull());
    expect(screen.queryByText(/^Bookings /)).toBeNull();
  });

  it('warns about overlapping own bookings when the contract allows one at a time', async () => {
    const user = userEvent.setup();
    const start = osloDay(2, '10:00');
    ownBookings = [
      createdBooking({
        bid: 'BID1000000042',
        startTime: new Date((wallClockToMs(start, OSLO) ?? 0) + 3_600_000).toISOString(),
        endTime: new Date((wallClockToMs(start, OSLO) ?? 0) + 5 * 3_600_000).toISOString(),
      }),
    ];
    renderForm();
    await chooseContract(user, /Fjordbo/);
    setTime(startInput(), start);
    setTime(endInput(), addDays(start, 0, '13:00'));
    expect(textOf(await screen.findByText(/allows only one booking at a time/, {}, { timeout: 3000 }))).toContain('BID1000000042');
  });

  it('warns when the customer is not active, and when no pool serves the contract', async () => {
    const user = userEvent.setup();
    renderForm({ initialUser: 'demo.blocked' });
    expect(await screen.findByText('User is not active')).toBeTruthy();
    await waitFor(() => expect(valueOf(screen.getByRole('combobox', { name: /^Customer/ }))).toBe('Lien, Henrik (demo.blocked)'));
    await chooseContract(user, /Orphan contract/);
    expect(await screen.findByText('There are no pools on the contract')).toBeTruthy();
  });

  it('warns when the customer has no contracts', async () => {
    contracts = [];
    renderForm();
    expect(textOf(await screen.findByText('The user has no contracts'))).toBeTruthy();
  });

  it('offers taxi only from the contract’s taxi pools, and the admin fee only with an ADMIN_BOOKING_FEE above 0', async () => {
    const user = userEvent.setup();
    renderForm();
    await chooseContract(user, /Fjord Privat/);
    expect(screen.getByRole('checkbox', { name: /^Add admin booking fee \(NOK\s59\.00\)$/ })).toBeTruthy();
    await chooseContract(user, /Fjordbo/);
    expect(screen.queryByRole('checkbox', { name: /admin booking fee/ })).toBeNull();
    await chooseContract(user, /Nordlys/);
    expect(screen.queryByRole('checkbox', { name: /admin booking fee/ })).toBeNull();
    await choosePool(user, /^From pool/, 'Grünerløkka');
    expect(screen.queryByRole('checkbox', { name: 'Taxi acceptable' })).toBeNull();
    await choosePool(user, /^From pool/, 'Bjørvika');
    const taxi = await screen.findByRole('checkbox', { name: 'Taxi acceptable' });
    expect((taxi as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Ride share acceptable' }) as HTMLInputElement).checked).toBe(false);
  });
});

describe('booking form: submit', () => {
  it('is disabled while pristine, invalid or submitting, and confirms in the dialog', async () => {
    const user = userEvent.setup();
    const { onCreated } = renderForm();
    await screen.findByRole('heading', { name: 'New booking' });
    expect(isDisabled(reviewButton())).toBe(true);

    await chooseContract(user, /Fjord Privat/);
    expect(isDisabled(reviewButton())).toBe(true);
    await choosePool(user, /^From pool/, 'Grünerløkka');
    setTime(startInput(), osloDay(1, '10:00'));
    setTime(endInput(), osloDay(1, '12:00'));
    const priceClass = screen.getByRole('combobox', { name: /^Price class/ });
    await waitFor(() => expect(isDisabled(priceClass)).toBe(false), { timeout: 3000 });
    await user.click(priceClass);
    await user.click(await screen.findByRole('option', { name: /Small car/ }));
    await waitFor(() => expect(isDisabled(reviewButton())).toBe(false));

    const distance = screen.getByLabelText(/^Estimated distance/);
    await user.clear(distance);
    await user.type(distance, 'far');
    expect(textOf(await screen.findByText('Must be a number'))).toBeTruthy();
    expect(isDisabled(reviewButton())).toBe(true);
    await user.clear(distance);
    await user.type(distance, '40');
    await waitFor(() => expect(isDisabled(reviewButton())).toBe(false));

    await waitFor(() => expect(textOf(screen.getByTestId('booking-estimate'))).toContain('412.50'), { timeout: 3000 });

    // A broken length rule blocks the submit until ignore-rules is ticked.
    setTime(endInput(), osloDay(1, '10:30'));
    await waitFor(() => expect(isDisabled(reviewButton())).toBe(true));
    await user.click(screen.getByRole('checkbox', { name: 'Ignore booking rules' }));
    await waitFor(() => expect(isDisabled(reviewButton())).toBe(false));
    await user.click(screen.getByRole('checkbox', { name: 'Ignore booking rules' }));
    setTime(endInput(), osloDay(1, '12:00'));
    await waitFor(() => expect(isDisabled(reviewButton())).toBe(false));

    await user.click(reviewButton());
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the booking' });
    expect(isDisabled(reviewButton())).toBe(true);
    expect(textOf(dialog)).toContain('Nordmann, Kari (demo.active)');
    expect(textOf(dialog)).toContain('Grünerløkka, Oslo');
    expect(textOf(dialog)).toContain('2 hrs');
    expect(textOf(dialog)).toContain('40 km');

    await user.click(within(dialog).getByRole('button', { name: 'Create booking' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ bid: 'BID1000000777' })));
    const post = backend.calls.find((call) => call.method === 'POST' && call.path === '/api/bookings');
    expect(post?.body).toMatchObject({
      user: 'demo.active',
      contractId: 1,
      startTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T10:00:00\+0[12]:00$/),
      endTime: expect.stringMatching(/T12:00:00\+0[12]:00$/),
      fromLocation: { poolId: 1 },
      toLocation: { poolId: 1 },
      vehicleSpecification: { type: 'CLASS', className: 'Small car', vehicleCategory: 'CAR' },
      estimatedDistance: 40,
      rideShare: 'NOT_SELECTED',
      taxiAcceptable: 'NOT_SELECTED',
      ignoreRules: false,
      adminFeeAdded: false,
      overridePoolAccess: false,
    });
    expect(textOf(await screen.findByText('Booking created'))).toBeTruthy();
  });

  it('searches ACTIVE users only and keeps the chosen customer in the URL', async () => {
    const user = userEvent.setup();
    const router = startApp('/booking');
    const customer = await screen.findByRole('combobox', { name: /^Customer/ }, { timeout: 3000 });
    await user.type(customer, 'kari');
    await user.click(await screen.findByRole('option', { name: /Nordmann, Kari \(demo\.active\)/ }, { timeout: 3000 }));
    const search = backend.calls.find((call) => call.path === '/api/users' && call.query.get('query') === 'kari');
    expect(search?.query.get('status')).toBe('ACTIVE');
    await waitFor(() => expect(router.state.location.search).toEqual({ user: 'demo.active' }));
    await waitFor(() => expect(isDisabled(screen.getByRole('combobox', { name: /^Contract/ }))).toBe(false));
  });
});

describe('booking form: update', () => {
  const startedAt = NOW - 2 * 3_600_000;
  const started = createdBooking({
    state: 'ACTIVE',
    displayState: 'ACTIVE',
    startTime: new Date(startedAt).toISOString(),
    endTime: new Date(startedAt + 4 * 3_600_000).toISOString(),
    bookedInterval: { start: new Date(startedAt).toISOString(), end: new Date(startedAt + 4 * 3_600_000).toISOString() },
    usageTime: { start: new Date(startedAt + 600_000).toISOString(), end: null },
    note: 'Key in the box',
  });

  it('keeps the pools, start and distance of a started booking and saves the rest', async () => {
    const user = userEvent.setup();
    const onUpdated = vi.fn();
    renderInApp(<BookingForm booking={started} timeZone={OSLO} onUpdated={onUpdated} onCancel={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Change booking BID1000000777' })).toBeTruthy();
    await waitFor(() =>
      expect(valueOf(screen.getByRole('combobox', { name: /^Contract/ }).parentElement?.querySelector('input') ?? document.body)).toBe('1'),
    );
    expect(isDisabled(screen.getByRole('combobox', { name: /^Customer/ }))).toBe(true);
    await waitFor(() => expect(valueOf(screen.getByRole('combobox', { name: /^From pool/ }))).toBe('Grünerløkka'));
    expect(isDisabled(screen.getByRole('combobox', { name: /^From pool/ }))).toBe(true);
    expect(isDisabled(screen.getByRole('combobox', { name: /^To pool/ }))).toBe(true);
    expect(isDisabled(startInput())).toBe(true);
    expect(isDisabled(screen.getByLabelText(/^Estimated distance/))).toBe(true);
    expect(valueOf(startInput())).toBe(shown(msToWallClock(startedAt, OSLO)));
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(isDisabled(save)).toBe(true);

    // A started booking's end cannot push its fixed start.
    const end = msToWallClock(startedAt + 6 * 3_600_000, OSLO);
    setTime(endInput(), end);
    await waitFor(() => expect(isDisabled(save)).toBe(false));
    await user.click(save);
    await waitFor(() => expect(onUpdated).toHaveBeenCalled());
    const put = backend.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      contractId: 1,
      endTime: expect.stringMatching(/\+0[12]:00$/),
      vehicleSpecification: { type: 'CLASS', className: 'Small car', vehicleCategory: 'CAR' },
      tripType: 'PRIVATE',
      note: 'Key in the box',
      rideShare: 'NOT_SELECTED',
      taxiAcceptable: 'NOT_SELECTED',
      metadata: {},
      ignoreRules: false,
      overridePoolAccess: false,
    });
    expect(Date.parse((put?.body as { endTime: string }).endTime)).toBe(wallClockToMs(end, OSLO));
    expect(await screen.findByText('Booking updated')).toBeTruthy();
  });

  it('warns when the booked vehicle is no longer in the pool', async () => {
    const booked = createdBooking({
      vehicleAllocation: {
        state: 'ALLOCATED',
        vehicle: { vin: 'YV1XZEDV1SL040400', longPresentation: 'Volvo EX30 (UPP 404)', registrationNumber: 'UPP 404' },
        specification: { type: 'VEHICLE', vehicle: { vin: 'YV1XZEDV1SL040400', longPresentation: 'Volvo EX30 (UPP 404)' }, vehicleCategory: 'CAR' },
      },
      startTime: new Date(NOW + DAY).toISOString(),
      endTime: new Date(NOW + DAY + 2 * 3_600_000).toISOString(),
    });
    renderInApp(<BookingForm booking={booked} timeZone={OSLO} />);
    expect(await screen.findByText('The vehicle is no longer in the pool', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Vehicle/ }).textContent).toContain('Volvo EX30 (UPP 404)');
    // Not started: the pools and the start can still be changed.
    expect(isDisabled(startInput())).toBe(false);
  });

  it('shows the server’s rule errors on their fields and in the list', async () => {
    const user = userEvent.setup();
    updateAnswer = () =>
      json(400, {
        httpCode: 400,
        messageId: 'core.validation.validation.error.exist',
        message: 'The request is not valid',
        errors: [{ field: 'endTime', message: 'Bookings can be at most 14 days.', overridable: true, ruleName: 'contract.maxBookingDuration' }],
      });
    const onUpdated = vi.fn();
    renderInApp(<BookingForm booking={started} timeZone={OSLO} onUpdated={onUpdated} />);
    await screen.findByRole('heading', { name: 'Change booking BID1000000777' });
    await user.type(screen.getByLabelText(/^Note/), '!');
    const save = () => screen.getByRole('button', { name: 'Save changes' });
    await waitFor(() => expect(isDisabled(save())).toBe(false));
    await user.click(save());
    await waitFor(() => expect(textOf(document.getElementById('booking-form-end-helper'))).toBe('Bookings can be at most 14 days.'));
    expect(screen.getAllByText('Bookings can be at most 14 days.').length).toBe(2);
    expect(onUpdated).not.toHaveBeenCalled();
  });
});
