import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import {
  APPROVAL_SUCCESS_CLOSE_MS,
  ZUserDetail,
  type BulkApproveResult,
  type PendingDeletionResponse,
  type SuspiciousUser,
  type UserDetail,
} from '@fleetdesk/contract';
import { canContinue, canGoBack, canSkip, initialApprovalStep, isStepCompleted, type ApprovalStep } from '@/features/user-actions/approval-steps';
import { ApprovalWizard } from '@/features/user-actions/components/approval-wizard';
import { BlockDialog } from '@/features/user-actions/components/block-dialog';
import { BulkApproveButton } from '@/features/user-actions/components/bulk-approve-button';
import { PendingDeletionList } from '@/features/user-actions/components/pending-deletion-list';
import { SuspiciousRegistrationsList } from '@/features/user-actions/components/suspicious-registrations-list';
import { matchedFieldsText, userStatusText } from '@/features/user-actions/components/user-list-text';
import { SetIdentityDialog } from '@/features/user-actions/components/set-identity-dialog';
import { userActionFailure } from '@/features/user-actions/api/use-user-action';
import { ApiError } from '@/lib/api/api-error';
import { formatDateTime } from '@/lib/format/format';
import { i18n } from '@/lib/i18n/i18n';
import { userAbilitiesOf } from './fixtures/user-detail';
import { fakeBackend, type FakeBackend } from './support/backend';
import { renderWithQueries, teardownComponent } from './support/component-harness';

const notifications = vi.hoisted(() => [] as { variant: string; message: string }[]);
vi.mock('@/lib/notifications/notify', () => ({
  notify: (n: { variant: string; message: string }) => notifications.push(n),
  notifySuccess: (message: string) => notifications.push({ variant: 'success', message }),
  notifyInfo: (message: string) => notifications.push({ variant: 'info', message }),
  notifyWarning: (message: string) => notifications.push({ variant: 'warning', message }),
  notifyError: () => notifications.push({ variant: 'error', message: 'error' }),
}));

// Links by path (AppHrefLink navigates through the router, which these component tests do not mount).
vi.mock('@/components/app-href-link', () => ({
  AppHrefLink: ({ href, children }: { href: string; children: ReactNode }) => <a href={href}>{children}</a>,
}));

function makeUser(overrides: Partial<UserDetail> = {}): UserDetail {
  return ZUserDetail.parse({
    username: 'demo.pending',
    givenName: 'Jonas',
    familyName: 'Berg',
    emailAddress: 'jonas@example.com',
    mobilePhone: '+4790000000',
    language: 'nb',
    languageOnRecord: null,
    fleet: 'fjord',
    address: { streetAddress: null, zipCode: null, city: null, countryCode: 'NO' },
    pinCode: null,
    rfid: null,
    customerNumber: null,
    campaignCode: null,
    note: null,
    premiumAccess: false,
    verifiedDriversLicense: false,
    identityVerified: false,
    userIdentity: null,
    userCategory: 'PRIVATE',
    company: null,
    status: 'AWAITING_APPROVAL',
    lastStatusChangeDate: null,
    applyDate: '2025-03-01T10:00:00.000Z',
    passwordLoginAllowed: true,
    htmlId: 'demo_pending_1',
    needsToSetPassword: false,
    blockStatus: null,
    suspiciousRegistration: null,
    freeMonths: 0,
    hasOutstandingPayments: false,
    outstandingPayments: [],
    paymentMethods: { registeredCards: [] },
    userAuthenticationMethods: [],
    vehicleAccess: 'BIKES_LICENSE_PENDING',
    driversLicense: { state: 'PENDING', verifier: null, timestamp: null, country: null, validUntil: null },
    identityVerifiedBy: null,
    identityVerifiedAt: null,
    singleSignOn: false,
    availableActions: [],
    abilities: userAbilitiesOf([]),
    approvedBy: null,
    approvedAt: null,
    deletionRequestedBy: null,
    deletionRequestedAt: null,
    confirmationSentAt: null,
    membership: { required: false, confirmedAt: null, confirmedBy: null, override: false },
    ...overrides,
  });
}

let backend: FakeBackend;

beforeEach(async () => {
  await i18n.changeLanguage('en-GB');
  notifications.length = 0;
  backend = fakeBackend();
});

afterEach(() => {
  teardownComponent();
  vi.useRealTimers();
});

