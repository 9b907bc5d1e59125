import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { USER_BOOKINGS_TOTAL_HEADER, type UserBookingsListItem } from '@fleetdesk/contract';
import { readTablePreferences } from '@/components/data-table/table-preferences';
import { UserBookingsTab } from '@/features/users/components/user-bookings-tab';
import { i18n } from '@/lib/i18n/i18n';
import { makeBooking } from './fixtures/booking';
import { fakeBackend, type FakeBackend } from './support/backend';
import { renderWithQueries, teardownComponent } from './support/component-harness';
import { signIn, signOut } from './support/session';

/** The user's bookings as the server orders them; the fake server pages them by offset and limit. */
let stored: UserBookingsListItem[] = [];
let failing = false;
let backend: FakeBackend;

const bid = (i: number) => `BID${String(2000000000 + i)}`;
const PATH = '/api/users/demo.busy/bookings';

let client: QueryClient;
/** The signed-in staff member, whose table preferences the tab keeps. */
const STAFF = 'kari';

function renderTab() {
  const rendered = renderWithQueries(<UserBookingsTab username="demo.busy" />);
  client = rendered.client;
  return rendered;
}

const shownBids = () => screen.getAllByTestId('user-booking-row').map((row) => within(row).getByRole('link').textContent);
const requests = () => backend.callsTo(PATH).map((call) => call.query);

beforeEach(async () => {
  await i18n.changeLanguage('en-GB');
  localStorage.clear();
  signIn({ username: STAFF, givenName: 'Kari', familyName: 'Nord' });
  failing = false;
  stored = Array.from({ length: 27 }, (_, i) => ({
    ...makeBooking({ bid: bid(i), state: 'FINISHED', displayState: 'FINISHED', actions: [] }),
    listHighlight: i === 0 ? ('PREVIOUS' as const) : null,
  }));
  backend = fakeBackend();
  backend.on('GET /api/users/:username/bookings', ({ params, query }) => {
    if (params.username !== 'demo.busy') return undefined;
    if (failing) return backend.error(503, 'errorId.core.unavailable', 'Unavailable');
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 100);
    return new Response(JSON.stringify(stored.slice(offset, offset + limit)), {
      status: 200,
      headers: { 'content-type': 'application/json', [USER_BOOKINGS_TOTAL_HEADER]: String(stored.length) },
    });
  });
});

afterEach(() => {
  teardownComponent();
  signOut();
});

