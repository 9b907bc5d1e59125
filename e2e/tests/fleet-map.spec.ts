import { expect, test, type Page } from '@playwright/test';
import { expectLoggedIn, logIn, storedToken } from './helpers.ts';

interface FleetMapBody {
  counts: Record<string, number>;
  vehicles: {
    vin: string;
    registrationNumber: string;
    modelName: string;
    status: string;
    vehicleCategory: string;
    lat: number | null;
    bid: string | null;
  }[];
}

/** What the server says is on the map (same session as the page). */
async function fleetMapFromApi(page: Page): Promise<FleetMapBody> {
  const response = await page.request.get('/api/fleetmap', { headers: { Authorization: `AUTH-TOKEN ${await storedToken(page)}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as FleetMapBody;
}

/** Vehicles drawn: single markers plus the sizes of the clusters. */
async function vehiclesDrawn(page: Page): Promise<number> {
  const map = page.getByTestId('fleet-map');
  const singles = await map.locator('.fleet-map-marker').count();
  const clusters = await map
    .locator('.fleet-map-cluster')
    .evaluateAll((els) => els.reduce((sum, el) => sum + Number(el.getAttribute('data-count')), 0));
  return singles + clusters;
}

test('the fleet map shows every placed vehicle as markers and clusters without internet', async ({ page, context }) => {
  // No internet: every request that leaves the machine fails at once (tiles included).
  const external: string[] = [];
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => {
    external.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await logIn(page);
  await expectLoggedIn(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Fleet overview' }).click();
  await expect(page).toHaveURL(/\/fleetMap$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fleet overview' })).toBeVisible();

  const body = await fleetMapFromApi(page);
  const placed = body.vehicles.filter((v) => v.lat !== null);
  expect(placed.length).toBeGreaterThan(30);
  await expect(page.getByTestId('fleet-map-summary')).toContainText(`${placed.length} of ${body.vehicles.length} vehicles shown`);
  // Every placed vehicle is on the map, alone or in a cluster.
  await expect.poll(() => vehiclesDrawn(page)).toBe(placed.length);
  await expect(page.getByTestId('fleet-map').locator('.fleet-map-cluster').first()).toBeVisible();
  // The background tiles could not load: the plain background says so, the markers are there anyway.
  expect(external.some((url) => url.includes('tile'))).toBe(true);
  await expect(page.getByTestId('fleet-map-no-tiles')).toBeVisible();
  // The legend counts as the server does.
  await expect(page.getByTestId('legend-ALARM')).toContainText(`Alarm (${body.counts.ALARM ?? 0})`);
  await page.screenshot({ path: test.info().outputPath('fleet-map.png'), fullPage: true });

  // Filter: alarms only. (Compared with the legend, which comes with the markers: alarms.spec.ts may acknowledge
  // alarms meanwhile.)
  await page.getByRole('checkbox', { name: /^Alarm/ }).check();
  await expect(page).toHaveURL(/status=ALARM/);
  const alarmLegend = (await page.getByTestId('legend-ALARM').textContent()) ?? '';
  const alarms = Number(/\((\d+)\)/.exec(alarmLegend)?.[1]);
  expect(alarms).toBeGreaterThanOrEqual(1);
  await expect.poll(() => vehiclesDrawn(page)).toBe(alarms);
  await expect(page.getByTestId('fleet-map').locator('.fleet-map-marker:not(.fleet-map-marker--ALARM)')).toHaveCount(0);
  await page.getByRole('checkbox', { name: /^Alarm/ }).uncheck();

  // Booked vehicles of a category with exactly one of them: a single marker.
  const booked = placed.filter((v) => v.status === 'BOOKED');
  const lone = booked.find((v) => booked.filter((o) => o.vehicleCategory === v.vehicleCategory).length === 1);
  expect(lone).toBeDefined();
  const categoryLabel = { CAR: 'Car', TRANSPORT_VEHICLE: 'Van', BIKE: 'Bike', CARGO_BIKE: 'Cargo bike', SCOOTER: 'Scooter', OTHER: 'Other' }[
    lone!.vehicleCategory
  ]!;
  await page.getByRole('checkbox', { name: /^Booked/ }).check();
  await page.getByRole('checkbox', { name: new RegExp(`^${categoryLabel} \\(`) }).check();
  await expect(page).toHaveURL(/status=BOOKED&category=|category=.*status=BOOKED/);
  const marker = page.getByTestId('fleet-map').locator('.fleet-map-marker');
  await expect(marker).toHaveCount(1);
  await expect(marker).toHaveAttribute('title', `${lone!.registrationNumber} · Booked`);
  await expect(marker).toHaveClass(/fleet-map-marker--BOOKED/);

  // The popup (opened with the keyboard) links to the vehicle and its booking.
  await marker.focus();
  await page.keyboard.press('Enter');
  const popup = page.getByTestId('fleet-map-popup');
  await expect(popup).toContainText(lone!.modelName);
  await expect(popup).toContainText('Booked');
  await expect(popup.getByRole('link', { name: lone!.bid! })).toHaveAttribute('href', `/booking/${lone!.bid}`);
  await page.screenshot({ path: test.info().outputPath('fleet-map-popup.png'), fullPage: true });
  await expect(popup.getByRole('link', { name: lone!.registrationNumber })).toBeFocused();
  // Escape closes it and gives the marker the focus back; Enter opens it again.
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(marker).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(popup.getByRole('link', { name: lone!.registrationNumber })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/vehicles/${lone!.vin}`);
  await expect(page.getByRole('heading', { level: 1, name: lone!.registrationNumber })).toBeVisible();
});