describe('user action failures (§8)', () => {
  it('words a failure as §8 says: 404 not found, 400 the server message or invalid, else the message', () => {
    const err = (status: number, message: string, errors: { field?: string; message: string }[] = []) =>
      new ApiError(status, { httpCode: status, messageId: 'x', message, errors });
    expect(userActionFailure('UNBLOCK', err(404, 'nope'), i18n.t).message).toBe('Could not unblock the user: User not found');
    expect(userActionFailure('BLOCK', err(400, ''), i18n.t).message).toBe('Could not block the user: Invalid');
    expect(userActionFailure('BLOCK', err(400, 'Bad', [{ field: 'blockReason', message: 'Block reason is required' }]), i18n.t).message).toBe(
      'Could not block the user: Block reason is required',
    );
    expect(userActionFailure('APPROVE', err(409, 'APPROVE is not allowed in status BLOCKED'), i18n.t).message).toBe(
      'Could not approve the user: APPROVE is not allowed in status BLOCKED',
    );
  });
});

describe('approval wizard steps (§4)', () => {
  const facts = (identityVerified: boolean, verifiedDriversLicense: boolean, approved = false) => ({
    identityVerified,
    verifiedDriversLicense,
    approved,
  });

  it('opens past what is already done (0-based: identity verified → licence, licence verified → finish, approved → finished)', () => {
    expect(initialApprovalStep(facts(false, false))).toBe(0);
    expect(initialApprovalStep(facts(true, false))).toBe(1);
    expect(initialApprovalStep(facts(true, true))).toBe(2);
    expect(initialApprovalStep(facts(false, true))).toBe(2);
    expect(initialApprovalStep(facts(false, false, true))).toBe(3);
  });

  it('enables Continue only by identityVerified on step 1 and verifiedDriversLicense on step 2', () => {
    expect(canContinue(0, facts(false, true))).toBe(false);
    expect(canContinue(0, facts(true, false))).toBe(true);
    expect(canContinue(1, facts(true, false))).toBe(false);
    expect(canContinue(1, facts(false, true))).toBe(true);
    expect(canContinue(2, facts(true, true))).toBe(false);
  });

  it('allows skip on steps 1 and 2, back on steps 2 and 3, and hides back on Finished once approved', () => {
    expect([0, 1, 2, 3].map((s) => canSkip(s as ApprovalStep))).toEqual([true, true, false, false]);
    expect([0, 1, 2, 3].map((s) => canGoBack(s as ApprovalStep, facts(true, true)))).toEqual([false, true, true, true]);
    expect(canGoBack(3, facts(true, true, true))).toBe(false);
  });

  it('never shows a skipped step as completed', () => {
    expect(isStepCompleted(0, facts(true, false), new Set())).toBe(true);
    expect(isStepCompleted(0, facts(true, false), new Set<ApprovalStep>([0]))).toBe(false);
    expect(isStepCompleted(1, facts(true, false), new Set())).toBe(false);
    expect(isStepCompleted(2, facts(true, true, true), new Set())).toBe(true);
  });
});

