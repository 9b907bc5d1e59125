import { expect, test } from '@playwright/test';
import { expectLoggedIn } from './helpers';

/**
 * Single sign-on through the demo identity provider that the server mounts at /demo-idp (a real OpenID Connect
 * provider, oidc-provider): authorization code with PKCE, the /postLogin hand-over, then API calls with the
 * bearer ID token and X-Token-Issuer (docs/decisions/0028-single-sign-on.md).
 */
test.describe('single sign-on', () => {
  test('signs support in through the demo identity provider and lands on the console', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('User name').fill('support');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('link', { name: 'Sign in with Fjord demo sign-in' }).click();

    await expect(page.getByRole('heading', { name: 'Demo identity provider' })).toBeVisible();
    await expect(page.getByLabel('User name')).toHaveValue('support');
    await page.getByLabel('User name').fill('siri');
    await page.getByLabel('Password').fill('sso-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // /postLogin stores the session and goes to /, which opens the combined search.
    await expect(page).toHaveURL(/\/support$/);
    // The top bar shows the operator: the API answered the bearer session.
    await expectLoggedIn(page);
    const stored = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('fleetdesk.session.'));
      return key
        ? (JSON.parse(localStorage.getItem(key) ?? '{}') as {
            token: string | null;
            bearerToken: string | null;
            bearerTokenIssuer: string | null;
            user: { username: string; fleet?: string };
          })
        : null;
    });
    expect(stored).toMatchObject({ token: null, user: { username: 'support', fleet: 'fjord' } });
    expect(stored?.bearerToken?.split('.')).toHaveLength(3);
    expect(stored?.bearerTokenIssuer).toMatch(/\/demo-idp$/);

    // A screen that loads data through the API with the bearer token.
    await page.goto('/event');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page).toHaveURL(/\/event/);
  });

  test('keeps the provider page on a wrong password and explains a refused hand-over', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('User name').fill('admin');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('link', { name: 'Sign in with Fjord demo sign-in' }).click();
    await page.getByLabel('User name').fill('siri');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong user name or password.');

    await page.goto('/postLogin?error=notStaff');
    await expect(page.getByRole('alert')).toHaveText('Only active support and admin staff can log in to the console.');
    await page.getByRole('link', { name: 'Go to login' }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});
