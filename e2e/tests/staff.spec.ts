import { expect, test, type Page } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers.ts';

/**
 * /staff (issue 13): the operator's staff accounts, for ADMIN staff.
 *
 * The specs share one server and database, and most of them log in as `support` in parallel workers, so this spec
 * changes only members no other spec uses: one it creates, and the demo's `kari`.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const staffRow = (page: Page, username: string) => page.locator(`[data-testid="staff-row"][data-username="${username}"]`);

async function openStaffFromMenu(page: Page) {
  await nav(page).getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expect(staffRow(page, 'admin')).toBeVisible();
}

/** Chooses an entry of a member's actions menu and waits for its dialog. */
async function chooseAction(page: Page, name: string, entry: RegExp, dialog: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page
    .getByRole('menu', { name: `Actions for ${name}` })
    .getByRole('menuitem', { name: entry })
    .click();
  const found = page.getByRole('dialog', { name: dialog });
  await expect(found).toBeVisible();
  return found;
}

test.describe('the Staff screen', () => {
  test('an ADMIN opens Staff from the menu, creates a member, cannot disable themselves, and disables and enables the new member', async ({
    page,
  }, testInfo) => {
    const username = `e2e.${Date.now().toString(36)}`;
    const email = `${username}@staff-e2e.example`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await logIn(page, 'admin', 'admin-demo');
    await expectLoggedIn(page);
    await openStaffFromMenu(page);

    // The own account: disabling is unavailable, and the menu says why.
    await page.getByRole('button', { name: 'Actions for Arne Adminsen' }).click();
    const own = page.getByRole('menu', { name: 'Actions for Arne Adminsen' });
    const disableSelf = own.getByRole('menuitem', { name: /Disable/ });
    await expect(disableSelf).toHaveAttribute('aria-disabled', 'true');
    await expect(disableSelf).toContainText('You cannot disable your own account');
    // The menu opens with the focus on its first (harmless) entry, never on Disable; the unavailable entries can be
    // reached with the arrow keys, so that their reasons are read out.
    await expect(own.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(disableSelf).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(own).toBeHidden();

    // Create: no password field; the set-password link is mailed.
    await page.getByRole('button', { name: 'New staff member' }).click();
    const create = page.getByRole('dialog', { name: 'New staff member' });
    await expect(create.getByLabel(/password/i)).toHaveCount(0);
    await create.getByLabel('User name').fill(username);
    await create.getByLabel('E-mail').fill(email);
    await create.getByLabel('Given name').fill('Kari');
    await create.getByLabel('Family name').fill('Testesen');
    await create.getByRole('button', { name: 'Create and send link' }).click();
    await expect(create).toBeHidden();
    await expect(page.getByText(`A link to set the password has been sent to ${email}`)).toBeVisible();
    const row = staffRow(page, username);
    await expect(row.getByTestId('staff-status')).toHaveText('Active');
    await expect(row.getByTestId('staff-pending')).toHaveText('Password not set');
    await expect(row).toContainText('Never');
    // The console's DataTable: a grid whose rows are the members, the e-mail address in its own column at 1440 px,
    // nothing wider than the window.
    const grid = page.getByRole('grid', { name: 'Staff members' });
    await expect(grid.getByRole('columnheader', { name: 'E-mail' })).toBeVisible();
    await expect(row).toHaveAttribute('role', 'row');
    await expect(row.getByRole('gridcell', { name: email })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    await page.screenshot({ path: testInfo.outputPath('staff-1440.png'), fullPage: true });

    // Disable, through a confirmation that names the member and says what happens, with a reason.
    const disable = await chooseAction(page, 'Kari Testesen', /Disable/, 'Disable Kari Testesen?');
    await expect(disable).toContainText(`Kari Testesen (${username}) is signed out at once on every device and cannot log in`);
    await disable.getByLabel('Reason (optional)').fill('End-to-end test');
    await page.screenshot({ path: testInfo.outputPath('staff-disable-1440.png') });
    await disable.getByRole('button', { name: 'Disable' }).click();
    await expect(disable).toBeHidden();
    await expect(row.getByTestId('staff-status')).toHaveText('Disabled');
    await expect(row.getByTestId('staff-disabled-by')).toContainText(/^by admin, \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // The status filter lives in the URL.
    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Disabled' }).click();
    await expect(page).toHaveURL(/\/staff\?status=disabled$/);
    await expect(staffRow(page, 'admin')).toHaveCount(0);
    await page.reload();
    await expect(row.getByTestId('staff-status')).toHaveText('Disabled');
    await expect(staffRow(page, 'admin')).toHaveCount(0);

    // Enable again, after a confirmation.
    const enable = await chooseAction(page, 'Kari Testesen', /Enable/, 'Enable Kari Testesen?');
    await enable.getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByText('Kari Testesen can log in again', { exact: true })).toBeVisible();
    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'All' }).click();
    await expect(page).toHaveURL(/\/staff$/);
    await expect(row.getByTestId('staff-status')).toHaveText('Active');

    // A phone: the list becomes cards, nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(row).toBeVisible();
    // Polled: right after the resize the toast of the last step may still have its wide layout for a moment.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath('staff-375.png'), fullPage: true });
  });

  test('SUPPORT staff have no Staff in the menu, and /staff says it is not allowed', async ({ page }) => {
    await logIn(page);
    await expectLoggedIn(page);
    await expect(nav(page).getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await page.goto('/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    await expect(page.getByText('Only administrators can see and manage staff accounts.')).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Staff members' })).toHaveCount(0);
  });
});

