import { expect, type Page } from '@playwright/test';

/** Logs in through both steps of /login as the given staff member. */
export async function logIn(page: Page, username = 'support', password = 'support-demo') {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('User name').fill(username);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
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
