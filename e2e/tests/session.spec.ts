import { expect, test } from '@playwright/test';
import { expectLoggedIn, logIn, storedToken } from './helpers.ts';

test('logging out in one tab logs out the other', async ({ context }) => {
  const first = await context.newPage();
  await logIn(first);
  await expectLoggedIn(first);
  const second = await context.newPage();
  await second.goto('/contact');
  await expectLoggedIn(second);
  await first.getByRole('button', { name: 'Log out' }).click();
  await expect(first).toHaveURL(/\/login/);
  await expect(second).toHaveURL(/\/login/);
  await expect(second.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
});

test('an API call answered 401 sends the user to login and back', async ({ page, request }) => {
  await logIn(page, 'support', 'support-demo', '/contact');
  await expectLoggedIn(page);
  const token = await storedToken(page);
  expect(token).not.toBe('');
  // Revoke the session behind the browser's back: its next call is answered 401.
  const revoked = await request.delete('/api/auth', { headers: { authorization: `AUTH-TOKEN ${token}` } });
  expect(revoked.status()).toBe(204);
  await page.reload();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcontact/);
  await logIn(page);
  await expect(page).toHaveURL(/\/contact$/);
});

test('routes: / goes to /support, /support/search/{q} to ?search=, unknown paths show not found', async ({ page }) => {
  await logIn(page, 'support', 'support-demo', '/');
  await expectLoggedIn(page);
  await expect(page).toHaveURL(/\/support$/);
  await page.goto('/support/search/EL%2012345');
  await expect(page).toHaveURL(/\/support\?search=EL(%20|\+)12345$/);
  // A booking id goes on from the search to the booking card (§4 booking-id search).
  await page.goto('/support/search/BID1000000001');
  await expect(page).toHaveURL(/\/booking\/BID1000000001$/);
  await page.goto('/no/such/screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
