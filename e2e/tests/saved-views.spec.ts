import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectLoggedIn, logIn, storedToken } from './helpers.ts';

/**
 * Saved views as work queues (issue 19 point 3): `support` saves a payments filter as a shared view; `admin` of the
 * same operator sees it in the side menu with its count, `support.se` (another operator) does not.
 */

async function signedIn(browser: Browser, username: string, password: string, fleetName = 'Fjord Mobility'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, username, password);
  await expectLoggedIn(page, fleetName);
  return page;
}

const queues = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByTestId('view-queues');

test('a shared payments view is a queue with its count for the operator, not for another operator', async ({ browser }) => {
  const name = `Unpaid invoices ${Date.now()}`;
  const support = await signedIn(browser, 'support', 'support-demo');
  await support.goto('/payments?status=UNPAID&type=INVOICE&from=2000-01-01');
  await expect(support.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible({ timeout: 60_000 });

  await support.getByRole('button', { name: 'Views' }).click();
  await support.getByRole('menuitem', { name: 'Save current view…' }).click();
  const dialog = support.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel(/Share with the team/).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(queues(support).getByRole('link', { name: new RegExp(name) })).toBeVisible();

  // The count the queue shows is what the payments screen's own search finds.
  const token = await storedToken(support);
  const listed = await support.request.get('/api/payments', {
    params: { status: 'UNPAID', type: 'INVOICE', from: '2000-01-01T00:00:00.000Z', pageSize: 100 },
    headers: { Authorization: `AUTH-TOKEN ${token}` },
  });
  const { results } = (await listed.json()) as { results: unknown[] };

  const admin = await signedIn(browser, 'admin', 'admin-demo');
  const queue = queues(admin).getByRole('link', { name: new RegExp(name) });
  await expect(queue).toBeVisible();
  await expect(queue).toContainText(String(results.length));
  // Picking the queue opens the payments screen with the view's filters.
  await queue.click();
  await expect(admin).toHaveURL(/\/payments\?.*status=UNPAID/);
  await expect(admin).toHaveURL(/type=INVOICE/);

  const other = await signedIn(browser, 'support.se', 'support-demo', 'Mälar Mobility');
  await expect(queues(other).getByRole('link').first()).toBeVisible();
  await expect(queues(other).getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
});

test("the event log saves a booking's search as a private view, and the Views menu opens it again", async ({ browser }) => {
  const name = `Events of BID1000000004 ${Date.now()}`;
  const page = await signedIn(browser, 'support', 'support-demo');
  await page.goto('/event?bid=BID1000000004');
  await expect(page.getByRole('heading', { name: 'Event log', level: 1 })).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // Private: not a queue of the side menu.
  await expect(queues(page).getByRole('link', { name: new RegExp(name) })).toHaveCount(0);

  await page.goto('/event');
  await expect(page.getByLabel('Booking ID')).toHaveValue('');
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: `${name} Private` }).click();
  await expect(page).toHaveURL(/\/event\?.*bid=BID1000000004/);
  await expect(page.getByLabel('Booking ID')).toHaveValue('BID1000000004');
});

test('the built-in queue "Failed commands (24 h)" opens the event log on the failed commands, without a subject', async ({ browser }) => {
  const page = await signedIn(browser, 'support', 'support-demo');
  const queue = queues(page).getByRole('link', { name: /Failed commands \(24 h\)/ });
  await expect(queue).toBeVisible();
  // Its count is whatever the search finds now (other tests may send commands meanwhile): a number.
  await expect(queue.locator('.MuiChip-label')).toHaveText(/^\d+\+?$/);

  await queue.click();
  await expect(page).toHaveURL(/\/event\?.*failedCommands=true/);
  await expect(page).toHaveURL(/lastHours=24/);
  await expect(page.getByRole('heading', { name: 'Event log', level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('checkbox', { name: 'Failed commands only' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveText('Last 24 hours');
  await expect(page.getByLabel('VIN', { exact: true })).toHaveValue('');
  // The event types do not apply to the failed-commands search.
  await expect(page.getByRole('checkbox', { name: 'Bookings' })).toBeDisabled();

  // The demo's low-voltage Yaris (AB 12345) did not answer a lock three hours before the demo began; the row names the
  // vehicle, linked to its page.
  const rows = page.getByTestId('event-row');
  const yaris = rows.filter({ hasText: 'VNKKAH3A3PA012345' });
  await expect(yaris.first()).toBeVisible({ timeout: 60_000 });
  await expect(yaris.first()).toContainText('Remote command');
  await expect(yaris.first().getByRole('link', { name: 'VNKKAH3A3PA012345' })).toHaveAttribute('href', '/vehicles/VNKKAH3A3PA012345');
  for (const text of await rows.allTextContents()) expect(text).toContain('Remote command');
});