describe('ApprovalWizard', () => {
  it('verifies the identity, continues, skips the licence, approves, shows the success icon and closes after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const verified = makeUser({
      identityVerified: true,
      userIdentity: { identityCountry: 'NO', identityMethod: 'MANUAL', identityGivenName: null, identityFamilyName: null },
    });
    const approved = makeUser({ ...verified, status: 'APPROVED' });
    // Only demo.pending is known.
    backend.on('GET /api/users/:username/license/checks', ({ params }) => (params.username === 'demo.pending' ? [] : undefined));
    backend.on('POST /api/users/:username/verify-identity', ({ params }) => (params.username === 'demo.pending' ? verified : undefined));
    backend.on('POST /api/users/:username/approve', ({ params }) => (params.username === 'demo.pending' ? approved : undefined));
    const onClose = vi.fn();
    const onChanged = vi.fn();
    renderWithQueries(<ApprovalWizard user={makeUser()} onChanged={onChanged} onClose={onClose} />);

    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('region', { name: 'Identify user' })).toBeTruthy();
    const continueButton = () => within(dialog).getByRole('button', { name: 'Continue' });
    expect(continueButton()).toHaveProperty('disabled', true);
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Verify identity' }));
    await waitFor(() => expect(continueButton()).toHaveProperty('disabled', false));
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ identityVerified: true }));
    await user.click(continueButton());

    expect(within(dialog).getByRole('region', { name: "Validate driver's license" })).toBeTruthy();
    expect(continueButton()).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));

    expect(within(dialog).getByRole('region', { name: 'Finish approval' })).toBeTruthy();
    expect(within(dialog).getByText('Skipped')).toBeTruthy();
    expect(within(dialog).getByText("Skipped: Validate driver's license")).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Approve user' }));

    await waitFor(() => expect(within(dialog).getByRole('status')).toBeTruthy());
    expect(within(dialog).getByText('demo.pending is approved.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull();
    expect(notifications).toContainEqual({ variant: 'success', message: 'User approved' });
    expect(backend.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/users/demo.pending/verify-identity',
      '/api/users/demo.pending/approve',
    ]);
    expect(onClose).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(APPROVAL_SUCCESS_CLOSE_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('opens at the licence step when the identity is verified, and at Finished without Back when already approved', () => {
    backend.on('GET /api/users/:username/license/checks', () => []);
    renderWithQueries(<ApprovalWizard user={makeUser({ identityVerified: true })} onClose={() => {}} />);
    expect(screen.getByRole('region', { name: "Validate driver's license" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    cleanup();
    renderWithQueries(<ApprovalWizard user={makeUser({ status: 'APPROVED' })} onClose={() => {}} />);
    expect(screen.getByRole('region', { name: 'Finished' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});

describe('BlockDialog', () => {
  it('requires a block reason and sends the reason with the optional message', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithQueries(<BlockDialog username="demo.active" pending={false} onSubmit={onSubmit} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Block user' }));
    expect(await screen.findByText('Block reason is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('combobox', { name: /Block reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Vandalism' }));
    await user.type(screen.getByRole('textbox', { name: 'Message to the user' }), 'Damaged two bikes');
    await user.click(screen.getByRole('button', { name: 'Block user' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ blockReason: 'VANDALISM', blockMessage: 'Damaged two bikes' });
  });
});

describe('SetIdentityDialog', () => {
  it('checks the number with the country rules and shows the server message on identificationNumber', async () => {
    const user = userEvent.setup();
    backend.on('PUT /api/users/:username/identity', () =>
      backend.error(400, 'errorId.apigw.invalid.input', 'Invalid input', [
        { field: 'identificationNumber', message: 'Identity number already in use' },
      ]),
    );
    renderWithQueries(<SetIdentityDialog user={makeUser()} onSaved={() => {}} onClose={() => {}} />);
    const number = screen.getByRole('textbox', { name: /Identity number/ });
    await user.type(number, '15069500046');
    await user.click(screen.getByRole('button', { name: 'Save identity' }));
    expect(await screen.findByText('Invalid identity number')).toBeTruthy();
    expect(backend.calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(number);
    await user.type(number, '15069500045');
    await user.click(screen.getByRole('button', { name: 'Save identity' }));
    expect(await screen.findByText('Identity number already in use')).toBeTruthy();
    expect(backend.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/users/demo.pending/identity', { country: 'NO', identificationNumber: '15069500045' }],
    ]);
  });
});

describe('BulkApproveButton', () => {
  it("is enabled only when every selected user is AWAITING_APPROVAL, shows the server's plan, then lists the result per user", async () => {
    const user = userEvent.setup();
    renderWithQueries(
      <BulkApproveButton
        users={[
          { username: 'a', status: 'AWAITING_APPROVAL' },
          { username: 'b', status: 'PENDING' },
        ]}
      />,
    );
    expect(screen.getByRole('button', { name: 'Approve selected (2)' })).toHaveProperty('disabled', true);
    cleanup();

    // c was approved by someone else since the list was loaded: the plan says so, and the run too.
    const refusal: Omit<BulkApproveResult, 'username'> = {
      approved: false,
      status: null,
      httpCode: 409,
      outcome: 'SKIPPED',
      messageId: 'userActionNotAllowed',
      params: { action: 'Approve', status: 'APPROVED' },
      message: 'Approve is not possible for a user with status APPROVED',
    };
    backend.on('POST /api/admin/users/approved', ({ body }) => {
      const dryRun = (body as { dryRun?: boolean }).dryRun === true;
      return {
        dryRun,
        results: [
          dryRun
            ? {
                username: 'a',
                approved: false,
                status: null,
                httpCode: null,
                outcome: 'PLANNED',
                messageId: 'userWouldBeApproved',
                message: 'Would be approved',
              }
            : {
                username: 'a',
                approved: true,
                status: 'APPROVED',
                httpCode: null,
                outcome: 'DONE',
                messageId: 'userApproved',
                message: 'User approved',
              },
          { username: 'c', ...refusal },
        ],
      };
    });
    const onDone = vi.fn();
    renderWithQueries(
      <BulkApproveButton
        users={[
          { username: 'a', status: 'AWAITING_APPROVAL' },
          { username: 'c', status: 'AWAITING_APPROVAL' },
        ]}
        onDone={onDone}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    // The server's plan first (issue 19 point 4): how many, who will be approved and who will not and why.
    const plan = await screen.findByRole('dialog', { name: 'Approve 2 users?' });
    expect(await within(plan).findByText('1 of 2 users will be approved and can book once active. Not approved: 1.')).toBeTruthy();
    const approvals = () => backend.callsTo('/api/admin/users/approved', 'POST');
    expect(approvals().map((c) => c.body)).toEqual([{ usernames: ['a', 'c'], dryRun: true }]);
    const planLines = within(plan).getByRole('list', { name: 'Approve 2 users?' });
    expect(within(planLines).getByText('Would be approved')).toBeTruthy();
    expect(within(planLines).getByText('Will not be approved: Approve is not possible for a user with status Approved')).toBeTruthy();

    // A reason is required (issue 17); nothing is approved before it is given.
    await user.click(within(plan).getByRole('button', { name: 'Approve 1 user' }));
    expect(await within(plan).findByText('Required')).toBeTruthy();
    expect(approvals()).toHaveLength(1);
    await user.type(within(plan).getByLabelText(/^Reason/), 'Checked licences with the employer');
    await user.click(within(plan).getByRole('button', { name: 'Approve 1 user' }));
    const results = await screen.findByRole('list', { name: 'Bulk approve results' });
    expect(within(results).getByText('New status: Approved')).toBeTruthy();
    expect(within(results).getByText('Not approved: Approve is not possible for a user with status Approved')).toBeTruthy();
    expect(approvals().at(-1)?.body).toEqual({
      usernames: ['a', 'c'],
      reason: 'Checked licences with the employer',
    });
    expect(notifications).toContainEqual({ variant: 'warning', message: '1 of 2 users approved' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDone).toHaveBeenCalled();
  });

  it("words the plan in the staff member's language, from the message ids", async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('de');
    backend.on('POST /api/admin/users/approved', () => ({
      dryRun: true,
      results: [
        {
          username: 'a',
          approved: false,
          status: null,
          httpCode: null,
          outcome: 'PLANNED',
          messageId: 'userWouldBeApproved',
          message: 'Would be approved',
        },
        {
          username: 'x',
          approved: false,
          status: null,
          httpCode: 404,
          outcome: 'SKIPPED',
          messageId: 'userNotFound',
          message: 'User not found',
        },
      ],
    }));
    renderWithQueries(
      <BulkApproveButton
        users={[
          { username: 'a', status: 'AWAITING_APPROVAL' },
          { username: 'x', status: 'AWAITING_APPROVAL' },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Ausgewählte freigeben (2)' }));
    const plan = await screen.findByRole('dialog', { name: '2 Benutzer genehmigen?' });
    expect(await within(plan).findByText('Würde genehmigt')).toBeTruthy();
    expect(within(plan).getByText('Wird nicht genehmigt: Benutzer nicht gefunden')).toBeTruthy();
    expect(within(plan).getByRole('button', { name: '1 Benutzer genehmigen' })).toBeTruthy();
  });
});

const suspicious = (n: number, change: Partial<SuspiciousUser> = {}): SuspiciousUser => ({
  username: `twin.${n}`,
  givenName: 'Mikael',
  familyName: `Holm${n}`,
  emailAddress: `twin.${n}@example.com`,
  mobilePhone: null,
  status: 'AWAITING_APPROVAL',
  applyDate: '2025-03-01T10:00:00.000Z',
  duplicateEmail: true,
  duplicatePhone: false,
  duplicateIdentityNumber: true,
  ...change,
});

describe('SuspiciousRegistrationsList', () => {
  it("gives the grid (and its CSV export) the cells' words in the staff member's language", async () => {
    await i18n.changeLanguage('de');
    const t = i18n.t.bind(i18n);
    expect(userStatusText('BLOCKED', t)).toBe(i18n.t('userActions.status.BLOCKED'));
    expect(userStatusText('BLOCKED', t)).not.toBe('Blocked');
    expect(userStatusText('SOMETHING_NEW', t)).toBe(i18n.t('userActions.statusUnknown'));
    expect(matchedFieldsText(suspicious(1), t)).toBe(
      `${i18n.t('userActions.suspicious.fields.email')}, ${i18n.t('userActions.suspicious.fields.identity')}`,
    );
    expect(matchedFieldsText(suspicious(1, { duplicateEmail: false, duplicateIdentityNumber: false }), t)).toBe('');
  });

  it('lists the page on the grid: a link to each user, status and what matched; pages on the server', async () => {
    backend.on('GET /api/admin/users/suspicious', () => ({
      results: [suspicious(1), suspicious(2, { status: 'BLOCKED', duplicateEmail: false, duplicatePhone: true })],
      total: 40,
      moreResults: true,
      currentPage: 0,
    }));
    const pages = () => backend.callsTo('/api/admin/users/suspicious').map((call) => call.query.get('page'));
    const user = userEvent.setup();
    renderWithQueries(<SuspiciousRegistrationsList />);
    const grid = await screen.findByRole('grid', { name: 'Suspicious registrations' });
    await waitFor(() => expect(within(grid).getAllByTestId('suspicious-users-row')).toHaveLength(2));
    const [first, second] = within(grid).getAllByTestId('suspicious-users-row');
    expect(first!.getAttribute('data-username')).toBe('twin.1');
    expect(within(first!).getByRole('link', { name: 'twin.1' }).getAttribute('href')).toBe('/users/twin.1');
    expect(first!.textContent).toContain('Mikael Holm1');
    expect(first!.textContent).toContain('Awaiting approval');
    expect(within(first!).getByText('E-mail', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(within(first!).getByText('Identity number')).toBeTruthy();
    // No phone: the dash.
    expect(first!.textContent).toContain('–');
    expect(within(second!).getByText('Phone')).toBeTruthy();
    expect(second!.textContent).toContain('Blocked');

    expect(screen.getByText('1–25 of 40')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(pages()).toEqual(['0', '1']));
    expect(await screen.findByText('26–40 of 40')).toBeTruthy();
  }, 40_000);

  it('says when there are none, and offers a retry when the list could not be loaded', async () => {
    let fail = true;
    backend.on('GET /api/admin/users/suspicious', () =>
      fail ? backend.error(500, 'errorId.core.internal', 'boom') : { results: [], total: 0, moreResults: false, currentPage: 0 },
    );
    const user = userEvent.setup();
    renderWithQueries(<SuspiciousRegistrationsList />);
    const error = await screen.findByTestId('data-table-error');
    expect(error.textContent).toContain('The suspicious registrations could not be loaded');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('data-table-empty')).textContent).toContain('No suspicious registrations');
  });
});

describe('PendingDeletionList', () => {
  it('lists who is pending deletion, when it was asked and by whom, with links to the users', async () => {
    const pending = (username: string, requestedBy: string | null): PendingDeletionResponse['results'][number] => ({
      username,
      givenName: 'Ada',
      familyName: username,
      emailAddress: null,
      mobilePhone: null,
      customerNumber: null,
      status: 'DELETION_REQUESTED',
      companyName: null,
      suspiciousRegistration: false,
      premiumAccess: false,
      verifiedDriversLicense: false,
      licenseState: 'UNKNOWN',
      vehicleAccess: 'CARS',
      applyDate: null,
      deletionRequestedAt: '2025-02-10T14:05:00.000Z',
      deletionRequestedBy: requestedBy,
    });
    backend.on('GET /api/admin/users/pending-deletion', () => ({
      results: [pending('ada.one', 'support'), pending('ada.two', null)],
      total: 2,
      moreResults: false,
      currentPage: 0,
    }));
    renderWithQueries(<PendingDeletionList />);
    const grid = await screen.findByRole('grid', { name: 'Users pending deletion' });
    await waitFor(() => expect(within(grid).getAllByTestId('pending-deletion-row')).toHaveLength(2));
    const [one, two] = within(grid).getAllByTestId('pending-deletion-row');
    expect(within(one!).getByRole('link', { name: 'ada.one' }).getAttribute('href')).toBe('/users/ada.one');
    expect(one!.textContent).toContain('Ada ada.one');
    expect(one!.textContent).toContain(formatDateTime('2025-02-10T14:05:00.000Z'));
    expect(one!.textContent).toContain('support');
    expect(two!.textContent).toContain('–');
    expect(backend.calls.at(-1)!.path).toBe('/api/admin/users/pending-deletion');
    expect(screen.getByText('1–2 of 2')).toBeTruthy();
  });

  it('says when no user is pending deletion', async () => {
    backend.on('GET /api/admin/users/pending-deletion', () => ({ results: [], total: 0, moreResults: false, currentPage: 0 }));
    renderWithQueries(<PendingDeletionList />);
    expect((await screen.findByTestId('data-table-empty')).textContent).toContain('No users are pending deletion');
  });
});
