import { expect, test, type Page } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers.ts';

/** Logs in as fjord's support and opens plain /support. */
async function openSupport(page: Page) {
  await logIn(page, 'support', 'support-demo', '/support');
  await expectLoggedIn(page);
  await expect(page.getByRole('heading', { name: 'Customer support', level: 1 })).toBeVisible();
}

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Search' });

async function search(page: Page, phrase: string) {
  await searchBox(page).fill(phrase);
  await searchBox(page).press('Enter');
}

test('a registration number finds its vehicle card, kept in the URL', async ({ page }) => {
  await openSupport(page);
  // The box does not take the focus on a fresh /support ('/' focuses it; issue 17).
  await expect(searchBox(page)).not.toBeFocused();
  await search(page, 'EL 12345');
  await expect(page).toHaveURL(/\/support\?search=EL(\+|%20)12345$/);
  const vehicles = page.getByTestId('vehicle-results');
  const found = vehicles.getByRole('article', { name: 'EL 12345' });
  await expect(found).toBeVisible();
  // Collapsed: the status strip only. Expanding loads the last day's events and the damage.
  await expect(found.getByTestId('vehicle-status').getByTestId('vehicle-voltage')).toHaveText(/^\d+\.\d V$/);
  await expect(found.getByTestId('vehicle-events')).toHaveCount(0);
  await found.getByRole('button', { name: 'Show details' }).click();
  await expect(found.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
  await expect(found.getByTestId('vehicle-events').getByRole('row').nth(1)).toBeVisible();
  await expect(found.getByTestId('damage-item')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('support-vehicle-expanded.png'), fullPage: true });

  // A reload restores the search.
  await page.reload();
  await expect(searchBox(page)).toHaveValue('EL 12345');
  await expect(page.getByTestId('vehicle-results').getByRole('article', { name: 'EL 12345' })).toBeVisible();
});

test("a customer's surname finds the users and their bookings grouped active / future / historic", async ({ page }) => {
  await openSupport(page);
  await search(page, 'Nordmann');

  const users = page.getByTestId('user-results');
  const kari = users.getByTestId('user-row').filter({ hasText: 'demo.active' });
  await expect(kari.getByRole('link', { name: 'Nordmann, Kari' })).toHaveAttribute('href', '/users/demo.active');
  await expect(kari).toContainText('+4798765432');

  const bookings = page.getByTestId('booking-results');
  await expect(bookings.getByRole('heading', { level: 3 })).toHaveText([/Active/, /Future/, /Historic/]);
  const active = page.getByTestId('bookings-active');
  await expect(active.getByRole('link', { name: 'BID1000000001', exact: true })).toBeVisible();
  await expect(page.getByTestId('bookings-future').getByRole('link', { name: 'BID1000000002', exact: true })).toBeVisible();
  // Sub-lists are paged 5 at a time.
  for (const group of ['active', 'future', 'historic']) {
    expect(await page.getByTestId(`bookings-${group}`).getByTestId('booking-row').count()).toBeLessThanOrEqual(5);
  }

  // The user-name chip narrows the search, in the URL too.
  await page.getByRole('button', { name: 'User name' }).click();
  const dialog = page.getByRole('dialog', { name: 'User name' });
  await dialog.getByRole('textbox', { name: 'User name' }).fill('demo.active');
  await dialog.getByRole('textbox', { name: 'User name' }).press('Enter');
  await expect(page).toHaveURL(/[?&]user=demo\.active/);
  await expect(page.getByTestId('filter-user')).toHaveText('User name: demo.active');
  await expect(users.getByTestId('user-row')).toHaveCount(1);

  // 'Go to booking' opens the card.
  await active.getByRole('link', { name: 'Go to booking BID1000000001' }).click();
  await expect(page).toHaveURL(/\/booking\/BID1000000001$/);
  await expect(page.getByRole('heading', { name: 'BID1000000001', level: 1 })).toBeVisible();
});

