import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Booking, EventLogEntry, ZBookingEventsResponse } from '@fleetdesk/contract';
import { msToWallClock } from '@fleetdesk/contract';
import type { z } from 'zod';
import { validateBookingCardSearch } from '@/features/bookings/components/card/booking-card-search';
import { formatCountdown, isChargingPinShown } from '@/features/bookings/components/card/charging-pin-panel';
import { forceEndFormSchema, toForceDeactivateInput } from '@/features/bookings/components/card/force-end-form';
import { i18n } from '@/lib/i18n/i18n';
import { queryClient } from '@/lib/query/query-client';
import { abilities, BID, makeBooking } from './fixtures/booking';
import { paymentAbilities } from './fixtures/payment-abilities';
import { resetBrowserState, startApp, teardownApp } from './support/app-harness';
import { fakeBackend, type FakeBackend } from './support/backend';
import { signIn } from './support/session';

// ---------- a fake backend ----------

const HOUR = 3_600_000;
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

let booking: Booking;
let backend: FakeBackend;

const callsTo = (method: string, suffix: string) => backend.callsTo(`/api/bookings/${booking.bid}${suffix}`, method);

function start(path: string) {
  signIn();
  return startApp(path);
}

beforeEach(async () => {
  booking = makeBooking();
  resetBrowserState();
  backend = fakeBackend();
  // The booking as it is now; any other booking is not found.
  backend.on('GET /api/bookings/:bid', ({ params }) =>
    params.bid === booking.bid ? booking : backend.error(404, 'errorId.core.booking.notFound', 'Booking not found.'),
  );
  await i18n.changeLanguage('en-GB');
});

afterEach(() => {
  vi.useRealTimers();
  teardownApp();
});

const isDisabled = (element: Element) => element.getAttribute('aria-disabled') === 'true' || element.hasAttribute('disabled');
const textOf = (element: Element) => element.textContent ?? '';

async function openActions(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Actions' }));
  return screen.findByRole('menu');
}

/** The menu as {label: true when enabled, else the reason shown under it}. */
async function menuState(user: ReturnType<typeof userEvent.setup>): Promise<Record<string, true | string>> {
  const menu = await openActions(user);
  return Object.fromEntries(
    within(menu)
      .getAllByRole('menuitem')
      .map((item) => {
        const label = item.querySelector('.MuiListItemText-primary')?.textContent ?? textOf(item);
        return [label, isDisabled(item) ? (item.querySelector('.MuiListItemText-secondary')?.textContent ?? '') : true];
      }),
  );
}

// ---------- the card ----------

