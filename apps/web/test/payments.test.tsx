import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Payment, UserPaymentsResponse } from '@fleetdesk/contract';
import { replacementTypes } from '@/features/payments/payment-action-rules';
import { paymentAbilities } from './fixtures/payment-abilities';
import { effectiveRange, paymentsFilterOf, validatePaymentsSearch } from '@/features/payments/payments-search';
import { PaymentActionsBar } from '@/features/payments/components/payment-actions-bar';
import { PaymentLinesTable } from '@/features/payments/components/payment-lines-table';
import { UserPayments } from '@/features/payments/components/user-payments';
import { i18n } from '@/lib/i18n/i18n';
import { ApiError } from '@/lib/api/api-error';
import { paymentActionErrorNotifications } from '@/features/payments/api/use-payment-actions';
import { MESSAGE_IDS, PAYMENT_EXCEPTION_PREFIX } from '@fleetdesk/contract';
import { makeBooking } from './fixtures/booking';
import { fakeBackend, type FakeBackend } from './support/backend';
import { renderWithQueries, teardownComponent } from './support/component-harness';

const notifications = vi.hoisted(() => [] as { variant: string; message: string }[]);
vi.mock('@/lib/notifications/notify', () => ({
  notify: (n: { variant: string; message: string }) => notifications.push(n),
  notifySuccess: (message: string) => notifications.push({ variant: 'success', message }),
  notifyInfo: (message: string) => notifications.push({ variant: 'info', message }),
  notifyWarning: (message: string) => notifications.push({ variant: 'warning', message }),
  notifyError: () => notifications.push({ variant: 'error', message: 'error' }),
}));
/** Successes that offer Undo (issue 17): recorded like the others, their undo kept for the test to press. */
const undoables = vi.hoisted(() => [] as { message: string; what: string; onUndo: () => void }[]);
vi.mock('@/lib/notifications/undo-notification', () => ({
  notifyUndoable: (n: { message: string; what: string; onUndo: () => void }) => {
    notifications.push({ variant: 'success', message: n.message });
    undoables.push(n);
  },
}));

function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    orderId: 'BOK1000042',
    bid: 'BID1000000042',
    username: 'demo.active',
    type: 'USER_INVOICE',
    status: 'UNPAID',
    target: 'BOOKING',
    timestamp: { type: 'CREATED_DATE', timestamp: '2025-03-01T10:00:00.000Z' },
    totalPriceWithoutVat: 400,
    totalVat: 100,
    totalPrice: 500,
    currency: 'NOK',
    events: [
      {
        id: 1,
        itemName: 'TP_HOUR',
        itemType: 'FIXED',
        itemDisplayText: 'Time price per hour',
        publicComment: null,
        comment: null,
        unitAmount: 2,
        unitCost: 120,
        priceWithoutVat: 240,
        vat: 60,
        totalPrice: 300,
        manualEvent: false,
      },
      {
        id: 2,
        itemName: 'PARKING_TICKET',
        itemType: 'FEE',
        itemDisplayText: 'Parking ticket',
        publicComment: 'Ticket from Oslo kommune',
        comment: 'Photo in the case file',
        unitAmount: 1,
        unitCost: 160,
        priceWithoutVat: 160,
        vat: 40,
        totalPrice: 200,
        manualEvent: true,
      },
    ],
    singleEventPayments: [],
    externalId: null,
    paymentProvider: 'sandbox',
    reservationFailed: false,
    abilities: paymentAbilities(),
    ...overrides,
  };
}

describe('replacement types', () => {
  it('offers the other two types', () => {
    expect(replacementTypes('CREDITCARD')).toEqual(['USER_INVOICE', 'INVOICE']);
    expect(replacementTypes('INVOICE')).toEqual(['CREDITCARD', 'USER_INVOICE']);
  });
});