test.describe('disabling a member who is signed in', () => {
  // Two browser contexts, two logins and a session that must notice it ended: about 50 s on CI's two cores.
  test.describe.configure({ timeout: 240_000 });
  test('the ADMIN disables kari: her open tab goes to the login, which says the account is disabled; enabled again, she logs in', async ({
    browser,
  }) => {
    // kari (the demo's evening shift) is signed in with an open tab. No other spec uses her.
    const kariPage = await (await browser.newContext()).newPage();
    await logIn(kariPage, 'kari', 'support-demo', '/activebookings');
    await expectLoggedIn(kariPage);
    await expect(kariPage.getByRole('heading', { name: 'Active bookings', level: 1 })).toBeVisible();

    // In another browser, the ADMIN disables kari through the confirmation.
    const adminPage = await (await browser.newContext()).newPage();
    await logIn(adminPage, 'admin', 'admin-demo');
    await expectLoggedIn(adminPage);
    await openStaffFromMenu(adminPage);
    const disable = await chooseAction(adminPage, 'Kari Kveldsvakt', /Disable/, 'Disable Kari Kveldsvakt?');
    await expect(disable).toContainText('Kari Kveldsvakt (kari) is signed out at once on every device and cannot log in');
    await disable.getByRole('button', { name: 'Disable' }).click();
    await expect(adminPage.getByText('Kari Kveldsvakt is disabled and signed out')).toBeVisible();
    await expect(staffRow(adminPage, 'kari').getByTestId('staff-status')).toHaveText('Disabled');

    // kari's open tab goes to the login by itself: the live stream re-checks her session within 20 s and ends, the
    // screen's next request is refused. Logging in again says why not.
    await expect(kariPage).toHaveURL(/\/login\?redirect=/, { timeout: 60_000 });
    await expect(nav(kariPage)).toHaveCount(0);
    await logIn(kariPage, 'kari', 'support-demo');
    await expect(kariPage.getByRole('alert')).toContainText('This account is disabled. Ask an administrator of your operator.');
    await expect(kariPage).toHaveURL(/\/login/);

    // Enabled again, kari can log in.
    const enable = await chooseAction(adminPage, 'Kari Kveldsvakt', /Enable/, 'Enable Kari Kveldsvakt?');
    await enable.getByRole('button', { name: 'Enable' }).click();
    await expect(staffRow(adminPage, 'kari').getByTestId('staff-status')).toHaveText('Active');
    await kariPage.goto('/login');
    await logIn(kariPage, 'kari', 'support-demo');
    await expectLoggedIn(kariPage);
  });
});