test('a booking id opens the booking card; an unknown one says there is no such booking id', async ({ page }) => {
  await openSupport(page);
  await search(page, 'bid1000000001');
  await expect(page).toHaveURL(/\/booking\/BID1000000001$/);
  await expect(page.getByRole('heading', { name: 'BID1000000001', level: 1 })).toBeVisible();

  await page.goto('/support');
  await search(page, 'BID1999999999');
  // The §8 info notification, and the same words on the screen once it has gone.
  await expect(page.locator('#notistack-snackbar').filter({ hasText: 'No such booking id' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No such booking id' })).toBeVisible();
  await expect(page).toHaveURL(/\/support\?search=BID1999999999$/);
});

test("a match only in the other demo fleet shows the other operator's hint, without its data", async ({ page }) => {
  await openSupport(page);
  await search(page, 'ABC 123');
  const hint = page.getByTestId('other-fleet-hint');
  await expect(hint).toContainText(/\d+ match(es)? at Mälar Mobility/);
  await expect(hint).toContainText('1 vehicle');
  await expect(page.getByRole('heading', { name: 'No results' })).toBeVisible();
  await expect(page.getByTestId('vehicle-results')).toHaveCount(0);

  // Clearing everything returns to plain /support.
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByTestId('search-intro')).toBeVisible();
});

// ---------- support mode's username filter (docs/decisions/0036-support-mode.md) ----------

const filterBox = (page: Page, username: string) =>
  page.getByTestId('user-results').getByRole('checkbox', { name: `Filter the support search by ${username}` });
const supportModeSwitch = (page: Page) => page.getByRole('switch', { name: 'Support mode' });

test('ticking a user row pins the user name filter for every search until its chip is deleted', async ({ page }) => {
  await openSupport(page);
  await search(page, 'Nordmann');
  const users = page.getByTestId('user-results');
  await expect(users.getByTestId('user-row').filter({ hasText: 'ola.nordmann' })).toBeVisible();
  await expect(filterBox(page, 'ola.nordmann')).not.toBeChecked();
  await expect(filterBox(page, 'demo.active')).not.toBeChecked();
  await page.screenshot({ path: test.info().outputPath('support-user-filter-rows.png'), fullPage: true });

  await filterBox(page, 'ola.nordmann').check();
  await expect(page).toHaveURL(/\/support\?search=Nordmann&user=ola\.nordmann$/);
  await expect(page.getByTestId('filter-user')).toHaveText('User name: ola.nordmann');
  await expect(users.getByTestId('user-row')).toHaveCount(1);
  await expect(filterBox(page, 'ola.nordmann')).toBeChecked();

  // Another search keeps the user name.
  await search(page, 'Ola');
  await expect(page).toHaveURL(/\/support\?search=Ola&user=ola\.nordmann$/);
  await expect(page.getByTestId('filter-user')).toHaveText('User name: ola.nordmann');
  await expect(filterBox(page, 'ola.nordmann')).toBeChecked();
  // So does plain /support, in a new page load of the same tab.
  await page.goto('/support');
  await expect(page).toHaveURL(/\/support\?user=ola\.nordmann$/);
  await expect(filterBox(page, 'ola.nordmann')).toBeChecked();

  // Deleting the chip unpins: the user name does not come back.
  await search(page, 'Nordmann');
  await expect(page).toHaveURL(/\/support\?search=Nordmann&user=ola\.nordmann$/);
  // The chip's delete icon (MUI's icon test ids exist only in development builds).
  await page.getByTestId('filter-user').locator('.MuiChip-deleteIcon').click();
  await expect(page).toHaveURL(/\/support\?search=Nordmann$/);
  await expect(page.getByTestId('filter-user')).toHaveText('User name');
  await expect(filterBox(page, 'ola.nordmann')).not.toBeChecked();
  await expect(filterBox(page, 'demo.active')).toBeVisible();
  await page.goto('/support');
  await expect(page.getByTestId('search-intro')).toBeVisible();
  await expect(page).toHaveURL(/\/support$/);
});

test("the user page's filter checkbox keeps the support search to that user", async ({ page }) => {
  await logIn(page, 'support', 'support-demo', '/users/demo.active');
  await expectLoggedIn(page);
  const box = page.getByRole('checkbox', { name: 'Filter the support search by this user' });
  await box.check();
  await expect(box).toBeChecked();

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customer support' }).click();
  await expect(page).toHaveURL(/\/support\?user=demo\.active$/);
  await expect(page.getByTestId('filter-user')).toHaveText('User name: demo.active');
  const users = page.getByTestId('user-results');
  await expect(users.getByTestId('user-row')).toHaveCount(1);
  await expect(users.getByRole('link', { name: 'Nordmann, Kari' })).toBeVisible();
  await expect(filterBox(page, 'demo.active')).toBeChecked();
  await expect(page.getByTestId('bookings-active').getByRole('link', { name: 'BID1000000001', exact: true })).toBeVisible();
});

test('outside support mode a pinned user name is not applied and the rows have no filter checkbox', async ({ page }) => {
  await openSupport(page);
  await search(page, 'Nordmann');
  await filterBox(page, 'demo.active').check();
  await expect(page).toHaveURL(/\/support\?search=Nordmann&user=demo\.active$/);

  await supportModeSwitch(page).uncheck();
  await expect(supportModeSwitch(page)).not.toBeChecked();
  await page.goto('/support');
  await expect(page.getByTestId('search-intro')).toBeVisible();
  await expect(page).toHaveURL(/\/support$/);
  await search(page, 'Nordmann');
  await expect(page).toHaveURL(/\/support\?search=Nordmann$/);
  const users = page.getByTestId('user-results');
  await expect(users.getByTestId('user-row').filter({ hasText: 'ola.nordmann' })).toBeVisible();
  await expect(users.getByTestId('user-row').filter({ hasText: 'demo.active' })).toBeVisible();
  await expect(users.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByTestId('filter-user')).toHaveText('User name');
  await page.screenshot({ path: test.info().outputPath('support-user-filter-off.png'), fullPage: true });

  // It stayed pinned: back in support mode the search is kept to that user again.
  await supportModeSwitch(page).check();
  await expect(page).toHaveURL(/\/support\?search=Nordmann&user=demo\.active$/);
  await expect(filterBox(page, 'demo.active')).toBeChecked();
});