describe('the user page Bookings tab pages on the server through the DataTable', () => {
  it('asks for one page at a time with every state of the window, and counts from the total header', async () => {
    const user = userEvent.setup();
    renderTab();
    await waitFor(() => expect(shownBids()).toEqual(stored.slice(0, 10).map((b) => b.bid)));
    expect(requests()[0]?.get('offset')).toBe('0');
    expect(requests()[0]?.get('limit')).toBe('10');
    expect(requests()[0]?.getAll('state').join(',').split(',').sort()).toEqual(['ACTIVE', 'CANCELLED', 'FINISHED', 'INACTIVE']);
    expect(screen.getByText('1–10 of 27')).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'Bookings' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(shownBids()).toEqual(stored.slice(10, 20).map((b) => b.bid)));
    expect(requests().at(-1)?.get('offset')).toBe('10');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(shownBids()).toEqual(stored.slice(20).map((b) => b.bid)));
    expect(screen.getByText('21–27 of 27')).toBeTruthy();
    expect((screen.getByRole('button', { name: /next page/i }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: /previous page/i }));
    await waitFor(() => expect(shownBids()).toEqual(stored.slice(10, 20).map((b) => b.bid)));
  });

  it('asks again with the new page size from the first page, and remembers the size for this staff member', async () => {
    const user = userEvent.setup();
    const first = renderTab();
    await waitFor(() => expect(shownBids()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(requests().at(-1)?.get('offset')).toBe('10'));
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await user.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(shownBids()).toEqual(stored.slice(0, 25).map((b) => b.bid)));
    expect(requests().at(-1)?.get('limit')).toBe('25');
    expect(requests().at(-1)?.get('offset')).toBe('0');
    expect(readTablePreferences(STAFF, 'user-bookings').pageSize).toBe(25);

    // Another user's page (the tab opens afresh): the first request already asks for 25.
    first.unmount();
    backend.calls.length = 0;
    renderTab();
    await waitFor(() => expect(shownBids()).toHaveLength(25));
    expect(requests()[0]?.get('limit')).toBe('25');
  });

  it("keeps the server's §4 order: a click on a header neither sorts the page nor asks again", async () => {
    const user = userEvent.setup();
    renderTab();
    await waitFor(() => expect(shownBids()).toHaveLength(10));
    const asked = requests().length;
    await user.click(screen.getByRole('columnheader', { name: 'Start' }));
    expect(screen.getByRole('columnheader', { name: 'Start' }).getAttribute('aria-sort')).toBe('none');
    expect(shownBids()).toEqual(stored.slice(0, 10).map((b) => b.bid));
    expect(requests()).toHaveLength(asked);
  });

  it('shows the empty state when the window holds no bookings', async () => {
    stored = [];
    renderTab();
    expect((await screen.findByTestId('data-table-empty')).textContent).toContain('No bookings found');
  });

  it('shows the load error with a retry that asks again', async () => {
    const user = userEvent.setup();
    failing = true;
    renderTab();
    const error = await screen.findByTestId('data-table-error');
    expect(error.textContent).toContain('The bookings could not be loaded.');
    failing = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(shownBids()).toHaveLength(10));
  });

  it('keeps the shown rows when a refresh fails, says since when, and Try again brings them up to date', async () => {
    const user = userEvent.setup();
    renderTab();
    await waitFor(() => expect(shownBids()).toEqual(stored.slice(0, 10).map((b) => b.bid)));

    failing = true;
    await client.refetchQueries();
    const notice = await screen.findByTestId('refresh-failed');
    expect(notice.textContent).toMatch(/^Could not refresh: this shows what was loaded at \d{4}-\d{2}-\d{2} \d{2}:\d{2}\./);
    // The rows stay; neither the table's error panel nor its error notice replaces or tops them.
    expect(shownBids()).toEqual(stored.slice(0, 10).map((b) => b.bid));
    expect(screen.queryByTestId('data-table-error')).toBeNull();
    expect(screen.queryByText('The bookings could not be loaded.')).toBeNull();

    failing = false;
    stored = [{ ...stored[0]!, bid: bid(99) }, ...stored.slice(1)];
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('refresh-failed')).toBeNull());
    expect(shownBids()[0]).toBe(bid(99));
  });

  it("marks the rows current, next and previous as the server decided (§4), in the server's order", async () => {
    stored = [
      { ...makeBooking({ bid: bid(1), state: 'ACTIVE', displayState: 'ACTIVE', actions: [] }), listHighlight: 'CURRENT' },
      { ...makeBooking({ bid: bid(2), state: 'INACTIVE', displayState: 'INACTIVE', actions: [] }), listHighlight: 'NEXT' },
      { ...makeBooking({ bid: bid(3), state: 'INACTIVE', displayState: 'INACTIVE', actions: [] }), listHighlight: null },
      { ...makeBooking({ bid: bid(4), state: 'FINISHED', displayState: 'FINISHED', actions: [] }), listHighlight: 'PREVIOUS' },
    ];
    renderTab();
    await waitFor(() => expect(shownBids()).toEqual([bid(1), bid(2), bid(3), bid(4)]));
    const rows = screen.getAllByTestId('user-booking-row');
    expect(rows.map((row) => row.getAttribute('data-highlight'))).toEqual(['CURRENT', 'NEXT', null, 'PREVIOUS']);
    expect(within(rows[0]!).getByText('Current').isConnected).toBe(true);
    expect(rows[0]!.classList.contains('Mui-selected')).toBe(true);
    expect(rows[1]!.classList.contains('Mui-selected')).toBe(false);
    expect(within(rows[1]!).getByText('Next').isConnected).toBe(true);
    expect(within(rows[3]!).getByText('Previous').isConnected).toBe(true);
    expect(within(rows[2]!).queryByText(/Current|Next|Previous/)).toBeNull();
    expect(within(rows[0]!).getByText('Active').isConnected).toBe(true);
    expect(within(rows[1]!).getByText('Future').isConnected).toBe(true);
  });
});
