import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Alarm } from '@fleetdesk/contract';
import { alarmsFilterOf, alarmsSearchOfForm, isAlarmsFiltered, validateAlarmsSearch } from '@/features/alarms/alarms-search';
import { alarmKeys } from '@/features/alarms/api/alarms-api';
import { AlarmsFilters } from '@/features/alarms/components/alarms-filters';
import { AlarmsTable } from '@/features/alarms/components/alarms-table';
import { i18n } from '@/lib/i18n/i18n';

afterEach(cleanup);

const alarm = (overrides: Partial<Alarm>): Alarm => ({
  alarmId: 1,
  state: 'TRIGGERED',
  name: 'KEY_HOLDER',
  category: 'VEHICLE',
  alarmTypes: ['KEY_NOT_RETURNED'],
  alarmTimestamp: '2026-03-01T10:00:00.000Z',
  handled: false,
  handledAt: null,
  handledBy: null,
  assignedTo: null,
  user: 'ola.nordmann',
  alarmTarget: { vehicleVin: 'WF0YXXTTGRK077001', bid: 'BID1000000016' },
  primaryObject: 'KH 77001',
  ...overrides,
});

/** Renders inside a bare router (the links need one) with the i18n provider. */
async function renderWithRouter(ui: ReactNode) {
  await i18n.changeLanguage('en-GB');
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <I18nextProvider i18n={i18n}>{ui}</I18nextProvider> }),
    history: createMemoryHistory({ initialEntries: ['/alarms'] }),
  });
  render(<RouterProvider router={router} />);
  await screen.findAllByRole('row');
}

describe('alarms filters (URL and API)', () => {
  it('keeps known states and categories, and upper-cases VIN and BID', () => {
    expect(validateAlarmsSearch({ state: 'handled', category: 'vehicle', vin: ' wf0yxx ttgrk077001 ', bid: 'bid1000000016' })).toEqual({
      state: 'HANDLED',
      category: 'VEHICLE',
      vin: 'WF0YXXTTGRK077001',
      bid: 'BID1000000016',
    });
    expect(validateAlarmsSearch({ state: 'OPEN', category: 'CARS', vin: '  ', bid: 42 })).toEqual({ bid: '42' });
  });

  it('sends only the filters that are set, so every state shows without one', () => {
    expect(alarmsFilterOf({})).toEqual({});
    expect(alarmsFilterOf({ state: 'TRIGGERED', vin: 'VIN1' })).toEqual({ state: 'TRIGGERED', vin: 'VIN1' });
    expect(alarmKeys.list(alarmsFilterOf({ state: 'TRIGGERED' }))).toEqual(['alarms', 'search', { state: 'TRIGGERED' }]);
    expect(isAlarmsFiltered({})).toBe(false);
    expect(isAlarmsFiltered({ category: 'PAYMENT' })).toBe(true);
    expect(alarmsSearchOfForm({ state: '', category: 'BOOKING', vin: '', bid: ' bid1 ' })).toEqual({ category: 'BOOKING', bid: 'BID1' });
  });

  it('applies the state at once and VIN and BID on Enter', async () => {
    await i18n.changeLanguage('en-GB');
    const onSearch = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <AlarmsFilters search={{ category: 'VEHICLE' }} onSearch={onSearch} />
      </I18nextProvider>,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(screen.getByRole('option', { name: 'Handled' }));
    expect(onSearch).toHaveBeenLastCalledWith({ state: 'HANDLED', category: 'VEHICLE' });
    await userEvent.type(screen.getByRole('textbox', { name: 'VIN' }), 'wf0yxxttgrk077001{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith({ category: 'VEHICLE', vin: 'WF0YXXTTGRK077001' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onSearch).toHaveBeenLastCalledWith({});
  });
});

describe('alarms table', () => {
  it('offers acknowledge on triggered alarms and shows who handled the others and when', async () => {
    const onAcknowledge = vi.fn();
    const handled = alarm({ alarmId: 2, state: 'HANDLED', handled: true, handledBy: 'support', handledAt: '2026-03-01T11:30:00.000Z', name: 'FUEL' });
    await renderWithRouter(<AlarmsTable alarms={[alarm({}), handled]} pendingId={null} onAcknowledge={onAcknowledge} />);
    const rows = screen.getAllByTestId('alarm-row');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['TRIGGERED', 'HANDLED']);
    expect(within(rows[0]!).getByRole('link', { name: 'WF0YXXTTGRK077001' }).getAttribute('href')).toBe('/vehicles/WF0YXXTTGRK077001');
    expect(within(rows[0]!).getByRole('link', { name: 'BID1000000016' }).getAttribute('href')).toBe('/booking/BID1000000016');
    // A handled alarm cannot be acknowledged again; its comments stay open to read and add to.
    expect(within(rows[1]!).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: /^Comments on the / })).toBeTruthy();
    const handledCell = within(rows[1]!).getByTestId('alarm-handled');
    expect(handledCell.textContent).toContain('support');
    expect(handledCell.textContent).toMatch(/\d/);
    await userEvent.click(within(rows[0]!).getByRole('button', { name: /Acknowledge Key holder alarm on WF0YXXTTGRK077001/ }));
    expect(onAcknowledge).toHaveBeenCalledWith(expect.objectContaining({ alarmId: 1 }));
  });
});
