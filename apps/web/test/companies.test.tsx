import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import {
  ZCompanyUsersQuery,
  type BatchCreateResponse,
  type CompanyDetail,
  type CompanyNode,
  type CompanyUser,
  type CompanyUsersResponse,
  type StaffRole,
  type TopLevelCompany,
} from '@fleetdesk/contract';
import { filterCompanyTree, ancestorIds, visibleTreeItems } from '@/features/companies/company-tree-filter';
import { toggleCompanyUsersSort, DEFAULT_COMPANY_USERS_SORT } from '@/features/companies/company-users-sort';
import { companyUsersFilterOf, validateCompanySearch, type CompanySearch } from '@/features/companies/companies-search';
import { CompaniesLayout } from '@/features/companies/components/companies-layout';
import { CompanyUsersTab } from '@/features/companies/components/company-users-tab';
import { BatchUserImport } from '@/features/companies/components/batch-user-import';
import { BatchUsersPage } from '@/features/companies/components/batch-users-page';
import { CompanyDetailPage } from '@/features/companies/components/company-detail-page';
import { menuSectionsFor } from '@/app/layout/menu-items';
import { i18n } from '@/lib/i18n/i18n';
import { fakeBackend, noContent, type FakeBackend } from './support/backend';
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

const role = vi.hoisted(() => ({ current: 'ADMIN' as StaffRole }));
vi.mock('@/lib/session/session', () => ({
  useSession: () => ({ token: 't', expires: '2030-01-01T00:00:00.000Z', user: { username: 'admin', role: role.current } }),
}));

const node = (id: number, name: string, children: CompanyNode[] = [], parent: number | null = null): CompanyNode => ({
  id,
  name,
  type: 'CORPORATE',
  parent,
  children: children.map((child) => ({ ...child, parent: id })),
});

/** The fjord demo tree (docs/demo-data.md), children by name. */
const TREE: CompanyNode[] = [
  node(1, 'Fjord Mobility Internal'),
  node(2, 'Fjordbo Boligbyggelag', [node(21, 'Fjordbo Nord'), node(22, 'Fjordbo Sør')]),
  node(3, 'Havbris Arkitekter AS'),
  node(4, 'Nordlys Consulting AS', [node(41, 'Nordlys Bergen'), node(42, 'Nordlys Oslo', [node(421, 'Nordlys Oslo Dev team')])]),
  node(5, 'Privatkunder'),
];

const names = (nodes: CompanyNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);

describe('company tree filter', () => {
  it('keeps the matches (trimmed, case-insensitive) with their ancestors, and opens the way to them', () => {
    const result = filterCompanyTree(TREE, '  DEV team ');
    expect(names(result.nodes)).toEqual(['Nordlys Consulting AS', 'Nordlys Oslo', 'Nordlys Oslo Dev team']);
    expect([...result.matches]).toEqual([421]);
    expect([...result.expanded].sort()).toEqual([4, 42]);
  });

  it('keeps a matching company with its whole subtree, closed, and opens the ancestors of matches below it', () => {
    const result = filterCompanyTree(TREE, 'oslo');
    expect(names(result.nodes)).toEqual(['Nordlys Consulting AS', 'Nordlys Oslo', 'Nordlys Oslo Dev team']);
    expect([...result.matches].sort()).toEqual([42, 421]);
    // Nordlys Oslo opens too, because its Dev team matches as well.
    expect([...result.expanded].sort()).toEqual([4, 42]);
    const bergen = filterCompanyTree(TREE, 'nordlys consulting');
    expect(names(bergen.nodes)).toEqual(['Nordlys Consulting AS', 'Nordlys Bergen', 'Nordlys Oslo', 'Nordlys Oslo Dev team']);
    expect(bergen.expanded.size).toBe(0);
  });

  it('leaves the tree as it is for a blank filter, and is empty when nothing matches', () => {
    const blank = filterCompanyTree(TREE, '   ');
    expect(blank.nodes).toEqual(TREE);
    expect(blank.expanded.size).toBe(0);
    expect(filterCompanyTree(TREE, 'zzz').nodes).toEqual([]);
  });

  it('finds the way to a company and lists the visible rows with their levels', () => {
    expect(ancestorIds(TREE, 421)).toEqual([4, 42]);
    expect(ancestorIds(TREE, 3)).toEqual([]);
    expect(ancestorIds(TREE, 999)).toBeNull();
    expect(visibleTreeItems(TREE, new Set([4])).map((i) => `${i.level}:${i.node.name}`)).toEqual([
      '1:Fjord Mobility Internal',
      '1:Fjordbo Boligbyggelag',
      '1:Havbris Arkitekter AS',
      '1:Nordlys Consulting AS',
      '2:Nordlys Bergen',
      '2:Nordlys Oslo',
      '1:Privatkunder',
    ]);
  });
});

