import { expect, test, type Page } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers';

// ola.nordmann (fjord, +4747474747): no other spec changes him (docs/demo-data.md); this one edits his phone.
const USER = 'ola.nordmann';
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

test.beforeEach(async ({ page }) => {
  await page.goto('/users');
  await logIn(page);
  await expectLoggedIn(page);
  await expect(page).toHaveURL(/\/users$/);
});

test('searches users, keeps the search in the URL and opens a user', async ({ page }) => {
  const search = page.getByRole('search', { name: 'Search users' });
  // §5: a blank search is refused on the page.
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a search phrase, a mobile phone or a user name.');

  await search.getByLabel('Search', { exact: true }).fill('Nordmann');
  await search.getByLabel('Search', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/users\?query=Nordmann/);
  const rows = page.getByTestId('user-row');
  await expect(rows.filter({ hasText: USER })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'demo.active' }).getByTestId('user-status')).toHaveText('Active');

  // Page sizes 5/10/25 and the page live in the URL; a reload restores the list.
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '5', exact: true }).click();
  await expect(page).toHaveURL(/pageSize=5/);
  await page.reload();
  await expect(page.getByRole('search', { name: 'Search users' }).getByLabel('Search', { exact: true })).toHaveValue('Nordmann');
  await expect(rows.filter({ hasText: USER })).toHaveCount(1);

  // Selecting a user who is not awaiting approval does not allow bulk approve.
  await rows.filter({ hasText: USER }).getByRole('checkbox').check();
  await expect(page.getByText('1 user selected')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/users-search.png`, fullPage: true });

  await rows.filter({ hasText: USER }).getByRole('link', { name: 'Nordmann, Ola' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${USER}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ola Nordmann' })).toBeVisible();
  // Support mode (the default) opens the customer's timeline first (issue 18).
  await expect(page.getByRole('tab', { name: 'Timeline', selected: true })).toBeVisible();
  await expect(page.getByTestId('customer-timeline')).toBeVisible();
  await expect(page.getByTestId('user-header').getByRole('link', { name: 'Event log' })).toHaveAttribute('href', `/event?user=${USER}`);

  await page.getByRole('tab', { name: 'Bookings' }).click();
  await expect(page).toHaveURL(/tab=bookings/);
  await expect(page.getByTestId('user-booking-row').first()).toBeVisible();
  await expect(page.getByTestId('user-booking-row').first().getByRole('link')).toHaveAttribute('href', /\/booking\/BID\d{10,}/);
});

test('edits the phone number: an invalid value shows the message, a valid one is saved', async ({ page }) => {
  await page.goto(`/users/${USER}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ola Nordmann' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-page.png`, fullPage: true });

  // Support mode (the default) has no edit toggle: the form opens from the actions menu (docs/decisions/0036).
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'User actions' }).click();
  await page.getByRole('menu', { name: 'User actions' }).getByRole('menuitem', { name: 'Edit details' }).click();
  await expect(page).toHaveURL(/edit=true/);
  const form = page.getByRole('form', { name: 'User details' });
  const phone = form.getByLabel('Mobile phone');
  await expect(phone).toHaveValue('+4747474747');

  await phone.fill('4747');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Invalid phone number')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-edit-invalid.png`, fullPage: true });

  await phone.fill('+47 474 74 700');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated', { exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/edit=true/);
  await expect(page.getByTestId('user-details')).toContainText('+4747474700');

  // The saved value is the server's: a reload shows it, and ?edit=true opens the form with it.
  await page.goto(`/users/${USER}?edit=true`);
  await expect(page.getByRole('form', { name: 'User details' }).getByLabel('Mobile phone')).toHaveValue('+4747474700');
});

