import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ALLOWED,
  MESSAGE_IDS,
  MESSAGES,
  ZStaffCreateRequest,
  ZStaffUpdateRequest,
  notAllowed,
  type ErrorEnvelope,
  type StaffCreateRequest,
  type StaffMember,
  type StaffRole,
  type StaffUpdateRequest,
} from '@fleetdesk/contract';
import { menuSectionsFor } from '@/app/layout/menu-items';
import { loginErrorMessage } from '@/features/auth/components/login-error';
import { staffMenuActions } from '@/features/staff/staff-actions';
import { visibleStaff } from '@/features/staff/staff-list';
import { abilityReasonText } from '@/features/staff/staff-messages';
import { staffSearchOf, validateStaffSearch } from '@/features/staff/staff-search';
import { ApiError } from '@/lib/api/api-error';
import { formatDateTime } from '@/lib/format/format';
import { i18n } from '@/lib/i18n/i18n';
import type { AppNotification } from '@/lib/notifications/notification';
import { resetBrowserState, startApp, teardownApp } from './support/app-harness';
import { fakeBackend, jsonResponse, type FakeBackend } from './support/backend';
import { signIn } from './support/session';

// Every notification the screen raises, with its options (the real ones are shown too).
const notified = vi.hoisted(() => [] as AppNotification[]);
vi.mock('@/lib/notifications/notify', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/notifications/notify')>();
  return {
    ...real,
    notify: (notification: AppNotification) => {
      notified.push(notification);
      real.notify(notification);
    },
    notifySuccess: (message: string) => {
      notified.push({ variant: 'success', message });
      real.notifySuccess(message);
    },
  };
});

// ---------- fixtures ----------

const member = (username: string, change: Partial<StaffMember> = {}): StaffMember => ({
  username,
  givenName: 'Given',
  familyName: username,
  emailAddress: `${username}@fjord-mobility.example`,
  language: 'nb',
  role: 'SUPPORT',
  status: 'ACTIVE',
  passwordPending: false,
  passwordLoginAllowed: true,
  lastLoginAt: null,
  disabledAt: null,
  disabledBy: null,
  createdAt: '2025-01-06T08:00:00.000Z',
  abilities: { changeRole: ALLOWED, disable: ALLOWED, enable: notAllowed(MESSAGE_IDS.staffAlreadyEnabled), resetPassword: ALLOWED },
  ...change,
});

const LAST_LOGIN = '2025-03-04T09:30:00.000Z';
const DISABLED_AT = '2025-02-10T14:05:00.000Z';

/** The demo operator's staff as the server lists them for `admin`, plus a disabled member and a new one. */
const demoStaff = (): StaffMember[] => [
  member('support', { givenName: 'Siri', familyName: 'Støtte', lastLoginAt: LAST_LOGIN }),
  member('admin', {
    givenName: 'Arne',
    familyName: 'Adminsen',
    role: 'ADMIN',
    lastLoginAt: LAST_LOGIN,
    abilities: {
      changeRole: notAllowed(MESSAGE_IDS.staffLastAdmin),
      disable: notAllowed(MESSAGE_IDS.staffCannotDisableSelf),
      enable: notAllowed(MESSAGE_IDS.staffAlreadyEnabled),
      resetPassword: ALLOWED,
    },
  }),
  member('kari', {
    givenName: 'Kari',
    familyName: 'Nordmann',
    status: 'DISABLED',
    disabledAt: DISABLED_AT,
    disabledBy: 'admin',
    lastLoginAt: LAST_LOGIN,
    abilities: {
      changeRole: ALLOWED,
      disable: notAllowed(MESSAGE_IDS.staffAlreadyDisabled),
      enable: ALLOWED,
      resetPassword: notAllowed(MESSAGE_IDS.staffDisabled),
    },
  }),
  member('ola.ny', { givenName: 'Ola', familyName: 'Ny', passwordPending: true, emailAddress: 'ola.ny@fjord-mobility.example' }),
];

// ---------- a fake backend, typed by the contract ----------

type Answer = { status: number; body?: unknown };
const envelope = (status: number, messageId: string, message: string, errors: ErrorEnvelope['errors'] = []): Answer => ({
  status,
  body: { httpCode: status, messageId, message, errors } satisfies ErrorEnvelope,
});

