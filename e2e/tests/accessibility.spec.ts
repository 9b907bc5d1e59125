import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { settledForAxe } from './helpers';

/**
 * WCAG 2.2 AA (issue 17 point 5; docs/decisions/0052-accessibility-reflow-focus.md): axe-core over every screen of the
 * console (the routes in apps/web/src/routes) in en-GB and nb, one page load per screen, 0 serious or critical
 * violations; reflow of /support with results at a 375 px phone; focus on the heading after a navigation.
 */
test.describe.configure({ mode: 'parallel' });

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { screen: string; id: string; impact: string; help: string; targets: string[] };

/** Runs axe on the page as it is (injected through the DevTools protocol, which the app's CSP does not block). */
async function seriousViolations(page: Page, screen: string): Promise<Violation[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(document));
  return results.violations
    .filter((violation: Result) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      screen,
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} ${node.html.slice(0, 400)}`),
    }));
}

/** Waits until the screen has drawn its content: a heading in main, and no loading indicator left. */
/** Logs in through both steps of /login in the page's language and waits until the console has moved on. */
async function logIn(page: Page, texts: (typeof LOGIN_TEXTS)[keyof typeof LOGIN_TEXTS], username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(texts.username).fill(username);
  await page.getByRole('button', { name: texts.next }).click();
  await page.getByLabel(texts.password, { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: texts.logIn }).click();
  await expect(page).toHaveURL(/\/support$/, { timeout: 30_000 });
  await expect(page.getByRole('banner')).toContainText('Fjord Mobility');
}

/** Every screen of the console (apps/web/src/routes), with data where the screen has some. */
const SIGNED_IN_SCREENS = [
  '/support',
  '/support?search=Nordmann',
  '/booking/BID1000000001',
  '/booking/BID1000000001/payment',
  '/booking/BID1000000001/events',
  '/booking?user=demo.active',
  '/users',
  '/users/demo.active',
  '/vehicles/WVWZZZE1ZPP012345',
  '/activebookings',
  '/alarms',
  '/payments',
  '/event',
  '/pools',
  '/fleetMap',
  '/companies',
  '/companies/1',
  '/batch-users',
  '/staff',
  '/contact',
] as const;
const SIGNED_OUT_SCREENS = ['/login', '/forgot-password', '/reset-password?token=not-a-real-token'] as const;

const LOGIN_TEXTS = {
  'en-GB': { username: 'User name', next: 'Next', password: 'Password', logIn: 'Log in' },
  nb: { username: 'Brukernavn', next: 'Neste', password: 'Passord', logIn: 'Logg inn' },
} as const;

for (const language of ['en-GB', 'nb'] as const) {
  test.describe(`axe-core in ${language}`, () => {
    test.use({ locale: language, viewport: { width: 1280, height: 800 } });

    test(`every screen has no serious or critical violations (${language})`, async ({ page }) => {
      test.setTimeout(420_000);
      const found: Violation[] = [];
      for (const screen of SIGNED_OUT_SCREENS) {
        await page.goto(screen);
        await settledForAxe(page, screen);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        found.push(...(await seriousViolations(page, screen)));
      }

      await logIn(page, LOGIN_TEXTS[language], 'admin', 'admin-demo');

      for (const screen of SIGNED_IN_SCREENS) {
        await page.goto(screen);
        await settledForAxe(page, screen);
        found.push(...(await seriousViolations(page, screen)));
      }
      expect(found, JSON.stringify(found, null, 2)).toEqual([]);
    });
  });
}

test.describe('axe-core on the lists moved onto the DataTable (issue 16)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a pool's bookings list, opened, and a user's Bookings tab have no serious or critical violations", async ({ page }) => {
    await logIn(page, LOGIN_TEXTS['en-GB'], 'support', 'support-demo');
    const found: Violation[] = [];

    await page.goto('/pools?city=Oslo&pool=Gr%C3%BCnerl%C3%B8kka');
    await settledForAxe(page, 'pool');
    await page.getByRole('button', { name: /bookings? as a list/ }).click();
    await expect(page.getByRole('grid', { name: 'Bookings on the timeline' }).getByTestId('pool-booking-row').first()).toBeVisible();
    await settledForAxe(page, 'pool bookings list');
    found.push(...(await seriousViolations(page, 'pool bookings list')));

    await page.goto('/users/demo.active?tab=bookings');
    await settledForAxe(page, 'user bookings tab');
    await expect(page.getByRole('grid', { name: 'Bookings' }).getByTestId('user-booking-row').first()).toBeVisible();
    found.push(...(await seriousViolations(page, 'user bookings tab')));
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
  });
});

test.describe('reflow at a 375 px phone (WCAG 1.4.10)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('/support with booking and user results does not scroll sideways; the top bar folds into a menu', async ({ page }, testInfo) => {
    await logIn(page, LOGIN_TEXTS['en-GB'], 'support', 'support-demo');

    await page.goto('/support?search=Nordmann');
    await expect(page.getByTestId('bookings-active').getByRole('link', { name: 'BID1000000001', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('user-results').getByTestId('user-row').first()).toBeVisible({ timeout: 30_000 });
    const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.document).toBeLessThanOrEqual(widths.viewport);
    await page.screenshot({ path: testInfo.outputPath('support-375.png'), fullPage: true });

    // The switch, the language and Log out are in one menu; every control of the bar is on the screen.
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('switch')).toHaveCount(0);
    for (const control of await banner.getByRole('button').all()) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    }
    await banner.getByRole('button', { name: 'Account, language and support mode' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expect(menu.getByRole('menuitemradio', { name: 'English (UK)' })).toHaveAttribute('aria-checked', 'true');
    const supportMode = menu.getByRole('menuitemcheckbox', { name: 'Support mode' });
    await expect(supportMode).toHaveAttribute('aria-checked', 'true');
    await supportMode.click();
    await expect(menu).toBeHidden();
    await banner.getByRole('button', { name: 'Account, language and support mode' }).click();
    await expect(page.getByRole('menu').getByRole('menuitemcheckbox', { name: 'Support mode' })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('menu').getByRole('menuitemradio', { name: 'Norsk bokmål' }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Kundestøtte');
  });
});

test('after a navigation the focus is on the new screen’s heading, with a visible 2 px ring on controls', async ({ page }) => {
  await logIn(page, LOGIN_TEXTS['en-GB'], 'support', 'support-demo');

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  // The first screen moves the focus to its heading once it has loaded; on a busy machine that can come after the
  // link was focused, so the keyboard step is repeated until it navigates.
  await expect(async () => {
    await nav.getByRole('link', { name: 'Contact' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/contact$/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  await expect(heading).toHaveAttribute('tabindex', '-1');

  // Tab goes on from the heading into the screen; the link it reaches shows a 2 px solid ring.
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('href', /^tel:/);
  await expect(focused).toHaveCSS('outline-style', 'solid');
  await expect(focused).toHaveCSS('outline-width', '2px');
  await expect(focused).toHaveCSS('outline-color', 'rgb(31, 95, 139)');

  // A filled button's ring sits outside it, in the primary colour.
  await nav.getByRole('link', { name: 'Customer support' }).click();
  await expect(heading).toHaveText('Customer support');
  const searchBox = page.getByRole('main').getByRole('textbox', { name: 'Search' });
  await searchBox.fill('Nordmann');
  const searchButton = page.getByRole('main').getByRole('button', { name: 'Search', exact: true });
  for (let presses = 0; presses < 4 && !(await searchButton.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(searchButton).toBeFocused();
  await expect(searchButton).toHaveCSS('outline-style', 'solid');
  await expect(searchButton).toHaveCSS('outline-width', '2px');
  await expect(searchButton).toHaveCSS('outline-offset', '2px');
});
