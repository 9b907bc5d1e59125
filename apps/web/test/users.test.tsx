import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserDetail } from '@fleetdesk/contract';
import { resetPinnedUserFilterCache } from '@/lib/support-mode/pinned-user-filter';
import { i18n } from '@/lib/i18n/i18n';
import {
  criteriaOf,
  defaultUserPageTab,
  hasSearchInput,
  searchFromInputs,
  validateUserPageSearch,
  validateUsersSearch,
} from '../src/features/users/users-search';
import { isLockedField, toUserUpdateRequest, userFormValuesOf, validateUserForm, type UserFormValues } from '../src/features/users/user-form';
import { freeMonthsMessage } from '../src/features/users/free-months';
import { userAbilitiesOf, userDetail } from './fixtures/user-detail';
import { resetBrowserState, startApp, teardownApp } from './support/app-harness';
import { fakeBackend } from './support/backend';
import { signIn } from './support/session';

const user: UserDetail = userDetail;

const values = (change: Partial<UserFormValues> = {}): UserFormValues => ({ ...userFormValuesOf(user), ...change });
const noMembership = { membershipRequired: false };

describe('user search URL state', () => {
  it('keeps trimmed inputs, a page above 0 and the page sizes 5 and 25, and drops the rest', () => {
    expect(validateUsersSearch({ query: '  Nordmann ', mobilePhone: ' ', username: 'ola', page: '2', pageSize: '25', tab: 'search' })).toEqual({
      query: 'Nordmann',
      username: 'ola',
      page: 2,
      pageSize: 25,
    });
    expect(validateUsersSearch({ page: -1, pageSize: 20, tab: 'deletion' })).toEqual({ tab: 'deletion' });
    // 10 is the default and not written; numbers typed as user names stay text.
    expect(validateUsersSearch({ pageSize: 10, username: 4747 })).toEqual({ username: '4747' });
  });

  it('needs a non-blank input (§5)', () => {
    expect(hasSearchInput({})).toBe(false);
    expect(hasSearchInput({ query: '   ', mobilePhone: '' })).toBe(false);
    expect(hasSearchInput({ mobilePhone: '+47 474' })).toBe(true);
  });

  it('turns the inputs into the URL and the URL into the API criteria', () => {
    const next = searchFromInputs({ query: ' Ola ', mobilePhone: '', username: '' }, { query: 'old', page: 3, pageSize: 25 });
    expect(next).toEqual({ query: 'Ola', pageSize: 25 });
    expect(criteriaOf(next)).toEqual({ query: 'Ola', page: 0, pageSize: 25 });
    expect(criteriaOf({ username: 'demo' })).toEqual({ username: 'demo', page: 0, pageSize: 10 });
  });

  it('reads ?edit=true and the user page tab', () => {
    expect(validateUserPageSearch({ edit: 'true', tab: 'bookings' })).toEqual({ edit: true, tab: 'bookings' });
    expect(validateUserPageSearch({ edit: true })).toEqual({ edit: true });
    expect(validateUserPageSearch({ edit: 'no', tab: 'info' })).toEqual({ tab: 'info' });
    expect(validateUserPageSearch({ tab: 'timeline', entry: ' 1234 ' })).toEqual({ tab: 'timeline', entry: '1234' });
    expect(validateUserPageSearch({ tab: 'elsewhere', entry: '12; drop' })).toEqual({});
  });

  it('opens the user page on the timeline in support mode and on User information outside it', () => {
    expect(defaultUserPageTab(true)).toBe('timeline');
    expect(defaultUserPageTab(false)).toBe('info');
  });
});