describe('payment action failures (§8)', () => {
  const refused = (code: string, httpCode = 400) =>
    new ApiError(httpCode, { httpCode, messageId: `${PAYMENT_EXCEPTION_PREFIX}${code}`, message: 'x', errors: [] });
  const messages = (...args: Parameters<typeof paymentActionErrorNotifications>) => paymentActionErrorNotifications(...args).map((n) => n.message);

  it('shows a refused card, in the words of §8 for a payment method change, and nothing for other failures', async () => {
    await i18n.changeLanguage('en-GB');
    const t = i18n.t.bind(i18n);
    expect(messages(refused('card_declined'), t, 'retry')).toEqual(['The card was declined.']);
    expect(messages(refused('card_declined'), t, 'switchType', makePayment({ target: 'BOOKING' }))[0]).toMatch(
      /^It was not possible to reserve the above amount on your card/,
    );
    expect(messages(refused('insufficient_funds'), t, 'switchType', makePayment({ orderId: 'EVE1', target: 'EVENT' }))[0]).toMatch(
      /insufficient funds or was declined/,
    );
    expect(messages(new ApiError(409, { httpCode: 409, messageId: MESSAGE_IDS.conflict, message: 'No', errors: [] }), t, 'retry')).toEqual([]);
  });
});

describe('payments screen URL state', () => {
  it('keeps the search statuses, a known type and well-formed dates, and drops the rest', () => {
    expect(
      validatePaymentsSearch({
        status: 'paid,UNPAID,INVOICE_SENT,bogus',
        type: 'creditcard',
        from: '2025-01-01',
        to: '2025-13-45',
        search: ' bok12 ',
        order: 'bok1',
        user: ' anna ',
      }),
    ).toEqual({ status: 'PAID,UNPAID', type: 'CREDITCARD', from: '2025-01-01', search: 'BOK12', order: 'BOK1', user: 'anna' });
    expect(validatePaymentsSearch({ status: ['ABANDONED', 'ABANDONED'], type: 'CASH' })).toEqual({ status: 'ABANDONED' });
  });

  it('defaults to the last 30 days and asks the server for whole days', () => {
    const now = new Date(2025, 5, 15, 12, 0);
    expect(effectiveRange({}, now)).toEqual({ from: '2025-05-16', to: '2025-06-15' });
    const filter = paymentsFilterOf({ from: '2025-06-01', to: '2025-06-02', status: 'UNPAID,PAID' }, now);
    expect(new Date(filter.from!).getTime()).toBe(new Date(2025, 5, 1, 0, 0, 0, 0).getTime());
    expect(new Date(filter.to!).getTime()).toBe(new Date(2025, 5, 2, 23, 59, 59, 999).getTime());
    expect(filter.status).toEqual(['PAID', 'UNPAID']);
    expect(new Date(paymentsFilterOf({ to: '2025-06-02' }, now).from!).getTime()).toBe(new Date(2025, 4, 16).getTime());
  });
});

// ---------- components ----------

let backend: FakeBackend;
/** What the screen sent: method, path and body of each request, in order. */
const calls = () => backend.calls.map(({ method, path, body }) => ({ method, path, body }));

beforeEach(async () => {
  await i18n.changeLanguage('en-GB');
  notifications.length = 0;
  backend = fakeBackend();
});

afterEach(teardownComponent);

describe('PaymentLinesTable', () => {
  it('shows each line with its prices, marks manual lines with their comments, and totals the payment', () => {
    renderWithQueries(<PaymentLinesTable payment={makePayment()} />);
    const table = screen.getByRole('grid', { name: 'Payment lines' });
    const rows = within(table).getAllByTestId('payment-line');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Time price per hour');
    expect(rows[0]!.textContent).not.toContain('Manual');
    expect(rows[1]!.textContent).toContain('Manual');
    expect(rows[1]!.textContent).toContain('Public comment: Ticket from Oslo kommune');
    expect(rows[1]!.textContent).toContain('Internal comment: Photo in the case file');
    expect(rows[1]!.textContent).toMatch(/NOK\s?160\.00.*NOK\s?40\.00.*NOK\s?200\.00/);
    const totals = screen.getByTestId('payment-lines-totals');
    expect(totals.textContent).toMatch(/NOK\s?400\.00.*NOK\s?100\.00.*NOK\s?500\.00/);
  });

  it('says so when the payment has no lines', () => {
    renderWithQueries(<PaymentLinesTable payment={makePayment({ events: [] })} />);
    expect(screen.getByText('This payment has no lines yet')).toBeTruthy();
  });
});