describe('users tab sort toggling (§9)', () => {
  it('steps the sorted column desc → asc → none → desc, starting from applyDate descending', () => {
    let sort = DEFAULT_COMPANY_USERS_SORT;
    expect(sort).toEqual({ sort: 'applyDate', direction: 'desc' });
    sort = toggleCompanyUsersSort(sort, 'applyDate');
    expect(sort).toEqual({ sort: 'applyDate', direction: 'asc' });
    sort = toggleCompanyUsersSort(sort, 'applyDate');
    expect(sort).toEqual({ sort: 'applyDate', direction: 'none' });
    sort = toggleCompanyUsersSort(sort, 'applyDate');
    expect(sort).toEqual({ sort: 'applyDate', direction: 'desc' });
  });

  it('starts another column at desc', () => {
    expect(toggleCompanyUsersSort({ sort: 'applyDate', direction: 'asc' }, 'username')).toEqual({ sort: 'username', direction: 'desc' });
  });

  it('keeps defaults out of the URL and reads the query back with them', () => {
    expect(validateCompanySearch({ sort: 'applyDate', direction: 'desc', page: 1, pageSize: 25, status: 'BLOCKED,nonsense' })).toEqual({
      tab: undefined,
      edit: undefined,
      status: ['BLOCKED'],
      sort: undefined,
      direction: undefined,
      page: undefined,
      pageSize: undefined,
    });
    expect(validateCompanySearch({ pageSize: 30, direction: 'sideways' }).pageSize).toBeUndefined();
    expect(companyUsersFilterOf({ direction: 'none', page: 3, pageSize: 10 })).toEqual({
      status: undefined,
      sort: 'applyDate',
      direction: 'none',
      page: 2,
      pageSize: 10,
    });
  });
});

describe('side menu', () => {
  it('offers the batch creation screen to every staff role (§6: support staff batch create users)', () => {
    const tos = (r: StaffRole | undefined) =>
      menuSectionsFor(r)
        .flat()
        .map((item) => item.to);
    expect(tos('ADMIN')).toContain('/batch-users');
    expect(tos('SUPPORT')).toContain('/batch-users');
    expect(tos('SUPPORT')).toContain('/companies');
    expect(tos('SUPPORT')).not.toContain('/staff');
  });
});

// ---------- components against the fake backend ----------

let backend: FakeBackend;

beforeEach(async () => {
  await i18n.changeLanguage('en-GB');
  notifications.length = 0;
  role.current = 'ADMIN';
  backend = fakeBackend();
});

afterEach(teardownComponent);

function TreeHarness() {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <CompaniesLayout selectedId={selected} onSelect={setSelected}>
      <div data-testid="selected">{selected ?? 'none'}</div>
    </CompaniesLayout>
  );
}

const treeItemNames = () => screen.queryAllByRole('treeitem').map((item) => item.querySelector('.company-tree-row span:nth-of-type(2)')?.textContent);

