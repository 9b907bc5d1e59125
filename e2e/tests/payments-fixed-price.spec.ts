import { expect, test } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers';

/**
 * Issue 5 against the real server: a fixed price set, changed and removed on a future booking (malar BID2000000003,
 * which no other spec changes), and a booking payment replaced with another type (fjord BID1000000011, demo.blocked's
 * unpaid card payment; the payments-screen spec leaves demo.* customers alone).
 */

test('sets, changes and removes a fixed price on a future booking', async ({ page }) => {
  await logIn(page, 'support.se', 'support-demo', '/booking/BID2000000003/payment');
  await expectLoggedIn(page, 'Mälar Mobility');
  const tab = page.getByTestId('booking-payment');
  await expect(tab.getByTestId('fixed-price')).toHaveCount(0);

  await tab.getByRole('button', { name: 'Fixed price…' }).click();
  let dialog = page.getByRole('dialog', { name: 'Fixed price for BID2000000003' });
  await dialog.getByLabel(/^Price excl\. VAT/).fill('-5');
  await dialog.getByRole('button', { name: 'Set fixed price' }).click();
  await expect(dialog).toContainText('The amount must not be negative');
  await dialog.getByLabel(/^Price excl\. VAT/).fill('240');
  await dialog.getByLabel(/^Comment/).fill('Agreed on the phone');
  await dialog.getByRole('button', { name: 'Set fixed price' }).click();
  await expect(page.getByText('Fixed price set', { exact: true })).toBeVisible();
  await expect(tab.getByTestId('fixed-price')).toContainText('240.00');
  await expect(tab.getByTestId('fixed-price')).toContainText('Agreed on the phone');

  // Change it: the dialog now says what is set.
  await tab.getByRole('button', { name: 'Change fixed price…' }).click();
  dialog = page.getByRole('dialog', { name: 'Fixed price for BID2000000003' });
  await expect(dialog).toContainText('240.00');
  await dialog.getByLabel(/^Price excl\. VAT/).fill('199.5');
  await dialog.getByRole('button', { name: 'Change', exact: true }).click();
  await expect(tab.getByTestId('fixed-price')).toContainText('199.50');

  // Remove it.
  await tab.getByRole('button', { name: 'Change fixed price…' }).click();
  dialog = page.getByRole('dialog', { name: 'Fixed price for BID2000000003' });
  await dialog.getByRole('button', { name: 'Remove fixed price' }).click();
  await expect(tab.getByTestId('fixed-price')).toHaveCount(0);
  await expect(tab.getByRole('button', { name: 'Fixed price…' })).toBeVisible();
});

test("replaces a booking's unpaid card payment with an invoice to the customer", async ({ page }, testInfo) => {
  await logIn(page, 'support', 'support-demo', '/booking/BID1000000011/payment');
  await expectLoggedIn(page);
  const tab = page.getByTestId('booking-payment');
  const summary = tab.getByTestId('payment-summary');
  await expect(summary).toContainText('Credit card');
  const orderBefore = (await summary.textContent()) ?? '';

  const dialog = page.getByRole('dialog', { name: /^Replace payment BOK/ });
  // A fresh clone's CI run once clicked while the payment tab was still settling and no dialog opened: click again
  // until it is open (the dialog's own behaviour is what the rest of the test checks).
  await expect(async () => {
    if (!(await dialog.isVisible())) await tab.getByTestId('payment-actions').first().getByRole('button', { name: 'Replace payment…' }).click();
    await expect(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await dialog.getByRole('radio', { name: 'Invoice to the customer' }).check();
  await page.screenshot({ path: testInfo.outputPath('replace-payment.png') });
  await dialog.getByRole('button', { name: 'Replace', exact: true }).click();
  await expect(page.getByText('The booking payment was replaced', { exact: true })).toBeVisible();
  await expect(summary).toContainText('Invoice to the customer');
  await expect(summary).toContainText('Unpaid');
  expect((await summary.textContent()) ?? '').not.toEqual(orderBefore);
});
