import { expect, test, type Page } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers.ts';

/**
 * The date fields (MUI X, 'YYYY-MM-DD' in every language, decision 0058) typed from the keyboard in Chromium, where a
 * filter puts the day in the URL: the typed day must reach the URL on leaving the field (Tab) and on Enter, and a
 * half-typed day must never reach it.
 */

async function typeDay(page: Page, label: string, digits: string) {
  const field = page.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(digits, { delay: 30 });
}

test('the /payments From and To filters take a typed day on Tab and on Enter, and never a half-typed one', async ({ page }, testInfo) => {
  await logIn(page, 'support', 'support-demo', '/payments');
  await expectLoggedIn(page);
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();

  // From shows the default range's first day: typing replaces its sections, and Tab hands the day to the URL.
  await typeDay(page, 'From', '20261101');
  await page.keyboard.press('Tab');
  await expect(page).toHaveURL(/from=2026-11-01/);

  await typeDay(page, 'To', '20261115');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/to=2026-11-15/);
  await expect(page).toHaveURL(/from=2026-11-01/);
  await expect(page.getByRole('group', { name: 'To' }).getByRole('spinbutton')).toHaveText(['2026', '11', '15']);
  await page.screenshot({ path: testInfo.outputPath('payments-date-filters.png') });

  // Cleared and half typed (a year and a month, no day): nothing reaches the URL, and leaving the field shows the
  // day the list is filtered by again.
  await page.getByRole('group', { name: 'From' }).getByRole('spinbutton').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('202612', { delay: 30 });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('group', { name: 'From' }).getByRole('spinbutton')).toHaveText(['2026', '11', '01']);
  await expect(page).toHaveURL(/from=2026-11-01/);

  // The day stays after a reload: the URL is the filter's one source.
  await page.reload();
  await expect(page.getByRole('group', { name: 'From' }).getByRole('spinbutton')).toHaveText(['2026', '11', '01']);
});