describe('CompaniesLayout', () => {
  beforeEach(() => backend.on('GET /api/companies', () => TREE));

  it('filters the tree, opening the way to the matches, and resets it when the filter is cleared', async () => {
    const user = userEvent.setup();
    renderWithQueries(<TreeHarness />);
    await screen.findByRole('tree', { name: 'Company tree' });
    expect(treeItemNames()).toEqual([
      'Fjord Mobility Internal',
      'Fjordbo Boligbyggelag',
      'Havbris Arkitekter AS',
      'Nordlys Consulting AS',
      'Privatkunder',
    ]);

    await user.type(screen.getByLabelText('Filter companies'), ' DEV ');
    expect(treeItemNames()).toEqual(['Nordlys Consulting AS', 'Nordlys Oslo', 'Nordlys Oslo Dev team']);
    expect(screen.getByText('Matching companies: 1')).toBeTruthy();
    const consulting = screen.getAllByRole('treeitem')[0]!;
    expect(consulting.getAttribute('aria-expanded')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Clear the filter' }));
    expect(treeItemNames()).toEqual([
      'Fjord Mobility Internal',
      'Fjordbo Boligbyggelag',
      'Havbris Arkitekter AS',
      'Nordlys Consulting AS',
      'Privatkunder',
    ]);
    expect(screen.getAllByRole('treeitem')[3]!.getAttribute('aria-expanded')).toBe('false');
    // The kit's filter field: clearing puts the focus back in the field.
    expect(document.activeElement).toBe(screen.getByLabelText('Filter companies'));

    await user.type(screen.getByLabelText('Filter companies'), 'zzz');
    expect(screen.getByText('No company matches “zzz”.')).toBeTruthy();
    // Escape clears the filter, and the whole tree is back.
    await user.keyboard('{Escape}');
    expect((screen.getByLabelText('Filter companies') as HTMLInputElement).value).toBe('');
    expect(treeItemNames()).toHaveLength(5);
  });

  it('moves through the tree with the keyboard and selects with Enter', async () => {
    renderWithQueries(<TreeHarness />);
    await screen.findByRole('tree');
    const items = () => screen.getAllByRole('treeitem');
    expect(items().filter((item) => item.tabIndex === 0)).toHaveLength(1);
    items()[0]!.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.textContent).toContain('Privatkunder');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toContain('Nordlys Consulting AS');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(items()[3]!.getAttribute('aria-expanded')).toBe('true'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toContain('Nordlys Bergen');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(screen.getByTestId('selected').textContent).toBe('41');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement?.getAttribute('data-testid')).toBe('company-node-4');
  });

  it('refreshes through POST /api/users/initCache and /api/companies/refresh-cache and says so', async () => {
    backend.on('POST /api/users/initCache', () => noContent());
    backend.on('POST /api/companies/refresh-cache', () => TREE);
    const user = userEvent.setup();
    renderWithQueries(<TreeHarness />);
    await screen.findByRole('tree');
    await user.click(screen.getByRole('button', { name: 'Refresh the company list' }));
    await waitFor(() => expect(notifications).toContainEqual({ variant: 'success', message: 'Company list refreshed' }));
    expect(backend.callsTo('/api/companies/refresh-cache', 'POST')).toHaveLength(1);
    expect(backend.callsTo('/api/users/initCache', 'POST')).toHaveLength(1);
  });
});

const companyUser = (n: number): CompanyUser => ({
  username: `user.${n}`,
  givenName: 'Given',
  familyName: `Family${n}`,
  emailAddress: `user.${n}@nordlys.example`,
  mobilePhone: '+4791111111',
  customerNumber: null,
  status: 'ACTIVE',
  applyDate: `2025-01-0${n}T10:00:00.000Z`,
  lastStatusChangeDate: null,
  company: { id: n === 1 ? 4 : 42, name: n === 1 ? 'Nordlys Consulting AS' : 'Nordlys Oslo' },
});

