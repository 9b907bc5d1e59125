import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALLOWED, MESSAGE_IDS, MESSAGES, type OutOfServiceBooking, type OutOfServiceResponse, type Vehicle } from '@fleetdesk/contract';
import { OutOfServiceDialog } from '@/features/vehicles/components/out-of-service-dialog';
import { setDisplayTimeZone } from '@/lib/format/format';
import { i18n, loadTranslations } from '@/lib/i18n/i18n';
import { closeSnackbars } from '@/lib/notifications/snackbars';
import { commandsNeedingReasonFor, vehicleAbilitiesFor } from './fixtures/vehicle-abilities';
import { fakeBackend, type FakeBackend } from './support/backend';
import { renderInApp, teardownComponent } from './support/component-harness';
import { signIn, signOut } from './support/session';

/**
 * The vehicle card's "Out of service…" dialog (issue 19 point 5) against the shared fake backend: the plan of the dry
 * run, the confirmed plan sent with its fingerprint, the result, and the server's refusals (409 in the §8 envelope).
 * The clock is fixed (only Date is faked: the dialog's default expected return and its checks read it).
 */

const VIN = 'WVWZZZE1ZPP012345';
const PATH = `/api/vehicles/by-vin/${VIN}/out-of-service`;
/** 2026-03-10 09:05 in Oslo (UTC+1). */
const NOW = new Date('2026-03-10T08:05:00.000Z');

function makeVehicle(): Vehicle {
  const vehicle: Omit<Vehicle, 'abilities' | 'commandsNeedingReason'> = {
    vin: VIN,
    registrationNumber: 'EL 12345',
    longPresentation: 'VW ID.3 Pro (EL 12345)',
    modelName: 'VW ID.3',
    modelId: 1,
    priceClass: 'B',
    color: 'Blue',
    wheelType: 'WINTER',
    fleet: 'fjord',
    vehicleCategory: 'CAR',
    agentHardwareType: 'keyless',
    primaryFuelType: 'BATTERY',
    keyholder: null,
    currentParkingPlaceInfo: null,
    publicNote: null,
    activeBookingBid: null,
    pool: { city: 'Oslo', pool: 'Grünerløkka', poolId: 1 },
    tires: null,
    actions: ['UNLOCK', 'IMMOBILIZE'],
    status: null,
    lastCommand: null,
  };
  return { ...vehicle, abilities: vehicleAbilitiesFor(vehicle), commandsNeedingReason: commandsNeedingReasonFor(null) };
}

const MOVED: OutOfServiceBooking = {
  bid: 'BID3000000001',
  customer: { username: 'kari', fullNameLastFirst: 'Nordmann, Kari' },
  start: '2026-03-10T12:00:00.000Z',
  end: '2026-03-10T15:00:00.000Z',
  proposal: 'MOVE',
  toVehicle: { vin: 'WVWZZZE1ZPP099999', registrationNumber: 'EL 99999', longPresentation: 'VW ID.3 Pro (EL 99999)' },
  notified: true,
  waivedOrderId: null,
};
const CANCELLED: OutOfServiceBooking = {
  bid: 'BID3000000002',
  customer: { username: 'ola', fullNameLastFirst: 'Hansen, Ola' },
  start: '2026-03-11T07:00:00.000Z',
  end: '2026-03-11T09:00:00.000Z',
  proposal: 'CANCEL',
  toVehicle: null,
  notified: true,
  waivedOrderId: 'ORD-77',
};

/** The server's answer: the plan (dry run) or the plan applied, for what the dialog sent. */
function answerFor(body: { reason: string; expectedReturn: string; dryRun?: boolean }, fingerprint = 'plan-1'): OutOfServiceResponse {
  return {
    vin: VIN,
    registrationNumber: 'EL 12345',
    dryRun: body.dryRun === true,
    fingerprint,
    reason: body.reason,
    expectedReturn: body.expectedReturn,
    bookings: [MOVED, CANCELLED],
    immobilize: { requested: false, ability: ALLOWED, commandId: null },
  };
}

let backend: FakeBackend;
const onClose = vi.fn();
const sent = () => backend.callsTo(PATH, 'POST').map((call) => call.body as Record<string, unknown>);

function renderDialog() {
  renderInApp(<OutOfServiceDialog vehicle={makeVehicle()} onClose={onClose} />);
  return screen.getByRole('dialog', { name: 'Take EL 12345 out of service' });
}

/** The date-time field (a group of spinbuttons) keeps its text, 'YYYY-MM-DD HH:mm', in a hidden input that takes a whole value. */
const setExpectedReturn = (dialog: HTMLElement, shown: string) =>
  fireEvent.change(
    within(dialog)
      .getByRole('group', { name: /^Expected return/ })
      .querySelector('input')!,
    { target: { value: shown } },
  );

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  setDisplayTimeZone('Europe/Oslo');
  await i18n.changeLanguage('en-GB');
  await loadTranslations(['vehicles', 'alarms', 'eventText']);
  signIn();
  onClose.mockReset();
  backend = fakeBackend();
});

afterEach(() => {
  closeSnackbars();
  teardownComponent();
  signOut();
  setDisplayTimeZone(null);
  vi.useRealTimers();
});

