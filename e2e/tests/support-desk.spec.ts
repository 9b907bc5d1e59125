import { expect, test, type Page } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers.ts';

/** Issue 17: plain search text in the URL, '/' to focus the search, back links that keep their search, Undo on toasts. */

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Search' });
const snackbar = (page: Page, text: string | RegExp) => page.locator('#notistack-snackbar').filter({ hasText: text });

test.beforeEach(async ({ page }) => {
  await logIn(page);
  await expectLoggedIn(page);
});

test("a fresh /support keeps '/' for focusing the search; a digits-only search stays plain in the URL", async ({ page }) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Customer support', level: 1 })).toBeVisible();
  await expect(searchBox(page)).not.toBeFocused();
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await expect(searchBox(page)).toHaveValue('');
  await page.keyboard.type('98765432');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/support\?search=98765432$/);
  await page.reload();
  await expect(searchBox(page)).toHaveValue('98765432');
  await expect(page).toHaveURL(/\/support\?search=98765432$/);
});

test('the phone chip refuses a number that breaks §5', async ({ page }) => {
  await page.goto('/support?search=Nordmann');
  await page.getByRole('button', { name: 'Mobile phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mobile phone' });
  await dialog.getByRole('textbox', { name: 'Mobile phone' }).fill('abc');
  await dialog.getByRole('textbox', { name: 'Mobile phone' }).press('Enter');
  await expect(dialog.getByText('Invalid phone number')).toBeVisible();
  await expect(page).toHaveURL(/\/support\?search=Nordmann$/);
});

test("the user page's back link returns to the list with its search", async ({ page }) => {
  await page.goto('/users?query=Nordmann');
  await expect(page.getByRole('search', { name: 'Search users' }).getByLabel('Search', { exact: true })).toHaveValue('Nordmann');
  await page.goto('/users/demo.active');
  const back = page.getByRole('link', { name: 'User search' });
  await expect(back).toHaveAttribute('href', '/users?query=Nordmann');
  await back.click();
  await expect(page).toHaveURL(/\/users\?query=Nordmann$/);

  await page.goto('/support?search=Nordmann');
  await expect(searchBox(page)).toHaveValue('Nordmann');
  await page.goto('/users/demo.active');
  await page.getByRole('link', { name: 'Customer support search' }).click();
  await expect(page).toHaveURL(/\/support\?search=Nordmann$/);
  await expect(searchBox(page)).toHaveValue('Nordmann');
});

test('free months are saved at once and the toast offers Undo', async ({ page }) => {
  await page.goto('/users/demo.active?tab=info');
  const card = page.getByTestId('free-months');
  const before = (await card.getByRole('paragraph').first().textContent())?.trim() ?? '';
  const changed = String(Number(before) + 2);
  await card.getByRole('button', { name: 'Change free months' }).click();
  await card.getByRole('textbox', { name: 'Free months' }).fill(changed);
  await card.getByRole('button', { name: 'Save' }).click();
  const toast = snackbar(page, 'Free months updated');
  await expect(toast).toBeVisible();
  await expect(card).toContainText(changed);
  await page.getByRole('button', { name: 'Undo: Free months updated' }).click();
  await expect(snackbar(page, 'Undone')).toBeVisible();
  await expect(card.getByRole('paragraph').first()).toHaveText(before);
  await page.reload();
  await expect(page.getByTestId('free-months').getByRole('paragraph').first()).toHaveText(before);
});