describe('user form rules (§5)', () => {
  it('accepts the user as read', () => {
    expect(validateUserForm(values(), noMembership)).toEqual({});
  });

  it('requires user name, first and last name, mobile phone and the company', () => {
    const errors = validateUserForm(values({ username: ' ', givenName: '', familyName: '', mobilePhone: '', companyId: null }), noMembership);
    expect(errors).toEqual({
      username: { key: 'required' },
      givenName: { key: 'required' },
      familyName: { key: 'required' },
      mobilePhone: { key: 'required' },
      companyId: { key: 'required' },
    });
  });

  it('checks the phone, e-mail and PIN formats', () => {
    expect(validateUserForm(values({ mobilePhone: '4747474747' }), noMembership).mobilePhone).toEqual({ key: 'invalidPhoneNumber' });
    expect(validateUserForm(values({ mobilePhone: '+47 12' }), noMembership).mobilePhone).toEqual({ key: 'invalidPhoneNumber' });
    expect(validateUserForm(values({ mobilePhone: '+47 474 74 747' }), noMembership).mobilePhone).toBeUndefined();
    expect(validateUserForm(values({ emailAddress: 'ola@' }), noMembership).emailAddress).toEqual({ key: 'invalidEmail' });
    expect(validateUserForm(values({ emailAddress: '' }), noMembership).emailAddress).toBeUndefined();
    expect(validateUserForm(values({ pinCode: '123' }), noMembership).pinCode).toEqual({ key: 'invalidPinCode' });
    expect(validateUserForm(values({ pinCode: '12345' }), noMembership).pinCode).toEqual({ key: 'invalidPinCode' });
    expect(validateUserForm(values({ pinCode: '0123' }), noMembership).pinCode).toBeUndefined();
  });

  it('limits text lengths with the counter message', () => {
    expect(validateUserForm(values({ givenName: 'x'.repeat(101) }), noMembership).givenName).toEqual({ key: 'maxCharacters', max: 100, len: 101 });
  });

  it('needs the membership override for an unconfirmed housing-association division', () => {
    expect(validateUserForm(values(), { membershipRequired: true }).companyId).toEqual({ key: 'membershipConfirmationRequired' });
    expect(validateUserForm(values({ membershipOverride: true }), { membershipRequired: true })).toEqual({});
  });

  it('does not check the fields single sign-on locks', () => {
    const sso = { ...user, singleSignOn: true };
    expect(isLockedField(sso, 'mobilePhone')).toBe(true);
    expect(isLockedField(sso, 'companyId')).toBe(true);
    expect(isLockedField(sso, 'pinCode')).toBe(false);
    expect(isLockedField(user, 'mobilePhone')).toBe(false);
    const locked = new Set(['mobilePhone'] as const);
    expect(validateUserForm(values({ mobilePhone: 'x' }), { membershipRequired: false, locked })).toEqual({});
  });

  it('sends the editable fields only: never htmlId, outstandingPayments or status', () => {
    const body = toUserUpdateRequest(values({ mobilePhone: '+47 474 74 700', emailAddress: '  ', note: ' hi ' }), user);
    expect(body).not.toHaveProperty('htmlId');
    expect(body).not.toHaveProperty('outstandingPayments');
    expect(body).not.toHaveProperty('hasOutstandingPayments');
    expect(body).not.toHaveProperty('status');
    expect(body).toMatchObject({ mobilePhone: '+4747474700', emailAddress: null, note: 'hi', company: { id: 7 } });
  });

  it('sends the stored values of locked fields for a single-sign-on user', () => {
    const sso = { ...user, singleSignOn: true };
    const body = toUserUpdateRequest(values({ mobilePhone: '+4700000000', givenName: 'Changed', pinCode: '1234' }), sso);
    expect(body.mobilePhone).toBe('+4747474747');
    expect(body.givenName).toBe('Ola');
    expect(body.pinCode).toBe('1234');
  });

  it('keeps a language code on record outside the four unless the staff member picks a language', () => {
    const finnish = { ...user, language: 'nb' as const, languageOnRecord: 'fi' };
    expect(toUserUpdateRequest(values({ language: 'nb' }), finnish).language).toBeUndefined();
    expect(toUserUpdateRequest(values({ language: 'sv' }), finnish).language).toBe('sv');
    expect(toUserUpdateRequest(values({ language: 'nb' }), user).language).toBe('nb');
  });

  it('free months are a whole number, zero or more', () => {
    expect(freeMonthsMessage('0')).toBeNull();
    expect(freeMonthsMessage('3')).toBeNull();
    expect(freeMonthsMessage('-1')).toBe('valueCanNotBeNegative');
    expect(freeMonthsMessage('1.5')).toBe('mustBeNumber');
    expect(freeMonthsMessage('')).toBe('required');
  });
});

