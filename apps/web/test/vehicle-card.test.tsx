import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Damage, SearchBooking, Vehicle, VehicleCommandResult, VehicleStatus } from '@fleetdesk/contract';
import { MESSAGE_IDS, MESSAGES } from '@fleetdesk/contract';
import { COMMAND_POLL_MS, sortDamage } from '@/features/vehicles/api/vehicles-api';
import { filenameFromContentDisposition } from '@/features/vehicles/api/fetch-blob';
import { formatLevel, levelColour } from '@/features/vehicles/components/status-display';
import { vehicleTimeline } from '@/features/vehicles/components/vehicle-timeline';
import { i18n } from '@/lib/i18n/i18n';
import { queryClient } from '@/lib/query/query-client';
import { resetBrowserState, startApp, teardownApp } from './support/app-harness';
import { commandsNeedingReasonFor, vehicleAbilitiesFor } from './fixtures/vehicle-abilities';
import { fakeBackend, jsonResponse, type BackendRoutes, type FakeBackend } from './support/backend';
import { signIn } from './support/session';

// ---------- a fake backend ----------

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const VIN = 'WVWZZZE1ZPP012345';

function makeStatus(overrides: Partial<VehicleStatus> = {}): VehicleStatus {
  return {
    vin: VIN,
    carBatteryVoltage: 12.46,
    dte: 310,
    fuelLevel: 85,
    isRefueling: false,
    odometer: 23456,
    keyholder: null,
    locked: true,
    immobilized: false,
    lat: 59.92,
    lon: 10.76,
    updated: iso(Date.now() - 10 * 60_000),
    alarms: [
      { name: 'EXTERNAL_BATTERY', triggered: false },
      { name: 'FUEL', triggered: false },
      { name: 'KEY_HOLDER', triggered: false },
    ],
    ...overrides,
  };
}

function makeVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  const vehicle: Omit<Vehicle, 'abilities' | 'commandsNeedingReason'> = {
    vin: VIN,
    registrationNumber: 'EL 12345',
    longPresentation: 'VW ID.3 Pro (EL 12345)',
    modelName: 'VW ID.3',
    modelId: 1,
    priceClass: 'B',
    color: 'Blue',
    wheelType: 'WINTER',
    fleet: 'fjord',
    vehicleCategory: 'CAR',
    agentHardwareType: 'keyless',
    primaryFuelType: 'BATTERY',
    keyholder: null,
    currentParkingPlaceInfo: null,
    publicNote: 'Charging cable in the boot',
    activeBookingBid: null,
    pool: { city: 'Oslo', pool: 'Grünerløkka', poolId: 1 },
    tires: 'Nokian winter',
    actions: ['UNLOCK', 'IMMOBILIZE'],
    status: makeStatus(),
    lastCommand: null,
    ...overrides,
  };
  return {
    ...vehicle,
    abilities: overrides.abilities ?? vehicleAbilitiesFor(vehicle),
    commandsNeedingReason: overrides.commandsNeedingReason ?? commandsNeedingReasonFor(vehicle.activeBookingBid),
  };
}

function makeBooking(bid: string, state: SearchBooking['state'], startMs: number, endMs: number): SearchBooking {
  return {
    bid,
    state,
    displayState: state === 'INACTIVE' ? 'FUTURE' : state,
    user: { username: 'demo.active', fullNameLastFirst: 'Nordmann, Kari' },
    startTime: iso(startMs),
    endTime: iso(endMs),
    usageStart: null,
    usageEnd: null,
    fromLocation: { city: 'Oslo', pool: 'Grünerløkka', poolId: 1 },
    vehicle: { vin: VIN, registrationNumber: 'EL 12345', longPresentation: 'VW ID.3 Pro (EL 12345)' },
    vehicleCategory: 'CAR',
  };
}

let vehicle: Vehicle;
let bookings: SearchBooking[];
let damage: Damage[];
let backend: FakeBackend;

const callsTo = (method: string, path: string) => backend.callsTo(path, method);

function start(path = `/vehicles/${VIN}`) {
  signIn();
  return startApp(path);
}

const textOf = (element: Element) => element.textContent ?? '';
const card = () => screen.findByTestId('vehicle-card');

