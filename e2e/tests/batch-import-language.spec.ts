import { expect, test } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers';

/**
 * Issue 17 point 6 ("one language"): the batch import's per-line problems are worded by the console in the staff
 * member's language from the server's message ids, and the result says which encoding the file was read in. A Windows-1252
 * file as Excel writes it on Nordic Windows, with a phone a spreadsheet turned into a number and one that is too short.
 */
test('under nb the batch import words every line problem in Norwegian, not English', async ({ page }, testInfo) => {
  await logIn(page, 'admin', 'admin-demo');
  await expectLoggedIn(page);
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('menuitem', { name: 'Norsk bokmål' }).click();
  await page.goto('/batch-users');
  await page.getByRole('combobox', { name: 'Firma' }).click();
  await page.getByRole('option', { name: /Havbris Arkitekter AS/ }).click();
  await expect(page).toHaveURL(/company=\d+/);

  const stamp = Date.now().toString(36);
  const csv = [
    'username;givenName;familyName;mobilePhone;emailAddress',
    `e2e.nb.ok.${stamp};Øystein;Ås;+47 911 11 003;oystein.${stamp}@havbris.example`,
    `e2e.nb.plus.${stamp};Åse;Berg;4791111004;`,
    `e2e.nb.short.${stamp};Per;Feil;+12;`,
  ].join('\r\n');
  // Windows-1252: Ø, Å and å are single bytes that are not valid UTF-8.
  await page.getByLabel('Brukerfil (.csv)').setInputFiles({ name: 'havbris-nb.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') });
  await page.getByRole('button', { name: 'Importer brukere' }).click();

  const result = page.getByTestId('batch-result');
  await expect(result.getByText('1 bruker opprettet Filen ble lest som Windows-1252.')).toBeVisible();
  await expect(result.getByText('2 brukere kunne ikke opprettes')).toBeVisible();
  await expect(result).toContainText(`e2e.nb.plus.${stamp}`);
  await expect(result).toContainText('Ugyldig telefonnummer: det mangler + foran');
  await expect(result).toContainText(`e2e.nb.short.${stamp}`);
  await expect(result).toContainText('Ugyldig telefonnummer');
  // Nothing of it in English.
  await expect(result).not.toContainText(/Invalid|could not|created|was read/);
  await page.screenshot({ path: testInfo.outputPath('batch-import-nb.png'), fullPage: true });
});
