import { expect, test, type Page } from '@playwright/test';
import { expectLoggedIn, logIn, storedToken } from './helpers.ts';

/**
 * The payments screen (/payments): filters in the URL, the payment detail with its lines and §4 actions, and the
 * user view (?user=). Each test changes payments that no other spec touches.
 */

const snackbar = (page: Page, text: string | RegExp) => page.locator('#notistack-snackbar').filter({ hasText: text });

async function openPayments(page: Page, query = '') {
  await logIn(page, 'support', 'support-demo', `/payments${query}`);
  // With ?order= the detail opens over the screen (a modal panel hides the rest, the banner too, from the
  // accessibility tree): the test's own checks of the detail show the login worked.
  if (query.includes('order=')) return;
  await expectLoggedIn(page);
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
}

interface Row {
  orderId: string;
  username: string | null;
  type: string;
  status: string;
}

/** The oldest unpaid user invoice of a non-demo customer: the booking card specs work on the demo.* customers. */
async function findUnpaidUserInvoice(page: Page): Promise<Row> {
  const token = await storedToken(page);
  const response = await page.request.get('/api/payments', {
    params: { status: 'UNPAID', type: 'USER_INVOICE', from: '2000-01-01T00:00:00Z', pageSize: 100 },
    headers: { Authorization: `AUTH-TOKEN ${token}` },
  });
  expect(response.ok()).toBe(true);
  const { results } = (await response.json()) as { results: (Row & { target: string })[] };
  const row = results.filter((r) => r.target === 'BOOKING' && r.username && !r.username.startsWith('demo.')).at(-1);
  if (!row) throw new Error('The demo data has no unpaid user invoice');
  return row;
}

test('lists payments with status filters in the URL and opens a payment from the keyboard', async ({ page }, testInfo) => {
  await openPayments(page, '?from=2000-01-01');
  const table = page.getByRole('grid', { name: 'Payments' });
  await expect(table.getByTestId('payment-row').first()).toBeVisible();
  await expect(page.getByRole('main').getByText(/\d+ payments shown/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('payments-screen.png'), fullPage: true });

  // The status chips filter the list and are kept in the URL.
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Unpaid' }).click();
  await expect(page).toHaveURL(/[?&]status=UNPAID/);
  await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Unpaid' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table.getByTestId('payment-status').first()).toHaveText('Unpaid');
  const statuses = await table.getByTestId('payment-status').allTextContents();
  expect(new Set(statuses)).toEqual(new Set(['Unpaid']));

  // A reload restores the filter; Enter on a focused row opens the detail.
  await page.reload();
  const first = table.getByTestId('payment-row').first();
  const orderId = await first.getAttribute('data-order-id');
  // The grid's cells are reached with the arrow keys; Enter on a cell opens its row.
  await first.getByRole('gridcell').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]order=${orderId}`));
  const detail = page.getByTestId('payment-detail');
  await expect(detail.getByRole('heading', { name: `Payment ${orderId}` })).toBeVisible();
  await expect(detail.getByRole('grid', { name: 'Payment lines' })).toBeVisible();
  await expect(detail.getByRole('toolbar', { name: `Payment actions for ${orderId}` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('payments-detail.png') });
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]order=/);
});

test('marks an unpaid user invoice as sent and then as received', async ({ page }) => {
  await openPayments(page);
  const invoice = await findUnpaidUserInvoice(page);

  // Find it through the order id search (the date range widened to cover it).
  // The date field takes a day section by section (MUI X, decision 0058); leaving it puts the day in the URL.
  await page.getByRole('group', { name: 'From date' }).getByRole('spinbutton').first().click();
  await page.keyboard.type('20000101');
  await page.keyboard.press('Tab');
  await expect(page).toHaveURL(/[?&]from=2000-01-01/);
  await page.getByLabel('Order id or booking id').fill(invoice.orderId);
  await page.getByLabel('Order id or booking id').press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]search=${invoice.orderId}`));
  const row = page.locator(`[data-testid="payment-row"][data-order-id="${invoice.orderId}"]`);
  await expect(row.getByTestId('payment-status')).toHaveText('Unpaid');
  // The row opens on a click outside its links (the booking and customer cells link elsewhere).
  await row.getByRole('gridcell').first().click();

  const detail = page.getByTestId('payment-detail');
  await expect(detail.getByTestId('payment-detail-status')).toHaveText('Unpaid');
  await expect(detail.getByRole('button', { name: 'Mark as received' })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Mark invoice sent' }).click();
  await expect(snackbar(page, 'The invoice is marked as sent')).toBeVisible();
  await expect(detail.getByTestId('payment-detail-status')).toHaveText('Invoice sent');
  await expect(row.getByTestId('payment-status')).toHaveText('Invoice sent');

  await detail.getByRole('button', { name: 'Mark as received' }).click();
  // Marking money as received asks first, naming the payment (issue 17).
  const confirm = page.getByRole('dialog', { name: /^Mark payment .+ as received\?$/ });
  await confirm.getByRole('button', { name: 'Mark as received' }).click();
  await expect(snackbar(page, 'The payment is marked as received')).toBeVisible();
  await expect(detail.getByTestId('payment-detail-status')).toHaveText('Paid');
  await expect(row.getByTestId('payment-status')).toHaveText('Paid');
  await expect(detail.getByRole('button', { name: 'Mark invoice sent' })).toHaveCount(0);
});

