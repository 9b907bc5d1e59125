import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import { expectLoggedIn, logIn } from './helpers.ts';

/** Demo vehicles (docs/demo-data.md). */
const EL_12345 = { vin: 'WVWZZZE1ZPP012345', reg: 'EL 12345' }; // in demo.active's active booking; one open and one fixed damage
const EK_54321 = { vin: 'XP7YGCEK1RB054321', reg: 'EK 54321' }; // Tesla Model Y, charging, not booked

/** A 2×2 red PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

async function openVehicle(page: Page, vin: string) {
  await logIn(page, 'support', 'support-demo', `/vehicles/${vin}`);
  await expectLoggedIn(page);
}

const card = (page: Page) => page.getByTestId('vehicle-card');

async function chooseAction(page: Page, name: string) {
  await card(page).getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name, exact: true }).click();
}

test("the vehicle page shows status, the last day's events and damage", async ({ page }) => {
  await openVehicle(page, EL_12345.vin);
  await expect(page.getByRole('heading', { level: 1, name: EL_12345.reg })).toBeVisible();
  const status = card(page).getByTestId('vehicle-status');
  await expect(status.getByTestId('vehicle-level')).toHaveText(/^\d+ %$/);
  await expect(status).toContainText(' km');
  await expect(status.getByTestId('vehicle-voltage')).toHaveText(/^\d+\.\d V$/);
  // The active booking: link, 'current' mark and the booked warning.
  await expect(card(page).getByRole('link', { name: 'BID1000000001' }).first()).toHaveAttribute('href', '/booking/BID1000000001');
  await expect(page.getByTestId('vehicle-booked-warning')).toContainText('The vehicle is booked');
  // Events of the last day (heartbeats every six hours at least).
  const events = page.getByTestId('vehicle-events');
  await expect(events.getByRole('row').nth(1)).toBeVisible();
  await expect(events.getByRole('link', { name: 'Event log' })).toHaveAttribute('href', `/event?vin=${EL_12345.vin}`);
  // One open damage first, then the fixed one.
  const items = page.getByTestId('damage-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveAttribute('data-fixed', 'false');
  await expect(items.nth(1)).toHaveAttribute('data-fixed', 'true');
  await page.screenshot({ path: test.info().outputPath('vehicle-page.png'), fullPage: true });

  // Immobilize always asks for a reason (and so does any command during the active booking).
  await chooseAction(page, 'Immobilize');
  const dialog = page.getByRole('dialog', { name: `Immobilize ${EL_12345.reg}` });
  await expect(dialog).toContainText('BID1000000001');
  await expect(dialog.getByLabel(/Reason/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reason-dialog.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('lock and unlock a vehicle and see its state change', async ({ page }) => {
  await openVehicle(page, EK_54321.vin);
  const lockState = card(page).getByTestId('vehicle-lock-state');
  await expect(lockState).toHaveText('Locked');
  await chooseAction(page, 'Unlock');
  await expect(card(page).getByTestId('vehicle-command-state')).toBeVisible();
  await expect(page.getByText('Vehicle unlocked', { exact: true })).toBeVisible();
  await expect(lockState).toHaveText('Unlocked');
  await expect(card(page).getByTestId('vehicle-command-state')).toHaveAttribute('data-state', 'SUCCEEDED');

  await chooseAction(page, 'Lock');
  await expect(page.getByText('Vehicle locked', { exact: true })).toBeVisible();
  await expect(lockState).toHaveText('Locked');
  // The actions flipped back: unlock is offered again, lock is not.
  await card(page).getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Unlock', exact: true })).toBeVisible();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Lock', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
});

test('report damage with a photo and see its thumbnail', async ({ page }) => {
  await openVehicle(page, EK_54321.vin);
  const form = page.getByTestId('damage-report-form');
  const report = form.getByRole('button', { name: 'Report damage' });
  await expect(report).toBeDisabled();
  const stamp = Date.now();
  // The card shows the description in the UI language (English here) first.
  const text = `Dent in the bumper ${stamp}`;
  await form.getByLabel(/Description \(operator's language\)/).fill(`Bulk i støtfanger ${stamp}`);
  await form.getByLabel(/Description \(English\)/).fill(text);
  await expect(report).toBeEnabled();
  await form.getByLabel('Photo').setInputFiles({ name: 'bumper.png', mimeType: 'image/png', buffer: PNG });
  await page.screenshot({ path: test.info().outputPath('damage-form.png'), fullPage: true });
  await report.click();
  await expect(page.getByText('Damage reported', { exact: true })).toBeVisible();

  const item = page.getByTestId('damage-item').filter({ hasText: text });
  await expect(item).toHaveAttribute('data-fixed', 'false');
  const thumbnail = item.getByRole('img', { name: `Photo of ${text}` });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // A click opens the full photo.
  await item.getByRole('button', { name: `Open the photo of ${text}` }).click();
  await expect(page.getByRole('dialog', { name: text }).getByRole('img')).toBeVisible();
});

test('open the journal and download it as a spreadsheet', async ({ page }) => {
  await openVehicle(page, EL_12345.vin);
  await chooseAction(page, 'Journal');
  const dialog = page.getByRole('dialog', { name: `Vehicle log ${EL_12345.reg}` });
  const month = await dialog.getByTestId('journal-month').innerText();
  const rows = dialog.getByRole('table', { name: 'Journal' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const firstStart = (await rows.nth(1).getByRole('cell').first().innerText()).trim();
  await page.screenshot({ path: test.info().outputPath('journal-modal.png') });

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export to spreadsheet' }).click();
  const download = await downloading;
  const [year, monthNumber] = month.split('-');
  expect(download.suggestedFilename()).toBe(`${EL_12345.reg} - ${year} - ${monthNumber}.xls`);

  const workbook = XLSX.read(readFileSync(await download.path()), { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  expect(sheet).toBeDefined();
  const table = XLSX.utils.sheet_to_json<string[]>(sheet!, { header: 1, raw: false });
  expect(table.length).toBe(await rows.count());
  // In the staff member's language (en-GB here), not the Norwegian operator's (issue 17).
  expect(table[0]?.slice(0, 3)).toEqual(['Start', 'End', 'Distance (km)']);
  expect(table.slice(1).map((row) => row[0])).toContain(firstStart);
});

test("the booking card offers the allocated vehicle's actions without immobilize", async ({ page }) => {
  await logIn(page, 'support', 'support-demo', '/booking/BID1000000001');
  await expectLoggedIn(page);
  const vehicleCard = page.getByTestId('booking-details').getByTestId('vehicle-card');
  await expect(vehicleCard).toContainText(EL_12345.reg);
  await expect(vehicleCard.getByTestId('vehicle-level')).toHaveText(/^\d+ %$/);
  await expect(vehicleCard.getByRole('button', { name: /^(Lock|Unlock)$/ })).toBeVisible();
  await expect(vehicleCard.getByRole('button', { name: 'Immobilize' })).toHaveCount(0);
  await expect(vehicleCard.getByRole('button', { name: 'Actions' })).toHaveCount(0);
});
