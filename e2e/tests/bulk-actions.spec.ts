import { expect, test } from '@playwright/test';
import { logIn } from './helpers.ts';

/**
 * Issue 19 point 4: bulk-acknowledge three alarms through the plan (dry run) and the per-alarm report. As the Swedish
 * operator's support (six unhandled demo alarms): the Norwegian operator's four are acknowledged by the alarms and
 * live-update specs, which may run first.
 */
test('support bulk-acknowledges three unhandled alarms', async ({ page }) => {
  await logIn(page, 'support.se', 'support-demo');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Alarms', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alarms' })).toBeVisible();

  const triggered = page.locator('[data-testid="alarm-row"][data-state="TRIGGERED"]');
  await expect(triggered.nth(2)).toBeVisible();
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const row = triggered.nth(i);
    ids.push((await row.getAttribute('data-alarm-id'))!);
    await row.getByRole('checkbox').check();
  }
  await expect(page.getByRole('status').filter({ hasText: '3 alarms selected' })).toBeVisible();

  await page.getByRole('button', { name: 'Acknowledge 3 alarms…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Acknowledge alarms' });
  await expect(dialog).toContainText('3 alarms will be marked handled by you, now. Skipped: 0.');
  await expect(dialog.locator('[data-outcome="PLANNED"]')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Acknowledge 3 alarms' }).click();

  const report = page.getByRole('dialog', { name: 'Acknowledged: result per alarm' });
  await expect(report).toContainText('Done: 3. Skipped: 0. Failed: 0.');
  await expect(report.locator('[data-outcome="DONE"]')).toHaveCount(3);
  await report.getByRole('button', { name: 'Close' }).click();

  for (const id of ids) {
    const row = page.locator(`[data-testid="alarm-row"][data-alarm-id="${id}"]`);
    await expect(row).toHaveAttribute('data-state', 'HANDLED');
    await expect(row.getByTestId('alarm-handled')).toContainText('support.se');
  }
});
