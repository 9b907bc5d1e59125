import { expect, test } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers';

/** /pools (issue 7 point 1): the sidebar filter, a pool's details and its booking timeline coloured by §4. */

test('filters pools by city, opens a pool and shows its bookings coloured by state', async ({ page }, testInfo) => {
  await logIn(page);
  await expectLoggedIn(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Booking overview' }).click();
  await expect(page).toHaveURL(/\/pools$/);
  const sidebar = page.getByRole('navigation', { name: 'Pools' });
  await expect(sidebar.getByRole('link', { name: /Grünerløkka/ })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: /Skøyen stasjon/ })).toHaveCount(0);

  // A city match shows all of its pools (trimmed, case-insensitive); Oslo's pools stay, Bergen's go.
  await page.getByLabel('Filter by city or pool').fill('  OSLO ');
  await expect(sidebar.getByRole('link', { name: /Bjørvika/ })).toBeVisible();
  await expect(sidebar.getByRole('list', { name: 'Bergen' })).toHaveCount(0);
  await expect(sidebar.getByRole('list', { name: 'Oslo' }).getByRole('link')).toHaveCount(5);

  // 'Show disabled' adds the hidden pool, struck through.
  await page.getByLabel('Show disabled').check();
  const skoyen = sidebar.getByRole('link', { name: /Skøyen stasjon/ });
  await expect(skoyen).toBeVisible();
  await expect(skoyen.locator('.MuiListItemText-primary')).toHaveCSS('text-decoration-line', 'line-through');
  await page.getByLabel('Show disabled').uncheck();

  // Open a pool: the URL carries city and pool; the pool is bold.
  await sidebar.getByRole('link', { name: /Bjørvika/ }).click();
  await expect(page).toHaveURL(/\/pools\?city=Oslo&pool=Bj%C3%B8rvika/);
  const chosen = sidebar.getByRole('link', { name: /Bjørvika/ });
  await expect(chosen).toHaveAttribute('aria-current', 'page');
  await expect(chosen.locator('.MuiListItemText-primary')).toHaveCSS('font-weight', '700');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bjørvika');
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Overdue');

  // Zoom to 7 days: the demo bookings are drawn with their §4 colours.
  const timeline = page.getByTestId('pool-timeline');
  await page.getByRole('button', { name: 'Show 7 days' }).click();
  await expect(page.getByRole('button', { name: 'Show 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(timeline.locator('.vis-item.pool-booking').first()).toBeVisible();
  const overdue = timeline.locator('.vis-item.pool-booking--overdue').filter({ hasText: 'BID1000000015' });
  await expect(overdue).toHaveCount(1);
  await expect(overdue).toHaveCSS('background-color', 'rgb(198, 40, 40)');
  await page.screenshot({ path: testInfo.outputPath('pools-timeline.png'), fullPage: true });

  // Another pool: demo.active's running booking on EL 12345 is active, green.
  await sidebar.getByRole('link', { name: /Grünerløkka/ }).click();
  await expect(page).toHaveURL(/pool=Gr%C3%BCnerl%C3%B8kka/);
  const active = timeline.locator('.vis-item.pool-booking--active').filter({ hasText: 'BID1000000001' });
  await expect(active).toHaveCount(1);
  await expect(active).toHaveCSS('background-color', 'rgb(46, 125, 50)');
  await expect(timeline.locator('.vis-group-label, .vis-label').filter({ hasText: 'EL 12345' }).first()).toBeVisible();

  // The bookings are links (keyboard reachable): Enter opens the booking card.
  await active.getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/booking\/BID1000000001/);
});

test("the timeline's bookings as a list: a grid drawn once opened, each row linking to its booking, sorted by a header", async ({ page }) => {
  await logIn(page, 'support', 'support-demo', '/pools?city=Oslo&pool=Gr%C3%BCnerl%C3%B8kka');
  await expectLoggedIn(page);
  const summary = page.getByRole('button', { name: /bookings? as a list/ });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('grid', { name: 'Bookings on the timeline' })).toHaveCount(0);
  await summary.click();
  const grid = page.getByRole('grid', { name: 'Bookings on the timeline' });
  const rows = grid.getByTestId('pool-booking-row');
  // demo.active's running booking on EL 12345 is in the list, active, with a link to its card.
  const active = rows.filter({ has: page.getByRole('link', { name: 'BID1000000001', exact: true }) });
  await expect(active).toHaveCount(1);
  await expect(active).toContainText('EL 12345');
  await expect(active).toContainText('Active');
  // The list starts by start, earliest first; a click on the Start header turns it round.
  const starts = async () => rows.evaluateAll((elements) => elements.map((row) => row.getAttribute('data-bid')));
  const ascending = await starts();
  expect(ascending.length).toBeGreaterThan(1);
  await grid.getByRole('columnheader', { name: 'Start' }).click();
  await expect(grid.getByRole('columnheader', { name: 'Start' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(starts).toEqual([...ascending].reverse());
  await active.getByRole('link', { name: 'BID1000000001', exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/BID1000000001/);
});

test('edits pool details: submit waits for a change, the server answers field errors', async ({ page }, testInfo) => {
  await logIn(page, 'support', 'support-demo', '/pools?city=Oslo&pool=Gr%C3%BCnerl%C3%B8kka');
  await expectLoggedIn(page);
  await page.getByRole('button', { name: /Pool details/ }).click();
  const form = page.getByRole('form', { name: /Details of Grünerløkka/ });
  const save = form.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await form.getByLabel('Fee').fill('-3');
  await expect(form.getByText('Value can not be negative')).toBeVisible();
  await expect(save).toBeDisabled();
  await form.getByLabel('Fee').fill('12.50');
  await form.getByLabel('Public note').fill('Entrance from Thorvald Meyers gate');
  await expect(save).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('pools-details.png'), fullPage: true });
  await save.click();
  await expect(page.getByText('Grünerløkka was saved')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.reload();
  await page.getByRole('button', { name: /Pool details/ }).click();
  await expect(page.getByRole('form', { name: /Details of Grünerløkka/ }).getByLabel('Public note')).toHaveValue(
    'Entrance from Thorvald Meyers gate',
  );

  // Allowed contracts are chosen by name from the operator's contracts (issue 17), not typed as ids.
  const again = page.getByRole('form', { name: /Details of Grünerløkka/ });
  const havbris = again.locator('.MuiChip-root', { hasText: 'Havbris Arkitekter' });
  await expect(havbris).toBeVisible();
  await expect(again.locator('.MuiChip-root', { hasText: 'Fjord Privat' })).toBeVisible();
  // The details have just opened after a reload: a click during their opening can land on the field above (seen once
  // in CI, focus on "Moved to" and the chip still there), so the click is repeated until the chip is gone.
  await expect(async () => {
    if ((await havbris.count()) > 0) await havbris.locator('.MuiChip-deleteIcon').click({ timeout: 2_000 });
    await expect(havbris).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Grünerløkka was saved')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: /Pool details/ }).click();
  const reloaded = page.getByRole('form', { name: /Details of Grünerløkka/ });
  await expect(reloaded.locator('.MuiChip-root', { hasText: 'Fjord Privat' })).toBeVisible();
  await expect(reloaded.locator('.MuiChip-root', { hasText: 'Havbris Arkitekter' })).toHaveCount(0);
  await reloaded.getByLabel('Allowed contracts').fill('Havbris');
  await page.getByRole('option', { name: /Havbris Arkitekter/ }).click();
  await reloaded.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Grünerløkka was saved').last()).toBeVisible();
  await expect(reloaded.locator('.MuiChip-root', { hasText: 'Havbris Arkitekter' })).toBeVisible();
});

test('on a small screen the pool list is a drawer that closes on choice', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 420, height: 860 });
  await logIn(page);
  await expect(page.getByRole('banner')).toContainText('Fjord Mobility');
  await page.goto('/pools');
  await page.getByRole('button', { name: 'Pools', exact: true }).first().click();
  const drawer = page.getByRole('presentation').getByRole('navigation', { name: 'Pools' });
  await expect(drawer).toBeVisible();
  // The drawer is above the app bar: its close button can be clicked.
  await expect(page.getByRole('button', { name: 'Close the pool list' })).toBeVisible();
  await expect(page.locator('#pools-drawer .MuiDrawer-paper')).toHaveCSS('transform', 'none'); // slid in
  await page.screenshot({ path: testInfo.outputPath('pools-drawer.png') });
  await drawer.getByRole('link', { name: /Bjørvika/ }).click();
  await expect(page).toHaveURL(/pool=Bj%C3%B8rvika/);
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('pool-timeline').locator('.vis-item.pool-booking--overdue')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('pools-small.png'), fullPage: true });
});