interface StaffBackend {
  staff: StaffMember[];
  /** GET /api/staff: the list, or another answer (403, 500 …). */
  list: () => Answer | Promise<Answer>;
  create: (request: StaffCreateRequest) => Answer;
  update: (username: string, request: StaffUpdateRequest) => Answer;
  resetPassword: (username: string) => Answer;
}

let backend: StaffBackend;
let server: FakeBackend;

function defaultBackend(): StaffBackend {
  const self: StaffBackend = {
    staff: demoStaff(),
    list: () => ({ status: 200, body: { staff: self.staff } }),
    create: (request) => {
      const created = member(request.username, { ...request, language: request.language ?? 'nb', passwordPending: true });
      self.staff = [...self.staff, created];
      return { status: 201, body: created };
    },
    update: (username, request) => {
      const found = self.staff.find((m) => m.username === username);
      if (!found) return envelope(404, MESSAGE_IDS.staffNotFound, MESSAGES.staffNotFound);
      const after: StaffMember = {
        ...found,
        role: request.role ?? found.role,
        ...(request.disabled === true && { status: 'DISABLED', disabledAt: '2025-03-05T10:00:00.000Z', disabledBy: 'admin' }),
        ...(request.disabled === false && { status: 'ACTIVE', disabledAt: null, disabledBy: null }),
      };
      self.staff = self.staff.map((m) => (m.username === username ? after : m));
      return { status: 200, body: after };
    },
    resetPassword: () => ({ status: 202, body: { message: 'sent' } }),
  };
  return self;
}

/** The staff model's answer as the server sends it, with its status. */
const respond = (answer: Answer) =>
  answer.body === undefined ? new Response(null, { status: answer.status }) : jsonResponse(answer.status, answer.body);

/** Installs the fake backend (fakeBackend(), the contract's routes) answering from the staff model above. */
function installBackend() {
  server = fakeBackend();
  server.on('GET /api/staff', async () => respond(await backend.list()));
  server.on('POST /api/staff', ({ body }) => respond(backend.create(ZStaffCreateRequest.parse(body))));
  server.on('POST /api/staff/:username/reset-password', ({ params }) => respond(backend.resetPassword(params.username ?? '')));
  server.on('PATCH /api/staff/:username', ({ params, body }) => respond(backend.update(params.username ?? '', ZStaffUpdateRequest.parse(body))));
}

/** Signed in as the model's admin (Arne Adminsen), or as its support member (Siri Støtte). */
function openStaff(path = '/staff', role: StaffRole = 'ADMIN') {
  signIn(role === 'ADMIN' ? { username: 'admin', givenName: 'Arne', familyName: 'Adminsen', role } : { familyName: 'Støtte', role });
  return startApp(path);
}

const staffCalls = (method: string) => server.calls.filter((r) => r.method === method && r.path.startsWith('/api/staff'));
const rowUsernames = () => screen.queryAllByTestId('staff-row').map((row) => row.getAttribute('data-username'));
const row = (username: string) => {
  const found = screen.getAllByTestId('staff-row').find((r) => r.getAttribute('data-username') === username);
  if (!found) throw new Error(`no row for ${username}`);
  return found;
};
const heading = () => screen.findByRole('heading', { level: 1, name: 'Staff' }, { timeout: 5000 });
const openMenuOf = async (user: ReturnType<typeof userEvent.setup>, name: string, label = `Actions for ${name}`) => {
  await user.click(screen.getByRole('button', { name: label }));
  return screen.findByRole('menu', { name: label });
};

beforeEach(async () => {
  backend = defaultBackend();
  notified.length = 0;
  resetBrowserState();
  installBackend();
  await i18n.changeLanguage('en-GB');
});

afterEach(teardownApp);

// ---------- pure parts ----------

