import { expect, test, type Page } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers';

/**
 * Issue 19 point 2: the console's keyboard shortcuts (docs/decisions/0066-keyboard-shortcuts.md). "?" lists them, "g"
 * then a letter goes to a screen, j / k move through results and Enter opens one, a booking card's action keys open
 * the action's confirmation; none fires while the staff member types.
 */

/** A key pressed on the page itself (the heading navigation focused), not in a field. */
async function pressOnPage(page: Page, ...keys: string[]) {
  for (const key of keys) await page.keyboard.press(key);
}

test.beforeEach(async ({ page }) => {
  await logIn(page);
  await expectLoggedIn(page);
});

test('"?" lists the shortcuts in the UI language, and "g" then a letter goes to a screen', async ({ page }, testInfo) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await pressOnPage(page, 'Shift+?');
  const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('region', { name: 'Go to a screen' })).toContainText('Active bookings');
  await expect(list.getByRole('region', { name: 'Booking card' })).toContainText('Deactivate');
  await page.screenshot({ path: testInfo.outputPath('shortcuts-list.png') });
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();

  await pressOnPage(page, 'g', 'u');
  await expect(page).toHaveURL(/\/users$/);
  // The users screen puts the focus in its search box: there "g" is typed, so leave the box first.
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await pressOnPage(page, 'g', 'a');
  await expect(page).toHaveURL(/\/activebookings$/);
  await page.getByRole('heading', { level: 1 }).click();
  await pressOnPage(page, 'g', 'e');
  await expect(page).toHaveURL(/\/event(\?|$)/);

  // Under nb the list is Norwegian.
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('menuitem', { name: 'Norsk bokmål' }).click();
  await expect(page.getByRole('heading', { name: 'Hendelseslogg', level: 1 })).toBeVisible();
  await pressOnPage(page, 'Shift+?');
  await expect(page.getByRole('dialog', { name: 'Hurtigtaster' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
});

test('no shortcut fires while typing in a field; j / k move through the results and Enter opens one', async ({ page }) => {
  await page.goto('/support');
  const search = page
    .getByRole('searchbox')
    .or(page.getByRole('textbox', { name: /search/i }))
    .first();
  await search.click();
  await page.keyboard.type('gu?');
  await expect(search).toHaveValue('gu?');
  await expect(page).toHaveURL(/\/support/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/support?search=Nordmann');
  const users = page.getByTestId('user-results');
  await expect(users.getByRole('link').first()).toBeVisible();
  await pressOnPage(page, 'j');
  const first = page.locator('main [data-nav-item]').first();
  await expect(first).toBeFocused();
  await pressOnPage(page, 'j', 'k');
  await expect(first).toBeFocused();
  const name = (await first.textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/support/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name.split(',')[0]?.trim() ?? '');
});

test("a booking card's action key opens the action's confirmation, as its menu entry does", async ({ page }, testInfo) => {
  await page.goto('/booking/BID1000000001');
  await expect(page.getByTestId('booking-state')).toHaveText('Active');

  // The menu shows each action's key.
  await page.getByTestId('booking-actions').click();
  const menu = page.getByRole('menu');
  await expect(menu.locator('[data-action="deactivate"]')).toHaveAttribute('aria-keyshortcuts', 'd');
  await expect(menu.locator('[data-action="extend"] kbd')).toHaveText('X');
  await page.screenshot({ path: testInfo.outputPath('booking-menu-keys.png') });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // "d" asks first, with a reason: Escape leaves the trip running.
  await pressOnPage(page, 'd');
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('BID1000000001');
  await expect(confirm.getByRole('textbox', { name: /Reason/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('booking-state')).toHaveText('Active');

  // Inside the open menu its key chooses the entry too.
  await page.getByTestId('booking-actions').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('x');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('menu')).toBeHidden();
});

test('Ctrl+K opens the command palette: records by any phrase, recent ones first next time, screens, and the actions of the record in view', async ({
  page,
}, testInfo) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  const input = palette.getByRole('combobox', { name: 'Search records, screens and actions' });
  await expect(input).toBeFocused();
  const records = palette.getByRole('group', { name: 'Records' });
  // A company's type reads as the companies screen writes it, not as its code.
  await input.fill('Havbris');
  const company = records.getByRole('option', { name: /Havbris Arkitekter AS/ });
  await expect(company).toContainText('Corporate');
  await expect(company).not.toContainText('CORPORATE');
  await input.fill('Nordmann');
  await expect(records.getByRole('option', { name: /Nordmann, Kari/ }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('palette.png') });
  await records.getByRole('option', { name: /Nordmann, Kari.*demo\.active/ }).click();
  await expect(page).toHaveURL(/\/users\/demo\.active/);
  await expect(palette).toBeHidden();

  // Next time it is among the recent records; a screen is one word away. The top bar's button opens it too.
  await page.getByRole('button', { name: 'Search and commands (Ctrl+K)' }).click();
  await expect(palette.getByRole('group', { name: 'Recent' }).getByRole('option', { name: /Nordmann, Kari/ })).toBeVisible();
  await input.fill('event');
  await palette.getByRole('group', { name: 'Screens' }).getByRole('option', { name: 'Event log' }).click();
  await expect(page).toHaveURL(/\/event/);

  // On a booking card it offers the booking's allowed actions, and one chosen there asks first, as from the menu.
  await page.goto('/booking/BID1000000001');
  await expect(page.getByTestId('booking-state')).toHaveText('Active');
  await page.keyboard.press('Control+k');
  const actions = palette.getByRole('group', { name: 'Actions on this record' });
  await expect(actions.getByRole('option', { name: /Deactivate/ })).toBeVisible();
  await expect(actions.getByRole('option', { name: /Activate/ })).toHaveCount(0);
  await input.fill('deact');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('BID1000000001');
  await expect(confirm.getByRole('textbox', { name: /Reason/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('booking-state')).toHaveText('Active');
});