beforeEach(async () => {
  vehicle = makeVehicle();
  bookings = [];
  damage = [];
  resetBrowserState();
  backend = fakeBackend();
  backend.on('GET /api/vehicles/by-vin/:vin', ({ params }) =>
    params.vin === VIN ? vehicle : backend.error(404, 'errorId.core.vehicle.notFound', 'Vehicle not found'),
  );
  backend.on('GET /api/vehicles/statusFor', () => (vehicle.status ? [vehicle.status] : []));
  backend.on('GET /api/vehicles/by-vin/:vin/bookings', () => bookings);
  backend.on('GET /api/events', () => ({ results: [], moreResults: false, currentPage: 0, nextCursor: null }));
  backend.on('GET /api/alarms', () => ({ results: [], moreResults: false, nextCursor: null }));
  backend.on('GET /api/damage/by-vin/:vin', () => damage);
  backend.on('GET /api/damage/:id/thumbnail', () => new Response(new Blob(['png'], { type: 'image/png' })));
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:thumbnail');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  await i18n.changeLanguage('en-GB');
});

afterEach(() => {
  teardownApp();
  vi.restoreAllMocks();
});

// ---------- status (§9) ----------

describe('vehicle status', () => {
  it('colours the charge of electric vehicles green, yellow, red, blue while charging and grey when unknown', () => {
    expect(levelColour('BATTERY', 91, false, false)).toBe('green');
    expect(levelColour('BATTERY', 51, false, false)).toBe('green');
    expect(levelColour('BATTERY', 50, false, false)).toBe('yellow');
    expect(levelColour('BATTERY', 31, false, false)).toBe('yellow');
    expect(levelColour('BATTERY', 30, false, false)).toBe('red');
    expect(levelColour('BATTERY', 9, true, true)).toBe('blue');
    expect(levelColour('BATTERY', null, false, false)).toBe('grey');
    // Litres say nothing about "how full": neutral, red with a fuel alarm, grey when unknown.
    expect(levelColour('PETROL', 32, false, false)).toBe('neutral');
    expect(levelColour('PETROL', 6, false, true)).toBe('red');
    expect(levelColour('DIESEL', null, false, false)).toBe('grey');
    const number = (value: number, decimals = 2) => value.toFixed(decimals);
    expect(formatLevel('BATTERY', 48, number)).toBe('48 %');
    expect(formatLevel('PETROL', 32.4, number)).toBe('32 l');
  });

  it('shows an electric vehicle in percent, range in km, voltage to one decimal and the lock state', async () => {
    start();
    const status = within(await card()).getByTestId('vehicle-status');
    const level = within(status).getByTestId('vehicle-level');
    expect(textOf(level)).toBe('85 %');
    expect(level.getAttribute('data-colour')).toBe('green');
    expect(textOf(status)).toContain('310 km');
    expect(textOf(within(status).getByTestId('vehicle-voltage'))).toBe('12.5 V');
    expect(textOf(status)).toContain('23,456 km');
    expect(textOf(within(status).getByTestId('vehicle-lock-state'))).toBe('Locked');
    expect(textOf(screen.getByRole('heading', { level: 1 }))).toBe('EL 12345');
    expect(textOf(await card())).toContain('Oslo – Grünerløkka');
  });

  it('shows a charging vehicle blue, fuel in litres, and a vehicle without status as unknown', async () => {
    vehicle = makeVehicle({ status: makeStatus({ fuelLevel: 48, isRefueling: true }) });
    start();
    const level = await screen.findByTestId('vehicle-level');
    expect(level.getAttribute('data-colour')).toBe('blue');
    expect(screen.getByTestId('vehicle-charging')).toBeTruthy();
    cleanup();
    queryClient.clear();

    vehicle = makeVehicle({ primaryFuelType: 'PETROL', status: makeStatus({ fuelLevel: 32, dte: 480 }) });
    start();
    await waitFor(() => expect(textOf(screen.getByTestId('vehicle-level'))).toBe('32 l'));
    cleanup();
    queryClient.clear();

    vehicle = makeVehicle({ status: null });
    backend.on('GET /api/vehicles/statusFor', () => backend.error(404, 'errorId.core.vehicle.notFound', 'Vehicle not found'));
    start();
    const status = await screen.findByTestId('vehicle-status');
    expect(textOf(status)).toBe('No status reported');
    expect(status.getAttribute('data-colour')).toBe('grey');
  });

  it('polls statusFor once for the vehicle and shows the fresher status it reports', async () => {
    const fresher = makeStatus({ fuelLevel: 25, updated: iso(Date.now()) });
    backend.on('GET /api/vehicles/statusFor', () => [fresher]);
    start();
    await waitFor(() => expect(textOf(screen.getByTestId('vehicle-level'))).toBe('25 %'));
    expect(screen.getByTestId('vehicle-level').getAttribute('data-colour')).toBe('red');
    const polls = callsTo('GET', '/api/vehicles/statusFor');
    expect(polls).toHaveLength(1);
    expect(polls[0]?.query.getAll('vin')).toEqual([VIN]);
  });

  it('shows the triggered alarms of the status as chips', async () => {
    vehicle = makeVehicle({
      status: makeStatus({
        carBatteryVoltage: 11.4,
        alarms: [
          { name: 'EXTERNAL_BATTERY', triggered: true },
          { name: 'FUEL', triggered: false },
          { name: 'KEY_HOLDER', triggered: true },
        ],
      }),
    });
    start();
    const chips = await screen.findByTestId('vehicle-alarm-chips');
    expect(within(chips).getAllByText(/./).map(textOf)).toEqual(['External battery', 'Key holder']);
    expect(textOf(screen.getByTestId('vehicle-voltage'))).toBe('11.4 V');
  });

  it('shows No vehicle for an unknown VIN', async () => {
    start('/vehicles/NOPE000000000000');
    expect((await screen.findByRole('heading', { name: 'No vehicle' })).isConnected).toBe(true);
    expect(screen.getByRole('link', { name: 'Go to customer support' }).getAttribute('href')).toBe('/support');
  });
});

