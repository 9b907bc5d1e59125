import { expect, test } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers.ts';

const rgb = (css: string) => (css.match(/\d+/g) ?? []).slice(0, 3).map(Number);

/** Active bookings (/activebookings): the §3 columns, overdue hours, non-ACTIVATED in red, sort and filter. */

test('shows the overdue demo booking in red and opens its card', async ({ page }, testInfo) => {
  await logIn(page);
  await expectLoggedIn(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Active bookings' }).click();
  await expect(page).toHaveURL(/\/activebookings$/);
  await expect(page.getByRole('heading', { name: 'Active bookings', level: 1 })).toBeVisible();

  const overdue = page.getByTestId('active-booking-BID1000000015');
  await expect(overdue).toBeVisible();
  await expect(overdue).toHaveAttribute('data-flagged', 'true');
  const status = overdue.getByTestId('active-booking-status');
  await expect(status).toHaveText('Overdue');
  // The theme's error red: a strong red channel, little green and blue.
  const [r = 0, g = 255, b = 255] = rgb(await status.evaluate((el) => getComputedStyle(el).backgroundColor));
  expect(r).toBeGreaterThan(150);
  expect(g).toBeLessThan(r / 2);
  expect(b).toBeLessThan(r / 2);
  // Ended two hours before the base time (now rounded down to the hour): two hours or more.
  const hours = Number((await overdue.getByTestId('active-booking-overdue').textContent())?.replace(',', '.'));
  expect(hours).toBeGreaterThanOrEqual(2);
  await expect(overdue).toContainText('EB 40404');
  await page.screenshot({ path: testInfo.outputPath('active-bookings.png'), fullPage: true });

  // Sort by overdue hours, most first; then filter down to the one booking.
  await page.getByRole('columnheader', { name: /^Overdue \(h\)/ }).click();
  await page.getByRole('columnheader', { name: /^Overdue \(h\)/ }).click();
  await expect(page).toHaveURL(/sort=overdueHours&dir=desc/);
  const firstHours = Number((await page.getByTestId('active-booking-overdue').first().textContent())?.replace(',', '.'));
  expect(firstHours).toBeGreaterThanOrEqual(hours);

  await page.getByLabel('Filter').fill('EB 40404');
  await expect(page.getByTestId(/^active-booking-BID/)).toHaveCount(1);
  await expect(page).toHaveURL(/q=EB(\+|%20)40404/);

  await overdue.getByText('EB 40404').click();
  await expect(page).toHaveURL(/\/booking\/BID1000000015/);
});
