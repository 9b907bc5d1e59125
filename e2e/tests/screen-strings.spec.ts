import { expect, test, type Page } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers.ts';

/**
 * Each screen downloads the sections of the strings it draws (its route's loader, its lazy parts; issue 15): /support
 * only the search's and the vehicle cards'. These tests watch every text the page ever shows, from the first paint on,
 * so that a string drawn before its section arrived (a raw key such as `pools.title`, even for a frame) fails them.
 */
const SECTIONS = [
  'bookingCard',
  'bookingForm',
  'supportSearch',
  'vehicles',
  'payments',
  'users',
  'userActions',
  'companies',
  'pools',
  'eventLog',
  'eventText',
  'activeBookings',
  'fleetMap',
  'alarms',
  'staff',
  'shortcuts',
];

async function watchForRawKeys(page: Page) {
  await page.addInitScript((sections: string[]) => {
    const pattern = new RegExp(`\\b(${sections.join('|')})\\.[a-zA-Z]+`);
    const seen: string[] = [];
    (window as unknown as { __rawKeys: string[] }).__rawKeys = seen;
    const check = (text: string | null | undefined) => {
      const match = text ? pattern.exec(text) : null;
      if (match && !seen.includes(match[0])) seen.push(match[0]);
    };
    const checkNode = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) check(node.textContent);
      else if (node instanceof Element) {
        for (const name of ['aria-label', 'title', 'placeholder', 'aria-description']) check(node.getAttribute(name));
        node.childNodes.forEach(checkNode);
      }
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') check(record.target.textContent);
        else if (record.type === 'attributes') check((record.target as Element).getAttribute(record.attributeName ?? ''));
        else record.addedNodes.forEach(checkNode);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }, SECTIONS);
}

const rawKeys = (page: Page) => page.evaluate(() => (window as unknown as { __rawKeys: string[] }).__rawKeys);

test('/support, an expanded vehicle card and the screens behind the menu never show a string before it is in', async ({ page }) => {
  await watchForRawKeys(page);
  await logIn(page, 'support', 'support-demo', '/support?search=EL%2012345');
  await expectLoggedIn(page);
  const found = page.getByTestId('vehicle-results').getByRole('article', { name: 'EL 12345' });
  await expect(found).toBeVisible();
  // The card's details (events with their texts, damage, alarms) come with their own strings.
  await found.getByRole('button', { name: 'Show details' }).click();
  await expect(found.getByTestId('vehicle-events').getByRole('row').nth(1)).toBeVisible();

  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  for (const [link, heading] of [
    ['Booking overview', 'Booking overview'],
    ['Payments', 'Payments'],
    ['Active bookings', 'Active bookings'],
    ['Event log', 'Event log'],
    ['Alarms', 'Alarms'],
    ['Users', 'Users'],
  ] as const) {
    await menu.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('main').getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
  expect(await rawKeys(page)).toEqual([]);
});

test('a language chosen on /support brings the sections asked for so far, and the next screen its own', async ({ page }) => {
  await watchForRawKeys(page);
  await logIn(page, 'support', 'support-demo', '/support?search=EL%2012345');
  await expectLoggedIn(page);
  await expect(page.getByTestId('vehicle-results').getByRole('article', { name: 'EL 12345' })).toBeVisible();
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('menuitem', { name: 'Svenska' }).click();
  await expect(page.getByRole('heading', { name: 'Kundsupport', level: 1 })).toBeVisible();
  const card = page.getByTestId('vehicle-results').getByRole('article', { name: 'EL 12345' });
  await card.getByRole('button', { name: 'Visa detaljer' }).click();
  await expect(card.getByTestId('vehicle-events').getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('navigation').first().getByRole('link', { name: 'Aktiva bokningar' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Aktiva bokningar');
  expect(await rawKeys(page)).toEqual([]);
});
