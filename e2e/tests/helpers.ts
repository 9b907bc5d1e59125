import { expect, type Page } from '@playwright/test';

/** Logs in through both steps of the /login form, as a staff member does. For the tests of the login page itself. */
export async function logInThroughForm(page: Page, username = 'support', password = 'support-demo') {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('User name').fill(username);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
}

/**
 * Logs in as the given staff member and opens `path`. On the login page (a test sent there on purpose) through the
 * form; anywhere else through the API (POST /api/auth, as the form does) with the session stored where the SPA keeps
 * it, so that the test pays for one page load instead of the login page's and the one after it.
 */
export async function logIn(page: Page, username = 'support', password = 'support-demo', path = '/support') {
  if (page.url().includes('/login')) return logInThroughForm(page, username, password);
  const response = await page.request.post('/api/auth', {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  expect(response.status(), `logging in as ${username}`).toBe(200);
  const auth = (await response.json()) as { token: string; expires: string; user: unknown };
  const session = { token: auth.token, bearerToken: null, bearerTokenIssuer: null, expires: auth.expires, user: auth.user };
  // A same-origin page that is not the app (the health check's JSON) to write the app's storage from.
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem(`fleetdesk.session.${location.host}`, JSON.stringify(value)), session);
  await page.goto(path);
}

export async function expectLoggedIn(page: Page, fleetName = 'Fjord Mobility') {
  // After a login the page says 'Logged in as …' and moves on by itself: wait until it has.
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('banner')).toContainText(fleetName);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/** The session the SPA keeps in localStorage under a host-derived key. */
export async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('fleetdesk.session.'));
    const raw = key ? localStorage.getItem(key) : null;
    return raw ? (JSON.parse(raw) as { token: string }).token : '';
  });
}

/**
 * Waits until a screen is ready for axe-core: its heading drawn, no skeleton or progress indicator left in the main
 * region, and no CSS transition running anywhere (a button fading from its loading state to its colour has, half-way,
 * a contrast that is neither).
 */
export async function settledForAxe(page: Page, screen: string) {
  await expect(page.getByRole('main').getByRole('heading').first(), screen).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main').locator('.MuiSkeleton-root, [role="progressbar"]'), screen).toHaveCount(0, { timeout: 30_000 });
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity), null, {
    timeout: 30_000,
  });
}
