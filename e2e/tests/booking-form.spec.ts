import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectLoggedIn, logIn, storedToken } from './helpers.ts';

/**
 * The booking creation form (/booking) and its confirmation dialog, against the real server and the demo
 * data (docs/demo-data.md): demo.active has a PRIVATE and a COMPANY contract; emma.johansen's registered card
 * (VISA **** 3155) is the sandbox's 3-D Secure test card, so her bookings wait for authorisation.
 */

/** A wall-clock time in Oslo (the browser runs in Europe/Oslo), `days` from now, as the fields show it ('YYYY-MM-DD HH:mm'). */
function osloTime(days: number, time: string): string {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 24 * 3_600_000),
  );
  return `${date} ${time}`;
}

/** Types 'YYYY-MM-DD HH:mm' into a date-time field (a group of spinbuttons): its digits, from the year on. */
async function typeDateTime(field: Locator, value: string) {
  await field.getByRole('spinbutton', { name: 'Year' }).click();
  await field.page().keyboard.type(value.replace(/\D/g, ''));
  await expect(field.locator('input')).toHaveValue(value);
}

async function openFormFor(page: Page, username: string) {
  await logIn(page, 'support', 'support-demo', `/booking?user=${username}`);
  await expectLoggedIn(page);
  await expect(page.getByRole('heading', { name: 'New booking', level: 1 })).toBeVisible();
}

/** Fjord Privat from Grünerløkka, tomorrow, and the first free price class. */
async function fillPrivateTrip(page: Page, start: string, end: string) {
  const contract = page.getByRole('combobox', { name: 'Contract' });
  await expect(contract).toBeEnabled();
  await contract.click();
  await page.getByRole('option', { name: /Fjord Privat/ }).click();
  await page.getByRole('combobox', { name: 'From pool' }).click();
  await page.getByRole('option', { name: 'Grünerløkka', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'To pool' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'To pool' })).toHaveValue('Grünerløkka');
  await typeDateTime(page.getByRole('group', { name: 'Start' }), start);
  await typeDateTime(page.getByRole('group', { name: 'End' }), end);
  // The customer's last booking may have prefilled another kind of vehicle choice.
  await page.getByRole('group', { name: 'Book by' }).getByRole('button', { name: 'Price class' }).click();
  const priceClass = page.getByRole('combobox', { name: 'Price class' });
  await expect(priceClass).not.toHaveAttribute('aria-disabled', 'true');
  // Nothing is chosen for staff (issue 17): the price class starts empty and says it must be chosen.
  await expect(page.getByText('Choose a price class')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review booking' })).toBeDisabled();
  await priceClass.click();
  await page.locator('[role="option"]:not([aria-disabled="true"])').first().click();
}

test('creates a booking for demo.active: estimate, confirmation, created, lands on the card', async ({ page }) => {
  await logIn(page);
  await expectLoggedIn(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Booking creation' }).click();
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.getByRole('button', { name: 'Review booking' })).toBeDisabled();

  // Only active customers are searched; choosing one keeps it in the URL.
  await page.getByRole('combobox', { name: 'Customer' }).fill('Nordmann');
  await page.getByRole('option', { name: /Nordmann, Kari \(demo\.active\)/ }).click();
  await expect(page).toHaveURL(/\/booking\?user=demo\.active$/);

  await fillPrivateTrip(page, osloTime(1, '10:00'), osloTime(1, '12:00'));
  await expect(page.getByText('Duration: 2 hrs')).toBeVisible();
  await expect(page.getByTestId('booking-estimate')).toContainText('NOK');
  // The free vehicles, each with its estimated price.
  await expect(
    page
      .getByRole('list', { name: /Free vehicles/ })
      .getByRole('button')
      .first(),
  ).toContainText('NOK');

  const review = page.getByRole('button', { name: 'Review booking' });
  await expect(review).toBeEnabled();
  await review.click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the booking' });
  await expect(dialog).toContainText('Nordmann, Kari (demo.active)');
  await expect(dialog).toContainText('Fjord Privat');
  await expect(dialog).toContainText('Grünerløkka, Oslo');
  await expect(dialog).toContainText('NOK');
  await dialog.getByRole('button', { name: 'Create booking' }).click();

  await expect(page).toHaveURL(/\/booking\/BID\d{10,}$/);
  await expect(page.getByText('Booking created', { exact: true })).toBeVisible();
  const bid = /BID\d+/.exec(page.url())?.[0] ?? '';
  await expect(page.getByRole('main')).toContainText(bid);
});

test('an invalid duration shows the contract rule and blocks the booking', async ({ page }) => {
  await openFormFor(page, 'demo.active');
  await fillPrivateTrip(page, osloTime(1, '10:00'), osloTime(1, '10:30'));
  await expect(page.getByText('Bookings must be at least 1 hour.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review booking' })).toBeDisabled();

  // Staff may ignore the rule.
  await page.getByRole('checkbox', { name: 'Ignore booking rules' }).check();
  await expect(page.getByTestId('booking-rules-expanded')).toContainText('Bookings must be at least 1 hour.');
  await expect(page.getByRole('button', { name: 'Review booking' })).toBeEnabled();
});

