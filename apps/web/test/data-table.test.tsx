import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { useState } from 'react';
import { DataTable, type DataTableColumn, type DataTableSort } from '@/components/data-table/data-table';
import { GRID_LOCALE_TEXT } from '@/components/data-table/data-table-locale';
import { parseTablePreferences, readTablePreferences, tablePreferencesKey } from '@/components/data-table/table-preferences';
import { i18n } from '@/lib/i18n/i18n';
import { LANGUAGES } from '@/lib/i18n/languages';
import { enUS } from '@mui/x-data-grid/locales';
import { signIn, signOut } from './support/session';

interface Row {
  id: string;
  name: string;
  amount: number;
}

const ROWS: Row[] = [
  { id: 'a', name: 'Alpha', amount: 1 },
  { id: 'b', name: '=HYPERLINK("http://x")', amount: -2 },
  { id: 'c', name: '@SUM(A1)', amount: 3 },
];

const columns: DataTableColumn<Row>[] = [
  { field: 'name', headerName: 'Name', width: 200 },
  { field: 'amount', headerName: 'Amount', width: 120, valueFormatter: (value: number) => `${value} kr` },
];

function Harness({
  onOpen,
  rows = ROWS,
  error = null,
  loading = false,
  refreshing = false,
}: {
  onOpen?: (row: Row) => void;
  rows?: Row[];
  error?: { message: string; onRetry: () => void } | null;
  loading?: boolean;
  refreshing?: boolean;
}) {
  const [sort, setSort] = useState<DataTableSort | null>(null);
  const [paging, setPaging] = useState({ page: 0, pageSize: 10 });
  return (
    <I18nextProvider i18n={i18n}>
      <p data-testid="state">{`${sort ? `${sort.field}:${sort.direction}` : 'none'} ${paging.page}/${paging.pageSize}`}</p>
      <DataTable<Row>
        id="test"
        label="Test table"
        rows={rows}
        columns={columns}
        getRowId={(row) => row.id}
        loading={loading}
        refreshing={refreshing}
        error={error}
        empty={{ title: 'Nothing here', hint: 'Try another filter' }}
        exportFileName="Test export"
        sort={{ value: sort, onChange: setSort }}
        paging={{ ...paging, pageSizeOptions: [5, 10, 25], rowCount: 42, onChange: setPaging }}
        onRowOpen={onOpen}
        rowAttributes={(row) => ({ 'data-testid': `row-${row.id}` })}
      />
    </I18nextProvider>
  );
}

beforeEach(async () => {
  localStorage.clear();
  // The table's preferences are kept per staff member: Kari's.
  signIn({ username: 'kari', givenName: 'Kari', familyName: 'Nord' });
  await i18n.changeLanguage('en-GB');
});
afterEach(() => {
  cleanup();
  signOut();
  vi.restoreAllMocks();
});

