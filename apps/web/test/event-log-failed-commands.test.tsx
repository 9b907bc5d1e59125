import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventLogEntry } from '@fleetdesk/contract';
import { eventLogFilterOf, searchOfSubmit, validateEventLogSearch } from '@/features/event-log';
import { i18n } from '@/lib/i18n/i18n';
import { resetBrowserState, startApp, teardownApp } from './support/app-harness';
import { fakeBackend } from './support/backend';
import { signIn } from './support/session';

// The event log's failed-commands search and its relative period (issue 19 point 3; docs/decisions/0071-saved-views.md).

const HOUR = 3_600_000;
const NOW = new Date('2026-03-15T10:30:00.000Z');
const TZ = 'Europe/Oslo';
/** The app (router, lazy route, fleet, then the search) takes a moment to settle in jsdom; longer on a busy machine. */
const SLOW = { timeout: 15_000 };

describe('failed commands and the last hours in the URL', () => {
  it('reads them from a link or a saved view; a relative period replaces the dates', () => {
    expect(validateEventLogSearch({ failedCommands: true, lastHours: 24, startDate: '2026-03-01T08:00:00Z' })).toEqual({
      failedCommands: true,
      lastHours: 24,
    });
    expect(validateEventLogSearch({ failedCommands: 'true', lastHours: '168' })).toEqual({ failedCommands: true, lastHours: 168 });
    // Out of range, not a whole number, not true: dropped.
    expect(validateEventLogSearch({ failedCommands: 'yes', lastHours: 0 })).toEqual({});
    expect(validateEventLogSearch({ vin: 'vin1', lastHours: 1.5 })).toEqual({ vin: 'VIN1' });
    expect(validateEventLogSearch({ vin: 'vin1', lastHours: 841 })).toEqual({ vin: 'VIN1' });
  });

  it('asks the server for the last hours (counted from its clock) and no type groups', () => {
    expect(eventLogFilterOf({ failedCommands: true, lastHours: 24 }, NOW, TZ)).toEqual({ failedCommands: true, lastHours: 24, groups: [] });
    // A subject narrows the failed commands; the groups of a plain search stay.
    expect(eventLogFilterOf({ vin: 'VIN1', lastHours: 1 }, NOW, TZ)).toMatchObject({ vin: 'VIN1', lastHours: 1 });
    expect(eventLogFilterOf({ vin: 'VIN1', lastHours: 1 }, NOW, TZ).groups).toContain('HEARTBEAT');
    expect(eventLogFilterOf({ vin: 'VIN1', lastHours: 1 }, NOW, TZ).startDate).toBeUndefined();
  });

  it('writes them into the URL without the dates and the groups', () => {
    const base = {
      vin: '',
      bid: '',
      user: '',
      role: 'BOTH' as const,
      groups: ['BOOKING' as const],
      groupsChanged: true,
      startDate: '2026-03-01T08:00:00.000Z',
      endDate: null,
    };
    expect(searchOfSubmit({ ...base, failedCommands: true, lastHours: 24 }, {})).toEqual({ failedCommands: true, lastHours: 24 });
    expect(searchOfSubmit({ ...base, failedCommands: false, lastHours: null }, {})).toEqual({
      groups: 'BOOKING',
      startDate: '2026-03-01T08:00:00.000Z',
    });
  });
});

// ---------- the screen, against a fake backend ----------

const FAILED: EventLogEntry = {
  id: 'e1',
  occurred: '2026-03-15T09:00:00.000Z',
  received: '2026-03-15T09:00:01.000Z',
  bid: null,
  vin: 'WVWZZZE1ZPP012345',
  actingUsername: 'support',
  affectedUsername: null,
  type: 'REMOTE_COMMAND',
  typeGroup: 'REMOTE_COMMAND',
  displayText: 'Lock failed: Door open',
  textParts: [],
  properties: { commandId: 7, command: 'LOCK', result: 'FAILED', message: 'Door open' },
};
const eventCalls: URLSearchParams[] = [];

beforeEach(async () => {
  eventCalls.length = 0;
  resetBrowserState();
  const backend = fakeBackend();
  backend.on('GET /api/events', ({ query }) => {
    eventCalls.push(query);
    return { results: [FAILED], moreResults: false, currentPage: 0, nextCursor: null, followCursor: 'f1' };
  });
  await i18n.changeLanguage('en-GB');
});

afterEach(teardownApp);

function start(path: string) {
  signIn();
  return startApp(path);
}

describe('/event with failed commands', () => {
  it('opens the queue "failed commands in the last 24 h": no subject, the last 24 h, the vehicle in the list', async () => {
    start('/event?failedCommands=true&lastHours=24');
    expect(await screen.findByText('Lock failed: Door open', undefined, SLOW)).toBeTruthy();
    const sent = eventCalls[0]!;
    expect(sent.get('failedCommands')).toBe('true');
    expect(sent.get('lastHours')).toBe('24');
    for (const absent of ['vin', 'bid', 'user', 'groups', 'startDate', 'endDate']) expect(sent.get(absent), absent).toBeNull();

    expect((screen.getByRole('checkbox', { name: 'Failed commands only' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Period' }).textContent).toBe('Last 24 hours');
    // The dates show the window and are not edited; the event types do not apply.
    const spinbuttons = within(screen.getByRole('group', { name: 'From' })).getAllByRole('spinbutton');
    expect(spinbuttons.every((part) => part.getAttribute('aria-disabled') === 'true')).toBe(true);
    expect(screen.getByText('Counted back from the moment of the search')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Bookings' }) as HTMLInputElement).disabled).toBe(true);
    // Which vehicle failed is shown in the simple table too, linked to the vehicle.
    expect(screen.getByRole('columnheader', { name: 'VIN' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'WVWZZZE1ZPP012345' }).getAttribute('href')).toBe('/vehicles/WVWZZZE1ZPP012345');
  }, 60_000);

  it('searches the failed commands without a subject once the box is ticked, over the period chosen', async () => {
    const user = userEvent.setup();
    const router = start('/event');
    await user.click(await screen.findByRole('button', { name: 'Search' }, SLOW));
    expect(await screen.findByText('Enter a VIN, a booking ID or a user name.', undefined, SLOW)).toBeTruthy();
    expect(eventCalls).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Failed commands only' }));
    expect((screen.getByRole('checkbox', { name: 'Bookings' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Last 7 days' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ failedCommands: true, lastHours: 168 }), SLOW);
    await waitFor(() => expect(eventCalls.at(-1)?.get('lastHours')).toBe('168'), SLOW);
    expect(eventCalls.at(-1)!.get('failedCommands')).toBe('true');
    expect(eventCalls.at(-1)!.get('startDate')).toBeNull();

    // Back to dates: the window shown is taken as the period, and the search stays on the failed commands.
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'From – to' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ failedCommands: true }), SLOW);
    await waitFor(() => expect(eventCalls.at(-1)?.get('startDate')).toBeTruthy(), SLOW);
    const { startDate, endDate } = router.state.location.search as { startDate: string; endDate: string };
    expect(Date.parse(endDate) - Date.parse(startDate)).toBeGreaterThanOrEqual(168 * HOUR - 60_000);
    expect(Date.parse(endDate) - Date.parse(startDate)).toBeLessThanOrEqual(168 * HOUR);
    expect(eventCalls.at(-1)!.get('lastHours')).toBeNull();
  }, 60_000);
});