describe('the out-of-service dialog', () => {
  it('asks for a reason and the expected return, shows the dry run’s plan per booking, sends the confirmed plan and shows the result', async () => {
    backend.on('POST /api/vehicles/by-vin/:vin/out-of-service', ({ body }) => answerFor(body as Parameters<typeof answerFor>[0]));
    const user = userEvent.setup();
    const dialog = renderDialog();

    // The expected return starts at tomorrow on the hour, in the operator's zone.
    expect(
      within(dialog)
        .getByRole('group', { name: /^Expected return/ })
        .querySelector('input')!.value,
    ).toBe('2026-03-11 09:00');
    // No reason: nothing is asked of the server.
    await user.click(within(dialog).getByRole('button', { name: 'Review plan' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(sent()).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Windscreen cracked');
    setExpectedReturn(dialog, '2026-03-12 10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Review plan' }));

    const plan = await within(dialog).findByTestId('out-of-service-plan');
    expect(sent()).toEqual([{ reason: 'Windscreen cracked', expectedReturn: '2026-03-12T09:00:00.000Z', immobilize: false, dryRun: true }]);
    expect(within(dialog).getByText(/^Nothing has changed yet\. This is what happens to the coming bookings until 2026-03-12 10:00/)).toBeTruthy();
    const rows = within(plan).getAllByTestId('out-of-service-booking');
    expect(rows.map((row) => row.getAttribute('data-bid'))).toEqual([MOVED.bid, CANCELLED.bid]);
    expect(within(rows[0]!).getByText('Move to EL 99999')).toBeTruthy();
    expect(within(rows[0]!).getByText('Nordmann, Kari')).toBeTruthy();
    expect(within(rows[0]!).getByText('The customer gets an e-mail')).toBeTruthy();
    expect(within(rows[1]!).getByText('Cancel')).toBeTruthy();
    expect(within(rows[1]!).getByText('No cancellation fee; ORD-77 waived')).toBeTruthy();
    expect(within(dialog).getByTestId('out-of-service-summary').textContent).toBe('To move: 1 · To cancel: 1 · Customers e-mailed: 2');
    // Reviewing changed nothing: only the dry run was sent.
    expect(sent()).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm plan' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('out-of-service-summary').textContent).toBe('Moved: 1 · Cancelled: 1 · Customers e-mailed: 2'),
    );
    expect(sent()[1]).toEqual({
      reason: 'Windscreen cracked',
      expectedReturn: '2026-03-12T09:00:00.000Z',
      immobilize: false,
      dryRun: false,
      planFingerprint: 'plan-1',
    });
    expect(within(dialog).getByText(/^EL 12345 is out of service until about 2026-03-12 10:00/)).toBeTruthy();
    const done = within(dialog).getAllByTestId('out-of-service-booking');
    expect(within(done[0]!).getByText('Moved to EL 99999')).toBeTruthy();
    expect(within(done[0]!).getByText('E-mail to the customer queued')).toBeTruthy();
    expect(within(done[1]!).getByText('Cancelled')).toBeTruthy();
    expect(await screen.findByText('EL 12345 is out of service', {}, { timeout: 5_000 })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('tells a refusal (409 in the error envelope) in the staff member’s language and stays on the form', async () => {
    await i18n.changeLanguage('nb');
    await loadTranslations(['vehicles', 'alarms', 'eventText'], 'nb');
    backend.on('POST /api/vehicles/by-vin/:vin/out-of-service', () =>
      backend.error(409, MESSAGE_IDS.vehicleOutOfService, MESSAGES.vehicleOutOfService, [
        { messageId: 'vehicleOutOfService', message: MESSAGES.vehicleOutOfService },
      ]),
    );
    const user = userEvent.setup();
    renderInApp(<OutOfServiceDialog vehicle={makeVehicle()} onClose={onClose} />);
    const dialog = screen.getByTestId('out-of-service-dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Årsak/ }), 'Frontrute sprukket');
    await user.click(within(dialog).getByRole('button', { name: 'Gå gjennom planen' }));

    expect(await screen.findByText('Kjøretøyet er ute av drift', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText(MESSAGES.vehicleOutOfService)).toBeNull();
    expect(sent()).toHaveLength(1);
    expect(within(dialog).queryByTestId('out-of-service-plan')).toBeNull();
    expect((within(dialog).getByRole('textbox', { name: /^Årsak/ }) as HTMLTextAreaElement).value).toBe('Frontrute sprukket');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the plan again for another review when it changed since it was reviewed (409)', async () => {
    let fingerprint = 'plan-1';
    backend.on('POST /api/vehicles/by-vin/:vin/out-of-service', ({ body }) => {
      const request = body as Parameters<typeof answerFor>[0] & { planFingerprint?: string };
      if (request.dryRun !== true && request.planFingerprint !== fingerprint) {
        return backend.error(409, MESSAGE_IDS.outOfServicePlanChanged, MESSAGES.outOfServicePlanChanged, [
          { messageId: 'outOfServicePlanChanged', message: MESSAGES.outOfServicePlanChanged },
        ]);
      }
      return answerFor(request, fingerprint);
    });
    const user = userEvent.setup();
    const dialog = renderDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Windscreen cracked');
    await user.click(within(dialog).getByRole('button', { name: 'Review plan' }));
    await within(dialog).findByTestId('out-of-service-plan');

    // Another desk booked the vehicle meanwhile: the plan the agent reviewed is no longer the server's.
    fingerprint = 'plan-2';
    await user.click(within(dialog).getByRole('button', { name: 'Confirm plan' }));
    expect(await within(dialog).findByText('The plan has changed since it was reviewed: review it again')).toBeTruthy();
    await waitFor(() =>
      expect(sent().map((body) => [body.dryRun, body.planFingerprint])).toEqual([
        [true, undefined],
        [false, 'plan-1'],
        [true, undefined],
      ]),
    );
    expect(within(dialog).getByTestId('out-of-service-summary').textContent).toBe('To move: 1 · To cancel: 1 · Customers e-mailed: 2');

    // Confirming again applies the new plan.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm plan' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('out-of-service-summary').textContent).toBe('Moved: 1 · Cancelled: 1 · Customers e-mailed: 2'),
    );
    expect(sent().at(-1)?.planFingerprint).toBe('plan-2');
  });
});