describe('staff URL state and list', () => {
  it('keeps a non-blank filter and the status active or disabled, and leaves the defaults out', () => {
    expect(validateStaffSearch({ q: ' kari ', status: 'disabled' })).toEqual({ q: ' kari ', status: 'disabled' });
    expect(validateStaffSearch({ q: '   ', status: 'all' })).toEqual({});
    expect(validateStaffSearch({ q: 4711, status: 'DISABLED' })).toEqual({ q: '4711' });
    expect(staffSearchOf('', 'all')).toEqual({});
    expect(staffSearchOf('ola', 'active')).toEqual({ q: 'ola', status: 'active' });
  });

  it('sorts by user name and filters on name, user name and e-mail, trimmed and in any case', () => {
    const staff = demoStaff();
    expect(visibleStaff(staff, '', 'all').map((m) => m.username)).toEqual(['admin', 'kari', 'ola.ny', 'support']);
    expect(visibleStaff(staff, '  NORDMANN ', 'all').map((m) => m.username)).toEqual(['kari']);
    expect(visibleStaff(staff, 'siri støtte', 'all').map((m) => m.username)).toEqual(['support']);
    expect(visibleStaff(staff, '@fjord-mobility', 'active').map((m) => m.username)).toEqual(['admin', 'ola.ny', 'support']);
    expect(visibleStaff(staff, '', 'disabled').map((m) => m.username)).toEqual(['kari']);
    expect(visibleStaff(staff, 'nobody', 'all')).toEqual([]);
  });

  it('draws the menu from the abilities: the state toggle that applies, refusals with a reason kept, the rest left out', () => {
    const [support, admin, kari] = demoStaff();
    expect(staffMenuActions(support!)).toEqual(['changeRole', 'resetPassword', 'disable']);
    expect(staffMenuActions(admin!)).toEqual(['changeRole', 'resetPassword', 'disable']);
    expect(staffMenuActions(kari!)).toEqual(['changeRole', 'resetPassword', 'enable']);
    const noReason = member('x', {
      abilities: { changeRole: { allowed: false, reason: null }, disable: ALLOWED, enable: ALLOWED, resetPassword: ALLOWED },
    });
    expect(staffMenuActions(noReason)).toEqual(['resetPassword', 'disable']);
  });

  it("says why in the staff member's language, by the reason's message id, and never re-derives the rule", async () => {
    const t = i18n.t.bind(i18n);
    expect(abilityReasonText(ALLOWED, t)).toBeNull();
    expect(abilityReasonText(notAllowed(MESSAGE_IDS.staffLastAdmin), t)).toBe(MESSAGES.staffLastAdmin);
    expect(abilityReasonText(notAllowed('staffNoEmail'), t)).toBe(MESSAGES.staffNoEmail);
    expect(abilityReasonText(notAllowed('errorId.core.something.new'), t)).toBe('Not allowed');
    await i18n.changeLanguage('nb');
    expect(abilityReasonText(notAllowed(MESSAGE_IDS.staffCannotDisableSelf), i18n.t.bind(i18n))).toBe('Du kan ikke deaktivere din egen konto');
  });

  it('a disabled member who logs in is told the account is disabled', () => {
    const t = i18n.t.bind(i18n);
    const refused = (messageId: string) => new ApiError(403, { httpCode: 403, messageId, message: 'x', errors: [] });
    expect(loginErrorMessage(refused(MESSAGE_IDS.accountDisabled), t)).toBe(MESSAGES.accountDisabled);
    expect(loginErrorMessage(refused(MESSAGE_IDS.loginDenied), t)).toBe(MESSAGES.loginDenied);
  });

  it('offers Staff in the side menu to ADMIN staff only', () => {
    const tos = (role: StaffRole | undefined) =>
      menuSectionsFor(role)
        .flat()
        .map((item) => item.to);
    expect(tos('ADMIN')).toContain('/staff');
    expect(tos('SUPPORT')).not.toContain('/staff');
    expect(tos(undefined)).not.toContain('/staff');
  });
});

// ---------- the screen ----------

