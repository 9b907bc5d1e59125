import { expect, test, type Page } from '@playwright/test';
import { expectLoggedIn, logIn, storedToken } from './helpers.ts';

/**
 * Issue 20 point 1: two staff members of one operator in two browsers. One acknowledges an alarm and sends a remote
 * command; the other, without a reload, sees both within seconds — pushed by GET /api/stream, not by the 30 s polling.
 * The issue's 2 s is the target on a quiet machine; on CI's two shared cores a page's own fetch can take seconds, so
 * the check allows 5 s, still far below any polling interval (push latency itself is a benchmark, bench/README.md).
 * EV 33003's FUEL alarm and EB 90575 are touched by no other flow (docs/demo-data.md).
 */
const FUEL_ALARM_VIN = 'KNACC81GXSN033003';
const EB_90575 = 'XP7YGCEK1MK035029';
const PUSHED_WITHIN = { timeout: 5_000 };

/** Calls the API as the page's staff member (the first one acts through the API, the second one only watches). */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const token = await storedToken(page);
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const res = await fetch(path, {
        method,
        headers: { Authorization: `AUTH-TOKEN ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, path, body, token },
  );
}

test("one staff member's alarm acknowledgement and command reach another's screens without a reload", async ({ browser }) => {
  test.setTimeout(120_000);
  const actorContext = await browser.newContext();
  const watcherContext = await browser.newContext();
  const actor = await actorContext.newPage();
  const watcher = await watcherContext.newPage();
  await logIn(actor, 'support', 'support-demo');
  await expectLoggedIn(actor);
  await logIn(watcher, 'admin', 'admin-demo');
  await expectLoggedIn(watcher);

  // The watcher has the alarms open (every state, so the row stays when handled) and is live.
  await watcher.goto(`/alarms?vin=${FUEL_ALARM_VIN}`);
  const row = watcher.locator('[data-testid="alarm-row"]', { hasText: 'Fuel' }).first();
  await expect(row).toHaveAttribute('data-state', 'TRIGGERED', { timeout: 30_000 });
  const alarmId = await row.getAttribute('data-alarm-id');
  const indicator = watcher.getByTestId('live-indicator');
  await expect(indicator).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  await expect(indicator).toContainText('Live');

  expect((await api(actor, 'PUT', `/api/alarms/${alarmId}/acknowledge`)).status).toBe(200);
  const handled = watcher.locator(`[data-testid="alarm-row"][data-alarm-id="${alarmId}"]`);
  await expect(handled).toHaveAttribute('data-state', 'HANDLED', PUSHED_WITHIN);
  await expect(handled.getByTestId('alarm-handled')).toContainText('support', PUSHED_WITHIN);

  // The watcher opens EB 90575; the actor unlocks or locks it (whichever it is not).
  await watcher.goto(`/vehicles/${EB_90575}`);
  const lockState = watcher.getByTestId('vehicle-card').getByTestId('vehicle-lock-state');
  await expect(lockState).toHaveText(/^(Locked|Unlocked)$/, { timeout: 30_000 });
  await expect(indicator).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  const wasLocked = (await lockState.textContent()) === 'Locked';
  const sent = await api(actor, 'POST', `/api/vehicles/by-vin/${EB_90575}/${wasLocked ? 'unlock' : 'lock'}`, {});
  expect(sent.status).toBe(202);
  const commandId = (sent.json as { id: number }).id;
  // The command's answer comes from the simulator after its delay; from then on the watcher has PUSHED_WITHIN.
  await expect
    .poll(async () => ((await api(actor, 'GET', `/api/vehicles/commands/${commandId}`)).json as { state: string }).state, { timeout: 30_000 })
    .toBe('SUCCEEDED');
  await expect(lockState).toHaveText(wasLocked ? 'Unlocked' : 'Locked', PUSHED_WITHIN);

  await actorContext.close();
  await watcherContext.close();
});