function UsersTabHarness() {
  const [search, setSearch] = useState<CompanySearch>({});
  return <CompanyUsersTab companyId={4} search={search} onSearchChange={setSearch} />;
}

/** Company 4's users: the page asked for, as the server reads the query (its page, size and order). */
function answerCompanyUsers(results: CompanyUser[], totalCount = results.length) {
  backend.on('GET /api/companies/:id/users', ({ params, query }): CompanyUsersResponse | undefined => {
    if (params.id !== '4') return undefined;
    const { page, pageSize, sort, direction } = ZCompanyUsersQuery.parse(Object.fromEntries(query));
    return { results, totalCount, page, pageSize, sort, direction };
  });
}

describe('CompanyUsersTab', () => {
  const lastQuery = () => backend.callsTo('/api/companies/4/users').at(-1)!.query;

  it('sorts on applyDate descending by default and toggles desc → asc → none with the header', async () => {
    answerCompanyUsers([companyUser(1), companyUser(2)]);
    const user = userEvent.setup();
    renderWithQueries(<UsersTabHarness />);
    // The console's DataTable: a grid named as the table was.
    const grid = await screen.findByRole('grid', { name: 'Users of the company' });
    expect(lastQuery().get('sort')).toBe('applyDate');
    expect(lastQuery().get('direction')).toBe('desc');
    expect(lastQuery().get('pageSize')).toBe('25');
    const header = () => within(grid).getByRole('columnheader', { name: /Applied/ });
    expect(header().getAttribute('aria-sort')).toBe('descending');

    await user.click(within(header()).getByText('Applied'));
    await waitFor(() => expect(lastQuery().get('direction')).toBe('asc'));
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('ascending'));

    await user.click(within(header()).getByText('Applied'));
    await waitFor(() => expect(lastQuery().get('direction')).toBe('none'));
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('none'));

    await user.click(within(header()).getByText('Applied'));
    await waitFor(() => expect(lastQuery().get('direction')).toBe('desc'));

    // Another column starts at descending.
    await user.click(within(within(grid).getByRole('columnheader', { name: /User name/ })).getByText('User name'));
    await waitFor(() => expect(lastQuery().get('sort')).toBe('username'));
    expect(lastQuery().get('direction')).toBe('desc');

    // Rows link to the user page and to a division's own company page; the company itself is plain text.
    const rows = within(grid).getAllByTestId('company-user-row');
    expect(rows.map((row) => row.getAttribute('data-username'))).toEqual(['user.1', 'user.2']);
    expect(within(rows[0]!).getByRole('link', { name: 'user.1' }).getAttribute('href')).toBe('/users/user.1');
    expect(within(rows[0]!).queryByRole('link', { name: 'Nordlys Consulting AS' })).toBeNull();
    expect(within(rows[0]!).getByText('Nordlys Consulting AS')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'Nordlys Oslo' }).getAttribute('href')).toBe('/companies/42');
    expect(rows[0]!.textContent).toContain('Given Family1');
    expect(rows[0]!.textContent).toContain('user.1@nordlys.example · +4791111111');
    expect(within(rows[0]!).getByText('Active')).toBeTruthy();
  }, 40_000);

  it('pages on the server, 25 by default, with the page and size in the search', async () => {
    answerCompanyUsers(
      [1, 2, 3].map((n) => companyUser(n)),
      60,
    );
    const user = userEvent.setup();
    renderWithQueries(<UsersTabHarness />);
    await screen.findByRole('grid', { name: 'Users of the company' });
    expect(await screen.findByText('1–25 of 60')).toBeTruthy();
    expect(screen.getByText('Users found: 60')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('1'));
    expect(await screen.findByText('26–50 of 60')).toBeTruthy();
  }, 40_000);

  it('says so when the company has no users, or none with the chosen status', async () => {
    answerCompanyUsers([]);
    renderWithQueries(<UsersTabHarness />);
    expect((await screen.findByTestId('data-table-empty')).textContent).toContain('This company has no users yet.');
    cleanup();
    function FilteredHarness() {
      const [search, setSearch] = useState<CompanySearch>({ status: ['BLOCKED'] });
      return <CompanyUsersTab companyId={4} search={search} onSearchChange={setSearch} />;
    }
    renderWithQueries(<FilteredHarness />);
    expect((await screen.findByTestId('data-table-empty')).textContent).toContain('No user of this company has the chosen status.');
    expect(lastQuery().getAll('status').join(',')).toContain('BLOCKED');
  });
});

