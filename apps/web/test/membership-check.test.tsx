import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { UserDetail } from '@fleetdesk/contract';
import { MembershipCheck } from '@/features/users/components/membership-check';
import { userKeys } from '@/features/users/api/users-api';
import { i18n } from '@/lib/i18n/i18n';
import { userDetail } from './fixtures/user-detail';
import { fakeBackend, type FakeBackend } from './support/backend';

const notifications = vi.hoisted(() => [] as { variant: string; message: string }[]);
vi.mock('@/lib/notifications/notify', () => ({
  notify: (n: { variant: string; message: string }) => notifications.push(n),
  notifySuccess: (message: string) => notifications.push({ variant: 'success', message }),
  notifyInfo: (message: string) => notifications.push({ variant: 'info', message }),
  notifyWarning: (message: string) => notifications.push({ variant: 'warning', message }),
  notifyError: () => notifications.push({ variant: 'error', message: 'error' }),
}));

const base: UserDetail = userDetail;

/** A resident of a housing-association division whose membership is not confirmed yet. */
const resident: UserDetail = { ...base, membership: { required: true, confirmedAt: null, confirmedBy: null, override: false } };
let backend: FakeBackend;
/** The membership checks sent: path and body. */
const calls = () => backend.callsTo(/\/membership\/check$/, 'POST').map(({ path, body }) => ({ path, body }));

function renderCheck(user: UserDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(userKeys.detail(user.username), user);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MembershipCheck user={user} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return client;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-GB');
  notifications.length = 0;
  backend = fakeBackend();
  backend.on('POST /api/users/:username/membership/check', ({ body }) => {
    const confirmed = (body as { companyCode?: string } | undefined)?.companyCode === 'FJB-1001';
    const user: UserDetail = confirmed
      ? { ...resident, membership: { ...resident.membership, confirmedAt: '2026-11-22T06:00:00.000Z', confirmedBy: 'support' } }
      : resident;
    return { result: confirmed ? 'SUCCESS' : 'REJECTED', user };
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MembershipCheck (§7 check membership)', () => {
  it('is offered only while a housing-association membership is unconfirmed', () => {
    renderCheck(base);
    expect(screen.queryByRole('button', { name: 'Check membership…' })).toBeNull();
  });

  it('sends the code, warns when it does not confirm, and confirms the membership in the cached user when it does', async () => {
    const client = renderCheck(resident);
    await userEvent.click(screen.getByRole('button', { name: 'Check membership…' }));
    await userEvent.type(screen.getByLabelText(/Membership code/), 'WRONG-1');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(notifications).toContainEqual({ variant: 'warning', message: 'The code did not confirm the membership' }));
    expect(calls().at(-1)).toEqual({ path: `/api/users/${resident.username}/membership/check`, body: { companyCode: 'WRONG-1' } });

    await userEvent.clear(screen.getByLabelText(/Membership code/));
    await userEvent.type(screen.getByLabelText(/Membership code/), 'FJB-1001');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(notifications).toContainEqual({ variant: 'success', message: 'Membership confirmed' }));
    expect(client.getQueryData<UserDetail>(userKeys.detail(resident.username))?.membership.confirmedBy).toBe('support');
  });
});
