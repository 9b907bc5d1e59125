import { expect, test } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers.ts';

test('switching the language translates the menu and survives a reload', async ({ page }) => {
  await logIn(page);
  await expectLoggedIn(page);
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('menuitem', { name: 'Norsk bokmål' }).click();
  const menu = page.getByRole('navigation').first();
  await expect(menu.getByRole('link', { name: 'Kundestøtte' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Aktive bookinger' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Kundestøtte' })).toBeVisible();
  await page.getByRole('button', { name: /^Språk/ }).click();
  await page.getByRole('menuitem', { name: 'Svenska' }).click();
  await expect(page.getByRole('link', { name: 'Kundsupport' })).toBeVisible();
  await page.getByRole('button', { name: /^Språk/ }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.getByRole('link', { name: 'Kundensupport' })).toBeVisible();
});

test('the contact page lists customer service for Norway and Sweden', async ({ page }) => {
  await logIn(page);
  await expectLoggedIn(page);
  await page.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Norway' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Sweden' })).toBeVisible();
  await expect(main.locator('a[href^="tel:+47"]')).toHaveCount(1);
  await expect(main.locator('a[href^="tel:+46"]')).toHaveCount(1);
  await expect(main.locator('a[href^="mailto:"]')).toHaveCount(2);
});

test('support mode is on by default, stays as the staff member left it, and is their own', async ({ page }) => {
  await logIn(page);
  await expectLoggedIn(page);
  const toggle = page.getByRole('switch', { name: 'Support mode' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Support mode' })).not.toBeChecked();

  // The next staff member in this browser starts in support mode; the first one's choice is kept for them.
  await page.getByRole('button', { name: 'Log out' }).click();
  await logIn(page, 'admin', 'admin-demo');
  await expectLoggedIn(page);
  await expect(page.getByRole('switch', { name: 'Support mode' })).toBeChecked();
  await page.getByRole('button', { name: 'Log out' }).click();
  await logIn(page);
  await expectLoggedIn(page);
  await expect(page.getByRole('switch', { name: 'Support mode' })).not.toBeChecked();
});