describe('BatchUserImport', () => {
  const answer: BatchCreateResponse = {
    createdCount: 2,
    failedCount: 1,
    createdUsers: [
      { line: 2, username: 'ida.berg' },
      { line: 4, username: 'ola.dahl' },
    ],
    notCreatedUsers: [
      {
        line: 3,
        username: 'bad.phone',
        message: 'mobilePhone: Invalid phone number',
        errors: [{ field: 'mobilePhone', message: 'Invalid phone number' }],
      },
    ],
    remaningUsersFileBytes: btoa('username;mobilePhone;error\r\nbad.phone;123;mobilePhone: Invalid phone number\r\n'),
    remainingUsersFileName: 'users-remaining.csv',
    fileEncoding: 'Windows-1252',
  };

  it('uploads the .csv as multipart and shows the counts, the failed lines and the download', async () => {
    backend.on('POST /api/users/createBatch', () => answer);
    const user = userEvent.setup();
    renderWithQueries(<BatchUserImport companyId={4} />);
    await user.upload(screen.getByLabelText('Users file (.csv)'), new File(['username;givenName\n'], 'users.csv', { type: 'text/csv' }));
    expect(screen.getByText('Chosen: users.csv')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Import users' }));

    const result = await screen.findByTestId('batch-result');
    // Plurals through i18next ("1 user", not "1 users"), and which encoding the server read the file in.
    expect(within(result).getByText('2 users created The file was read as Windows-1252.')).toBeTruthy();
    expect(within(result).getByText('1 user could not be created')).toBeTruthy();
    const rows = within(within(result).getByRole('grid', { name: 'Lines that were not imported' })).getAllByTestId('batch-error-line');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toBe('3bad.phonemobilePhone: Invalid phone number');
    expect(within(result).getByRole('button', { name: 'Download remaining users' })).toBeTruthy();
    expect(notifications).toEqual([
      { variant: 'success', message: '2 users created' },
      { variant: 'warning', message: '1 user could not be created' },
    ]);

    const [call] = backend.callsTo('/api/users/createBatch', 'POST');
    expect(call!.query.get('companyId')).toBe('4');
    expect((call!.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('refuses a file that is not .csv before uploading, and shows a whole-file error from the server', async () => {
    backend.on('POST /api/users/createBatch', () =>
      backend.error(400, 'errorId.apigw.invalid.input', 'The header is not valid', [{ field: 'header', message: 'Unknown column: shoeSize' }]),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderWithQueries(<BatchUserImport companyId={4} />);
    await user.upload(screen.getByLabelText('Users file (.csv)'), new File(['x'], 'users.xlsx'));
    expect(screen.getByRole('alert').textContent).toBe('Only .csv files can be imported');
    expect((screen.getByRole('button', { name: 'Import users' }) as HTMLButtonElement).disabled).toBe(true);

    await user.upload(screen.getByLabelText('Users file (.csv)'), new File(['shoeSize\n'], 'users.csv'));
    await user.click(screen.getByRole('button', { name: 'Import users' }));
    const alert = await screen.findByRole('alert');
    // An English envelope message without an item that words it by id: a translated title above the items.
    expect(alert.textContent).toContain('The file could not be imported');
    expect(alert.textContent).not.toContain('The header is not valid');
    expect(alert.textContent).toContain('header: Unknown column: shoeSize');
  });

  it("words a whole-file refusal in the staff member's language from its message ids (nb)", async () => {
    const headline = {
      field: 'file',
      messageId: 'batchHeaderColumns',
      params: { required: 'username, givenName', optional: 'zipCode' },
      message: 'The header row must name user fields. Required: username, givenName; optional: zipCode.',
    };
    backend.on('POST /api/users/createBatch', () =>
      backend.error(400, 'errorId.apigw.invalid.input', headline.message, [
        headline,
        { field: 'header.1', line: 1, messageId: 'batchUnknownColumn', params: { name: 'shoeSize' }, message: 'Unknown column "shoeSize"' },
        { line: 7, messageId: 'csvLineUnreadable', message: 'The line cannot be read as CSV (a quoted field that is not closed?)' },
      ]),
    );
    await i18n.changeLanguage('nb');
    try {
      const user = userEvent.setup();
      renderWithQueries(<BatchUserImport companyId={4} />);
      await user.upload(screen.getByLabelText('Brukerfil (.csv)'), new File(['shoeSize\n'], 'users.csv'));
      await user.click(screen.getByRole('button', { name: 'Importer brukere' }));
      const alert = await screen.findByRole('alert');
      const items = within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(alert.textContent?.startsWith('Overskriftsraden må navngi brukerfelt. Påkrevd: username, givenName; valgfritt: zipCode.')).toBe(true);
      expect(items).toEqual([
        'header.1: Ukjent kolonne «shoeSize»',
        'Linje 7: Linjen kan ikke leses som CSV (et felt i anførselstegn som ikke er lukket?)',
      ]);
    } finally {
      await i18n.changeLanguage('en-GB');
    }
  });

  it('is offered to SUPPORT staff too, who upload like ADMIN staff', async () => {
    role.current = 'SUPPORT';
    backend.on('POST /api/users/createBatch', () => answer);
    const user = userEvent.setup();
    renderWithQueries(<BatchUserImport companyId={4} />);
    await user.upload(screen.getByLabelText('Users file (.csv)'), new File(['username;givenName\n'], 'users.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import users' }));
    expect(within(await screen.findByTestId('batch-result')).getByText(/^2 users created/)).toBeTruthy();
    expect(backend.callsTo('/api/users/createBatch', 'POST')[0]?.query.get('companyId')).toBe('4');
  });
});

describe('batch import for SUPPORT staff: the batch screen and the company page', () => {
  const topLevel: TopLevelCompany[] = [{ id: 4, name: 'Nordlys Consulting AS', type: 'CORPORATE' }];
  const company: CompanyDetail = {
    id: 4,
    name: 'Nordlys Consulting AS',
    type: 'CORPORATE',
    parent: null,
    children: [],
    marketSegment: null,
    microSegment: null,
    emailDomains: [],
    contact: null,
    companyCode: null,
    requiresMembershipConfirmation: false,
    parentHierarchy: [],
    topLevel: true,
    userCount: 3,
    subtreeUserCount: 5,
  };

  it('the batch screen lets SUPPORT staff choose a company and offers the import', async () => {
    role.current = 'SUPPORT';
    backend.on('GET /api/companies/top-level', () => topLevel);
    renderWithQueries(<BatchUsersPage companyId={4} onCompanyChange={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Import users' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Company' })).toBeTruthy();
  });

  it('the company page offers SUPPORT staff the import tab of a top-level company, but no edit', async () => {
    role.current = 'SUPPORT';
    backend.on('GET /api/companies/:id', ({ params }) => (params.id === '4' ? company : undefined));
    const onSearchChange = vi.fn();
    renderWithQueries(<CompanyDetailPage id={4} search={{ tab: 'import' }} onSearchChange={onSearchChange} />);
    expect(await screen.findByRole('tab', { name: 'Import users' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import users' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Details' }));
    expect(onSearchChange).toHaveBeenCalledWith(expect.objectContaining({ tab: undefined }), { replace: true });
    expect(screen.queryByRole('button', { name: 'Edit company' })).toBeNull();
  });
});