describe('PaymentActionsBar', () => {
  it('marks an unpaid invoice as sent, tells so, hands back the changed payment and re-fetches bookings and payments', async () => {
    const sent = makePayment({ status: 'INVOICE_SENT' });
    backend.on('PUT /api/payments/:orderId/status', ({ params }) => (params.orderId === 'BOK1000042' ? sent : undefined));
    const onChanged = vi.fn();
    const { client } = renderWithQueries(
      <PaymentActionsBar
        payment={makePayment({ abilities: paymentAbilities(['markInvoiceSent', 'switchType', 'replace']) })}
        bid="BID1000000042"
        onChanged={onChanged}
      />,
    );
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    const bar = screen.getByRole('toolbar', { name: 'Payment actions for BOK1000042' });
    expect(within(bar).queryByRole('button', { name: /Mark as received/ })).toBeNull();
    await userEvent.click(within(bar).getByRole('button', { name: 'Mark invoice sent' }));

    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(sent));
    expect(calls()).toContainEqual({ method: 'PUT', path: '/api/payments/BOK1000042/status', body: { status: 'INVOICE_SENT' } });
    expect(notifications).toContainEqual({ variant: 'success', message: 'The invoice is marked as sent' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['bookings'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['payments'] });
  });

  it('offers Undo on the success of mark-as-sent instead of asking first; Undo sets the invoice back to unpaid', async () => {
    undoables.length = 0;
    const sent = makePayment({ status: 'INVOICE_SENT' });
    const unpaid = makePayment({ status: 'UNPAID' });
    backend.on('PUT /api/payments/:orderId/status', ({ params, body }) =>
      params.orderId === 'BOK1000042' ? ((body as { status: string }).status === 'UNPAID' ? unpaid : sent) : undefined,
    );
    const onChanged = vi.fn();
    renderWithQueries(
      <PaymentActionsBar payment={makePayment({ abilities: paymentAbilities(['markInvoiceSent']) })} bid={null} onChanged={onChanged} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark invoice sent' }));
    // No confirmation: it runs at once.
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(undoables).toHaveLength(1));
    expect(undoables[0]).toMatchObject({ message: 'The invoice is marked as sent' });
    undoables[0]!.onUndo();
    await waitFor(() => expect(onChanged).toHaveBeenLastCalledWith(unpaid));
    expect(
      calls()
        .filter((c) => c.method === 'PUT')
        .map((c) => c.body),
    ).toEqual([{ status: 'INVOICE_SENT' }, { status: 'UNPAID' }]);
    expect(notifications).toContainEqual({ variant: 'success', message: 'Undone' });
  });

  it('shows the translated card error when a retry is refused by the card', async () => {
    backend.on('POST /api/payments/:orderId/retry', ({ params }) =>
      params.orderId === 'BOK1000042' ? backend.error(400, 'errorId.core.PaymentException.card_declined', 'card_declined') : undefined,
    );
    renderWithQueries(
      <PaymentActionsBar payment={makePayment({ type: 'CREDITCARD', status: 'UNPAID', abilities: paymentAbilities(['retry']) })} bid={null} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry payment' }));
    // Charging a card again asks first, naming the customer and the amount.
    const confirm = await screen.findByRole('dialog', { name: 'Charge the card again for BOK1000042?' });
    expect(confirm.textContent).toContain('demo.active');
    expect(calls()).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Retry payment' }));
    await waitFor(() => expect(notifications).toContainEqual({ variant: 'error', persist: true, message: 'The card was declined.' }));
  });

  it('keeps other failures silent, as §8 says for the action bars', async () => {
    backend.on('PUT /api/payments/:orderId/status', () => backend.error(409, 'conflict', 'The payment cannot go from PAID to INVOICE_SENT'));
    renderWithQueries(<PaymentActionsBar payment={makePayment({ abilities: paymentAbilities(['markInvoiceSent']) })} bid={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark invoice sent' }));
    await waitFor(() => expect(calls().some((c) => c.method === 'PUT')).toBe(true));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Mark invoice sent' }) as HTMLButtonElement).disabled).toBe(false));
    expect(notifications).toEqual([]);
  });

  it("draws the bar from the abilities only, and explains a disabled action with the server's reason", async () => {
    renderWithQueries(
      <PaymentActionsBar
        payment={makePayment({
          type: 'INVOICE',
          abilities: paymentAbilities(['release'], { switchType: 'cantTurnInvoiceToCard', replace: 'paymentReplacePaid' }),
        })}
        bid="BID1000000042"
      />,
    );
    const bar = screen.getByRole('toolbar', { name: 'Payment actions for BOK1000042' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Release', 'Switch to credit card', 'Replace payment…']);
    expect((screen.getByRole('button', { name: 'Switch to credit card' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText("Switch to credit card: Can't turn from invoice to credit card")).toBeTruthy();
    expect(screen.getByLabelText('Replace payment…: A paid payment cannot be replaced; add a credit instead')).toBeTruthy();
  });

  it('switches a booking payment through the booking after asking, and hands back the booking’s new payment', async () => {
    const switched = makePayment({ type: 'USER_INVOICE', status: 'UNPAID' });
    // The server answers the booking; its payment is the switched one.
    backend.on('PUT /api/bookings/:bid/paymentType', ({ params }) =>
      params.bid === 'BID1000000042' ? makeBooking({ bid: 'BID1000000042', payment: switched }) : undefined,
    );
    const onChanged = vi.fn();
    renderWithQueries(
      <PaymentActionsBar
        payment={makePayment({ type: 'CREDITCARD', status: 'RESERVED', abilities: paymentAbilities(['switchType']) })}
        bid="BID1000000042"
        onChanged={onChanged}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Switch to invoice' }));
    const confirm = await screen.findByRole('dialog', { name: 'Switch the payment type of BOK1000042?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Switch to invoice' }));
    await waitFor(() =>
      expect(calls()).toContainEqual({ method: 'PUT', path: '/api/bookings/BID1000000042/paymentType', body: { paymentType: 'USER_INVOICE' } }),
    );
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(switched));
  });

  it('asks before releasing, then releases', async () => {
    backend.on('POST /api/payments/:orderId/release', ({ params }) =>
      params.orderId === 'BOK1000042' ? makePayment({ type: 'INVOICE', status: 'NO_CHARGE' }) : undefined,
    );
    renderWithQueries(
      <PaymentActionsBar payment={makePayment({ type: 'INVOICE', status: 'UNPAID', abilities: paymentAbilities(['release']) })} bid={null} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Release' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release payment BOK1000042?' });
    expect(calls()).toEqual([]);
    // Releasing ends the payment: a reason is required, and it goes into the event log.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(calls()).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Billed twice by mistake');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(notifications).toContainEqual({ variant: 'success', message: 'The payment was released' }));
    expect(calls()).toContainEqual({ method: 'POST', path: '/api/payments/BOK1000042/release', body: { reason: 'Billed twice by mistake' } });
  });
});

describe('UserPayments', () => {
  const NO_PAYMENTS: UserPaymentsResponse = {
    startDate: '2024-06-01T00:00:00.000Z',
    endDate: '2025-06-01T00:00:00.000Z',
    payments: [],
    outstandingPayments: [],
  };

  it('lists the payments with the outstanding summary and opens the selected payment', async () => {
    backend.on('GET /api/users/:username/payments', ({ params }) =>
      params.username === 'demo.active'
        ? {
            startDate: '2024-06-01T00:00:00.000Z',
            endDate: '2025-06-01T00:00:00.000Z',
            payments: [
              makePayment({ abilities: paymentAbilities(['markInvoiceSent', 'switchType', 'replace']) }),
              makePayment({ orderId: 'BOK1000043', status: 'PAID', type: 'CREDITCARD' }),
            ],
            outstandingPayments: [{ numberOfPayments: 1, totalCost: 500, currencyCode: 'NOK' }],
          }
        : undefined,
    );
    backend.on('GET /api/users/:username/payments/methods', ({ params }) =>
      params.username === 'demo.active' ? { registeredCards: [] } : undefined,
    );
    renderWithQueries(<UserPayments username="demo.active" />);
    // The console's DataTable: a grid named as the table was.
    const list = await screen.findByRole('grid', { name: 'Payments of demo.active' });
    await waitFor(() => expect(within(list).getAllByTestId('user-payment-row')).toHaveLength(2));
    const rows = () => within(list).getAllByTestId('user-payment-row');
    expect(rows().map((row) => row.getAttribute('data-order-id'))).toEqual(['BOK1000042', 'BOK1000043']);
    expect(within(rows()[0]!).getByRole('link', { name: 'BID1000000042' })).toBeTruthy();
    expect(rows()[1]!.textContent).toContain('Credit card');
    expect(rows()[1]!.textContent).toContain('Paid');
    expect(screen.getByTestId('outstanding-payments').textContent).toMatch(/1 outstanding, NOK\s?500\.00/);
    expect(screen.getByText('Select a payment to see its lines and actions.')).toBeTruthy();

    // Enter on a row's cell opens that payment beside the list, and the row is marked.
    const cell = within(rows()[0]!).getByText('BOK1000042').closest('[role="gridcell"]') as HTMLElement;
    act(() => cell.focus());
    await userEvent.keyboard('{Enter}');
    const detail = await screen.findByTestId('payment-detail');
    expect(within(detail).getByRole('heading', { name: 'Payment BOK1000042' })).toBeTruthy();
    expect(rows()[0]!.getAttribute('data-selected')).toBe('true');
    expect(within(detail).getByRole('button', { name: 'Mark invoice sent' })).toBeTruthy();
    // A click on another row opens that one.
    await userEvent.click(within(rows()[1]!).getByText('BOK1000043'));
    expect(await within(screen.getByTestId('payment-detail')).findByRole('heading', { name: 'Payment BOK1000043' })).toBeTruthy();
    expect(rows()[0]!.getAttribute('data-selected')).toBeNull();
    expect(rows()[1]!.getAttribute('data-selected')).toBe('true');
    // §9's format in the date field (MUI X's field keeps the value in an input inside the labelled group).
    expect(screen.getByRole('group', { name: 'From date' }).querySelector('input')?.value).toBe('2024-06-01');
  });

  it("shows 'No payments' when the period has none", async () => {
    backend.on('GET /api/users/:username/payments', ({ params }) => (params.username === 'nobody' ? NO_PAYMENTS : undefined));
    backend.on('GET /api/users/:username/payments/methods', () => ({ registeredCards: [] }));
    renderWithQueries(<UserPayments username="nobody" />);
    expect((await screen.findByTestId('data-table-empty')).textContent).toContain('No payments');
    expect(screen.getByText('No outstanding payments')).toBeTruthy();
    // Without payments there is nothing to select.
    expect(screen.queryByText('Select a payment to see its lines and actions.')).toBeNull();
  });

  it('says when the payments could not be loaded, with a retry', async () => {
    let fail = true;
    backend.on('GET /api/users/:username/payments', ({ params }) =>
      params.username === 'nobody' ? (fail ? backend.error(500, 'errorId.core.internal', 'boom') : NO_PAYMENTS) : undefined,
    );
    renderWithQueries(<UserPayments username="nobody" />);
    const error = await screen.findByTestId('data-table-error');
    expect(error.textContent).toContain("The user's payments could not be loaded");
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('data-table-empty')).textContent).toContain('No payments');
  });
});
