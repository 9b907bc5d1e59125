import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventSearchDefaultPeriod, type EventLogEntry } from '@fleetdesk/contract';
import { effectiveGroups, eventLogFilterOf, prependFollowed, searchOfSubmit, validateEventLogSearch } from '@/features/event-log';
import { i18n } from '@/lib/i18n/i18n';
import { resetBrowserState, startApp, teardownApp } from './support/app-harness';
import { fakeBackend } from './support/backend';
import { signIn } from './support/session';

const NOW = new Date('2026-03-15T10:30:00.000Z');
const TZ = 'Europe/Oslo';
/** The app (router, lazy route, fleet, then the search) takes a moment to settle in jsdom. */
const SLOW = { timeout: 8000 };

describe('event search URL state and §5 defaults', () => {
  it('reads the link from a booking (bid and startDate) and keeps only known values', () => {
    const search = validateEventLogSearch({
      bid: 'bid1000000004',
      startDate: '2026-03-01T08:00:00Z',
      role: 'nope',
      groups: 'BOOKING,FOO',
      view: 'wide',
      pageSize: 7,
    });
    expect(search).toEqual({ bid: 'BID1000000004', startDate: '2026-03-01T08:00:00.000Z', groups: 'BOOKING' });
    expect(validateEventLogSearch({ user: 'ola.nordmann', role: 'acting', view: 'full', pageSize: '10', endDate: 'yesterday' })).toEqual({
      user: 'ola.nordmann',
      role: 'ACTING',
      view: 'full',
      pageSize: 10,
    });
  });

  it('turns every group on except bluetooth, and heartbeat only with a vin', () => {
    const withoutVin = effectiveGroups({});
    expect(withoutVin).not.toContain('BLUETOOTH');
    expect(withoutVin).not.toContain('HEARTBEAT');
    expect(withoutVin).toEqual(expect.arrayContaining(['BOOKING', 'VEHICLE', 'PAYMENT', 'REMOTE_COMMAND', 'USER_ACTION', 'ROAD_TOLL']));
    expect(effectiveGroups({ vin: 'VIN1' })).toContain('HEARTBEAT');
    expect(effectiveGroups({ vin: 'VIN1' })).not.toContain('BLUETOOTH');
    // Groups given in the URL win, an empty list included.
    expect(effectiveGroups({ vin: 'VIN1', groups: 'BLUETOOTH' })).toEqual(['BLUETOOTH']);
    expect(effectiveGroups({ groups: '' })).toEqual([]);
  });

  it('searches one month back to the end of today unless the URL says otherwise; the role only with a user', () => {
    const period = eventSearchDefaultPeriod(NOW, TZ);
    expect(period).toEqual({ startDate: '2026-02-14T23:00:00.000Z', endDate: '2026-03-15T23:00:00.000Z' });
    expect(eventLogFilterOf({ bid: 'BID1', role: 'ACTING' }, NOW, TZ)).toEqual({ bid: 'BID1', groups: effectiveGroups({}), ...period });
    const fromBooking = eventLogFilterOf({ bid: 'BID1', startDate: '2026-03-01T08:00:00.000Z' }, NOW, TZ);
    expect(fromBooking.startDate).toBe('2026-03-01T08:00:00.000Z');
    expect(fromBooking.endDate).toBe(period.endDate);
    expect(eventLogFilterOf({ user: 'u', role: 'AFFECTED' }, NOW, TZ).role).toBe('AFFECTED');
  });

  it('writes only what differs from the defaults into the URL', () => {
    const base = {
      vin: '',
      bid: ' bid1 ',
      user: '',
      role: 'ACTING' as const,
      groups: effectiveGroups({}),
      groupsChanged: false,
      startDate: null,
      endDate: null,
    };
    expect(searchOfSubmit(base, { view: 'full' })).toEqual({ bid: 'BID1', view: 'full' });
    expect(searchOfSubmit({ ...base, user: 'ola', groups: ['PAYMENT', 'BOOKING'], groupsChanged: true }, {})).toEqual({
      bid: 'BID1',
      user: 'ola',
      role: 'ACTING',
      groups: 'BOOKING,PAYMENT',
    });
    expect(searchOfSubmit({ ...base, user: 'ola', role: 'BOTH' }, {})).toEqual({ bid: 'BID1', user: 'ola' });
  });
});

const entry = (id: string, overrides: Partial<EventLogEntry> = {}): EventLogEntry => ({
  id,
  occurred: '2026-03-15T09:00:00.000Z',
  received: '2026-03-15T09:00:02.000Z',
  bid: 'BID1000000004',
  vin: 'VIN0000000000001',
  actingUsername: 'demo.active',
  affectedUsername: 'demo.active',
  type: 'BOOKING_EVENT',
  typeGroup: 'BOOKING',
  displayText: `Event ${id}`,
  textParts: [],
  properties: {},
  ...overrides,
});