test("lists the operator's suspicious registrations and the users pending deletion on the grid, each row linking to its user", async ({ page }) => {
  await page.getByRole('tab', { name: 'Suspicious registrations' }).click();
  await expect(page).toHaveURL(/\/users\?tab=suspicious$/);
  const suspicious = page.getByRole('grid', { name: 'Suspicious registrations' });
  const suspiciousRows = suspicious.getByTestId('suspicious-users-row');
  await expect(suspiciousRows.first()).toBeVisible();
  await expect(suspicious.getByRole('columnheader', { name: 'Matched on' })).toBeVisible();
  // Every row says what matched.
  await expect(suspiciousRows.first().locator('.MuiChip-colorWarning').first()).toBeVisible();
  const first = (await suspiciousRows.first().getAttribute('data-username')) ?? '';
  await expect(suspiciousRows.first().getByRole('link', { name: first, exact: true })).toHaveAttribute('href', `/users/${first}`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/users-suspicious.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Pending deletion' }).click();
  await expect(page).toHaveURL(/\/users\?tab=deletion$/);
  const pending = page.getByRole('grid', { name: 'Users pending deletion' });
  const pendingRows = pending.getByTestId('pending-deletion-row');
  await expect(pendingRows.first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/users-pending-deletion.png`, fullPage: true });
  const deleted = (await pendingRows.first().getAttribute('data-username')) ?? '';
  await pendingRows.first().getByRole('link', { name: deleted, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${deleted.replace(/\./g, '\\.')}$`));
});

// mikael.holm (fjord) shares an e-mail and a phone with mikael.holm.se: a suspicious registration no spec changes.
const SUSPICIOUS = 'mikael.holm';
const supportModeSwitch = (page: Page) => page.getByRole('switch', { name: 'Support mode' });
const filterBox = (page: Page) => page.getByTestId('user-header').getByRole('checkbox', { name: 'Filter the support search by this user' });

test('support mode governs the user page: actions menu, collapse, Suspicious against tab and filter checkbox, or the edit toggle', async ({
  page,
}) => {
  await page.goto(`/users/${SUSPICIOUS}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mikael Holm' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'User page' });
  await expect(tabs.getByRole('tab', { name: 'Suspicious against' })).toBeVisible();

  // Off: the edit toggle, and no actions menu, collapse button, Suspicious against tab or filter checkbox.
  await supportModeSwitch(page).uncheck();
  await expect(supportModeSwitch(page)).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User actions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Collapse the user card' })).toHaveCount(0);
  await expect(tabs.getByRole('tab')).toHaveText(['Timeline', 'User information', 'Bookings', 'Payments']);
  await expect(page.getByRole('tab', { name: 'User information', selected: true })).toBeVisible();
  await expect(filterBox(page)).toHaveCount(0);
  await page.goto(`/users/${SUSPICIOUS}?tab=suspicious`);
  await expect(page.getByRole('tab', { name: 'User information', selected: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-page-support-off.png`, fullPage: true });

  // On again: the menu with Edit details, the tab and the checkbox are back, the toggle is gone.
  await supportModeSwitch(page).check();
  await expect(page.getByRole('tab', { name: 'Suspicious against', selected: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'User actions' }).click();
  await expect(page.getByRole('menu', { name: 'User actions' }).getByRole('menuitem').first()).toHaveText('Edit details');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'User actions' })).toBeHidden();

  // The header is a collapsible card over the tabs.
  await page.getByRole('button', { name: 'Collapse the user card' }).click();
  await expect(tabs).toBeHidden();
  await expect(page.getByRole('button', { name: 'Expand the user card' })).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: 'Expand the user card' }).click();
  await expect(tabs).toBeVisible();

  // Ticking the filter pins the user for the support search (the browser tab): the page stays, and a reload keeps it.
  await expect(filterBox(page)).not.toBeChecked();
  await filterBox(page).check();
  await expect(filterBox(page)).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`/users/${SUSPICIOUS}\\?tab=suspicious$`));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-page-support-on.png`, fullPage: true });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mikael Holm' })).toBeVisible();
  await expect(filterBox(page)).toBeChecked();
});

test("demo.blocked's header shows the debt and the block reason on every tab (issue 17)", async ({ page }) => {
  await page.goto('/users/demo.blocked');
  const risk = page.getByTestId('user-risk');
  await expect(risk.getByTestId('user-debt')).toContainText(/\d+ outstanding payments?, NOK/);
  await expect(risk).toContainText('Blocked: Unpaid bills');
  await page.getByRole('tab', { name: 'Bookings' }).click();
  await expect(risk.getByTestId('user-debt')).toBeVisible();
  await risk.getByTestId('user-debt').click();
  await expect(page).toHaveURL(/\/users\/demo\.blocked\?tab=payments$/);
  await expect(page.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
});
