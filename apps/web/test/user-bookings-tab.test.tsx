import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { UserBookingsListItem } from '@fleetdesk/contract';
import { UserBookingsTab } from '@/features/users/components/user-bookings-tab';
import { i18n } from '@/lib/i18n/i18n';
import { makeBooking } from './fixtures/booking';

/** The user's bookings as the server orders them; the fake server pages them by offset and limit. */
let stored: UserBookingsListItem[] = [];
const requests: URLSearchParams[] = [];

const bid = (i: number) => `BID${String(2000000000 + i)}`;

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <UserBookingsTab username="demo.busy" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const shownBids = () => screen.getAllByTestId('user-booking-row').map((row) => within(row).getByRole('link').textContent);

beforeEach(async () => {
  await i18n.changeLanguage('en-GB');
  requests.length = 0;
  stored = Array.from({ length: 27 }, (_, i) => ({
    ...makeBooking({ bid: bid(i), state: 'FINISHED', displayState: 'FINISHED', actions: [] }),
    listHighlight: i === 0 ? ('PREVIOUS' as const) : null,
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/users/demo.busy/bookings') return new Response('{}', { status: 404 });
      requests.push(url.searchParams);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      return new Response(JSON.stringify(stored.slice(offset, offset + limit)), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-total-count': String(stored.length) },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the user page Bookings tab pages on the server', () => {
  it('asks for one page at a time with every state of the window, and counts from the total header', async () => {
    const user = userEvent.setup();
    renderTab();
    await waitFor(() => expect(shownBids()).toEqual(stored.slice(0, 10).map((b) => b.bid)));
    expect(requests[0]?.get('offset')).toBe('0');
    expect(requests[0]?.get('limit')).toBe('10');
    expect(requests[0]?.getAll('state').join(',').split(',').sort()).toEqual(['ACTIVE', 'CANCELLED', 'FINISHED', 'INACTIVE']);
    expect(screen.getByText('1–10 of 27')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(shownBids()).toEqual(stored.slice(10, 20).map((b) => b.bid)));
    expect(requests.at(-1)?.get('offset')).toBe('10');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(shownBids()).toEqual(stored.slice(20).map((b) => b.bid)));
    expect(screen.getByText('21–27 of 27')).toBeTruthy();
    expect((screen.getByRole('button', { name: /next page/i }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks again with the new page size from the first page', async () => {
    const user = userEvent.setup();
    renderTab();
    await waitFor(() => expect(shownBids()).toHaveLength(10));
    await user.click(screen.getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(shownBids()).toEqual(stored.slice(0, 25).map((b) => b.bid)));
    expect(requests.at(-1)?.get('limit')).toBe('25');
    expect(requests.at(-1)?.get('offset')).toBe('0');
  });

  it('shows the empty state when the window holds no bookings', async () => {
    stored = [];
    renderTab();
    expect((await screen.findByTestId('user-bookings-empty')).textContent).toContain('No bookings found');
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
    expect(within(rows[1]!).getByText('Next').isConnected).toBe(true);
    expect(within(rows[3]!).getByText('Previous').isConnected).toBe(true);
    expect(within(rows[2]!).queryByText(/Current|Next|Previous/)).toBeNull();
  });
});