describe('DataTable', () => {
  it('shows the rows it is given in that order, with the screen’s row attributes', async () => {
    render(<Harness />);
    const grid = await screen.findByRole('grid', { name: 'Test table' });
    expect(within(grid).getByTestId('row-a').textContent).toContain('Alpha');
    expect(within(grid).getByTestId('row-b').textContent).toContain('-2 kr');
  });

  it('keeps its rows in the grid while it refreshes them, under a named progress bar', async () => {
    render(<Harness refreshing />);
    const grid = await screen.findByRole('grid', { name: 'Test table' });
    expect(within(grid).getByTestId('row-a').textContent).toContain('Alpha');
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(1);
    expect(bars[0]?.getAttribute('aria-label')).toBe(i18n.t('common.loading'));
  });

  it('leaves sorting and paging to the screen and remembers sort and page size per staff member', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await screen.findByRole('grid');
    await user.click(screen.getByRole('columnheader', { name: /Name/ }));
    expect(screen.getByTestId('state').textContent).toBe('name:asc 0/10');
    // The grid did not reorder the rows itself.
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.getAttribute('data-id')),
    ).toEqual(['a', 'b', 'c']);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('name:asc 1/10'));
    expect(readTablePreferences('kari', 'test').sort).toEqual({ field: 'name', direction: 'asc' });
    expect(readTablePreferences('someone.else', 'test')).toEqual({});
  }, 40_000);

  it('opens a row with Enter on a cell and with a click', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    await screen.findByRole('grid');
    await user.click(screen.getByText('Alpha'));
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[0]);
    const cell = screen.getByText('@SUM(A1)').closest('[role="gridcell"]') as HTMLElement;
    act(() => cell.focus());
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[2]);
  });

  it('keeps the buttons and links of its cells inside the grid’s one tab stop; the arrow keys reach them', async () => {
    const user = userEvent.setup();
    const onAct = vi.fn();
    const withActions: DataTableColumn<Row>[] = [
      { field: 'name', headerName: 'Name', width: 200, renderCell: ({ row }) => <a href={`#${row.id}`}>{row.name}</a> },
      {
        field: 'act',
        headerName: 'Actions',
        width: 120,
        renderCell: ({ row }) => (
          <button type="button" onClick={() => onAct(row.id)}>
            {`Act on ${row.id}`}
          </button>
        ),
      },
    ];
    render(
      <I18nextProvider i18n={i18n}>
        <button type="button">Before</button>
        <DataTable<Row>
          id="keys"
          label="Keys table"
          rows={ROWS}
          columns={withActions}
          getRowId={(row) => row.id}
          empty={{ title: 'Nothing here' }}
          exportFileName="Keys"
        />
        <button type="button">After</button>
      </I18nextProvider>,
    );
    const grid = await screen.findByRole('grid', { name: 'Keys table' });
    const actA = within(grid).getByRole('button', { name: 'Act on a' });
    // Not tab stops while their cell does not have the focus.
    await waitFor(() => expect(actA.tabIndex).toBe(-1));
    expect(within(grid).getByRole('link', { name: 'Alpha' }).tabIndex).toBe(-1);
    const nameCell = within(grid).getByRole('link', { name: 'Alpha' }).closest('[role="gridcell"]') as HTMLElement;
    act(() => nameCell.focus());
    // The grid moves the focus onto the next cell's link, then onto the button of the cell beside it.
    await user.keyboard('{ArrowDown}');
    const linkB = within(grid).getByRole('link', { name: '=HYPERLINK("http://x")' });
    await waitFor(() => expect(document.activeElement).toBe(linkB));
    expect(linkB.tabIndex).toBe(0);
    await user.keyboard('{ArrowRight}');
    const actB = within(grid).getByRole('button', { name: 'Act on b' });
    await waitFor(() => expect(document.activeElement).toBe(actB));
    expect(actB.tabIndex).toBe(0);
    expect(linkB.tabIndex).toBe(-1);
    expect(actA.tabIndex).toBe(-1);
    // Space is the button's own (the grid would take it to scroll), and Tab leaves the grid.
    await user.keyboard(' ');
    expect(onAct).toHaveBeenCalledWith('b');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
  });

  it('hides a column from the column panel, and the choice is remembered for this staff member', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Amount' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Amount/ })).toBeNull());
    expect(readTablePreferences('kari', 'test').columns).toEqual({ amount: false });
    cleanup();
    render(<Harness />);
    await screen.findByRole('grid');
    expect(screen.queryByRole('columnheader', { name: /Amount/ })).toBeNull();
    expect(readTablePreferences('ola', 'test')).toEqual({});
  }, 40_000);

  it('changes the density from the toolbar and remembers it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Density' }));
    await user.click(screen.getByRole('menuitem', { name: 'Comfortable' }));
    expect(readTablePreferences('kari', 'test').density).toBe('comfortable');
  }, 40_000);

  it('exports the current view as CSV in the UI language, formulas escaped', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await i18n.changeLanguage('nb');
    render(<Harness />);
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Last ned som CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = (await blobs[0]!.text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')).toEqual(['Name;Amount', 'Alpha;1 kr', `"'=HYPERLINK(""http://x"")";"'-2 kr"`, `"'@SUM(A1)";3 kr`]);
  });

  it('shows the designed empty and error states instead of rows', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<Harness rows={[]} />);
    expect((await screen.findByTestId('data-table-empty')).textContent).toContain('Nothing here');
    cleanup();
    render(<Harness rows={[]} error={{ message: 'The list could not be loaded.', onRetry }} />);
    const error = await screen.findByTestId('data-table-error');
    expect(error.getAttribute('role')).toBe('alert');
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('DataTable strings and preferences', () => {
  it('has the grid’s own strings in every UI language, none of the community grid’s falling back to English', () => {
    const english = enUS.components.MuiDataGrid.defaultProps.localeText;
    const premiumOnly =
      /^(pivot|charts|aiAssistant|prompt|computed|formulaBar|columnMenu(Add|Edit|View|Remove)ComputedColumn|columnMenuManage(Pivot|Charts)|toolbar(Pivot|Charts|Assistant|ComputedColumns)|emptyPivotOverlayLabel|aggregationFunctionLabelNone)/;
    for (const language of LANGUAGES.filter((l) => l !== 'en-GB')) {
      const missing = Object.keys(english).filter(
        (key) => !premiumOnly.test(key) && GRID_LOCALE_TEXT[language][key as keyof typeof english] === undefined,
      );
      expect(missing, language).toEqual([]);
    }
    expect(GRID_LOCALE_TEXT.sv.columnHeaderSortIconAriaLabel?.('Namn', 'asc')).toBe('Sortera stigande: Namn');
  });

  it('drops malformed stored preferences', () => {
    expect(parseTablePreferences('{"density":"huge","pageSize":-1,"columns":{"a":false,"b":"x"},"sort":{"field":"x","direction":"up"}}')).toEqual({
      columns: { a: false },
    });
    expect(parseTablePreferences('not json')).toEqual({});
    expect(tablePreferencesKey('kari', 'users')).toBe('fleetdesk.table.kari.users');
  });
});