describe('/staff', () => {
  it('shows skeleton rows while loading, then the members by user name with role, status, who disabled, last login and the pending marker', async () => {
    let answer: (value: Answer) => void = () => undefined;
    backend.list = () => new Promise<Answer>((resolve) => (answer = resolve));
    openStaff();
    await heading();
    // The console's DataTable: skeleton rows in the grid until the list arrives.
    const grid = await screen.findByRole('grid', { name: 'Staff members' });
    await waitFor(() => expect(grid.querySelector('.MuiDataGrid-skeletonLoadingOverlay')).not.toBeNull());
    expect(rowUsernames()).toEqual([]);
    answer({ status: 200, body: { staff: backend.staff } });

    await waitFor(() => expect(rowUsernames()).toEqual(['admin', 'kari', 'ola.ny', 'support']));
    expect(grid.querySelector('.MuiDataGrid-skeletonLoadingOverlay')).toBeNull();
    expect(row('admin').getAttribute('role')).toBe('row');
    // The actions column has no visible heading, but a name for screen readers.
    expect(within(grid).getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    const admin = within(row('admin'));
    expect(admin.getByText('Arne Adminsen')).toBeTruthy();
    expect(admin.getByText('(you)')).toBeTruthy();
    expect(admin.getByText('Administrator')).toBeTruthy();
    expect(admin.getByText('admin@fjord-mobility.example')).toBeTruthy();
    // §9: YYYY-MM-DD HH:mm through the app's format module.
    expect(formatDateTime(LAST_LOGIN)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(admin.getByText(formatDateTime(LAST_LOGIN))).toBeTruthy();

    const kari = within(row('kari'));
    expect(kari.getByTestId('staff-status').textContent).toBe('Disabled');
    expect(kari.getByTestId('staff-disabled-by').textContent).toBe(`by admin, ${formatDateTime(DISABLED_AT)}`);
    const ola = within(row('ola.ny'));
    expect(ola.getByTestId('staff-status').textContent).toBe('Active');
    expect(ola.getByTestId('staff-pending').textContent).toBe('Password not set');
    expect(ola.getByText('Never')).toBeTruthy();
    expect(screen.getByTestId('staff-count').textContent).toBe('4 staff members');
  });

  it("exports the list as shown, in the staff member's language, without the actions column", async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:staff';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    // The grid downloads through a link's click; the test window must not navigate to the file.
    const download = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    onTestFinished(() => {
      create.mockRestore();
      revoke.mockRestore();
      download.mockRestore();
    });
    openStaff();
    await waitFor(() => expect(rowUsernames()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Download as CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const lines = (await blobs[0]!.text()).replace(/^\uFEFF/, '').split('\r\n');
    // Below 1200 px the e-mail address is part of the name column, as on the screen.
    expect(lines[0]).toBe('Name,Role,Status,Last login');
    expect(lines[1]).toBe(`"Arne Adminsen (you), admin, admin@fjord-mobility.example",Administrator,Active,${formatDateTime(LAST_LOGIN)}`);
    expect(lines[2]).toBe(
      `"Kari Nordmann, kari, kari@fjord-mobility.example",Support,"Disabled by admin, ${formatDateTime(DISABLED_AT)}",${formatDateTime(LAST_LOGIN)}`,
    );
    expect(lines[3]).toBe('"Ola Ny, ola.ny, ola.ny@fjord-mobility.example",Support,"Active, Password not set",Never');
  });

  it('filters by text and status into the URL, and a URL with them opens the screen filtered', async () => {
    const user = userEvent.setup();
    const router = openStaff();
    await waitFor(() => expect(rowUsernames()).toHaveLength(4));

    await user.type(screen.getByLabelText('Filter'), 'nordmann');
    await waitFor(() => expect(rowUsernames()).toEqual(['kari']));
    expect(router.state.location.search).toEqual({ q: 'nordmann' });
    expect(screen.getByTestId('staff-count').textContent).toBe('1 of 4 shown');

    await user.click(screen.getByRole('button', { name: 'Clear the filter' }));
    await user.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: 'Active' }));
    await waitFor(() => expect(rowUsernames()).toEqual(['admin', 'ola.ny', 'support']));
    expect(router.state.location.search).toEqual({ status: 'active' });

    await user.type(screen.getByLabelText('Filter'), 'nordmann');
    expect((await screen.findByTestId('staff-empty')).textContent).toContain('No staff member matches the filters');
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(rowUsernames()).toHaveLength(4));
    expect(router.state.location.search).toEqual({});

    teardownApp();
    installBackend();
    openStaff('/staff?status=disabled&q=kari');
    await waitFor(() => expect(rowUsernames()).toEqual(['kari']));
    expect(
      within(screen.getByRole('group', { name: 'Status' }))
        .getByRole('button', { name: 'Disabled' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect((screen.getByLabelText('Filter') as HTMLInputElement).value).toBe('kari');
  });

  it("creates a member: the contract checks the fields, the server's field errors land on them, success mails the link and refreshes the list", async () => {
    const user = userEvent.setup();
    openStaff();
    await waitFor(() => expect(rowUsernames()).toHaveLength(4));
    const listCalls = staffCalls('GET').length;
    await user.click(screen.getByRole('button', { name: 'New staff member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New staff member' }));
    expect(dialog.queryByLabelText(/password/i)).toBeNull();

    await user.click(dialog.getByRole('button', { name: 'Create and send link' }));
    expect(dialog.getAllByText('Required')).toHaveLength(4);
    expect(staffCalls('POST')).toEqual([]);

    await user.type(dialog.getByLabelText(/User name/), 'kari nordmann');
    await user.type(dialog.getByLabelText(/E-mail/), 'kari@');
    await user.type(dialog.getByLabelText(/Given name/), 'Kari');
    await user.type(dialog.getByLabelText(/Family name/), 'Nordmann');
    await user.click(dialog.getByRole('button', { name: 'Create and send link' }));
    expect(dialog.getByText(MESSAGES.invalidStaffUsername)).toBeTruthy();
    expect(dialog.getByText('Invalid email address')).toBeTruthy();

    // 409 usernameTaken: on the user name field.
    backend.create = () => envelope(409, MESSAGE_IDS.usernameTaken, MESSAGES.usernameTaken);
    await user.clear(dialog.getByLabelText(/User name/));
    await user.type(dialog.getByLabelText(/User name/), 'support');
    await user.clear(dialog.getByLabelText(/E-mail/));
    await user.type(dialog.getByLabelText(/E-mail/), 'kari@fjord-mobility.example');
    await user.click(dialog.getByRole('button', { name: 'Create and send link' }));
    expect(await dialog.findByText('The user name is already taken')).toBeTruthy();
    expect(dialog.getByLabelText(/User name/).getAttribute('aria-invalid')).toBe('true');

    // 400 with field names: on those fields.
    backend.create = () =>
      envelope(400, MESSAGE_IDS.invalidInput, 'The request is not valid', [{ field: 'emailAddress', message: MESSAGES.invalidEmail }]);
    await user.clear(dialog.getByLabelText(/User name/));
    await user.type(dialog.getByLabelText(/User name/), 'kari.n');
    await user.click(dialog.getByRole('button', { name: 'Create and send link' }));
    await waitFor(() => expect(dialog.getByLabelText(/E-mail/).getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.getByText('Invalid email address')).toBeTruthy();
    expect(notified).toEqual([]);

    backend.create = (request) => {
      const created = member(request.username, {
        givenName: request.givenName,
        familyName: request.familyName,
        emailAddress: request.emailAddress,
        role: request.role,
        passwordPending: true,
      });
      backend.staff = [...backend.staff, created];
      return { status: 201, body: created };
    };
    await user.click(dialog.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Administrator' }));
    await user.click(dialog.getByRole('button', { name: 'Create and send link' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New staff member' })).toBeNull());
    // No password, no language (the operator's), trimmed by the contract.
    expect(staffCalls('POST').at(-1)?.body).toEqual({
      username: 'kari.n',
      givenName: 'Kari',
      familyName: 'Nordmann',
      emailAddress: 'kari@fjord-mobility.example',
      role: 'ADMIN',
    });
    expect(notified).toEqual([{ variant: 'success', message: 'A link to set the password has been sent to kari@fjord-mobility.example' }]);
    await waitFor(() => expect(rowUsernames()).toEqual(['admin', 'kari', 'kari.n', 'ola.ny', 'support']));
    expect(staffCalls('GET').length).toBeGreaterThan(listCalls);
    expect(within(row('kari.n')).queryByTestId('staff-pending')).not.toBeNull();
  }, 40_000);

  it("the menu offers what the abilities allow and says why not; the own account's disable is unavailable with the reason", async () => {
    const user = userEvent.setup();
    openStaff();
    await waitFor(() => expect(rowUsernames()).toHaveLength(4));

    const menu = await openMenuOf(user, 'Arne Adminsen');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.querySelector('.MuiListItemText-primary')?.textContent)).toEqual([
      'Change role…',
      'Send password reset…',
      'Disable…',
    ]);
    const [changeRole, reset, disable] = items;
    expect(changeRole!.getAttribute('aria-disabled')).toBe('true');
    expect(changeRole!.textContent).toContain('The operator must keep at least one enabled administrator');
    expect(reset!.getAttribute('aria-disabled')).toBeNull();
    expect(disable!.getAttribute('aria-disabled')).toBe('true');
    expect(disable!.textContent).toContain('You cannot disable your own account');
    // Unavailable entries are reached with the arrow keys (their reason is read out), and choosing one does nothing.
    await waitFor(() => expect(document.activeElement).toBe(changeRole));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(disable);
    await user.keyboard('{Enter}');
    await user.click(disable!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(staffCalls('PATCH')).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    const kariMenu = await openMenuOf(user, 'Kari Nordmann');
    const kariItems = within(kariMenu).getAllByRole('menuitem');
    expect(kariItems.map((item) => item.querySelector('.MuiListItemText-primary')?.textContent)).toEqual([
      'Change role…',
      'Send password reset…',
      'Enable…',
    ]);
    expect(kariItems[1]!.textContent).toContain('The account is disabled: enable it first');
  });

  it("the arrow keys move through the grid's cells to a member's actions button, which opens the menu with Enter", async () => {
    const user = userEvent.setup();
    openStaff();
    await waitFor(() => expect(rowUsernames()).toHaveLength(4));
    const roleCell = within(row('support')).getByText('Support').closest('[role="gridcell"]') as HTMLElement;
    act(() => roleCell.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Siri Støtte' })));
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Actions for Siri Støtte' });
    // The menu's own arrow keys stay in the menu (the grid does not take them).
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Change role…'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Send password reset…');
    expect(menu.contains(document.activeElement)).toBe(true);
  });

  it('never opens the menu with the focus on the destructive entry', async () => {
    const user = userEvent.setup();
    backend.staff = [
      member('only.disable', {
        givenName: 'Only',
        familyName: 'Disable',
        abilities: {
          changeRole: { allowed: false, reason: null },
          disable: ALLOWED,
          enable: notAllowed(MESSAGE_IDS.staffAlreadyEnabled),
          resetPassword: { allowed: false, reason: null },
        },
      }),
      member('support', { givenName: 'Siri', familyName: 'Støtte' }),
    ];
    openStaff();
    await waitFor(() => expect(rowUsernames()).toHaveLength(2));

    screen.getByRole('button', { name: 'Actions for Only Disable' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Actions for Only Disable' });
    await waitFor(() => expect(document.activeElement).toBe(menu));
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Disable…']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    screen.getByRole('button', { name: 'Actions for Siri Støtte' }).focus();
    await user.keyboard('{Enter}');
    const other = await screen.findByRole('menu', { name: 'Actions for Siri Støtte' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Change role…'));
    expect(other.contains(document.activeElement)).toBe(true);
  });

  it('disables after a confirmation that names the member and says they are signed out, sending the reason', async () => {
    const user = userEvent.setup();
    openStaff();
    await waitFor(() => expect(rowUsernames()).toHaveLength(4));
    await user.click(within(await openMenuOf(user, 'Siri Støtte')).getByRole('menuitem', { name: /Disable/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Disable Siri Støtte?' });
    expect(dialog.textContent).toContain('Siri Støtte (support) is signed out at once on every device and cannot log in');
    // A destructive confirmation opens on Cancel.
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '  Left the company  ');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(staffCalls('PATCH').map((call) => [call.path, call.body])).toEqual([
      ['/api/staff/support', { disabled: true, reason: 'Left the company' }],
    ]);
    expect(notified).toEqual([{ variant: 'success', message: 'Siri Støtte is disabled and signed out' }]);
    await waitFor(() => expect(within(row('support')).getByTestId('staff-status').textContent).toBe('Disabled'));
  });

  it('enables after a confirmation, and sends a password reset after one naming the e-mail address', async () => {
    const user = userEvent.setup();
    openStaff();
    await waitFor(() => expect(rowUsernames()).toHaveLength(4));
    await user.click(within(await openMenuOf(user, 'Kari Nordmann')).getByRole('menuitem', { name: /Enable/ }));
    const enable = await screen.findByRole('dialog', { name: 'Enable Kari Nordmann?' });
    await user.click(within(enable).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(within(row('kari')).getByTestId('staff-status').textContent).toBe('Active'));
    expect(staffCalls('PATCH').at(-1)?.body).toEqual({ disabled: false });

    await user.click(within(await openMenuOf(user, 'Ola Ny')).getByRole('menuitem', { name: /Send password reset/ }));
    const reset = await screen.findByRole('dialog', { name: 'Send a password reset to Ola Ny?' });
    expect(reset.textContent).toContain('ola.ny@fjord-mobility.example');
    await user.click(within(reset).getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(staffCalls('POST').map((call) => call.path)).toEqual(['/api/staff/ola.ny/reset-password']);
    expect(notified.at(-1)).toEqual({ variant: 'success', message: 'A password reset link has been sent to ola.ny@fjord-mobility.example' });
  });

  it('changes the role in two steps, the second naming the member and the new role', async () => {
    const user = userEvent.setup();
    openStaff();
    await waitFor(() => expect(rowUsernames()).toHaveLength(4));
    await user.click(within(await openMenuOf(user, 'Siri Støtte')).getByRole('menuitem', { name: /Change role/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change the role of Siri Støtte' }));
    expect((dialog.getByRole('radio', { name: /Administrator/ }) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole('radio', { name: /Support \(now\)/ }) as HTMLInputElement).disabled).toBe(true);
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByRole('status').textContent).toBe('Siri Støtte (support) changes from Support to Administrator.');
    expect(staffCalls('PATCH')).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Change role to Administrator' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(staffCalls('PATCH').map((call) => call.body)).toEqual([{ role: 'ADMIN' }]);
    expect(notified).toEqual([{ variant: 'success', message: 'Siri Støtte is now Administrator' }]);
    await waitFor(() => expect(within(row('support')).getByText('Administrator')).toBeTruthy());
  });

  it("after a refusal the list is read again and the server's reason, translated, stays until dismissed", async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('de');
    openStaff();
    await waitFor(() => expect(rowUsernames()).toHaveLength(4));
    const before = staffCalls('GET').length;
    backend.update = () => envelope(409, MESSAGE_IDS.staffLastAdmin, MESSAGES.staffLastAdmin);

    await user.click(within(await openMenuOf(user, 'Siri Støtte', 'Aktionen für Siri Støtte')).getByRole('menuitem', { name: /Deaktivieren/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Siri Støtte deaktivieren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const message = 'Siri Støtte konnte nicht deaktiviert werden: Der Betreiber muss mindestens ein aktives Administratorkonto behalten';
    expect(notified).toEqual([{ variant: 'error', persist: true, message }]);
    await waitFor(() => expect(staffCalls('GET').length).toBeGreaterThan(before));
    const toast = await screen.findByText(message);
    // §8: it stays until dismissed (persist, with its close button).
    const close = within(toast.closest('.notistack-MuiContent') ?? document.body).getByRole('button', { name: 'Schließen' });
    await user.click(close);
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
  });

  it('shows a load failure with a retry', async () => {
    const user = userEvent.setup();
    backend.list = () => envelope(500, MESSAGE_IDS.internal, 'boom');
    openStaff();
    expect((await screen.findByRole('alert')).textContent).toContain('The staff members could not be loaded.');
    backend.list = defaultBackend().list;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rowUsernames()).toHaveLength(4));
  });

  it('SUPPORT: no Staff in the menu, and /staff by URL says it is not allowed without asking the server', async () => {
    openStaff('/staff', 'SUPPORT');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Only administrators can see and manage staff accounts.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Staff' })).toBeNull();
    expect(staffCalls('GET')).toEqual([]);
  });

  it('ADMIN: Staff is in the menu; a 403 from the server (the role changed meanwhile) shows the same state', async () => {
    backend.list = () => envelope(403, MESSAGE_IDS.forbidden, MESSAGES.forbidden);
    openStaff();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Staff' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' }, { timeout: 5000 })).toBeTruthy();
  });
});