test('a booking that needs card authorisation waits for the customer', async ({ page }) => {
  await openFormFor(page, 'emma.johansen');
  await fillPrivateTrip(page, osloTime(2, '09:00'), osloTime(2, '11:00'));
  await expect(page.getByTestId('booking-estimate')).toContainText('NOK');
  await page.getByRole('button', { name: 'Review booking' }).click();
  await page.getByRole('dialog', { name: 'Confirm the booking' }).getByRole('button', { name: 'Create booking' }).click();

  const waiting = page.getByRole('dialog', { name: 'Waiting for user authentication' });
  await expect(waiting).toBeVisible();
  await expect(waiting).toContainText(/Booking BID\d+ was created/);
  await expect(waiting.getByRole('progressbar')).toBeVisible();
  await expect(page).toHaveURL(/\/booking\?user=emma\.johansen$/);
});

/** Creates a booking for emma.johansen (whose card needs 3-D Secure) and returns the waiting dialog and the new bid. */
async function createWaitingBooking(page: Page, days: number) {
  await openFormFor(page, 'emma.johansen');
  await fillPrivateTrip(page, osloTime(days, '09:00'), osloTime(days, '11:00'));
  await expect(page.getByTestId('booking-estimate')).toContainText('NOK');
  await page.getByRole('button', { name: 'Review booking' }).click();
  await page.getByRole('dialog', { name: 'Confirm the booking' }).getByRole('button', { name: 'Create booking' }).click();
  const waiting = page.getByRole('dialog', { name: 'Waiting for user authentication' });
  await expect(waiting).toContainText(/Booking BID\d+ was created/);
  const bid = /BID\d+/.exec((await waiting.textContent()) ?? '')?.[0] ?? '';
  expect(bid).not.toBe('');
  return { waiting, bid };
}

test('an abandoned card authorisation shows the failure state with its reason', async ({ page }, testInfo) => {
  const { waiting, bid } = await createWaitingBooking(page, 3);
  await page.screenshot({ path: testInfo.outputPath('creation-dialog-waiting.png') });
  // Cancel and convert are there from the first second of waiting.
  await expect(waiting.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  await expect(waiting.getByRole('button', { name: 'Convert to invoice' })).toBeVisible();

  // The customer abandons the 3-D Secure step (the sandbox provider plays the customer's part).
  const headers = { Authorization: `AUTH-TOKEN ${await storedToken(page)}` };
  const booking = (await (await page.request.get(`/api/bookings/${bid}`, { headers })).json()) as { payment: { orderId: string } };
  const abandon = await page.request.post(`/api/sandbox/payments/${booking.payment.orderId}/authorize`, { headers, data: { outcome: 'ABANDONED' } });
  expect(abandon.status()).toBe(200);

  const failure = page.getByRole('dialog', { name: 'Authentication failure' });
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(failure).toContainText('The customer abandoned the card authorisation.');
  await expect(failure).toContainText(`Booking ${bid} for Johansen, Emma is not confirmed`);
  await expect(failure).not.toContainText('is confirmed.');
  await expect(failure).not.toContainText('authorised the payment');
  await page.screenshot({ path: testInfo.outputPath('creation-dialog-failure-abandoned.png') });
  // The booking is still there: staff convert it or cancel it from here.
  await expect(failure.getByRole('button', { name: 'Convert to invoice' })).toBeVisible();
  await failure.getByRole('button', { name: 'Open booking' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/${bid}$`));
});

test('converts to invoice while waiting for the authorisation', async ({ page }) => {
  const { waiting, bid } = await createWaitingBooking(page, 4);
  await waiting.getByRole('button', { name: 'Convert to invoice' }).click();
  const confirm = page.getByRole('dialog', { name: `Convert booking ${bid} to invoice?` });
  await expect(confirm).toContainText(`booking ${bid} for Johansen, Emma`);
  await expect(confirm).toContainText('NOK');
  await confirm.getByRole('button', { name: 'Convert to invoice' }).click();

  const converted = page.getByRole('dialog', { name: 'Converted to invoice' });
  await expect(converted).toBeVisible();
  const headers = { Authorization: `AUTH-TOKEN ${await storedToken(page)}` };
  const booking = (await (await page.request.get(`/api/bookings/${bid}`, { headers })).json()) as {
    paymentsRequiringAuthorization: string[];
    payment: { type: string; status: string };
  };
  expect(booking.payment).toMatchObject({ type: 'USER_INVOICE', status: 'UNPAID' });
  expect(booking.paymentsRequiringAuthorization).toEqual([]);
  await converted.getByRole('button', { name: 'Open booking' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/${bid}$`));
});