test('revives the abandoned card payment BOK1000007 of demo.active', async ({ page }) => {
  await openPayments(page, '?order=BOK1000007&from=2000-01-01');
  const detail = page.getByTestId('payment-detail');
  await expect(detail.getByRole('heading', { name: 'Payment BOK1000007' })).toBeVisible();
  await expect(detail.getByTestId('payment-detail-status')).toHaveText('Abandoned');
  await expect(detail.getByRole('link', { name: 'BID1000000009' })).toHaveAttribute('href', '/booking/BID1000000009/payment');

  await detail.getByRole('button', { name: 'Revive payment' }).click();
  // Charging a card again asks first, naming the payment (issue 17).
  await page.getByRole('dialog', { name: 'Charge the card again for BOK1000007?' }).getByRole('button', { name: 'Revive payment' }).click();
  await expect(snackbar(page, /The payment was retried: /)).toBeVisible();
  await expect(detail.getByTestId('payment-detail-status')).not.toHaveText('Abandoned');
  await expect(detail.getByRole('button', { name: 'Revive payment' })).toHaveCount(0);
});

test("shows a user's payments, and a declined card when retrying demo.declined's unpaid card payment", async ({ page }, testInfo) => {
  await openPayments(page);
  // The user name filter switches to that user's payments (?user=).
  await page.getByLabel('User name').fill('demo.declined');
  await page.getByLabel('User name').press('Enter');
  await expect(page).toHaveURL(/[?&]user=demo\.declined/);
  await expect(page.getByRole('heading', { name: 'Payments of demo.declined', level: 1 })).toBeVisible();
  // The console's DataTable: a grid; a click on a row's cell opens that payment.
  const list = page.getByRole('grid', { name: 'Payments of demo.declined' });
  await expect(list.getByTestId('user-payment-row').first()).toBeVisible();
  await expect(page.getByTestId('outstanding-payments')).toContainText(/\d+ outstanding, NOK/);

  const unpaidCard = list.getByTestId('user-payment-row').filter({ hasText: 'Credit card' }).filter({ hasText: 'Unpaid' }).first();
  await unpaidCard.getByRole('gridcell').first().click();
  await expect(unpaidCard).toHaveAttribute('data-selected', 'true');
  const detail = page.getByTestId('payment-detail');
  await expect(detail.getByTestId('payment-detail-status')).toHaveText('Unpaid');
  await page.screenshot({ path: testInfo.outputPath('user-payments.png'), fullPage: true });

  await detail.getByRole('button', { name: 'Retry payment' }).click();
  await page
    .getByRole('dialog', { name: /^Charge the card again for .+\?$/ })
    .getByRole('button', { name: 'Retry payment' })
    .click();
  await expect(snackbar(page, 'The card was declined.')).toBeVisible();
  await expect(detail.getByTestId('payment-detail-status')).toHaveText('Unpaid');

  // Back to all payments.
  await page.getByRole('button', { name: 'All payments' }).click();
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
});