// ---------- the user page in and outside support mode (§2, §6; docs/decisions/0036-support-mode.md) ----------

const SUPPORT_MODE_KEY = 'fleetdesk.supportMode.fjord.support';
const USER_FILTER_KEY = 'fleetdesk.support.userFilter.fjord.support';
const FILTER_LABEL = 'Filter the support search by this user';

/** n.dahl shares a phone with nils.dahl: a suspicious registration. */
const suspiciousUser: UserDetail = {
  ...userDetail,
  username: 'n.dahl',
  givenName: 'Nils',
  familyName: 'Dahl',
  suspiciousRegistration: { duplicateEmail: false, duplicatePhone: true, duplicateIdentityNumber: false },
};
/** A blocked customer: the server offers unblock, refuses a new booking with its reason. */
const blockedUser: UserDetail = {
  ...userDetail,
  username: 'b.lock',
  givenName: 'Bo',
  familyName: 'Lock',
  status: 'BLOCKED',
  blockStatus: {
    blockReason: 'UNPAID_BILLS',
    blockMessage: 'Four invoices unpaid',
    blockedByUsername: 'support',
    timestamp: '2026-11-01T10:00:00.000Z',
  },
  outstandingPayments: [{ numberOfPayments: 4, totalCost: 2364.96, currencyCode: 'NOK' }],
  verifiedDriversLicense: false,
  driversLicense: { state: 'MISSING', verifier: null, timestamp: null, country: null, validUntil: null },
  abilities: userAbilitiesOf(['UNBLOCK', 'RESET_PASSWORD', 'REQUEST_DELETION'], { NEW_BOOKING: 'userNotActive' }),
};
const pageUsers = new Map([userDetail, suspiciousUser, blockedUser].map((u) => [u.username, u]));

/** The user page's backend: the three users above by username; any other route answers the 404 envelope. */
function answerUsers() {
  const backend = fakeBackend();
  backend.on('GET /api/users/:username', ({ params }) => pageUsers.get(params.username!));
  backend.on('GET /api/users/:username/timeline', ({ params }) => ({ username: params.username!, results: [], nextCursor: null }));
}

function openPage(path: string, mode?: 'on' | 'off') {
  if (mode) window.localStorage.setItem(SUPPORT_MODE_KEY, mode);
  signIn();
  return startApp(path);
}

