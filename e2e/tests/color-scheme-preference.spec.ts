import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectLoggedIn, logIn, logInThroughForm } from './helpers';

/**
 * The colour scheme as the staff member's preference on the server (issue 19 point 6;
 * docs/decisions/0078-color-scheme-preference.md): chosen on one computer, it is there on another (a fresh browser
 * with nothing stored); it wins over the system, survives a reload and is the staff member's alone; a choice the server
 * does not take is put back, with a toast that says why.
 *
 * The specs share one server: every test here changes the preference of `support.se` only, whose colour scheme no
 * other spec depends on (they log in as `support` or `admin` and some check light-scheme colours), and puts it back to
 * System at the end, also when a step fails. The tests of this file run one after the other.
 */

const STAFF = { username: 'support.se', password: 'support-demo', fleet: 'Mälar Mobility' };
type SchemeItem = 'System colour scheme' | 'Light colour scheme' | 'Dark colour scheme';

/** The body's background, 0 (black) to 255 (white). */
async function bodyBrightness(page: Page): Promise<number> {
  const colour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r = 0, g = 0, b = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return (r + g + b) / 3;
}

/** The scheme MUI draws: `<html data-color-scheme>` (its colorSchemeSelector) and the page's background. */
async function expectScheme(page: Page, scheme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', scheme);
  if (scheme === 'light') await expect.poll(() => bodyBrightness(page)).toBeGreaterThan(200);
  else await expect.poll(() => bodyBrightness(page)).toBeLessThan(60);
}

/** Opens the colour-scheme choices: the top bar's button on a wide screen, the account menu on a narrow one. */
async function openSchemeMenu(page: Page) {
  const wide = (page.viewportSize()?.width ?? 0) >= 900;
  await page
    .getByRole('banner')
    .getByRole('button', { name: wide ? 'Colour scheme' : 'Account, language and support mode' })
    .click();
  await expect(page.getByRole('menuitemradio', { name: 'Dark colour scheme' })).toBeVisible();
  // Its opening transition over (for the screenshots, and so the click lands on a still item).
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity));
}

/** Chooses a scheme from the menu and waits until the server has stored it. */
async function chooseScheme(page: Page, name: SchemeItem) {
  await openSchemeMenu(page);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'PATCH');
  await page.getByRole('menuitemradio', { name }).click();
  await expect(page.getByRole('menu')).toBeHidden();
  expect((await saved).status()).toBe(200);
}

