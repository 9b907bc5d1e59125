import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectLoggedIn, logIn, storedToken } from './helpers.ts';

/** Opens a booking card after logging in, and waits for its heading. */
async function openBooking(page: Page, path: string) {
  await logIn(page, 'support', 'support-demo', path);
  await expectLoggedIn(page);
}

const stateChip = (page: Page) => page.getByTestId('booking-state');

/** A time in the browser's time zone (the test runs in Europe/Oslo), as the fields show it ('YYYY-MM-DD HH:mm'). */
const localInput = (page: Page, msFromNow: number) =>
  page.evaluate((offset) => {
    const date = new Date(Date.now() + offset);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, msFromNow);

/** Types 'YYYY-MM-DD HH:mm' into a date-time field (a group of spinbuttons): its digits, from the year on. */
async function typeDateTime(field: Locator, value: string) {
  await field.getByRole('spinbutton', { name: 'Year' }).click();
  await field.page().keyboard.type(value.replace(/\D/g, ''));
  await expect(field.locator('input')).toHaveValue(value);
}

/** The first demo booking of fjord that can be activated now (READY, a vehicle allocated). */
async function findReadyBooking(page: Page): Promise<string> {
  const token = await storedToken(page);
  for (let n = 20; n <= 80; n++) {
    const bid = `BID10000000${String(n).padStart(2, '0')}`;
    const response = await page.request.get(`/api/bookings/${bid}`, { headers: { Authorization: `AUTH-TOKEN ${token}` } });
    if (!response.ok()) continue;
    const booking = (await response.json()) as { displayState: string; allocateOnActivation: boolean; actions: string[] };
    if (booking.displayState === 'READY' && !booking.allocateOnActivation && booking.actions.includes('ACTIVATE')) return bid;
  }
  throw new Error('The demo data has no READY booking to activate');
}

test.describe('/booking/{bid}', () => {
  test('shows an active booking with its details, payment and events', async ({ page }) => {
    await openBooking(page, '/booking/BID1000000001');
    await expect(page.getByRole('heading', { name: 'BID1000000001', level: 1 })).toBeVisible();
    await expect(stateChip(page)).toHaveText('Active');
    const details = page.getByTestId('booking-details');
    await expect(details.getByRole('link', { name: 'Nordmann, Kari (demo.active)' })).toHaveAttribute('href', '/users/demo.active');
    await expect(details.getByRole('link', { name: 'VW ID.3 Pro (EL 12345)' })).toHaveAttribute('href', '/vehicles/WVWZZZE1ZPP012345');
    await expect(details).toContainText('Grünerløkka');
    await expect(page.getByTestId('booking-metadata')).toContainText('No metadata');

    await page.getByRole('tab', { name: 'Payment' }).click();
    await expect(page).toHaveURL(/\/booking\/BID1000000001\/payment$/);
    await expect(page.getByTestId('payment-summary')).toContainText('BOK1000001');
    await expect(page.getByTestId('payment-summary')).toContainText('Reserved');
    await expect(page.getByTestId('payment-totals')).toContainText('701.88');

    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/booking\/BID1000000001\/events$/);
    const events = page.getByTestId('booking-events');
    await expect(events.getByRole('row', { name: /Booking activated/ })).toBeVisible();
    await expect(events.getByRole('link', { name: 'Open in event log' })).toHaveAttribute('href', /^\/event\?bid=BID1000000001&startDate=\d{4}-/);

    // The suffix survives a reload, and the actions menu is reachable from the keyboard.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Actions' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Deactivate', exact: true })).toBeVisible();
    // The server's abilities: Activate is unavailable on a running booking, and says why.
    await expect(page.getByRole('menuitem', { name: 'Activate', exact: true })).toBeDisabled();
    await expect(page.getByRole('menuitem', { name: 'Activate', exact: true })).toHaveAccessibleDescription(
      'Only a booking that has not started can be activated',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  });

  test('in support mode the card is collapsible and has its actions menu; outside it neither (§2, §6)', async ({ page }) => {
    await openBooking(page, '/booking/BID1000000001');
    await expect(page.getByRole('heading', { name: 'BID1000000001', level: 1 })).toBeVisible();
    const supportMode = page.getByRole('switch', { name: 'Support mode' });
    const actions = page.getByRole('button', { name: 'Actions' });
    const collapse = page.getByRole('button', { name: 'Collapse the booking card' });
    const expand = page.getByRole('button', { name: 'Expand the booking card' });
    const tabs = page.getByRole('tablist', { name: 'Booking card sections' });

    // On by default: the actions menu and the collapse button.
    await expect(supportMode).toBeChecked();
    await expect(actions).toBeVisible();
    await expect(collapse).toHaveAttribute('aria-expanded', 'true');

    // Off: neither; the Edit button, the tabs and the details stay.
    await supportMode.click();
    await expect(supportMode).not.toBeChecked();
    await expect(actions).toHaveCount(0);
    await expect(collapse).toHaveCount(0);
    await expect(expand).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit booking' })).toBeVisible();
    await expect(tabs).toBeVisible();
    await expect(page.getByTestId('booking-details')).toBeVisible();

    // The choice survives a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'BID1000000001', level: 1 })).toBeVisible();
    await expect(supportMode).not.toBeChecked();
    await expect(actions).toHaveCount(0);
    await expect(collapse).toHaveCount(0);
    await expect(tabs).toBeVisible();

    // On again: collapsing leaves only the header summary.
    await supportMode.click();
    await expect(supportMode).toBeChecked();
    await expect(actions).toBeVisible();
    await collapse.click();
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expect(tabs).toBeHidden();
    await expect(page.getByTestId('booking-details')).toBeHidden();
    await expect(page.getByTestId('booking-summary')).toContainText('Nordmann, Kari');
    await expand.click();
    await expect(tabs).toBeVisible();
  });

  test('shows a booking without a user as ARCHIVED', async ({ page }) => {
    await openBooking(page, '/booking/BID1000000019');
    await expect(stateChip(page)).toHaveText('Archived');
    await expect(page.getByTestId('booking-details')).toContainText('No customer (archived)');
  });

  test('shows a designed not-found page for an unknown booking', async ({ page }) => {
    await openBooking(page, '/booking/BID1999999999');
    await expect(page.getByRole('heading', { name: 'Booking not found.' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to customer support' }).click();
    await expect(page).toHaveURL(/\/support$/);
  });

  test('activates a future booking, extends it by 30 minutes and force-ends it; the events list each step', async ({ page }) => {
    await logIn(page);
    await expectLoggedIn(page);
    const bid = await findReadyBooking(page);
    await page.goto(`/booking/${bid}`);
    await expect(stateChip(page)).toHaveText('Ready');

    // Activate.
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Activate', exact: true }).click();
    const activate = page.getByRole('dialog', { name: `Activate booking ${bid}?` });
    await activate.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText('Booking activated', { exact: true })).toBeVisible();
    await expect(stateChip(page)).toHaveText('Active');

    // Extend by +30 minutes.
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Extend booking…' }).click();
    const extend = page.getByRole('dialog');
    await extend.getByRole('radio', { name: '+30 min' }).check();
    const newEnd = (await extend.getByTestId('extend-new-end').textContent()) ?? '';
    expect(newEnd).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const oldEnd = ((await extend.getByText(/^The booking now ends at /).textContent()) ?? '').replace(/^The booking now ends at (.*)\.$/, '$1');
    expect(oldEnd).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await extend.getByRole('button', { name: 'Extend' }).click();
    await expect(page.getByText('Booking updated', { exact: true })).toBeVisible();
    await expect(extend).toBeHidden();
    await expect(page.getByTestId('booking-summary')).toContainText(newEnd);

    // The extension is reversible: its toast offers Undo, which puts the old end back (issue 17). Then extend again.
    await page.getByRole('button', { name: `Undo: Extension of ${bid}` }).click();
    await expect(page.getByText(`Extension undone: the booking ends at ${oldEnd} again`)).toBeVisible();
    await expect(page.getByTestId('booking-summary')).toContainText(oldEnd);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Extend booking…' }).click();
    await extend.getByRole('radio', { name: '+30 min' }).check();
    await extend.getByRole('button', { name: 'Extend' }).click();
    await expect(page.getByTestId('booking-summary')).toContainText(newEnd);

    // Force end with the usage.
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Force end' }).click();
    const forceEnd = page.getByRole('dialog');
    await typeDateTime(forceEnd.getByRole('group', { name: /^Usage start/ }), await localInput(page, -40 * 60_000));
    await typeDateTime(forceEnd.getByRole('group', { name: /^Usage end/ }), await localInput(page, -2 * 60_000));
    await forceEnd.getByLabel(/^Distance driven/).fill('12.5');
    await forceEnd.getByRole('button', { name: 'Force end' }).click();
    await expect(forceEnd.getByText('Required')).toBeVisible();
    await forceEnd.getByLabel(/^Reason/).fill('Telematics offline, customer confirmed the return by phone');
    await forceEnd.getByRole('button', { name: 'Force end' }).click();
    await expect(page.getByText('Booking deactivated', { exact: true })).toBeVisible();
    await expect(stateChip(page)).toHaveText('Finished');

    // The events tab lists each step.
    await page.getByRole('tab', { name: 'Events' }).click();
    const events = page.getByTestId('booking-events');
    await expect(events.getByRole('row', { name: /Booking activated by support/ })).toBeVisible();
    await expect(events.getByRole('row', { name: /Booking extended by 30 minutes/ }).first()).toBeVisible();
    await expect(events.getByRole('row', { name: /Extension by 30 minutes undone: ends again at/ })).toBeVisible();
    await expect(events.getByRole('row', { name: /Booking force-ended by support: used .*12\.5 km/ })).toBeVisible();
  });
});