describe('follow mode', () => {
  it('puts the new events (sent oldest first) on top, newest first, without repeats', () => {
    const current = [entry('3'), entry('2')];
    expect(prependFollowed(current, [entry('3'), entry('4'), entry('5')]).map((e) => e.id)).toEqual(['5', '4', '3', '2']);
    expect(prependFollowed([], [])).toEqual([]);
  });
});

// ---------- the screen, against a fake backend ----------

const eventCalls: URLSearchParams[] = [];
function answerEvents() {
  const backend = fakeBackend();
  backend.on('GET /api/events', ({ query }) => {
    eventCalls.push(query);
    if (query.get('bid') === 'BID9999999999') return backend.error(404, 'errorId.core.notFound', 'Booking not found.');
    const second = query.get('cursor') === 'c2';
    const results = second
      ? [entry('e3', { displayText: 'Booking created' })]
      : [
          entry('e1', { displayText: 'Booking deactivated', received: '2026-03-15T08:59:00.000Z' }),
          entry('e2', { displayText: 'Lock command succeeded' }),
        ];
    return { results, moreResults: !second, currentPage: second ? 1 : 0, nextCursor: second ? null : 'c2', followCursor: 'f1' };
  });
}

function start(path: string) {
  signIn();
  return startApp(path);
}

beforeEach(async () => {
  eventCalls.length = 0;
  resetBrowserState();
  answerEvents();
  await i18n.changeLanguage('en-GB');
});

afterEach(teardownApp);

describe('/event', () => {
  it('searches a booking from its link with the default groups, pages forward and back, and marks a negative offset', async () => {
    const user = userEvent.setup();
    start('/event?bid=BID1000000004&startDate=2026-03-01T08:00:00.000Z');
    expect(await screen.findByText('Booking deactivated', undefined, SLOW)).toBeTruthy();
    const first = eventCalls[0]!;
    expect(first.get('bid')).toBe('BID1000000004');
    expect(first.get('startDate')).toBe('2026-03-01T08:00:00.000Z');
    expect(first.get('endDate')).toBeTruthy();
    expect(first.get('groups')?.split(',')).not.toContain('BLUETOOTH');
    expect(first.get('groups')?.split(',')).not.toContain('HEARTBEAT');
    expect(first.get('role')).toBeNull();
    expect(screen.getByTestId('negative-offset').textContent).toMatch(/^−1/);

    // Without a user the actor radios are disabled.
    expect((screen.getByRole('radio', { name: 'Acting' }) as HTMLInputElement).disabled).toBe(true);

    // The table's own previous/next paging, by the server's cursors; the page it is on in place of "1–50 of …".
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Go to previous page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Booking created', undefined, SLOW)).toBeTruthy();
    expect(eventCalls.at(-1)!.get('cursor')).toBe('c2');
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Go to next page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(await screen.findByText('Booking deactivated', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('Page 1')).toBeTruthy();
  }, 30_000);

  it('needs a subject, enables the actor radios with a user and writes the search into the URL', async () => {
    const user = userEvent.setup();
    const router = start('/event');
    expect(await screen.findByText('Search the event log', undefined, SLOW)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Search' }, SLOW));
    expect(await screen.findByText('Enter a VIN, a booking ID or a user name.', undefined, SLOW)).toBeTruthy();
    expect(eventCalls).toHaveLength(0);

    await user.type(screen.getByLabelText('User name'), 'ola.nordmann');
    const acting = screen.getByRole('radio', { name: 'Acting' }) as HTMLInputElement;
    expect(acting.disabled).toBe(false);
    await user.click(acting);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ user: 'ola.nordmann', role: 'ACTING' }), SLOW);
    await waitFor(() => expect(eventCalls.at(-1)?.get('role')).toBe('ACTING'), SLOW);
    expect(eventCalls.at(-1)!.get('user')).toBe('ola.nordmann');
  }, 30_000);

  it('switches to the full table and shows "Booking not found." for an unknown bid', async () => {
    const user = userEvent.setup();
    const router = start('/event?vin=VIN0000000000001');
    expect(await screen.findByText('Booking deactivated', undefined, SLOW)).toBeTruthy();
    expect(eventCalls[0]!.get('groups')?.split(',')).toContain('HEARTBEAT');
    expect(screen.queryByRole('columnheader', { name: 'Affected user' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Full' }));
    expect(await screen.findByRole('columnheader', { name: 'Affected user' }, SLOW)).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ view: 'full' });

    cleanup();
    start('/event?bid=BID9999999999');
    const alert = await screen.findByTestId('data-table-error', undefined, SLOW);
    expect(within(alert).getByText('Booking not found.')).toBeTruthy();
    // Asking again cannot find it: no Retry.
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  }, 30_000);
});