const tabNames = () => screen.queryAllByRole('tab').map((tab) => tab.textContent ?? '');
// The first render loads the route's code and the user: give it room on a busy machine (a ceiling, not a timing check).
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('user page and support mode', () => {
  beforeEach(async () => {
    resetBrowserState();
    answerUsers();
    await i18n.changeLanguage('en-GB');
  });

  afterEach(teardownApp);

  it('off: the edit toggle opens the form; no actions menu, collapse button, filter checkbox or Suspicious against tab', async () => {
    const user = userEvent.setup();
    const router = openPage('/users/n.dahl?tab=suspicious', 'off');
    await heading('Nils Dahl');
    expect(screen.queryByRole('button', { name: 'User actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Collapse|Expand) the user card$/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: FILTER_LABEL })).toBeNull();
    expect(tabNames()).toEqual(['Timeline', 'User information', 'Bookings', 'Payments']);
    // ?tab=suspicious falls back to User information.
    expect(screen.getByRole('tab', { name: 'User information' }).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect((await screen.findByRole('form', { name: 'User details' })).isConnected).toBe(true);
    expect(router.state.location.search).toMatchObject({ edit: true });
  });

  it('on: no edit toggle; the actions menu starts with "Edit details", which opens the form and then leaves the menu', async () => {
    const user = userEvent.setup();
    const router = openPage('/users/ola.nordmann');
    await heading('Ola Nordmann');
    // Support mode opens the customer's timeline (issue 18); User information is one click away.
    expect(screen.getByRole('tab', { name: 'Timeline' }).getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByTestId('timeline-empty', {}, { timeout: 5000 })).textContent).toBe('Nothing has happened for this customer yet.');
    await user.click(screen.getByRole('tab', { name: 'User information' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'info' }));
    expect(screen.getByTestId('user-details').textContent).toContain('+4747474747');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(tabNames()).toEqual(['Timeline', 'User information', 'Bookings', 'Payments']);
    await user.click(screen.getByRole('tab', { name: 'Bookings' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'bookings' }));

    await user.click(screen.getByRole('button', { name: 'User actions' }));
    const items = within(screen.getByRole('menu', { name: 'User actions' })).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Edit details', 'New booking', 'Reset password', 'Block', 'Request deletion']);
    await user.click(items[0]!);
    // The form is on User information: the menu item goes there (named, as it is not support mode's default tab) and writes ?edit=true.
    expect((await screen.findByRole('form', { name: 'User details' })).isConnected).toBe(true);
    expect(router.state.location.search).toEqual({ tab: 'info', edit: true });
    expect(screen.getByRole('tab', { name: 'User information' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();

    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'User actions' }));
    expect(within(screen.getByRole('menu', { name: 'User actions' })).queryByRole('menuitem', { name: 'Edit details' })).toBeNull();
  });

  it('on: the menu is drawn from the abilities the server sent, an unavailable entry with its reason', async () => {
    const user = userEvent.setup();
    openPage('/users/b.lock');
    await heading('Bo Lock');
    await user.click(screen.getByRole('button', { name: 'User actions' }));
    const menu = screen.getByRole('menu', { name: 'User actions' });
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);
    expect(labels).toEqual(['Edit details', 'Unblock', 'New booking', 'Reset password', 'Request deletion']);
    const newBooking = within(menu).getByRole('menuitem', { name: 'New booking' });
    expect(newBooking.getAttribute('aria-disabled')).toBe('true');
    expect(newBooking.textContent).toContain('User is not active');
  });

  it('shows the debt, the block reason and an unverified licence in the header on every tab', async () => {
    const user = userEvent.setup();
    openPage('/users/b.lock');
    await heading('Bo Lock');
    const risk = () => screen.getByTestId('user-risk');
    const expected = ['4 outstanding payments, NOK 2,364.96', 'Blocked: Unpaid bills', 'Licence not verified'];
    for (const tab of ['Bookings', 'Payments', 'User information']) {
      await user.click(screen.getByRole('tab', { name: tab }));
      for (const text of expected) expect(risk().textContent?.replace(/\s/g, ' ')).toContain(text);
    }
    expect(
      within(risk())
        .getByRole('link', { name: /4 outstanding payments/ })
        .getAttribute('href'),
    ).toBe('/users/b.lock?tab=payments');
  });

  it('on: a suspicious registration has its Suspicious against tab, and ?tab=suspicious opens it', async () => {
    openPage('/users/n.dahl?tab=suspicious', 'on');
    await heading('Nils Dahl');
    expect(tabNames()).toEqual(['Timeline', 'User information', 'Bookings', 'Payments', 'Suspicious against']);
    expect(screen.getByRole('tab', { name: 'Suspicious against' }).getAttribute('aria-selected')).toBe('true');
  });

  it('on: ticking the username filter pins the user for the support search, stays on the page, and unticking unpins', async () => {
    const user = userEvent.setup();
    const router = openPage('/users/ola.nordmann');
    await heading('Ola Nordmann');
    const checkbox = screen.getByRole('checkbox', { name: FILTER_LABEL });
    expect(checkbox).toHaveProperty('checked', false);
    expect(checkbox.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(checkbox.getAttribute('aria-describedby')!)?.textContent).toContain('every support search keeps to ola.nordmann');

    await user.click(checkbox);
    expect(window.sessionStorage.getItem(USER_FILTER_KEY)).toBe('ola.nordmann');
    expect(screen.getByRole('checkbox', { name: FILTER_LABEL })).toHaveProperty('checked', true);
    expect(router.state.location.pathname).toBe('/users/ola.nordmann');

    await user.click(screen.getByRole('checkbox', { name: FILTER_LABEL }));
    expect(window.sessionStorage.getItem(USER_FILTER_KEY)).toBeNull();
    expect(screen.getByRole('checkbox', { name: FILTER_LABEL })).toHaveProperty('checked', false);
  });

  it("on: the box is ticked only on the pinned user's page", async () => {
    window.sessionStorage.setItem(USER_FILTER_KEY, 'nils.dahl');
    openPage('/users/ola.nordmann');
    await heading('Ola Nordmann');
    expect(screen.getByRole('checkbox', { name: FILTER_LABEL })).toHaveProperty('checked', false);
    cleanup();
    window.sessionStorage.setItem(USER_FILTER_KEY, 'ola.nordmann');
    resetPinnedUserFilterCache();
    openPage('/users/ola.nordmann');
    await heading('Ola Nordmann');
    expect(screen.getByRole('checkbox', { name: FILTER_LABEL })).toHaveProperty('checked', true);
  });

  it('on: the collapse button hides the tabs and their panel under the header summary, and shows them again', async () => {
    const user = userEvent.setup();
    openPage('/users/ola.nordmann');
    await heading('Ola Nordmann');
    const collapse = screen.getByRole('button', { name: 'Collapse the user card' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(collapse.getAttribute('aria-controls') ?? '')?.contains(screen.getByRole('tablist'))).toBe(true);

    await user.click(collapse);
    const expand = await screen.findByRole('button', { name: 'Expand the user card' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(tabNames()).toEqual([]));
    expect(screen.queryByRole('tabpanel')).toBeNull();
    expect(screen.getByTestId('user-header').textContent).toContain('ola.nordmann');

    await user.click(expand);
    await waitFor(() => expect(tabNames()).toEqual(['Timeline', 'User information', 'Bookings', 'Payments']));
    expect(screen.getByRole('tabpanel')).toBeTruthy();
  });

  it('follows the top-bar switch: off brings the toggle and opens a collapsed page; on brings the menu and the tab back', async () => {
    const user = userEvent.setup();
    openPage('/users/n.dahl');
    await heading('Nils Dahl');
    await user.click(screen.getByRole('button', { name: 'Collapse the user card' }));
    await waitFor(() => expect(tabNames()).toEqual([]));

    await user.click(screen.getByRole('switch', { name: 'Support mode' }));
    expect(window.localStorage.getItem(SUPPORT_MODE_KEY)).toBe('off');
    await waitFor(() => expect(tabNames()).toEqual(['Timeline', 'User information', 'Bookings', 'Payments']));
    expect(screen.queryByRole('button', { name: 'User actions' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: FILTER_LABEL })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Support mode' }));
    expect((await screen.findByRole('button', { name: 'User actions' })).isConnected).toBe(true);
    expect(screen.getByRole('button', { name: 'Collapse the user card' }).getAttribute('aria-expanded')).toBe('true');
    expect(tabNames()).toEqual(['Timeline', 'User information', 'Bookings', 'Payments', 'Suspicious against']);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: FILTER_LABEL })).toBeTruthy();
  }, 60_000); // many role queries over the whole page: ~20 s in happy-dom on a busy 2-core machine
});
