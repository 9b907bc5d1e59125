import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { LicenseCheck, UserDuplicate, UserDuplicatesResponse } from '@fleetdesk/contract';
import { LicensePanel } from '@/features/user-actions/components/license-panel';
import { SuspiciousAgainstTab } from '@/features/user-actions/components/suspicious-against-tab';
import { formatDateTime } from '@/lib/format/format';
import { i18n } from '@/lib/i18n/i18n';
import { userDetail } from './fixtures/user-detail';
import { fakeBackend, inTurn, type FakeBackend } from './support/backend';
import { renderWithQueries, teardownComponent } from './support/component-harness';

// Links by path (AppHrefLink navigates through the router, which these component tests do not mount).
vi.mock('@/components/app-href-link', () => ({
  AppHrefLink: ({ href, children }: { href: string; children: ReactNode }) => <a href={href}>{children}</a>,
}));

let backend: FakeBackend;

beforeEach(async () => {
  await i18n.changeLanguage('en-GB');
  localStorage.clear();
  backend = fakeBackend();
});

afterEach(teardownComponent);

const failure = () => backend.error(500, 'errorId.core.internal', 'Boom');

describe("LicensePanel's check history", () => {
  const check = (id: number, change: Partial<LicenseCheck> = {}): LicenseCheck => ({
    id,
    country: 'NO',
    validUntil: '2031-05-01',
    result: 'SUCCESS',
    state: 'VERIFIED',
    verifier: 'sandbox',
    reason: null,
    checkedBy: 'support',
    checkedAt: '2026-11-20T09:30:00.000Z',
    ...change,
  });
  const route = 'GET /api/users/:username/license/checks';

  it('lists every check with its time, country, translated result, validity, verifier, who and why', async () => {
    backend.on(route, ({ params }) =>
      params.username === userDetail.username
        ? [check(2), check(1, { result: 'REJECTED', validUntil: null, checkedBy: null, reason: 'Expired', checkedAt: '2026-11-01T08:00:00.000Z' })]
        : undefined,
    );
    renderWithQueries(<LicensePanel user={userDetail} />);
    const grid = await screen.findByRole('grid', { name: 'Check history' });
    const rows = await within(grid).findAllByTestId('license-check');
    expect(rows).toHaveLength(2);
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Checked', 'Country', 'Result', 'Valid until', 'Verifier', 'By', 'Reason'].map((h) => expect.stringContaining(h)));
    expect(rows[0]!.textContent).toBe(`${formatDateTime('2026-11-20T09:30:00.000Z')}NOValid license2031-05-01sandboxsupport–`);
    expect(rows[1]!.textContent).toBe(`${formatDateTime('2026-11-01T08:00:00.000Z')}NONo valid license–sandbox–Expired`);
  });

  it('says when there are no checks yet, and offers to try again when the history could not be loaded', async () => {
    backend.on(
      route,
      inTurn(failure, () => []),
    );
    renderWithQueries(<LicensePanel user={userDetail} />);
    expect(await screen.findByText('The check history could not be loaded')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No checks yet')).toBeTruthy();
    // Both times this user's history was asked for.
    expect(backend.callsTo(`/api/users/${userDetail.username}/license/checks`)).toHaveLength(2);
  });
});

describe('SuspiciousAgainstTab', () => {
  const duplicate = (username: string, change: Partial<UserDuplicate> = {}): UserDuplicate => ({
    username,
    givenName: 'Kari',
    familyName: 'Nordmann',
    emailAddress: 'kari@example.com',
    mobilePhone: '+4790000001',
    status: 'ACTIVE',
    applyDate: '2026-10-01T10:00:00.000Z',
    duplicateEmail: true,
    duplicatePhone: false,
    duplicateIdentityNumber: true,
    ...change,
  });
  const route = 'GET /api/users/:username/duplicate';

  it("shows this operator's matching users in seven columns with what matched, and the counts per operator", async () => {
    const body: UserDuplicatesResponse = {
      userDuplicates: [
        duplicate('kari.nordmann'),
        duplicate('per.hansen', { emailAddress: null, status: 'BLOCKED', duplicateEmail: false, duplicatePhone: true }),
      ],
      ownerMap: { fjord: 2, byway: 1 },
    };
    backend.on(route, ({ params }) => (params.username === 'ola.nordmann' ? body : undefined));
    renderWithQueries(<SuspiciousAgainstTab username="ola.nordmann" />);
    const grid = await screen.findByRole('grid', { name: 'Users sharing details with ola.nordmann' });
    const rows = await within(grid).findAllByTestId('suspicious-against-row');
    expect(rows.map((row) => row.getAttribute('data-username'))).toEqual(['kari.nordmann', 'per.hansen']);
    expect(within(grid).getAllByRole('columnheader')).toHaveLength(7);
    expect(within(rows[0]!).getByRole('link', { name: 'kari.nordmann' }).getAttribute('href')).toBe('/users/kari.nordmann');
    expect(rows[0]!.textContent).toContain('Kari Nordmann');
    expect(rows[0]!.textContent).toContain('kari@example.com');
    expect(rows[0]!.textContent).toContain('E-mail');
    expect(rows[0]!.textContent).toContain('Identity number');
    expect(rows[1]!.textContent).toContain('–');
    expect(rows[1]!.textContent).toContain('Phone');
    const owners = screen.getByRole('region', { name: 'Matches per operator' });
    expect(
      within(owners)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['byway: 1 user', 'fjord: 2 users']);
  });

  it('says so when nobody matches, and offers to try again after a failed load', async () => {
    backend.on(
      route,
      inTurn(failure, () => ({ userDuplicates: [], ownerMap: {} })),
    );
    renderWithQueries(<SuspiciousAgainstTab username="ola.nordmann" />);
    expect(await screen.findByText('The suspicious registrations could not be loaded')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No users of this operator share details with this user')).toBeTruthy();
    expect(backend.callsTo('/api/users/ola.nordmann/duplicate')).toHaveLength(2);
  });
});
