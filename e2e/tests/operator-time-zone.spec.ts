import { expect, test } from '@playwright/test';
import { expectLoggedIn, logIn, storedToken } from './helpers';

/**
 * The console shows and edits times in the operator's zone (the fleet's, Europe/Oslo for the demo's fjord), not the
 * browser's (docs/decisions/0065-operator-time-zone.md): an agent on a laptop set to São Paulo (UTC−3, no summer time)
 * reads a booking's times as the Oslo desk does.
 */
test.use({ timezoneId: 'America/Sao_Paulo' });

const BID = 'BID1000000001';

/** 'YYYY-MM-DD HH:mm' of an instant in a zone, worked out apart from the console's own code. */
function wallClock(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

test("a browser in another zone shows the booking's times in the operator's zone", async ({ page }) => {
  await logIn(page);
  await expectLoggedIn(page);
  const token = await storedToken(page);
  const response = await page.request.get(`/api/bookings/${BID}`, { headers: { Authorization: `AUTH-TOKEN ${token}` } });
  expect(response.ok()).toBe(true);
  const booking = (await response.json()) as { bookedInterval: { start: string; end: string } };
  const oslo = `${wallClock(booking.bookedInterval.start, 'Europe/Oslo')} – ${wallClock(booking.bookedInterval.end, 'Europe/Oslo')}`;
  const saoPaulo = `${wallClock(booking.bookedInterval.start, 'America/Sao_Paulo')} – ${wallClock(booking.bookedInterval.end, 'America/Sao_Paulo')}`;
  expect(oslo).not.toBe(saoPaulo);

  await page.goto(`/booking/${BID}`);
  const summary = page.getByTestId('booking-summary');
  await expect(summary).toContainText(oslo);
  await expect(summary).not.toContainText(saoPaulo);
});
