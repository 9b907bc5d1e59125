import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BulkActionDialog, type BulkActionDialogProps, type BulkOutcome } from '@/components/bulk-action-dialog';
import { ApiError } from '@/lib/api/api-error';
import { i18n } from '@/lib/i18n/i18n';

/** A plan or a report as a fake server answers it: per record its name and outcome. */
type Answer = { name: string; outcome: BulkOutcome }[];

const planOf = (...outcomes: BulkOutcome[]): Answer => outcomes.map((outcome, i) => ({ name: `record ${i + 1}`, outcome }));
const conflict = new ApiError(409, { httpCode: 409, messageId: 'errorId.core.conflict', message: 'Someone else changed these records', errors: [] });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The dialog's callbacks as mocks: give the fake server's answers before rendering (the plan loads as it opens). */
const mocks = () => ({
  loadPlan: vi.fn<() => Promise<Answer>>(),
  run: vi.fn<(reason: string | undefined) => Promise<Answer>>(),
  onReport: vi.fn(),
  onRunSettled: vi.fn(),
  onClose: vi.fn(),
});

function renderDialog(handlers: ReturnType<typeof mocks>, props: Partial<BulkActionDialogProps<Answer, Answer>> = {}) {
  const lines = (answer: Answer) => answer.map((r) => ({ key: r.name, outcome: r.outcome, primary: r.name, secondary: `is ${r.outcome}` }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <BulkActionDialog<Answer, Answer>
          titles={{ plan: 'Archive records', report: 'Archived: result per record' }}
          describePlan={(plan) => {
            const count = plan.filter((r) => r.outcome === 'PLANNED').length;
            return { summary: `${count} of ${plan.length} will be archived.`, lines: lines(plan), count };
          }}
          confirmLabel={(count) => `Archive ${count}`}
          describeReport={(report) => ({ summary: `Archived: ${report.filter((r) => r.outcome === 'DONE').length}.`, lines: lines(report) })}
          {...handlers}
          {...props}
        />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-GB');
});
afterEach(cleanup);

describe('BulkActionDialog', () => {
  it('loads the plan, asks for the reason, runs once confirmed and reports per record', async () => {
    const user = userEvent.setup();
    const plan = deferred<Answer>();
    const h = mocks();
    h.loadPlan.mockReturnValueOnce(plan.promise);
    renderDialog(h, { reason: { label: 'Reason', maxLength: 20, help: 'saved in each event' } });
    // Loading: the plan is asked for as the dialog opens, and nothing can be confirmed yet.
    const dialog = screen.getByRole('dialog', { name: 'Archive records' });
    expect(await within(dialog).findByRole('status')).toHaveProperty('textContent', 'Working out what will happen…');
    expect(within(dialog).queryByRole('button', { name: /^Archive/ })).toBeNull();
    expect(h.loadPlan).toHaveBeenCalledTimes(1);

    plan.resolve(planOf('PLANNED', 'SKIPPED', 'PLANNED'));
    expect((await within(dialog).findByText('2 of 3 will be archived.')).getAttribute('role')).toBe('status');
    const lines = within(dialog).getByRole('list', { name: 'Archive records' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-outcome')),
    ).toEqual(['PLANNED', 'SKIPPED', 'PLANNED']);
    expect(within(lines).getByText('is SKIPPED')).toBeTruthy();

    // The reason is required and has a limit; nothing runs without it.
    await user.click(within(dialog).getByRole('button', { name: 'Archive 2' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Reason/), 'a reason far too long for this');
    await user.click(within(dialog).getByRole('button', { name: 'Archive 2' }));
    expect(await within(dialog).findByText('Maximum characters 20 (30/20)')).toBeTruthy();
    expect(h.run).not.toHaveBeenCalled();

    // Running: the dialog stays open (Escape and Cancel do nothing) until the report comes.
    const running = deferred<Answer>();
    h.run.mockReturnValueOnce(running.promise);
    await user.clear(within(dialog).getByLabelText(/^Reason/));
    await user.type(within(dialog).getByLabelText(/^Reason/), '  Checked  ');
    await user.click(within(dialog).getByRole('button', { name: 'Archive 2' }));
    expect(h.run).toHaveBeenCalledWith('Checked');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Archive 2' }).getAttribute('aria-busy')).toBe('true'));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    await user.keyboard('{Escape}');
    expect(h.onClose).not.toHaveBeenCalled();

    running.resolve([
      { name: 'record 1', outcome: 'DONE' },
      { name: 'record 2', outcome: 'SKIPPED' },
      { name: 'record 3', outcome: 'FAILED' },
    ]);
    const report = await screen.findByRole('dialog', { name: 'Archived: result per record' });
    expect(within(report).getByRole('status').textContent).toBe('Archived: 1.');
    const reported = within(report).getByRole('list', { name: 'Archived: result per record' });
    expect(
      within(reported)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-outcome')),
    ).toEqual(['DONE', 'SKIPPED', 'FAILED']);
    expect(h.onReport).toHaveBeenCalledTimes(1);
    expect(h.onRunSettled).toHaveBeenCalledTimes(1);
    await user.click(within(report).getByRole('button', { name: 'Close' }));
    expect(h.onClose).toHaveBeenCalledWith(true);
    expect(h.loadPlan).toHaveBeenCalledTimes(1);
    expect(h.run).toHaveBeenCalledTimes(1);
  });

  it('shows why the plan could not be made and tries again', async () => {
    const user = userEvent.setup();
    const h = mocks();
    h.loadPlan.mockRejectedValueOnce(conflict).mockResolvedValueOnce(planOf('PLANNED'));
    renderDialog(h);
    const dialog = screen.getByRole('dialog', { name: 'Archive records' });
    expect(await within(dialog).findByText('The plan could not be made. Someone else changed these records')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Archive/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('button', { name: 'Archive 1' })).toBeTruthy();
    expect(h.loadPlan).toHaveBeenCalledTimes(2);
  });

  it('has nothing to confirm when no record can be changed, and Cancel leaves them as they are', async () => {
    const user = userEvent.setup();
    const h = mocks();
    h.loadPlan.mockResolvedValueOnce(planOf('SKIPPED', 'SKIPPED'));
    renderDialog(h);
    const dialog = screen.getByRole('dialog', { name: 'Archive records' });
    expect(await within(dialog).findByText('Nothing to do: none of these can be changed.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Archive 0' })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(h.onClose).toHaveBeenCalledWith(false);
    expect(h.run).not.toHaveBeenCalled();
  });

  it('says so when the plan has no record at all', async () => {
    const h = mocks();
    h.loadPlan.mockResolvedValueOnce([]);
    renderDialog(h);
    const dialog = screen.getByRole('dialog', { name: 'Archive records' });
    expect(await within(dialog).findByText('Nothing selected.')).toBeTruthy();
    expect(within(dialog).queryByRole('list')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Archive 0' })).toHaveProperty('disabled', true);
  });

  it('tells a failed run, and shows the plan again before anything else runs', async () => {
    const user = userEvent.setup();
    const h = mocks();
    h.loadPlan.mockResolvedValueOnce(planOf('PLANNED', 'PLANNED')).mockResolvedValueOnce(planOf('SKIPPED', 'PLANNED'));
    h.run.mockRejectedValueOnce(conflict);
    renderDialog(h);
    const dialog = screen.getByRole('dialog', { name: 'Archive records' });
    await user.click(await within(dialog).findByRole('button', { name: 'Archive 2' }));
    expect(
      await within(dialog).findByText('The action did not finish. Someone else changed these records Show the plan again to see what is left to do.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Archive 2' })).toHaveProperty('disabled', true);
    expect(h.onRunSettled).toHaveBeenCalledTimes(1);
    expect(h.onReport).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Show the plan again' }));
    expect(await within(dialog).findByRole('button', { name: 'Archive 1' })).toHaveProperty('disabled', false);
    expect(within(dialog).getByRole('status').textContent).toBe('1 of 2 will be archived.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(h.onClose).toHaveBeenCalledWith(false);
    expect(h.run).toHaveBeenCalledTimes(1);
  });

  it('asks for the plan only once the setup step is submitted', async () => {
    const user = userEvent.setup();
    const h = mocks();
    h.loadPlan.mockResolvedValueOnce(planOf('PLANNED'));
    renderDialog(h, {
      titles: { setup: 'Archive records: where to', plan: 'Archive records', report: 'Archived: result per record' },
      setup: { content: <p>Choose the archive</p>, submitLabel: 'Show plan' },
    });
    const setup = screen.getByRole('dialog', { name: 'Archive records: where to' });
    expect(within(setup).getByText('Choose the archive')).toBeTruthy();
    expect(h.loadPlan).not.toHaveBeenCalled();
    await user.click(within(setup).getByRole('button', { name: 'Show plan' }));
    const plan = await screen.findByRole('dialog', { name: 'Archive records' });
    expect(await within(plan).findByRole('button', { name: 'Archive 1' })).toBeTruthy();
    expect(h.loadPlan).toHaveBeenCalledTimes(1);
  });
});
