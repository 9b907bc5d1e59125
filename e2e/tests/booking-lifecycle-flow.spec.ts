import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers.ts';

/**
 * One booking through the whole issue flow, against the real server and the demo data (docs/demo-data.md):
 * staff `support` books a car for demo.active starting in a few minutes (activation is allowed from 15 minutes
 * before the start), then on that same booking activates it, extends it by 30 minutes, force-ends it with the
 * usage, and finds each step in its events.
 */

const MINUTE_MS = 60_000;
const OSLO = 'Europe/Oslo';

/** An instant as the wall-clock 'YYYY-MM-DD HH:mm' of Oslo (the operator's zone and the browser's). */
function osloWallClock(instantMs: number): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: OSLO,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instantMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/**
 * Enters an instant as Oslo wall-clock time into the date-time field labelled `label` in `scope`: the single place
 * that knows how times are typed. A picker field (a group of spinbuttons) gets each part of 'YYYY-MM-DD HH:mm'
 * typed into its section, a native datetime-local input 'YYYY-MM-DDTHH:mm', and a plain text field 'YYYY-MM-DD HH:mm'.
 */
async function enterDateTime(scope: Page | Locator, label: string | RegExp, instantMs: number) {
  const wallClock = osloWallClock(instantMs);
  const sections = scope.getByRole('group', { name: label }).getByRole('spinbutton');
  if ((await sections.count()) > 0) {
    const parts = wallClock.split(/\D/);
    const keyboard = ('keyboard' in scope ? scope : scope.page()).keyboard;
    for (const [index, part] of parts.entries()) {
      await sections.nth(index).click();
      await keyboard.type(part);
      await expect(sections.nth(index)).toHaveText(part);
    }
    await expect(sections).toHaveText(parts);
    return;
  }
  const input = scope.getByLabel(label);
  const type = await input.getAttribute('type');
  await input.fill(type === 'datetime-local' ? wallClock.replace(' ', 'T') : wallClock);
}

/** The booking's state chip, next to its heading on the card. */
const stateOf = (page: Page, bid: string, state: string) => page.getByRole('article', { name: bid }).getByText(state, { exact: true }).first();