// ---------- timeline (§4) ----------

describe('vehicle timeline', () => {
  const now = Date.parse('2025-06-10T12:00:00Z');
  const finishedOld = makeBooking('BID1000000101', 'FINISHED', now - 3 * DAY, now - 3 * DAY + 2 * HOUR);
  const finishedLast = makeBooking('BID1000000102', 'FINISHED', now - DAY, now - DAY + 3 * HOUR);
  const active = makeBooking('BID1000000103', 'ACTIVE', now - 2 * HOUR, now + 3 * HOUR);
  const soon = makeBooking('BID1000000104', 'INACTIVE', now + 5 * HOUR, now + 8 * HOUR);
  const later = makeBooking('BID1000000105', 'INACTIVE', now + 2 * DAY, now + 2 * DAY + HOUR);

  it('marks the last finished as previous, the active as current and the next inactive as next', () => {
    const timeline = vehicleTimeline([finishedOld, finishedLast, active, soon, later], now);
    expect([timeline.previous?.bid, timeline.current?.bid, timeline.next?.bid, timeline.booked]).toEqual([
      finishedLast.bid,
      active.bid,
      soon.bid,
      true,
    ]);
  });

  it('takes a future booking as current when none is active, and is not booked with only far-off or past bookings', () => {
    const timeline = vehicleTimeline([finishedLast, later, soon], now);
    expect([timeline.current?.bid, timeline.next?.bid, timeline.booked]).toEqual([soon.bid, later.bid, true]);
    const free = vehicleTimeline([finishedOld, later], now);
    expect([free.previous?.bid, free.current, free.next?.bid, free.booked]).toEqual([finishedOld.bid, null, later.bid, false]);
  });

  it('shows the marks and The vehicle is booked on the card when a current booking exists', async () => {
    const at = Date.now();
    bookings = [
      makeBooking('BID1000000201', 'FINISHED', at - DAY, at - DAY + HOUR),
      makeBooking('BID1000000202', 'ACTIVE', at - HOUR, at + HOUR),
      makeBooking('BID1000000203', 'INACTIVE', at + DAY, at + DAY + HOUR),
    ];
    start();
    const section = await screen.findByTestId('vehicle-bookings');
    await waitFor(() => expect(textOf(within(section).getByTestId('vehicle-booked-warning'))).toContain('The vehicle is booked'));
    const marks = within(section)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [row.getAttribute('data-mark'), textOf(row.querySelector('[data-field="bid"]') ?? row)]);
    expect(marks).toEqual([
      ['previous', 'BID1000000201'],
      ['current', 'BID1000000202'],
      ['next', 'BID1000000203'],
    ]);
    const query = callsTo('GET', `/api/vehicles/by-vin/${VIN}/bookings`)[0]?.query;
    const span = Date.parse(query?.get('endDate') ?? '') - Date.parse(query?.get('startDate') ?? '');
    expect(span).toBe(6 * DAY);
  });

  it('shows no booked warning when the vehicle has only finished bookings', async () => {
    bookings = [makeBooking('BID1000000301', 'FINISHED', Date.now() - DAY, Date.now() - DAY + HOUR)];
    start();
    const section = await screen.findByTestId('vehicle-bookings');
    await within(section).findByText('Previous');
    expect(within(section).queryByTestId('vehicle-booked-warning')).toBeNull();
  });
});