describe('booking card', () => {
  it('shows the booking with its display state, customer, vehicle and tabs', async () => {
    start(`/booking/${BID}`);
    expect((await screen.findByRole('heading', { name: BID, level: 1 })).isConnected).toBe(true);
    expect(textOf(screen.getByTestId('booking-state'))).toBe('Active');
    expect(screen.getAllByRole('link', { name: /Nordmann, Kari/ })[0]?.getAttribute('href')).toBe('/users/demo.active');
    expect(screen.getByRole('link', { name: 'VW ID.3 Pro (EL 12345)' }).getAttribute('href')).toBe('/vehicles/WVWZZZE1ZPP012345');
    expect(textOf(screen.getByTestId('booking-metadata'))).toContain('No metadata');
    const tabs = screen.getAllByRole('tab').map((tab) => [textOf(tab), tab.getAttribute('aria-selected')]);
    expect(tabs).toEqual([
      ['Booking details', 'true'],
      ['Payment', 'false'],
      ['Events', 'false'],
    ]);
  });

  it('shows ARCHIVED for a booking without a user, and INACTIVE as future', async () => {
    booking = makeBooking({ user: null, displayState: 'ARCHIVED', state: 'FINISHED', actions: [] });
    start(`/booking/${BID}`);
    await waitFor(() => expect(textOf(screen.getByTestId('booking-state'))).toBe('Archived'));
    cleanup();
    queryClient.clear();
    booking = makeBooking({ state: 'INACTIVE', displayState: 'INACTIVE', actions: ['CANCEL'] });
    start(`/booking/${BID}`);
    await waitFor(() => expect(textOf(screen.getByTestId('booking-state'))).toBe('Future'));
  });

  it('reads the query parameters of §2: edit and adjustValues set by 1, true, set or presence; the rest kept', () => {
    for (const value of [1, '1', true, 'true', 'set', '']) expect(validateBookingCardSearch({ edit: value }).edit).toBe(1);
    for (const value of [0, 'false', undefined, 'no']) expect(validateBookingCardSearch({ edit: value }).edit).toBeUndefined();
    expect(
      validateBookingCardSearch({
        adjustValues: 1,
        user: 'anna',
        addFee: 'true',
        comment: 'Parking',
        amount: '150,50',
        type: 'PARKING_TICKET',
        vatIncluded: 'false',
      }),
    ).toEqual({
      edit: undefined,
      adjustValues: 1,
      user: 'anna',
      addFee: 1,
      comment: 'Parking',
      amount: 150.5,
      type: 'PARKING_TICKET',
      vatIncluded: false,
    });
  });

  it('opens a lower-case booking id at its upper-case address', async () => {
    const router = start(`/booking/${BID.toLowerCase()}/payment?user=anna`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/booking/${BID}/payment`));
    expect(router.state.location.search).toMatchObject({ user: 'anna' });
    expect((await screen.findByRole('heading', { name: BID, level: 1 })).isConnected).toBe(true);
  });

  it('shows a not-found page with a way to customer support for an unknown bid', async () => {
    start('/booking/BID1999999999');
    expect((await screen.findByRole('heading', { name: 'Booking not found.' })).isConnected).toBe(true);
    expect(screen.getByRole('link', { name: 'Go to customer support' }).getAttribute('href')).toBe('/support');
  });

  it('selects the tab from the URL suffix and keeps the query parameters when switching', async () => {
    const user = userEvent.setup();
    booking = makeBooking({
      payment: {
        orderId: 'BOK1000001',
        bid: BID,
        username: 'demo.active',
        type: 'CREDITCARD',
        status: 'RESERVED',
        target: 'BOOKING',
        timestamp: { type: 'CREATED_DATE', timestamp: iso(Date.now()) },
        totalPriceWithoutVat: 561.5,
        totalVat: 140.38,
        totalPrice: 701.88,
        currency: 'NOK',
        singleEventPayments: [],
        externalId: null,
        paymentProvider: 'sandbox',
        reservationFailed: false,
        abilities: paymentAbilities(['switchType', 'replace']),
        events: [
          {
            id: 1,
            itemName: 'PER_HOUR',
            itemType: 'PER_HOUR',
            itemDisplayText: 'Timepris',
            publicComment: null,
            comment: null,
            unitAmount: 5,
            unitCost: 89,
            priceWithoutVat: 445,
            vat: 111.25,
            totalPrice: 556.25,
            manualEvent: false,
          },
        ],
      },
    });
    const router = start(`/booking/${BID}/payment?user=demo.active&addFee=1&amount=150&type=PARKING_TICKET&comment=P-hus`);
    // ?addFee=1 opens the add-fee dialog prefilled; closing it clears those parameters and keeps the others.
    const dialog = await screen.findByRole('dialog', { name: `Add fee to ${BID}` });
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveProperty('value', '150');
    expect(within(dialog).getByLabelText(/^Internal comment/)).toHaveProperty('value', 'P-hus');
    expect(textOf(within(dialog).getByRole('combobox', { name: /Fee type/ }))).toContain('Parking ticket');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(`/booking/${BID}/payment`);
    expect(router.state.location.search).toEqual({ user: 'demo.active' });

    const summary = await screen.findByTestId('payment-summary');
    expect(textOf(summary)).toContain('BOK1000001');
    expect(textOf(summary)).toContain('Reserved');
    expect(textOf(screen.getByTestId('payment-totals'))).toMatch(/NOK\s701\.88/);
    expect(textOf(await screen.findByRole('grid', { name: 'Payment lines' }))).toContain('Timepris');

    await user.click(screen.getByRole('tab', { name: 'Booking details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/booking/${BID}`));
    expect(router.state.location.search).toMatchObject({ user: 'demo.active' });
    expect(screen.getByRole('link', { name: 'Back to demo.active' }).getAttribute('href')).toBe('/users/demo.active');
  });

  it('says "No payments" when the booking has none', async () => {
    start(`/booking/${BID}/payment`);
    expect((await screen.findByText('No payments')).isConnected).toBe(true);
  });

  it('pages through the events with the cursor and marks early receipts in red', async () => {
    const user = userEvent.setup();
    const event = (id: number, offsetMs: number): EventLogEntry => ({
      id: String(id),
      occurred: iso(Date.UTC(2026, 0, 1, 10, 0, id)),
      received: iso(Date.UTC(2026, 0, 1, 10, 0, id) + offsetMs),
      bid: BID,
      vin: null,
      actingUsername: 'support',
      affectedUsername: 'demo.active',
      type: 'BOOKING_EVENT',
      typeGroup: 'BOOKING',
      displayText: `Event ${id}`,
      textParts: [],
      properties: {},
    });
    backend.on('GET /api/bookings/:bid/events', (call) => {
      if (call.params.bid !== BID) return undefined;
      const page: z.input<typeof ZBookingEventsResponse> =
        call.query.get('cursor') === 'c2'
          ? { results: [event(11, 1000)], moreResults: false, currentPage: 1, nextCursor: null }
          : {
              results: Array.from({ length: 10 }, (_, i) => event(i + 1, i === 0 ? -3000 : 2000)),
              moreResults: true,
              currentPage: 0,
              nextCursor: 'c2',
            };
      return page;
    });
    start(`/booking/${BID}/events`);
    expect((await screen.findByText('Event 1')).isConnected).toBe(true);
    expect(textOf(screen.getByTestId('negative-offset'))).toMatch(/^−3/);
    const link = screen.getByRole('link', { name: /Open in event log/ });
    const startDate = new Date(Date.parse(booking.bookedInterval.start) - 7 * 24 * HOUR).toISOString();
    expect(link.getAttribute('href')).toBe(`/event?bid=${BID}&startDate=${encodeURIComponent(startDate)}`);
    expect(isDisabled(screen.getByRole('button', { name: 'Go to previous page' }))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect((await screen.findByText('Event 11')).isConnected).toBe(true);
    expect(backend.calls.some((call) => call.path.endsWith('/events') && call.query.get('cursor') === 'c2' && call.query.get('page') === '1')).toBe(
      true,
    );
    await waitFor(() => expect(isDisabled(screen.getByRole('button', { name: 'Go to next page' }))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect((await screen.findByText('Event 1')).isConnected).toBe(true);
  });

  it('opens the update form with ?edit=1 only for a booking that may be edited', async () => {
    const user = userEvent.setup();
    const router = start(`/booking/${BID}`);
    await user.click(await screen.findByRole('button', { name: 'Edit booking' }));
    const region = await screen.findByTestId('booking-edit-region');
    expect((await within(region).findByRole('button', { name: 'Save changes' })).isConnected).toBe(true);
    expect(router.state.location.search).toMatchObject({ edit: 1 });
    cleanup();
    queryClient.clear();
    booking = makeBooking({ state: 'FINISHED', displayState: 'FINISHED', actions: [] });
    start(`/booking/${BID}?edit=true`);
    expect((await screen.findByText('Cancelled and finished bookings cannot be edited.')).isConnected).toBe(true);
    expect(screen.queryByTestId('booking-edit-region')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit booking' })).toBeNull();
  });

  it('adjusts historic values of a finished booking with Payment and Events disabled meanwhile', async () => {
    const user = userEvent.setup();
    booking = makeBooking({
      state: 'FINISHED',
      displayState: 'FINISHED',
      actions: [],
      distance: 171.4,
      usageTime: { start: iso(Date.now() - 3 * HOUR), end: iso(Date.now() - HOUR) },
    });
    backend.on('PUT /api/bookings/:bid/adjustedValues', ({ params }) => {
      if (params.bid !== BID) return undefined;
      booking = {
        ...booking,
        adjustedValues: {
          adjustedStartTime: null,
          adjustedEndTime: null,
          adjustedDistance: 150,
          adjustedBookingType: 'BUSINESS',
          dataQuality: 'CORRECTED',
          originalUsageTime: null,
          originalTotalDistance: 171.4,
          originalBookingType: 'PRIVATE',
        },
      };
      return booking;
    });
    const router = start(`/booking/${BID}`);
    const menu = await openActions(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Adjust historic values' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ adjustValues: 1 }));
    expect(isDisabled(screen.getByRole('tab', { name: 'Payment' }))).toBe(true);
    expect(isDisabled(screen.getByRole('tab', { name: 'Events' }))).toBe(true);

    const distance = screen.getByLabelText(/^Distance \(km\)/);
    await user.clear(distance);
    await user.type(distance, '-1');
    await user.click(screen.getByRole('button', { name: 'Save adjusted values' }));
    expect((await screen.findByText('Value can not be negative')).isConnected).toBe(true);
    expect(textOf(screen.getByText('Required'))).toBe('Required'); // data quality
    expect(callsTo('PUT', '/adjustedValues')).toEqual([]);

    await user.clear(distance);
    await user.type(distance, '150');
    await user.click(screen.getByRole('combobox', { name: /Data quality/ }));
    await user.click(await screen.findByRole('option', { name: 'Corrected' }));
    await user.click(screen.getByRole('combobox', { name: /Booking type/ }));
    await user.click(await screen.findByRole('option', { name: 'Business' }));
    await user.click(screen.getByRole('button', { name: 'Save adjusted values' }));
    expect((await screen.findByText('Booking updated')).isConnected).toBe(true);
    expect(callsTo('PUT', '/adjustedValues')[0]?.body).toMatchObject({
      adjustedDistance: 150,
      adjustedBookingType: 'BUSINESS',
      dataQuality: 'CORRECTED',
    });
    await waitFor(() => expect(router.state.location.search.adjustValues).toBeUndefined());
    expect((await screen.findByTestId('booking-adjusted-values')).isConnected).toBe(true);
  });
});

// ---------- support mode (§2, §6; decision 0036) ----------

const SUPPORT_MODE_KEY = 'fleetdesk.supportMode.fjord.support';
const tabNames = () => screen.queryAllByRole('tab').map(textOf);

describe('support mode', () => {
  it('off: no actions menu and no collapse button; the Edit button, the tabs and the panel stay', async () => {
    window.localStorage.setItem(SUPPORT_MODE_KEY, 'off');
    start(`/booking/${BID}`);
    expect((await screen.findByRole('heading', { name: BID, level: 1 })).isConnected).toBe(true);
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Collapse|Expand) the booking card$/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit booking' }).isConnected).toBe(true);
    expect(tabNames()).toEqual(['Booking details', 'Payment', 'Events']);
    expect(screen.getByTestId('booking-metadata').isConnected).toBe(true);
  });

  it('on: the actions menu and the collapse button; collapsed, only the header summary is left', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(SUPPORT_MODE_KEY, 'on');
    start(`/booking/${BID}`);
    expect((await screen.findByRole('button', { name: 'Actions' })).isConnected).toBe(true);
    const collapse = screen.getByRole('button', { name: 'Collapse the booking card' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(collapse.getAttribute('aria-controls') ?? '')?.contains(screen.getByRole('tablist'))).toBe(true);
    expect(tabNames()).toEqual(['Booking details', 'Payment', 'Events']);

    await user.click(collapse);
    const expand = await screen.findByRole('button', { name: 'Expand the booking card' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(tabNames()).toEqual([]));
    expect(screen.queryByRole('tabpanel')).toBeNull();
    expect(textOf(screen.getByTestId('booking-summary'))).toContain('Nordmann, Kari');

    await user.click(expand);
    await waitFor(() => expect(tabNames()).toEqual(['Booking details', 'Payment', 'Events']));
  });

  it('follows the top-bar switch: a collapsed card opens when the mode goes off and stays open when it comes back', async () => {
    const user = userEvent.setup();
    start(`/booking/${BID}`);
    await user.click(await screen.findByRole('button', { name: 'Collapse the booking card' }));
    await waitFor(() => expect(tabNames()).toEqual([]));

    await user.click(await screen.findByRole('switch', { name: 'Support mode' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull());
    expect(screen.queryByRole('button', { name: /^(Collapse|Expand) the booking card$/ })).toBeNull();
    await waitFor(() => expect(tabNames()).toEqual(['Booking details', 'Payment', 'Events']));
    expect(window.localStorage.getItem(SUPPORT_MODE_KEY)).toBe('off');

    await user.click(await screen.findByRole('switch', { name: 'Support mode' }));
    expect((await screen.findByRole('button', { name: 'Actions' })).isConnected).toBe(true);
    expect(screen.getByRole('button', { name: 'Collapse the booking card' }).getAttribute('aria-expanded')).toBe('true');
    expect(tabNames()).toEqual(['Booking details', 'Payment', 'Events']);
  }, 60_000); // many role queries over the whole card: ~20 s in happy-dom on a busy 2-core machine
});

// ---------- the actions menu (§4) ----------

const future = (hours: number) => {
  const start = Date.now() + hours * HOUR;
  return {
    bookedInterval: { start: iso(start), end: iso(start + 3 * HOUR) },
    startTime: iso(start),
    endTime: iso(start + 3 * HOUR),
    usageTime: null,
  };
};

describe('actions menu', () => {
  it('draws every entry from the abilities the server sent: allowed, unavailable with the reason, or left out', async () => {
    const user = userEvent.setup();
    booking = makeBooking({
      abilities: abilities(['deactivate', 'forceEnd', 'edit', 'addFee'], {
        activate: 'activateOnlyInactive',
        replaceWithRideshare: 'replaceStarted',
        credit: 'unpaidBookingCannotBeCredited',
        reportTechnicalIssue: 'technicalIssueAlreadyReported',
      }),
    });
    start(`/booking/${BID}`);
    expect(await menuState(user)).toEqual({
      Activate: 'Only a booking that has not started can be activated',
      Deactivate: true,
      'Force end': true,
      'Replace with ride share': 'A booking that has started cannot be replaced',
      'Edit booking': true,
      'Credit…': 'An unpaid booking cannot be credited',
      'Add fee…': true,
      'Report technical issue': 'A technical issue has already been reported for this booking',
    });
  });

  it('never decides by itself: the same booking with other abilities gets another menu', async () => {
    const user = userEvent.setup();
    // An ACTIVE booking with ride share enabled (BID1000000026 of issue 16): only the server says whether it may be replaced.
    booking = makeBooking({ rideShare: 'ENABLED', abilities: abilities(['replaceWithRideshare', 'checkout', 'mailReceipt']) });
    start(`/booking/${BID}`);
    expect(await menuState(user)).toEqual({ 'Replace with ride share': true, 'Check out': true, 'Mail receipt': true });
  });

  it("says why an entry is unavailable in the staff member's language and keeps it out of reach of a click", async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('nb');
    booking = makeBooking({ abilities: abilities(['edit'], { cancel: 'cancelIrrevocable' }) });
    start(`/booking/${BID}`);
    await user.click(await screen.findByTestId('booking-actions'));
    const menu = await screen.findByRole('menu');
    const cancel = within(menu).getByRole('menuitem', { name: /Kanseller/ });
    expect(cancel.getAttribute('aria-disabled')).toBe('true');
    expect(textOf(cancel)).toContain('Bookingen er ugjenkallelig og kan ikke kanselleres ennå');
    await user.click(cancel);
    expect(screen.queryByRole('dialog')).toBeNull();
    await i18n.changeLanguage('en-GB');
  });

  it('opens with the focus on the list, not on an entry: Enter, Enter ends no trip', async () => {
    const user = userEvent.setup();
    start(`/booking/${BID}`);
    const button = await screen.findByRole('button', { name: 'Actions' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(document.activeElement).toBe(menu);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo('POST', '/deactivate')).toEqual([]);
  });

  it('asks before deactivating, naming the customer and the vehicle, and needs a reason', async () => {
    const user = userEvent.setup();
    backend.on('POST /api/bookings/:bid/deactivate', ({ params }) => {
      if (params.bid !== BID) return undefined;
      booking = makeBooking({ state: 'FINISHED', displayState: 'FINISHED', actions: [] });
      return booking;
    });
    start(`/booking/${BID}`);
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(textOf(dialog)).toContain('The trip of Nordmann, Kari on VW ID.3 Pro (EL 12345) ends now');
    // The reason field has the focus: Enter there writes a line, it does not confirm.
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Reason/));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await within(dialog).findByText('Required')).isConnected).toBe(true);
    expect(callsTo('POST', '/deactivate')).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Customer left the car at the pool');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await screen.findByText('Booking deactivated')).isConnected).toBe(true);
    expect(callsTo('POST', '/deactivate')[0]?.body).toEqual({ unchecked: false, reason: 'Customer left the car at the pool' });
  });

  it('deactivates (checked when DEACTIVATE is allowed), re-fetches and says so', async () => {
    const user = userEvent.setup();
    backend.on('POST /api/bookings/:bid/deactivate', ({ params }) => {
      if (params.bid !== BID) return undefined;
      booking = makeBooking({ state: 'FINISHED', displayState: 'FINISHED', actions: [] });
      return booking;
    });
    start(`/booking/${BID}`);
    const menu = await openActions(user);
    const gets = () => backend.callsTo(`/api/bookings/${BID}`).length;
    const before = gets();
    await user.click(within(menu).getByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Trip over');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await screen.findByText('Booking deactivated')).isConnected).toBe(true);
    expect(callsTo('POST', '/deactivate')[0]?.body).toEqual({ unchecked: false, reason: 'Trip over' });
    await waitFor(() => expect(textOf(screen.getByTestId('booking-state'))).toBe('Finished'));
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
  });

  it('tells "not supported" on a 400 of activate, and "Booking not found." on a 404', async () => {
    const user = userEvent.setup();
    booking = makeBooking({ state: 'INACTIVE', displayState: 'READY', actions: ['ACTIVATE', 'CANCEL'], ...future(1 / 6) });
    backend.on('POST /api/bookings/:bid/activate-without-pin', () =>
      backend.error(400, 'errorId.core.booking.notSupported', 'Activate is not supported for this booking'),
    );
    backend.on('PUT /api/bookings/:bid/adjust', () => backend.error(404, 'errorId.core.booking.notFound', 'Booking not found.'));
    start(`/booking/${BID}`);
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Activate' }));
    const confirm = await screen.findByRole('dialog');
    expect(textOf(confirm)).toContain('The trip of Nordmann, Kari starts now');
    await user.click(within(confirm).getByRole('button', { name: 'Activate' }));
    expect((await screen.findByText('Activate is not supported for this booking')).isConnected).toBe(true);
    // The refused action closes its dialog and reads the booking again (issue 17).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Lock changes for the customer' }));
    expect((await screen.findByText('Booking not found.')).isConnected).toBe(true);
    expect(callsTo('PUT', '/adjust')[0]?.query.get('changesLockedForUser')).toBe('true');
  });

  it('asks for a reason before cancelling', async () => {
    const user = userEvent.setup();
    booking = makeBooking({ state: 'INACTIVE', displayState: 'INACTIVE', actions: ['CANCEL'], ...future(24) });
    backend.on('DELETE /api/bookings/:bid', () => {
      booking = { ...booking, state: 'CANCELLED', displayState: 'CANCELLED', actions: [] };
      return booking;
    });
    start(`/booking/${BID}`);
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect((await within(dialog).findByText('Required')).isConnected).toBe(true);
    expect(callsTo('DELETE', '')).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Customer called in sick');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect((await screen.findByText('Booking cancelled')).isConnected).toBe(true);
    // The reason travels in the body, never in the URL.
    expect(callsTo('DELETE', '')[0]?.body).toEqual({ reason: 'Customer called in sick' });
    expect(callsTo('DELETE', '')[0]?.query.has('reason')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('extends by +30 minutes with the admin fee', async () => {
    const user = userEvent.setup();
    backend.on('PUT /api/bookings/:bid/adjust', () => booking);
    start(`/booking/${BID}`);
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Extend booking…' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '+30 min' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Add the contract's admin fee \(.*59.*\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect((await screen.findByText('Booking updated')).isConnected).toBe(true);
    const query = callsTo('PUT', '/adjust')[0]?.query;
    expect(query?.get('endTime')).toBe(iso(Date.parse(booking.bookedInterval.end) + 30 * MINUTE));
    expect(query?.get('adminFeeAdded')).toBe('true');
  });

  it("offers Undo on the extension's toast: Undo asks the server to take it back and shows the end again", async () => {
    const user = userEvent.setup();
    const extended = makeBooking({
      bookedInterval: { start: booking.bookedInterval.start, end: iso(Date.parse(booking.bookedInterval.end) + 30 * MINUTE) },
    });
    backend.on('PUT /api/bookings/:bid/adjust', () => extended);
    backend.on('POST /api/bookings/:bid/undo-extension', () => booking);
    start(`/booking/${BID}`);
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Extend booking…' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '+30 min' }));
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    const undo = await screen.findByRole('button', { name: `Undo: Extension of ${BID}` });
    expect(callsTo('POST', '/undo-extension')).toEqual([]);
    await user.click(undo);
    await waitFor(() => expect(callsTo('POST', '/undo-extension')).toHaveLength(1));
    expect((await screen.findByText(/^Extension undone: the booking ends at /)).isConnected).toBe(true);
  });

  it('says why an extension cannot be undone when the server refuses it', async () => {
    const user = userEvent.setup();
    backend.on('PUT /api/bookings/:bid/adjust', () => booking);
    backend.on('POST /api/bookings/:bid/undo-extension', () =>
      backend.error(409, 'errorId.core.conflict', 'The booking has changed since the extension, so it can no longer be undone', [
        { messageId: 'extensionUndoChanged', message: 'The booking has changed since the extension, so it can no longer be undone' },
      ]),
    );
    start(`/booking/${BID}`);
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Extend booking…' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    const undo = await screen.findByTestId('undo-button');
    // The refusal is told in the staff member's language from its message id, not in the server's English.
    await act(() => i18n.changeLanguage('nb'));
    await user.click(undo);
    expect((await screen.findByText('Bookingen er endret etter forlengelsen, så den kan ikke lenger angres')).isConnected).toBe(true);
  });

  it.each([null, 0])('offers no admin fee when the contract has none (adminFee %s), and sends none', async (adminFee) => {
    const user = userEvent.setup();
    booking = makeBooking({ contract: { id: 2, name: 'Fjord drift', contractType: 'COMPANY', currency: 'NOK', adminFee } });
    backend.on('PUT /api/bookings/:bid/adjust', () => booking);
    start(`/booking/${BID}`);
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Extend booking…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).queryByText(/admin fee/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect((await screen.findByText('Booking updated')).isConnected).toBe(true);
    expect(callsTo('PUT', '/adjust')[0]?.query.get('adminFeeAdded')).toBe('false');
  });
});

// ---------- force end (§5 Adjust usage) ----------

describe('force end form', () => {
  const t = i18n.t;

  it('applies the §5 rules', () => {
    const schema = forceEndFormSchema(t);
    const issues = (values: Partial<Parameters<typeof toForceDeactivateInput>[0]>) => {
      const result = schema.safeParse({
        start: '2026-01-01T10:00',
        end: '2026-01-01T12:00',
        distance: '',
        wasNotUsed: false,
        reason: 'x',
        ...values,
      });
      return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    };
    expect(issues({})).toEqual({});
    expect(issues({ start: '', end: '' })).toEqual({ start: 'Required', end: 'Required' });
    expect(issues({ end: '' })).toEqual({ end: 'Start and end must both be set or both be empty' });
    expect(issues({ start: '' })).toEqual({ start: 'Start and end must both be set or both be empty' });
    expect(issues({ start: '2026-01-01T13:00' })).toEqual({ start: 'Start has to be before end' });
    expect(issues({ distance: '0' })).toEqual({ distance: 'Must be a positive number' });
    expect(issues({ distance: 'ten' })).toEqual({ distance: 'Must be a positive number' });
    expect(issues({ distance: '12,5' })).toEqual({});
    expect(issues({ reason: '  ' })).toEqual({ reason: 'Required' });
    expect(issues({ start: '', end: '', distance: '-1', wasNotUsed: true })).toEqual({});
    const inFuture = new Date(Date.now() + 2 * HOUR);
    const local = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}T${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
    expect(issues({ start: local(inFuture), end: local(new Date(inFuture.getTime() + HOUR)) })).toEqual({
      start: 'The usage cannot start in the future',
      end: 'The usage cannot end in the future',
    });
    expect(issues({ start: local(new Date(Date.now() - HOUR)), end: local(inFuture) })).toEqual({ end: 'The usage cannot end in the future' });

    expect(toForceDeactivateInput({ start: '2026-01-01T10:00', end: '2026-01-01T12:00', distance: '3', wasNotUsed: true, reason: ' r ' })).toEqual({
      wasNotUsed: true,
      reason: 'r',
    });
    expect(
      toForceDeactivateInput({ start: '2026-01-01T10:00', end: '2026-01-01T12:00', distance: '12,5', wasNotUsed: false, reason: 'r' }),
    ).toMatchObject({
      wasNotUsed: false,
      startDate: new Date(2026, 0, 1, 10, 0).toISOString(),
      endDate: new Date(2026, 0, 1, 12, 0).toISOString(),
      distance: 12.5,
    });
  });

  it('shows the rules on the fields and sends the usage with the reason', async () => {
    const user = userEvent.setup();
    backend.on('POST /api/bookings/:bid/force-deactivate-without-pin', ({ params }) => {
      if (params.bid !== BID) return undefined;
      booking = makeBooking({ state: 'FINISHED', displayState: 'FINISHED', actions: [] });
      return booking;
    });
    start(`/booking/${BID}`);
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Force end' }));
    const dialog = await screen.findByRole('dialog');
    const field = (label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
    // A date-time field (a group of spinbuttons) keeps its text, 'YYYY-MM-DD HH:mm', in a hidden input that also takes a whole value.
    const timeField = (label: RegExp) => within(dialog).getByRole('group', { name: label }).querySelector('input') as HTMLInputElement;
    const setTime = (label: RegExp, value: string) => fireEvent.change(timeField(label), { target: { value } });
    const submit = () => user.click(within(dialog).getByRole('button', { name: 'Force end' }));

    // Prefilled with the usage start and now; the reason is still missing.
    expect(timeField(/^Usage start/).value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(timeField(/^Usage end/).value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await submit();
    expect((await within(dialog).findByText('Required')).isConnected).toBe(true);

    setTime(/^Usage end/, '');
    await user.type(field(/^Distance driven/), '0');
    await user.type(field(/^Reason/), 'Vehicle returned, telematics offline');
    await submit();
    expect((await within(dialog).findByText('Start and end must both be set or both be empty')).isConnected).toBe(true);
    expect(within(dialog).getByText('Must be a positive number').isConnected).toBe(true);

    setTime(/^Usage end/, '2000-01-01 10:00');
    await submit();
    expect((await within(dialog).findByText('Start has to be before end')).isConnected).toBe(true);
    expect(callsTo('POST', '/force-deactivate-without-pin')).toEqual([]);

    // The console edits times in the operator's zone (the fleet's, Europe/Oslo here), whatever the browser's.
    const end = new Date(Date.now() - 5 * MINUTE);
    const endShown = msToWallClock(end, 'Europe/Oslo').replace('T', ' ');
    setTime(/^Usage end/, endShown);
    await user.clear(field(/^Distance driven/));
    await user.type(field(/^Distance driven/), '42.5');
    await submit();
    expect((await screen.findByText('Booking deactivated')).isConnected).toBe(true);
    const query = callsTo('POST', '/force-deactivate-without-pin')[0]?.query;
    expect(query?.get('distance')).toBe('42.5');
    expect(query?.get('wasNotUsed')).toBe('false');
    expect(query?.has('reason')).toBe(false);
    expect(callsTo('POST', '/force-deactivate-without-pin')[0]?.body).toEqual({ reason: 'Vehicle returned, telematics offline' });
    expect(query?.get('endDate')).toBe(new Date(Math.floor(end.getTime() / MINUTE) * MINUTE).toISOString());
    expect(Date.parse(query?.get('startDate') ?? '')).toBeLessThan(Date.parse(query?.get('endDate') ?? ''));
  });

  it('leaves start, end and distance out when the booking was not used', async () => {
    const user = userEvent.setup();
    booking = makeBooking({ state: 'INACTIVE', displayState: 'INACTIVE', actions: [], ...future(-1), abilities: abilities(['forceEnd', 'edit']) });
    backend.on('POST /api/bookings/:bid/force-deactivate-without-pin', () => ({ ...booking, state: 'FINISHED' }));
    start(`/booking/${BID}`);
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Force end' }));
    const dialog = await screen.findByRole('dialog');
    // A booking that never started is most likely ended as not used.
    expect((within(dialog).getByRole('checkbox', { name: 'The booking was not used' }) as HTMLInputElement).checked).toBe(true);
    expect(
      isDisabled(
        within(dialog)
          .getByRole('group', { name: /^Usage start/ })
          .querySelector('input') ?? dialog,
      ),
    ).toBe(true);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'No-show');
    await user.click(within(dialog).getByRole('button', { name: 'Force end' }));
    expect((await screen.findByText('Booking deactivated')).isConnected).toBe(true);
    const query = callsTo('POST', '/force-deactivate-without-pin')[0]?.query;
    expect(query && Object.fromEntries(query)).toEqual({ wasNotUsed: 'true' });
    expect(callsTo('POST', '/force-deactivate-without-pin')[0]?.body).toEqual({ reason: 'No-show' });
  });

  it('tells "Force end is not supported" on a 400', async () => {
    const user = userEvent.setup();
    backend.on('POST /api/bookings/:bid/force-deactivate-without-pin', () =>
      backend.error(400, 'errorId.core.booking.notSupported', 'Force end is not supported for this booking'),
    );
    start(`/booking/${BID}`);
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Force end' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'The booking was not used' }));
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Test');
    await user.click(within(dialog).getByRole('button', { name: 'Force end' }));
    expect((await screen.findByText('Force end is not supported for this booking')).isConnected).toBe(true);
    expect(screen.getByRole('dialog').isConnected).toBe(true);
  });
});

// ---------- charging PIN (§4) ----------

describe('charging-provider PIN', () => {
  it('is shown only while the booking is INACTIVE and the PIN valid', () => {
    const now = Date.now();
    const pin = { validUntil: iso(now + 1000) };
    expect(isChargingPinShown({ state: 'INACTIVE' }, pin, now)).toBe(true);
    expect(isChargingPinShown({ state: 'INACTIVE' }, pin, now + 1000)).toBe(false);
    expect(isChargingPinShown({ state: 'ACTIVE' }, pin, now)).toBe(false);
    expect(isChargingPinShown({ state: 'INACTIVE' }, undefined, now)).toBe(false);
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(3_600_000 + 5_000)).toBe('1:00:05');
    expect(formatCountdown(-1)).toBe('0:00');
  });

  const pinBooking = () =>
    makeBooking({
      state: 'INACTIVE',
      displayState: 'READY',
      actions: ['ACTIVATE', 'CANCEL'],
      allocateOnActivation: true,
      ...future(1 / 6),
      abilities: abilities(['requestPin', 'cancel', 'forceEnd', 'edit']),
    });

  // Fake timers that still flow (the pattern that works with Testing Library and TanStack Query): the countdown and the
  // 3-second re-sync are driven by advancing the clock, never by waiting on real time.
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  async function requestPin(validForMs: number) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    backend.on('GET /api/charging/activation-data', () => ({
      pinCode: '7430',
      recommendedTerminalNumber: 'T0004-4',
      validUntil: iso(Date.now() + validForMs),
    }));
    start(`/booking/${BID}`);
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Request charging PIN' }));
    return screen.findByTestId('charging-pin');
  }

  it('counts down every second and disappears when the PIN runs out', async () => {
    booking = pinBooking();
    const panel = await requestPin(2_400);
    expect(textOf(panel)).toContain('7430');
    expect(textOf(panel)).toContain('T0004-4');
    expect(backend.callsTo('/api/charging/activation-data')[0]?.query.get('bid')).toBe(BID);
    const countdown = screen.getByTestId('charging-pin-countdown');
    const first = textOf(countdown);
    expect(first).toMatch(/^0:0[1-3]$/);
    await advance(1_000);
    expect(textOf(screen.getByTestId('charging-pin-countdown'))).not.toBe(first);
    expect(screen.queryByTestId('charging-pin')).not.toBeNull();
    await advance(2_000);
    await waitFor(() => expect(screen.queryByTestId('charging-pin')).toBeNull());
    expect(screen.queryByText('7430')).toBeNull();
    expect(textOf(screen.getByTestId('charging-pin-expired'))).toContain('The PIN has expired.');
  }, 10_000);

  it('re-syncs the booking every 3 seconds while shown and hides the PIN once it is no longer INACTIVE', async () => {
    booking = pinBooking();
    await requestPin(10 * MINUTE);
    const gets = () => backend.callsTo(`/api/bookings/${BID}`).length;
    const before = gets();
    booking = { ...booking, state: 'ACTIVE', displayState: 'ACTIVE', actions: ['DEACTIVATE', 'DEACTIVATE_UNCHECKED'] };
    await advance(3_000);
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByTestId('charging-pin')).toBeNull());
    expect(textOf(screen.getByTestId('charging-pin-gone'))).toContain('The booking is now Active');
  }, 10_000);
});