test('a bookings load failure toasts at the top right for 5 seconds', async ({ page }) => {
  await logIn(page);
  await expectLoggedIn(page);
  await page.route('**/api/pools/*/bookings*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ httpCode: 503, messageId: 'errorId.core.unavailable', message: 'Unavailable', errors: [] }),
    }),
  );
  await page.goto('/pools?city=Oslo&pool=Nydalen');
  const toast = page.locator('#notistack-snackbar').filter({ hasText: 'The bookings of Nydalen could not be loaded' });
  // The timeline's chunk, the bookings request and its refusal: far longer on CI's two shared cores than here.
  await expect(toast).toBeVisible({ timeout: 60_000 });
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.y < viewport.height / 3 && box.x + box.width > viewport.width / 2).toBe(true);
  // The screen keeps an inline error with a retry; the toast goes after 5 s.
  await expect(
    page.getByRole('alert').filter({ hasText: 'The bookings of Nydalen could not be loaded' }).getByRole('button', { name: 'Try again' }),
  ).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 9_000 });
});

test('under nb the timeline axis names the days in Norwegian, not in another language (issue 17)', async ({ page }) => {
  await logIn(page);
  await expectLoggedIn(page);
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('menuitem', { name: 'Norsk bokmål' }).click();
  await page.goto('/pools?city=Oslo&pool=Gr%C3%BCnerl%C3%B8kka');
  // vis-timeline keeps a hidden measuring element (.vis-measure) next to the labels it draws.
  const majors = page.getByTestId('pool-timeline').locator('.vis-time-axis .vis-text.vis-major:not(.vis-measure)');
  await expect(majors.first()).toBeVisible();
  const labels = await majors.allTextContents();
  expect(labels.length).toBeGreaterThan(0);
  // moment's nb weekdays: sø. ma. ti. on. to. fr. lø.; the months in Norwegian; no Cyrillic.
  for (const label of labels) {
    expect(label).toMatch(/^(sø|ma|ti|on|to|fr|lø)\. \d{1,2}\.? \p{L}+/u);
    expect(label).not.toMatch(/[\u0400-\u04FF]/);
  }
});
