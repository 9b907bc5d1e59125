import { expect, test } from '@playwright/test';
import { expectLoggedIn, logInThroughForm } from './helpers.ts';

test.describe('/login', () => {
  test('sends a visitor to /login and back to the original page after both steps', async ({ page }) => {
    await page.goto('/contact');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await page.getByLabel('User name').fill('support');
    await expect(next).toBeEnabled();
    await page.getByLabel('User name').press('Enter');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
    await password.fill('support-demo');
    await password.press('Enter');
    await expect(page).toHaveURL(/\/contact$/);
    await expectLoggedIn(page);
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    for (const item of ['Active bookings', 'Fleet overview', 'Customer support', 'Booking overview', 'Booking creation', 'User admin', 'Contact']) {
      await expect(menu.getByRole('link', { name: item })).toBeVisible();
    }
  });

  test('shows the wrong-credentials message and goes back to step 1', async ({ page }) => {
    await logInThroughForm(page, 'admin', 'not-the-password');
    await expect(page.getByText('User name or password incorrect.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('User name')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  });

  test('offers single sign-on instead of the forgot-password link when a method forbids passwords', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('User name').fill('demo.sso');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('link', { name: 'Sign in with Nordlys SSO' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveCount(0);
  });

  test('tells a logged-in user so and moves on', async ({ page }) => {
    await logInThroughForm(page);
    await expectLoggedIn(page);
    // The notice shows for 3 s (§8): wait for it from before the navigation, so a slow page load cannot hide it.
    const notice = page.getByText(/^Logged in as \S/).waitFor({ state: 'visible', timeout: 20_000 });
    await page.goto('/login');
    await notice;
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('the Swedish operator sees its own name', async ({ page }) => {
    await logInThroughForm(page, 'support.se', 'support-demo');
    await expectLoggedIn(page, 'Mälar Mobility');
  });
});

test('forgot password confirms and goes back to login', async ({ page }) => {
  await page.goto('/forgot-password?username=admin');
  await expect(page.getByLabel('User name')).toHaveValue('admin');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If the user exists/)).toBeVisible();
  await page
    .getByRole('button', { name: 'Back to login' })
    .or(page.getByRole('link', { name: 'Back to login' }))
    .click();
  await expect(page).toHaveURL(/\/login/);
});