async function openActions(page: Page) {
  await page.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

test('a booking from creation to force end: created, activated, extended by 30 minutes, force-ended, each step in the events', async ({ page }) => {
  test.setTimeout(240_000);

  // A start a few minutes ahead, on a whole minute, and an end two hours later.
  const startMs = Math.ceil((Date.now() + 3 * MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
  const endMs = startMs + 120 * MINUTE_MS;
  const start = osloWallClock(startMs);
  const end = osloWallClock(endMs);
  const extendedEnd = osloWallClock(endMs + 30 * MINUTE_MS);

  await test.step('create the booking', async () => {
    await logIn(page);
    await expectLoggedIn(page);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Booking creation' }).click();
    await expect(page).toHaveURL(/\/booking$/);
    await expect(page.getByRole('heading', { name: 'New booking', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Review booking' })).toBeDisabled();

    await page.getByRole('combobox', { name: 'Customer' }).fill('Nordmann');
    await page.getByRole('option', { name: /Nordmann, Kari \(demo\.active\)/ }).click();
    await expect(page).toHaveURL(/\/booking\?user=demo\.active$/);

    const contract = page.getByRole('combobox', { name: 'Contract' });
    await expect(contract).toBeEnabled();
    await contract.click();
    await page.getByRole('option', { name: /Fjord Privat/ }).click();
    await expect(contract).toContainText('Fjord Privat');

    await page.getByRole('combobox', { name: 'From pool' }).click();
    await page.getByRole('option', { name: 'Grünerløkka', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'To pool' })).toHaveValue('Grünerløkka');

    // The end first: while a field is typed its partial times already count, and a start at or after the end
    // would push the end (an end at or before the start pulls the start, which is typed afterwards anyway).
    await expect(async () => {
      await enterDateTime(page, 'End', endMs);
      await enterDateTime(page, 'Start', startMs);
      await expect(page.getByText('Duration: 2 hrs')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });

    // A car price class: cars are allocated when the booking is created.
    await page.getByRole('group', { name: 'Book by' }).getByRole('button', { name: 'Price class' }).click();
    const priceClass = page.getByRole('combobox', { name: 'Price class' });
    await expect(priceClass).not.toHaveAttribute('aria-disabled', 'true');
    // The classes are re-counted while the trip settles: choose again until the choice holds.
    let className = '';
    await expect(async () => {
      if ((await priceClass.getAttribute('aria-expanded')) !== 'true') await priceClass.click({ timeout: 2_000 });
      const freeCarClass = page.getByRole('option', { name: /^\w+ car — \d+ free$/, disabled: false }).first();
      className = ((await freeCarClass.textContent({ timeout: 2_000 })) ?? '').replace(/ — .*$/, '');
      expect(className).toMatch(/ car$/);
      await page.getByRole('option', { name: new RegExp(`^${className} — \\d+ free$`) }).click({ timeout: 2_000 });
      await expect(priceClass).toContainText(className, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });

    const estimate = page.getByRole('region', { name: 'Price estimate' });
    await expect(estimate).toContainText('Total including VAT');
    await expect(estimate).toContainText(/\d.*NOK|NOK.*\d/);
    await expect(
      page
        .getByRole('list', { name: /Free vehicles/ })
        .getByRole('button')
        .first(),
    ).toContainText('NOK');

    const review = page.getByRole('button', { name: 'Review booking' });
    await expect(review).toBeEnabled();
    await review.click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the booking' });
    await expect(dialog).toContainText('Nordmann, Kari (demo.active)');
    await expect(dialog).toContainText('Fjord Privat');
    await expect(dialog).toContainText('Grünerløkka, Oslo');
    await expect(dialog).toContainText(`${start} – ${end}`);
    await expect(dialog).toContainText(className);
    await expect(dialog).toContainText('NOK');
    await dialog.getByRole('button', { name: 'Create booking' }).click();

    await expect(page).toHaveURL(/\/booking\/BID\d{10,}$/);
    await expect(page.getByText('Booking created', { exact: true })).toBeVisible();
  });

  const bid = /BID\d+/.exec(page.url())?.[0] ?? '';
  expect(bid).not.toBe('');
  const card = page.getByRole('article', { name: bid });

  await test.step('the card shows the new booking, ready to activate', async () => {
    await expect(page.getByRole('heading', { name: bid, level: 1 })).toBeVisible();
    await expect(card).toContainText('Nordmann, Kari');
    await expect(card).toContainText(`${start} – ${end}`);
    await expect(stateOf(page, bid, 'Ready')).toBeVisible();
  });

  await test.step('activate', async () => {
    await openActions(page);
    await page.getByRole('menuitem', { name: 'Activate', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Activate booking ${bid}?` });
    await expect(confirm).toContainText('Nordmann, Kari');
    await confirm.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText('Booking activated', { exact: true })).toBeVisible();
    await expect(stateOf(page, bid, 'Active')).toBeVisible();
    await openActions(page);
    await expect(page.getByRole('menuitem', { name: 'Activate', exact: true })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  });

  await test.step('extend by 30 minutes', async () => {
    await openActions(page);
    await page.getByRole('menuitem', { name: 'Extend booking…' }).click();
    const extend = page.getByRole('dialog', { name: `Extend booking ${bid}` });
    await expect(extend).toContainText(`The booking now ends at ${end}.`);
    await extend.getByRole('radio', { name: '+30 min' }).check();
    await expect(extend).toContainText(extendedEnd);
    await extend.getByRole('button', { name: 'Extend' }).click();
    await expect(page.getByText('Booking updated', { exact: true })).toBeVisible();
    await expect(extend).toBeHidden();
    await expect(card).toContainText(`${start} – ${extendedEnd}`);
    await expect(stateOf(page, bid, 'Active')).toBeVisible();
  });

  // The usage: the last minute, so neither end lies in the future.
  const usageEndMs = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
  const usageStartMs = usageEndMs - MINUTE_MS;

  await test.step('force end with the usage', async () => {
    await openActions(page);
    await page.getByRole('menuitem', { name: 'Force end' }).click();
    const forceEnd = page.getByRole('dialog', { name: new RegExp(`^Force end.*${bid}`) });
    await expect(forceEnd).toBeVisible();
    await enterDateTime(forceEnd, /^Usage start/, usageStartMs);
    await enterDateTime(forceEnd, /^Usage end/, usageEndMs);
    await forceEnd.getByLabel(/^Distance driven/).fill('12.5');
    await forceEnd.getByLabel(/^Reason/).fill('Telematics offline, customer confirmed the return by phone');
    await forceEnd.getByRole('button', { name: 'Force end' }).click();
    await expect(page.getByText('Booking deactivated', { exact: true })).toBeVisible();
    await expect(forceEnd).toBeHidden();
    await expect(stateOf(page, bid, 'Finished')).toBeVisible();
  });

  await test.step('the events list each step', async () => {
    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(page).toHaveURL(new RegExp(`/booking/${bid}/events$`));
    const events = page.getByRole('tabpanel');
    await expect(events.getByRole('row', { name: /Booking created/ }).first()).toBeVisible();
    await expect(events.getByRole('row', { name: /Booking activated by support/ })).toBeVisible();
    await expect(events.getByRole('row', { name: new RegExp(`Booking extended by 30 minutes to ${extendedEnd}`) })).toBeVisible();
    await expect(
      events.getByRole('row', {
        name: new RegExp(`Booking force-ended by support: used ${osloWallClock(usageStartMs)} – ${osloWallClock(usageEndMs)}, 12\\.5 km`),
      }),
    ).toBeVisible();
  });
});
