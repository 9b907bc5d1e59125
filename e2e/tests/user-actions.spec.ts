import { expect, test, type Page } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers';

/**
 * The user actions on /users/{username} (issue 6 points 3–6): approve demo.pending through the approval wizard, and
 * block and unblock nils.dahl with a reason, and n.dahl's Suspicious against tab (customers no other spec changes;
 * docs/demo-data.md).
 */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function openUser(page: Page, username: string) {
  await logIn(page, 'support', 'support-demo', `/users/${username}`);
  await expectLoggedIn(page);
  await expect(page.getByRole('button', { name: 'User actions' })).toBeVisible();
}

test('approves demo.pending through the approval wizard', async ({ page }) => {
  await openUser(page, 'demo.pending');
  await page.getByRole('button', { name: 'User actions' }).click();
  const menu = page.getByRole('menu', { name: 'User actions' });
  // Support mode (the default): "Edit details" first, then the status actions (docs/decisions/0036-support-mode.md).
  // The server's abilities: new booking is shown unavailable, with the reason, for a user who is not active yet.
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Edit details',
    'Approve',
    'New bookingUser is not active',
    'Verify identity',
    'Reset password',
    'Block',
    'Request deletion',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Unblock' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'New booking' })).toBeDisabled();
  await expect(menu.getByRole('menuitem', { name: 'New booking' })).toHaveAccessibleDescription('User is not active');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-actions-menu.png` });
  await menu.getByRole('menuitem', { name: 'Approve' }).click();

  const wizard = page.getByRole('dialog', { name: /Approve Jonas Berg/ });
  await expect(wizard.getByRole('region', { name: 'Identify user' })).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Continue' })).toBeDisabled();

  // Step 1: set the identity (a valid Norwegian number), which verifies it; Continue is then enabled.
  await wizard.getByRole('button', { name: 'Set identity' }).click();
  const identity = page.getByRole('dialog', { name: 'Set the identity of demo.pending' });
  await identity.getByRole('textbox', { name: 'Identity number' }).fill('15069500046');
  await identity.getByRole('button', { name: 'Save identity' }).click();
  await expect(identity.getByText('Invalid identity number')).toBeVisible();
  await identity.getByRole('textbox', { name: 'Identity number' }).fill('15069500045');
  await identity.getByRole('button', { name: 'Save identity' }).click();
  await expect(identity).toBeHidden();
  await expect(wizard.getByRole('button', { name: 'Continue' })).toBeEnabled();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/approval-wizard-step1.png` });
  await wizard.getByRole('button', { name: 'Continue' }).click();

  // Step 2: the licence through the sandbox register (the identity number on file holds a licence).
  await expect(wizard.getByRole('region', { name: "Validate driver's license" })).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await wizard.getByRole('button', { name: "Check driver's license" }).click();
  const check = page.getByRole('dialog', { name: "Check the driver's license of demo.pending" });
  await check.getByRole('textbox', { name: 'Country' }).fill('NO');
  await check.getByRole('button', { name: 'Check license' }).click();
  await expect(check).toBeHidden();
  await expect(wizard.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await expect(wizard.getByRole('grid', { name: 'Check history' })).toContainText('Valid license');
  await wizard.getByRole('button', { name: 'Continue' }).click();

  // Step 3: approve; step 4 shows the success icon and the dialog closes by itself after 3 s.
  await expect(wizard.getByRole('region', { name: 'Finish approval' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/approval-wizard-step3.png` });
  await wizard.getByRole('button', { name: 'Approve user' }).click();
  await expect(wizard.getByRole('status')).toContainText('demo.pending is approved.');
  await expect(wizard.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await expect(page.getByText('User approved', { exact: true })).toBeVisible();
  await expect(wizard).toBeHidden({ timeout: 6000 });

  await page.getByRole('button', { name: 'User actions' }).click();
  await expect(page.getByRole('menu', { name: 'User actions' }).getByRole('menuitem', { name: 'Approve' })).toHaveCount(0);
});

test('blocks nils.dahl with a reason and unblocks him', async ({ page }) => {
  await openUser(page, 'nils.dahl');
  await page.getByRole('button', { name: 'User actions' }).click();
  await page.getByRole('menu', { name: 'User actions' }).getByRole('menuitem', { name: 'Block' }).click();

  const dialog = page.getByRole('dialog', { name: 'Block nils.dahl' });
  await dialog.getByRole('button', { name: 'Block user' }).click();
  await expect(dialog.getByText('Block reason is required')).toBeVisible();
  await dialog.getByRole('combobox', { name: /Block reason/ }).click();
  await page.getByRole('option', { name: 'Vandalism' }).click();
  await dialog.getByRole('textbox', { name: 'Message to the user' }).fill('Two damaged bikes at Grünerløkka');
  await expect(page.getByRole('listbox')).toBeHidden();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/block-dialog.png` });
  await dialog.getByRole('button', { name: 'Block user' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('User deactivated', { exact: true })).toBeVisible();

  // Blocked: only unblock and the status-free actions remain.
  await page.getByRole('button', { name: 'User actions' }).click();
  const menu = page.getByRole('menu', { name: 'User actions' });
  await expect(menu.getByRole('menuitem', { name: 'Block', exact: true })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Unblock' }).click();
  await expect(page.getByText('User activated', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'User actions' }).click();
  await expect(page.getByRole('menu', { name: 'User actions' }).getByRole('menuitem', { name: 'Block', exact: true })).toBeVisible();
  await expect(page.getByRole('menu', { name: 'User actions' }).getByRole('menuitem', { name: 'New booking' })).toBeVisible();
});

test("shows n.dahl's Suspicious against tab: the twin with what matched and the owner map as counts", async ({ page }) => {
  await openUser(page, 'n.dahl');
  await page.getByRole('tab', { name: 'Suspicious against' }).click();
  const twins = page.getByRole('grid', { name: 'Users sharing details with n.dahl' });
  const row = twins.getByRole('row').filter({ hasText: 'nils.dahl' });
  await expect(row).toContainText('Phone');
  await expect(row).toContainText('Identity number');
  await expect(page.getByRole('region', { name: 'Matches per operator' })).toContainText('Fjord Mobility: 1 user');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/suspicious-against.png`, fullPage: true });
});
