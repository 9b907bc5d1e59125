import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers';

/**
 * /companies (issue 6 point 8) and batch import (point 7; SUPPORT and ADMIN alike since issue 14): the company tree, its
 * filter, a company, and a CSV import.
 */

test('filters the company tree and opens a company with its users', async ({ page }, testInfo) => {
  await logIn(page);
  await expectLoggedIn(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'User admin' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  const tree = page.getByRole('tree', { name: 'Company tree' });
  await expect(tree.getByRole('treeitem', { name: /Havbris Arkitekter AS/ })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: /Nordlys Oslo Dev team/ })).toHaveCount(0);

  // The filter is trimmed and case-insensitive, and opens the way to the match.
  await page.getByLabel('Filter companies').fill('  dev TEAM ');
  await expect(tree.getByRole('treeitem', { name: /Nordlys Oslo Dev team/ })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: /Havbris/ })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('companies-filter.png'), fullPage: true });

  // Clearing resets the tree.
  await page.getByRole('button', { name: 'Clear the filter' }).click();
  await expect(tree.getByRole('treeitem', { name: /Havbris Arkitekter AS/ })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: /Nordlys Oslo Dev team/ })).toHaveCount(0);

  // Open a company with the keyboard: the URL carries it.
  await page.getByLabel('Filter companies').fill('nordlys oslo');
  const oslo = tree.getByRole('treeitem', { name: /^Nordlys Oslo\b/ }).first();
  await oslo.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/companies\/\d+$/);
  const detail = page.getByRole('region', { name: 'Selected company' });
  await expect(detail.getByRole('heading', { name: 'Nordlys Oslo', exact: true })).toBeVisible();
  await expect(detail.getByRole('navigation', { name: 'Parent companies' })).toContainText('Nordlys Consulting AS');

  await detail.getByRole('tab', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/tab=users/);
  // The console's DataTable: a grid, sorted on the server by a click on a column's header.
  const users = detail.getByRole('grid', { name: 'Users of the company' });
  await expect(users.getByRole('link', { name: 'demo.active' })).toBeVisible();
  const applied = users.getByRole('columnheader', { name: 'Applied' });
  await expect(applied).toHaveAttribute('aria-sort', 'descending');
  await applied.getByText('Applied', { exact: true }).click();
  await expect(page).toHaveURL(/direction=asc/);
  await expect(applied).toHaveAttribute('aria-sort', 'ascending');
  await expect(users.getByRole('link', { name: 'demo.active' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('companies-users.png'), fullPage: true });

  // SUPPORT staff: no edit, and no import on a company that is not top-level.
  await detail.getByRole('tab', { name: 'Details' }).click();
  await expect(detail.getByRole('button', { name: 'Edit company' })).toHaveCount(0);
  await expect(detail.getByRole('tab', { name: 'Import users' })).toHaveCount(0);

  // §6: support staff batch create users, on a top-level company's page and on the batch screen alike.
  await page.getByLabel('Filter companies').fill('havbris');
  await tree.getByRole('treeitem', { name: /Havbris Arkitekter AS/ }).click();
  await detail.getByRole('tab', { name: 'Import users' }).click();
  await expect(page).toHaveURL(/tab=import/);
  await expect(detail.getByRole('button', { name: 'Import users' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Batch user import' }).click();
  await expect(page).toHaveURL(/\/batch-users$/);
  await expect(page.getByRole('combobox', { name: 'Company' })).toBeVisible();
});

test('as ADMIN, imports a CSV with one bad line and downloads the remaining rows', async ({ page }, testInfo) => {
  await logIn(page, 'admin', 'admin-demo');
  await expectLoggedIn(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Batch user import' }).click();
  await expect(page).toHaveURL(/\/batch-users$/);
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: /Havbris Arkitekter AS/ }).click();
  await expect(page).toHaveURL(/company=\d+/);

  const stamp = Date.now().toString(36);
  const csv = [
    'username;givenName;familyName;mobilePhone;emailAddress',
    `e2e.ok1.${stamp};Ida;Berg;+47 911 11 001;ida.${stamp}@havbris.example`,
    `e2e.bad.${stamp};Per;Feil;12345;per.${stamp}@havbris.example`,
    `e2e.ok2.${stamp};Ola;Dahl;+4791111002;`,
  ].join('\r\n');
  await page.getByLabel('Users file (.csv)').setInputFiles({ name: 'havbris.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(page.getByText('Chosen: havbris.csv')).toBeVisible();
  await page.getByRole('button', { name: 'Import users' }).click();

  const result = page.getByTestId('batch-result');
  await expect(result.getByText(/^2 users created/)).toBeVisible();
  await expect(result.getByText('1 user could not be created')).toBeVisible();
  const errors = result.getByRole('grid', { name: 'Lines that were not imported' });
  await expect(errors.getByTestId('batch-error-line')).toHaveCount(1);
  await expect(errors.getByTestId('batch-error-line').first()).toContainText('3');
  await expect(errors.getByTestId('batch-error-line').first()).toContainText(`e2e.bad.${stamp}`);
  await expect(errors.getByTestId('batch-error-line').first()).toContainText(/phone/i);
  await page.screenshot({ path: testInfo.outputPath('batch-import.png'), fullPage: true });

  const downloadPromise = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Download remaining users' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('havbris-remaining.csv');
  const content = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = content.split(/\r?\n/).filter((line) => line !== '');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toBe('username;givenName;familyName;mobilePhone;emailAddress;error');
  expect(lines[1]).toContain(`e2e.bad.${stamp};Per;Feil;12345;per.${stamp}@havbris.example;`);
  expect(lines[1]).not.toContain('e2e.ok');

  // The created users are in the company's users tab, newest first.
  await page.goto('/companies');
  await page
    .getByRole('tree', { name: 'Company tree' })
    .getByRole('treeitem', { name: /Havbris Arkitekter AS/ })
    .click();
  const detail = page.getByRole('region', { name: 'Selected company' });
  await expect(detail.getByRole('tab', { name: 'Import users' })).toBeVisible();
  await detail.getByRole('tab', { name: 'Users', exact: true }).click();
  await expect(detail.getByRole('link', { name: `e2e.ok1.${stamp}` })).toBeVisible();
  await expect(detail.getByRole('link', { name: `e2e.bad.${stamp}` })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('company-admin.png'), fullPage: true });
});
