import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { expectLoggedIn, logIn, settledForAxe } from './helpers';

/**
 * Dark mode (issue 19 point 6; docs/decisions/0068-dark-mode.md): the console follows the system's colour scheme
 * (Chromium told it is dark), from the login page on; and axe-core finds no serious or critical violation (contrast
 * included) on the main screens in the dark scheme. A staff member's own choice is their preference on the server,
 * shared by every spec: its tests, which change it, are in color-scheme-preference.spec.ts, on a staff member no other
 * spec depends on (docs/decisions/0078-color-scheme-preference.md).
 */
test.use({ colorScheme: 'dark', viewport: { width: 1280, height: 800 } });

/** The body's background, 0 (black) to 255 (white). */
async function bodyBrightness(page: Page): Promise<number> {
  const colour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r = 0, g = 0, b = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return (r + g + b) / 3;
}

async function expectScheme(page: Page, scheme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', scheme);
  if (scheme === 'light') await expect.poll(() => bodyBrightness(page)).toBeGreaterThan(200);
  else await expect.poll(() => bodyBrightness(page)).toBeLessThan(60);
}

test('the console follows the system: dark on /login and /support', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('User name')).toBeVisible();
  await expectScheme(page, 'dark');

  await logIn(page, 'support', 'support-demo', '/support');
  await expectLoggedIn(page);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Customer support' })).toBeVisible();
  await expectScheme(page, 'dark');
  await page.getByRole('banner').getByRole('button', { name: 'Colour scheme' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'System colour scheme' })).toHaveAttribute('aria-checked', 'true');
});

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const DARK_SCREENS = [
  '/support?search=Nordmann',
  '/booking/BID1000000001',
  '/users/demo.active',
  '/vehicles/WVWZZZE1ZPP012345',
  '/pools?city=Oslo&pool=Gr%C3%BCnerl%C3%B8kka',
  '/fleetMap',
  '/event',
  '/payments',
] as const;

test('axe-core finds no serious or critical violation on the main screens in the dark scheme', async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, 'admin', 'admin-demo');
  await expectLoggedIn(page);
  const found: { screen: string; id: string; help: string; targets: string[] }[] = [];
  for (const screen of DARK_SCREENS) {
    await page.goto(screen);
    await settledForAxe(page, screen);
    await expectScheme(page, 'dark');
    await page.evaluate(axeSource);
    const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(document));
    found.push(
      ...results.violations
        .filter((violation: Result) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          screen,
          id: violation.id,
          help: violation.help,
          targets: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} ${node.html.slice(0, 400)}`),
        })),
    );
  }
  expect(found, JSON.stringify(found, null, 2)).toEqual([]);
});
