import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers';

/**
 * The booking card's Payment tab (issue 5): fees and credits on a finished, paid demo booking (malar
 * BID2000000004, "paid, with a paid parking fee"; no other spec changes it), the booking menu's payment items and
 * the ?addFee=1 prefill.
 */
const BID = 'BID2000000004';

/** An amount as shown ("SEK 1,234.50") as a number. */
async function amountOf(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  return Number(text.replace(/[^\d.-]/g, ''));
}

async function logInMalar(page: Page) {
  await logIn(page, 'support.se');
  await expectLoggedIn(page, 'Mälar Mobility');
}

test('adds a fee and then a credit to a finished paid booking and sees the totals change', async ({ page }, testInfo) => {
  await logInMalar(page);
  await page.goto(`/booking/${BID}/payment`);
  const tab = page.getByTestId('booking-payment');
  await expect(tab.getByTestId('payment-summary')).toContainText('Paid');
  const grandTotal = tab.getByTestId('payment-grand-total');
  const bookingTotal = tab.getByTestId('payment-booking-total');
  await expect(grandTotal).toHaveText(/SEK/);
  const grandBefore = await amountOf(grandTotal);
  const bookingBefore = await amountOf(bookingTotal);
  // The demo booking's paid parking fee: wait for the fee rows (they may draw after the totals) before counting them.
  await expect(tab.getByTestId('event-payment').first()).toBeVisible();
  const feesBefore = await tab.getByTestId('event-payment').count();
  expect(feesBefore).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('payment-tab-before.png'), fullPage: true });

  // A road toll of SEK 125.00 including 25 % VAT: sent as SEK 100.00 without VAT.
  await tab.getByRole('button', { name: 'Add fee' }).click();
  await expect(page.getByRole('dialog', { name: `Add fee to ${BID}` })).toBeVisible();
  // The title follows the kind (fee or credit) chosen in the dialog.
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /Fee type/ }).click();
  await page.getByRole('option', { name: 'Road toll' }).click();
  await dialog.getByLabel(/^Amount/).fill('125');
  await dialog.getByLabel(/The amount includes VAT/).check();
  await expect(dialog).toContainText('Sent as SEK 100.00 excl. VAT');
  await dialog.getByLabel(/^Public comment/).fill('Essingeleden');
  await dialog.getByRole('button', { name: 'Add fee to the list' }).click();
  await expect(dialog.getByTestId('billing-pending')).toContainText('Road toll');
  // A credit cannot join the list while the fee is pending.
  await dialog.getByRole('button', { name: 'Credit', exact: true }).click();
  await dialog.getByLabel(/^Amount to credit/).fill('10');
  await dialog.getByRole('button', { name: 'Add credit to the list' }).click();
  await expect(dialog.getByTestId('billing-refusal')).toHaveText('A credit cannot be added while other fees are pending');
  await page.screenshot({ path: testInfo.outputPath('billing-dialog.png') });
  await dialog.getByRole('button', { name: 'Submit (1)' }).click();
  await expect(page.getByText('Billing added', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(tab.getByTestId('event-payment')).toHaveCount(feesBefore + 1);
  await expect.poll(() => amountOf(grandTotal)).toBeCloseTo(grandBefore + 125, 2);
  await expect(
    tab
      .getByTestId('event-payment')
      .filter({ hasText: 'Essingeleden' })
      .or(tab.getByTestId('event-payment').filter({ hasText: /toll/i }))
      .first(),
  ).toBeVisible();

  // A credit of SEK 50.00 without VAT: the booking payment loses SEK 62.50 with VAT.
  await tab.getByRole('button', { name: 'Credit…' }).click();
  const credit = page.getByRole('dialog', { name: `Credit ${BID}` });
  await credit.getByLabel(/^Amount to credit/).fill('50');
  await credit.getByLabel(/^Public comment/).fill('Goodwill for the late pickup');
  await credit.getByRole('button', { name: 'Add credit to the list' }).click();
  await expect(credit.getByTestId('billing-pending')).toContainText('Credit');
  await expect(credit.getByTestId('billing-pending')).toContainText('-SEK 50.00');
  await credit.getByRole('button', { name: 'Submit (1)' }).click();
  await expect(credit).toBeHidden();
  await expect.poll(() => amountOf(bookingTotal)).toBeCloseTo(bookingBefore - 62.5, 2);
  await expect.poll(() => amountOf(grandTotal)).toBeCloseTo(grandBefore + 125 - 62.5, 2);
  await page.screenshot({ path: testInfo.outputPath('payment-tab-after.png'), fullPage: true });
});

test('the booking menu offers credit and add fee, and says why a finished booking takes no fixed price', async ({ page }) => {
  await logInMalar(page);
  await page.goto(`/booking/${BID}`);
  await page.getByRole('button', { name: 'Actions' }).click();
  const menu = page.getByRole('menu', { name: 'Actions' });
  await expect(menu.getByRole('menuitem', { name: 'Add fee…' })).toBeEnabled();
  await expect(menu.getByRole('menuitem', { name: 'Credit…' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Fixed price…' })).toBeDisabled();
  await expect(menu.getByRole('menuitem', { name: 'Fixed price…' })).toHaveAccessibleDescription('A fixed price is not allowed on finished bookings');
  await page.keyboard.press('Escape');
  await page.goto(`/booking/${BID}/payment`);
  await expect(page.getByTestId('payment-summary')).toBeVisible();
  await expect(page.getByRole('button', { name: /Fixed price/ })).toHaveCount(0);
});

test('?addFee=1 opens the add-fee dialog prefilled', async ({ page }, testInfo) => {
  await logInMalar(page);
  await page.goto(`/booking/${BID}?addFee=1&amount=42.5&type=TOLL_FEE&vatIncluded=true&comment=Essingeleden`);
  const dialog = page.getByRole('dialog', { name: `Add fee to ${BID}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: /Fee type/ })).toHaveText('Road toll');
  await expect(dialog.getByLabel(/^Amount/)).toHaveValue('42.5');
  await expect(dialog.getByLabel(/The amount includes VAT/)).toBeChecked();
  await expect(dialog.getByLabel(/^Internal comment/)).toHaveValue('Essingeleden');
  await expect(dialog).toContainText('Sent as SEK 34.00 excl. VAT');
  await page.screenshot({ path: testInfo.outputPath('add-fee-prefilled.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/booking/${BID}$`));
});

test('the fixed price dialog checks the amount on an active booking', async ({ page }, testInfo) => {
  await logInMalar(page);
  await page.goto('/booking/BID2000000001/payment');
  await page.getByRole('button', { name: 'Fixed price…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fixed price for BID2000000001' });
  await dialog.getByRole('button', { name: 'Set fixed price' }).click();
  await expect(dialog).toContainText('The amount is required');
  await dialog.getByLabel(/^Price excl. VAT/).fill('abc');
  await dialog.getByRole('button', { name: 'Set fixed price' }).click();
  await expect(dialog).toContainText('The amount must be a number');
  await dialog.getByLabel(/^Price excl. VAT/).fill('-5');
  await dialog.getByRole('button', { name: 'Set fixed price' }).click();
  await expect(dialog).toContainText('The amount must not be negative');
  await page.screenshot({ path: testInfo.outputPath('fixed-price-dialog.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