async function expectChecked(page: Page, name: SchemeItem) {
  await openSchemeMenu(page);
  await expect(page.getByRole('menuitemradio', { name })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
}

/** The stored preference, through the API as the staff member (a session of its own). */
async function storedScheme(request: APIRequestContext): Promise<string> {
  const token = await apiLogin(request);
  const res = await request.get('/api/me/preferences', { headers: { authorization: `AUTH-TOKEN ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { colorScheme: string }).colorScheme;
}

async function apiLogin(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth', {
    headers: { authorization: `Basic ${Buffer.from(`${STAFF.username}:${STAFF.password}`).toString('base64')}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

// Whatever a test did, the staff member follows the system again afterwards.
test.afterEach(async ({ request }) => {
  const token = await apiLogin(request);
  const res = await request.patch('/api/me/preferences', {
    headers: { authorization: `AUTH-TOKEN ${token}` },
    data: { colorScheme: 'system' },
  });
  expect(res.status()).toBe(200);
});

test('dark, chosen on one computer, is applied on another after the login; System again at the end', async ({ browser, request }, testInfo) => {
  // The first computer: a wide screen, the system light.
  const first = await browser.newContext({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
  const page = await first.newPage();
  await logIn(page, STAFF.username, STAFF.password);
  await expectLoggedIn(page, STAFF.fleet);
  await expectScheme(page, 'light');
  await openSchemeMenu(page);
  await expect(page.getByRole('menuitemradio', { name: 'System colour scheme' })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: testInfo.outputPath('color-scheme-menu-1440-light.png') });
  await page.keyboard.press('Escape');

  await chooseScheme(page, 'Dark colour scheme');
  await expectScheme(page, 'dark');
  expect(await storedScheme(request)).toBe('dark');
  await openSchemeMenu(page);
  await page.screenshot({ path: testInfo.outputPath('color-scheme-menu-1440-dark.png') });
  await page.keyboard.press('Escape');
  await first.close();

  // Another computer: a fresh browser (nothing stored), a phone-sized screen, the system light. The login page follows
  // the system; after the login the staff member's preference is applied.
  const second = await browser.newContext({ colorScheme: 'light', viewport: { width: 375, height: 812 } });
  const phone = await second.newPage();
  await phone.goto('/login');
  expect(await phone.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('fleetdesk.colorScheme')))).toEqual([]);
  await expectScheme(phone, 'light');
  await logInThroughForm(phone, STAFF.username, STAFF.password);
  // On a phone the main navigation is a drawer behind the menu button: signed in is the screen and the operator's name.
  await expect(phone).not.toHaveURL(/\/login(\?|$)/);
  await expect(phone.getByRole('banner')).toContainText(STAFF.fleet);
  await expect(phone.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expectScheme(phone, 'dark');
  await openSchemeMenu(phone);
  await expect(phone.getByRole('menuitemradio', { name: 'Dark colour scheme' })).toHaveAttribute('aria-checked', 'true');
  await phone.screenshot({ path: testInfo.outputPath('color-scheme-menu-375-dark.png') });
  await phone.keyboard.press('Escape');

  // Back to System, from the account menu of the narrow screen: light again, and stored.
  await chooseScheme(phone, 'System colour scheme');
  await expectScheme(phone, 'light');
  expect(await storedScheme(request)).toBe('system');
  await openSchemeMenu(phone);
  await expect(phone.getByRole('menuitemradio', { name: 'System colour scheme' })).toHaveAttribute('aria-checked', 'true');
  await phone.screenshot({ path: testInfo.outputPath('color-scheme-menu-375-light.png') });
  await phone.keyboard.press('Escape');
  await second.close();
});

test.describe('with the system dark', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 1280, height: 800 } });

  test("a staff member's choice wins over the system, survives a reload and is theirs alone", async ({ page }) => {
    await logIn(page, STAFF.username, STAFF.password);
    await expectLoggedIn(page, STAFF.fleet);
    await expectScheme(page, 'dark');

    await chooseScheme(page, 'Light colour scheme');
    await expectScheme(page, 'light');

    await page.reload();
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    await expectScheme(page, 'light');
    await expectChecked(page, 'Light colour scheme');

    // Signed out, the login page follows the system again; another staff member has the system's scheme.
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expectScheme(page, 'dark');
    await logIn(page, 'admin', 'admin-demo');
    await expectLoggedIn(page);
    await expectScheme(page, 'dark');
    await expectChecked(page, 'System colour scheme');

    // Back as the first staff member: the choice is still there.
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await logIn(page, STAFF.username, STAFF.password);
    await expectLoggedIn(page, STAFF.fleet);
    await expectScheme(page, 'light');

    // Dark, chosen, also holds; System follows the browser again.
    await chooseScheme(page, 'Dark colour scheme');
    await expectScheme(page, 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expectScheme(page, 'dark');
    await chooseScheme(page, 'System colour scheme');
    await expectScheme(page, 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectScheme(page, 'dark');
  });
});

test('a choice the server does not store is put back, and a toast says why', async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, STAFF.username, STAFF.password);
  await expectLoggedIn(page, STAFF.fleet);
  await expectScheme(page, 'light');

  // No connection when the choice is saved.
  await page.route('**/api/me/preferences', (route) =>
    route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await openSchemeMenu(page);
  await page.getByRole('menuitemradio', { name: 'Dark colour scheme' }).click();
  await expect(page.getByText('The colour scheme could not be saved and is back as it was: there is no connection to the server')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('color-scheme-not-saved-1440.png') });
  await expectScheme(page, 'light');
  await expectChecked(page, 'System colour scheme');
  expect(await storedScheme(request)).toBe('system');

  // The server refuses (here: unavailable): its reason, in the UI language.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.route('**/api/me/preferences', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ httpCode: 503, messageId: 'errorId.core.unavailable', message: 'Service unavailable', errors: [] }),
        })
      : route.fallback(),
  );
  await openSchemeMenu(page);
  await page.getByRole('menuitemradio', { name: 'Light colour scheme' }).click();
  await expect(
    page.getByText('The colour scheme could not be saved and is back as it was: The service is not available right now. Try again in a moment.'),
  ).toBeVisible();
  await expectScheme(page, 'light');
  await expectChecked(page, 'System colour scheme');
  expect(await storedScheme(request)).toBe('system');
});