// ---------- damage (§4, §5) ----------

describe('damage', () => {
  const makeDamage = (id: number, registeredMsAgo: number, fixed: boolean): Damage => ({
    id,
    vin: VIN,
    registrationDate: iso(Date.now() - registeredMsAgo),
    fixDate: fixed ? iso(Date.now() - 1000) : null,
    imageUrl: `/api/damage/${id}/image`,
    thumbnailUrl: `/api/damage/${id}/thumbnail`,
    descriptions: { nb: `Skade ${id}`, en: `Damage ${id}` },
    reportedBy: 'support',
  });

  it('sorts unfixed before fixed, then newest first', () => {
    const list = [makeDamage(1, 5 * DAY, false), makeDamage(2, DAY, true), makeDamage(3, 2 * DAY, false), makeDamage(4, HOUR, true)];
    expect(sortDamage(list).map((d) => d.id)).toEqual([3, 1, 4, 2]);
  });

  it('lists damage with thumbnails fetched with the session, and No damage when there is none', async () => {
    damage = [makeDamage(1, 5 * DAY, false), makeDamage(2, DAY, true)];
    start();
    const items = await screen.findAllByTestId('damage-item');
    expect(items.map((item) => item.getAttribute('data-fixed'))).toEqual(['false', 'true']);
    await waitFor(() => expect(screen.getAllByRole('img', { name: /Photo of/ })).toHaveLength(2));
    const thumbnailCall = backend.calls.find((call) => call.path === '/api/damage/1/thumbnail');
    expect(thumbnailCall?.headers.get('Authorization')).toBe('AUTH-TOKEN token-0');
    cleanup();
    queryClient.clear();
    damage = [];
    start();
    expect(await within(await screen.findByTestId('vehicle-damage')).findByText('No damage')).toBeTruthy();
  });

  it('shows the damage list error on 400 and 5xx', async () => {
    backend.on('GET /api/damage/by-vin/:vin', () => backend.error(500, 'errorId.core.damage.storage', 'Storage failed'));
    start();
    expect(await within(await screen.findByTestId('vehicle-damage')).findByText('Storage failed')).toBeTruthy();
  });

  it('shows a 503 of the damage list in the UI language', async () => {
    backend.on('GET /api/damage/by-vin/:vin', () => backend.error(503, MESSAGE_IDS.unavailable, 'The service is not available right now.'));
    start();
    expect(await within(await screen.findByTestId('vehicle-damage')).findByText(MESSAGES.serviceUnavailable)).toBeTruthy();
  });

  it('keeps Report disabled until both descriptions are filled, limits them to 80 characters and needs an image', async () => {
    const user = userEvent.setup();
    backend.on('POST /api/damage/by-vin/:vin', () =>
      jsonResponse(201, makeDamage(9, 0, false) satisfies BackendRoutes['POST /api/damage/by-vin/:vin']),
    );
    start();
    const form = await screen.findByTestId('damage-report-form');
    const report = within(form).getByRole('button', { name: 'Report damage' });
    expect(report.hasAttribute('disabled')).toBe(true);
    await user.type(within(form).getByLabelText(/Description \(operator's language\)/), 'Riper på dør');
    expect(report.hasAttribute('disabled')).toBe(true);
    const english = within(form).getByLabelText(/Description \(English\)/);
    await user.type(english, 'x'.repeat(81));
    expect(await within(form).findByText('Maximum characters 80 (81/80)')).toBeTruthy();
    await user.clear(english);
    await user.type(english, 'Scratch on the door');
    expect(report.hasAttribute('disabled')).toBe(false);
    await user.click(report);
    expect(await within(form).findByText('An image file is required')).toBeTruthy();
    expect(callsTo('POST', `/api/damage/by-vin/${VIN}`)).toHaveLength(0);

    await user.upload(within(form).getByLabelText('Photo'), new File(['png'], 'door.png', { type: 'image/png' }));
    await user.click(report);
    expect(await screen.findByText('Damage reported')).toBeTruthy();
    const sent = callsTo('POST', `/api/damage/by-vin/${VIN}`)[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    const data = sent as FormData;
    expect([data.get('description_operator'), data.get('description_en'), (data.get('image') as File).name]).toEqual([
      'Riper på dør',
      'Scratch on the door',
      'door.png',
    ]);
  });
});

// ---------- commands (§6, §8) ----------

describe('remote commands', () => {
  const command = (state: VehicleCommandResult['state'], overrides: Partial<VehicleCommandResult> = {}): VehicleCommandResult => ({
    id: 41,
    vin: VIN,
    command: 'UNLOCK',
    state,
    bid: null,
    reason: null,
    requestedBy: 'support',
    requestedAt: iso(Date.now()),
    completedAt: state === 'PENDING' ? null : iso(Date.now()),
    message: null,
    ...overrides,
  });
  // Fake timers that still flow (docs/decisions/0047-test-clock.md): the command's status polls are driven by
  // advancing the clock by the poll interval, never by waiting on real time.
  const commandClock = () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  };
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  afterEach(() => vi.useRealTimers());

  /** The server's 202 Accepted with the pending command. */
  const accepted = (result: VehicleCommandResult) => jsonResponse(202, result satisfies BackendRoutes['POST /api/vehicles/by-vin/:vin/:command']);

  it('offers the actions list: unlock and immobilize, never lock while locked', async () => {
    const user = userEvent.setup();
    start();
    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    const items = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map(textOf);
    expect(items).toEqual(['Unlock', 'Immobilize', 'Reboot agent', 'Wake up agent', 'Journal', 'Event log']);
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Event log' }).getAttribute('href')).toBe(`/event?vin=${VIN}`);
  });

  it("shows every command unavailable, with the server's reason, for a vehicle without a telematics unit", async () => {
    const user = userEvent.setup();
    vehicle = makeVehicle({ agentHardwareType: 'none', actions: [] });
    start();
    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    const menu = await screen.findByRole('menu');
    const unlock = within(menu).getByRole('menuitem', { name: 'Unlock' });
    expect(unlock.getAttribute('aria-disabled')).toBe('true');
    expect(textOf(unlock)).toContain('The vehicle has no telematics unit to send commands to');
    await user.click(unlock);
    expect(backend.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends unlock, shows it pending until the vehicle answers, then says Vehicle unlocked and refreshes the vehicle', async () => {
    const user = commandClock();
    let polls = 0;
    backend.on('POST /api/vehicles/by-vin/:vin/:command', ({ params }) => (params.command === 'unlock' ? accepted(command('PENDING')) : undefined));
    backend.on('GET /api/vehicles/commands/:id', () => {
      polls += 1;
      if (polls < 2) return command('PENDING');
      vehicle = makeVehicle({ actions: ['LOCK', 'IMMOBILIZE'], status: makeStatus({ locked: false, updated: iso(Date.now()) }) });
      return command('SUCCEEDED');
    });
    start();
    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Unlock' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('vehicle-command-state').getAttribute('data-state')).toBe('PENDING'));
    // The first poll answers PENDING; the next, a poll interval later, SUCCEEDED.
    await advance(COMMAND_POLL_MS);
    expect(await screen.findByText('Vehicle unlocked')).toBeTruthy();
    expect(screen.getByTestId('vehicle-command-state').getAttribute('data-state')).toBe('SUCCEEDED');
    expect(callsTo('POST', `/api/vehicles/by-vin/${VIN}/unlock`)[0]?.body).toEqual({});
    await waitFor(() => expect(textOf(screen.getByTestId('vehicle-lock-state'))).toBe('Unlocked'));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map(textOf)
        .slice(0, 2),
    ).toEqual(['Lock', 'Immobilize']);
  });

  it('shows the vehicle message when a command fails', async () => {
    const user = commandClock();
    backend.on('POST /api/vehicles/by-vin/:vin/agent/:command', ({ params }) =>
      params.command === 'reboot' ? accepted(command('PENDING', { command: 'REBOOT' })) : undefined,
    );
    backend.on('GET /api/vehicles/commands/:id', () => command('FAILED', { command: 'REBOOT', message: 'Agent did not respond' }));
    start();
    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Reboot agent' }));
    await advance(COMMAND_POLL_MS);
    expect(await screen.findByText('Agent did not respond')).toBeTruthy();
    expect(screen.getByTestId('vehicle-command-state').getAttribute('data-state')).toBe('FAILED');
  });

  it('asks for a reason before immobilize and sends it', async () => {
    const user = userEvent.setup();
    backend.on('POST /api/vehicles/by-vin/:vin/:command', ({ params }) =>
      params.command === 'immobilize' ? accepted(command('PENDING', { command: 'IMMOBILIZE' })) : undefined,
    );
    backend.on('GET /api/vehicles/commands/:id', () => command('PENDING', { command: 'IMMOBILIZE' }));
    start();
    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Immobilize' }));
    const dialog = await screen.findByRole('dialog', { name: 'Immobilize EL 12345' });
    await user.click(within(dialog).getByRole('button', { name: 'Immobilize' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(callsTo('POST', `/api/vehicles/by-vin/${VIN}/immobilize`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Stolen, police informed');
    await user.click(within(dialog).getByRole('button', { name: 'Immobilize' }));
    await waitFor(() => expect(callsTo('POST', `/api/vehicles/by-vin/${VIN}/immobilize`)[0]?.body).toEqual({ reason: 'Stolen, police informed' }));
  });

  it('asks for a reason for any command while a booking is active on the vehicle', async () => {
    const user = userEvent.setup();
    vehicle = makeVehicle({ activeBookingBid: 'BID1000000001' });
    start();
    expect((await screen.findByRole('link', { name: 'BID1000000001' })).getAttribute('href')).toBe('/booking/BID1000000001');
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock EL 12345' });
    expect(textOf(dialog)).toContain('BID1000000001');
    expect(callsTo('POST', `/api/vehicles/by-vin/${VIN}/unlock`)).toHaveLength(0);
  });
});

// ---------- journal (§2 Modals, §8) ----------

describe('journal', () => {
  it('shows the journal of the month in the vehicle log modal', async () => {
    const user = userEvent.setup();
    backend.on('GET /api/vehicles/by-vin/:vin/journal', ({ query }) => ({
      vin: VIN,
      registrationNumber: 'EL 12345',
      year: Number(query.get('year')),
      month: Number(query.get('month')),
      results: [
        {
          driveTime: { start: iso(Date.now() - 3 * HOUR), end: iso(Date.now() - HOUR) },
          distance: 42,
          odometerStart: 23400,
          odometerEnd: 23442,
          fromPool: { pool: 'Grünerløkka' },
          toPool: { pool: 'Grünerløkka' },
          tripType: 'BUSINESS',
          user: 'demo.active',
          userFirstName: 'Kari',
          userLastName: 'Nordmann',
          bid: 'BID1000000005',
          destination: 'Drammen',
          purpose: 'Client meeting',
        },
      ],
    }));
    start();
    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Journal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vehicle log EL 12345' });
    const row = await within(dialog).findByRole('row', { name: /Drammen/ });
    expect(textOf(row)).toContain('Kari Nordmann (demo.active)');
    expect(textOf(row)).toContain('Business');
    expect(within(dialog).getByRole('button', { name: 'Export to spreadsheet' })).toBeTruthy();
  });

  it('says Error while fetching Journal, contact support when the journal fails', async () => {
    const user = userEvent.setup();
    backend.on('GET /api/vehicles/by-vin/:vin/journal', () => backend.error(500, 'errorId.core.internal', 'boom'));
    start();
    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Journal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vehicle log EL 12345' });
    expect(await within(dialog).findByText('Error while fetching Journal, contact support')).toBeTruthy();
  });

  it('reads the file name of the export from Content-Disposition', () => {
    expect(filenameFromContentDisposition(`attachment; filename="EL 12345 - 2025 - 6.xls"; filename*=UTF-8''EL%2012345%20-%202025%20-%206.xls`)).toBe(
      'EL 12345 - 2025 - 6.xls',
    );
    expect(filenameFromContentDisposition('attachment; filename="ABC 123 - 2025 - 12.xls"')).toBe('ABC 123 - 2025 - 12.xls');
    expect(filenameFromContentDisposition(null)).toBeNull();
  });
});
