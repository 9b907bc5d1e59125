import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlarmBulkResponse } from '@fleetdesk/contract';
import { AlarmsBulkAcknowledge } from '@/features/alarms/components/alarms-bulk-acknowledge';
import { i18n } from '@/lib/i18n/i18n';
import { fakeBackend, type FakeBackend } from './support/backend';
import { renderWithQueries, teardownComponent } from './support/component-harness';
import { signIn, signOut } from './support/session';

let backend: FakeBackend;

beforeEach(async () => {
  await i18n.changeLanguage('en-GB');
  signIn({ username: 'kari', givenName: 'Kari', familyName: 'Nord' });
  backend = fakeBackend();
  // The server's answer: the plan for a dry run, else what was done.
  backend.on('POST /api/alarms/bulk', ({ body }) => {
    const dryRun = (body as { dryRun?: boolean }).dryRun === true;
    return response(dryRun, dryRun ? 'PLANNED' : 'DONE');
  });
});

afterEach(() => {
  teardownComponent();
  signOut();
});

const response = (dryRun: boolean, outcome: 'PLANNED' | 'DONE'): AlarmBulkResponse => ({
  action: 'ACKNOWLEDGE',
  dryRun,
  assignee: null,
  results: [
    { alarmId: 1, outcome, reason: null, name: 'FUEL', target: 'VIN1' },
    { alarmId: 2, outcome: 'SKIPPED', reason: 'ALREADY_HANDLED', name: 'KEY_HOLDER', target: 'VIN2' },
  ],
  counts: { planned: dryRun ? 1 : 0, done: dryRun ? 0 : 1, skipped: 1, failed: 0 },
});

const bulkBodies = () => backend.callsTo('/api/alarms/bulk', 'POST').map((call) => call.body);

describe('bulk acknowledge', () => {
  it("shows the server's plan, runs only after confirming, then lists the outcome per alarm", async () => {
    const onDone = vi.fn();
    renderWithQueries(<AlarmsBulkAcknowledge ids={[1, 2]} onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge 2 alarms…' }));
    const plan = await screen.findByRole('dialog', { name: 'Acknowledge alarms' });
    expect(await within(plan).findByText('1 alarm will be marked handled by you, now. Skipped: 1.')).toBeTruthy();
    expect(bulkBodies()).toEqual([{ action: 'ACKNOWLEDGE', ids: [1, 2], dryRun: true }]);
    expect(within(plan).getByText('Skipped: already handled')).toBeTruthy();

    await userEvent.click(within(plan).getByRole('button', { name: 'Acknowledge 1 alarm' }));
    const report = await screen.findByRole('dialog', { name: 'Acknowledged: result per alarm' });
    expect(bulkBodies()).toEqual([
      { action: 'ACKNOWLEDGE', ids: [1, 2], dryRun: true },
      { action: 'ACKNOWLEDGE', ids: [1, 2] },
    ]);
    expect(report.textContent).toContain('Done: 1. Skipped: 1. Failed: 0.');
    expect(within(report).getByText('Acknowledged')).toBeTruthy();
    await userEvent.click(within(report).getByRole('button', { name: 'Close' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
