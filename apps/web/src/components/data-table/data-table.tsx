import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  DataGrid,
  GridRow,
  useGridApiRef,
  type GridColDef,
  type GridLocaleText,
  type GridRenderCellParams,
  type GridRowId,
  type GridRowProps,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/i18n/i18n';
import { CSV_DELIMITER, GRID_LOCALE_TEXT } from './data-table-locale';
import { DataTableToolbar, DataTableToolbarContext } from './data-table-toolbar';
import { useTablePreferences } from './use-table-preferences';

export type DataTableColumn<R extends GridValidRowModel> = GridColDef<R>;

export interface DataTableSort {
  field: string;
  direction: 'asc' | 'desc';
}

/** Server-side paging: the screen holds page and size (usually in the URL) and fetches that page. */
export interface DataTablePaging {
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  /** The total, or -1 when the server only says whether more exist (`hasNextPage`). */
  rowCount: number;
  hasNextPage?: boolean;
  onChange: (next: { page: number; pageSize: number }) => void;
  /** The "1–10 of 42" text, when the screen words it itself (capped totals). */
  displayedRows?: GridLocaleText['paginationDisplayedRows'];
}

export interface DataTableProps<R extends GridValidRowModel> {
  /** Names the table in the staff member's remembered preferences (columns, density, page size, sort). */
  id: string;
  /** The accessible name of the grid. */
  label: string;
  rows: readonly R[];
  /**
   * The columns. Each one's value (valueGetter / valueFormatter) must be the text the cell shows, translated: the CSV
   * export writes it. renderCell only adds presentation (links, chips).
   */
  columns: readonly DataTableColumn<R>[];
  getRowId: (row: R) => GridRowId;
  /** The first load: skeleton rows. */
  loading?: boolean;
  /** A refresh of rows already shown: a progress bar over the header. */
  refreshing?: boolean;
  /**
   * The load failed: with no rows an error panel inside the table, otherwise a notice above the rows. Without `onRetry`
   * (an answer that asking again cannot change, such as 'not found') no Retry is offered.
   */
  error?: { message: string; hint?: string; onRetry?: () => void } | null;
  empty: { title: string; hint?: ReactNode; icon?: ReactNode; action?: ReactNode };
  paging?: DataTablePaging;
  /** Sorting is the screen's (server or spec rule); the grid only shows and changes the model. */
  sort?: { value: DataTableSort | null; onChange: (next: DataTableSort | null) => void; orders?: readonly ('asc' | 'desc' | null)[] };
  /** The exported file's name without extension (translated). */
  exportFileName: string;
  /** Click or Enter on a row (not on a link or button inside it). */
  onRowOpen?: (row: R) => void;
  /** Data attributes of a row's element (tests, styling hooks). */
  rowAttributes?: (row: R) => Record<`data-${string}`, string>;
  getRowClassName?: (row: R) => string;
  /** Checkbox selection, controlled by the screen (it may span pages). */
  selection?: { ids: ReadonlySet<GridRowId>; onChange: (ids: Set<GridRowId>, pageRows: readonly R[]) => void };
  /** The start of the toolbar: a count, a selection summary, bulk actions. */
  toolbarStart?: ReactNode;
  /** Rows grow with cells of two lines (a name over a user name); the density sets their padding. */
  autoRowHeight?: boolean;
  /** Below the rows, inside the card: 'load more'. */
  footer?: ReactNode;
  sx?: SxProps<Theme>;
}

const RowAttributesContext = createContext<((row: GridValidRowModel) => Record<string, string>) | undefined>(undefined);

/** The grid's row with the screen's data attributes. */
function DataTableRow(props: GridRowProps) {
  const attributes = useContext(RowAttributesContext);
  return <GridRow {...props} {...(attributes?.(props.row as GridValidRowModel) ?? {})} />;
}

interface OverlayContent {
  loading: boolean;
  error: DataTableProps<GridValidRowModel>['error'];
  empty: DataTableProps<GridValidRowModel>['empty'];
}
const OverlayContext = createContext<OverlayContent>({ loading: false, error: null, empty: { title: '' } });

/** No rows: the screen's designed empty state, or the load error with a retry. */
function DataTableNoRows() {
  const { t } = useTranslation();
  const { error, empty } = useContext(OverlayContext);
  if (error) {
    return (
      <Stack
        role="alert"
        spacing={1}
        sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 3 }}
        data-testid="data-table-error"
      >
        <CloudOffIcon color="error" aria-hidden sx={{ fontSize: 40 }} />
        <Typography variant="h6" component="p">
          {error.message}
        </Typography>
        {error.hint && (
          <Typography variant="body2" color="text.secondary">
            {error.hint}
          </Typography>
        )}
        {error.onRetry && (
          <Button variant="outlined" onClick={error.onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack
      role="status"
      spacing={1}
      sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 3 }}
      data-testid="data-table-empty"
    >
      {empty.icon ?? <SearchOffIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} />}
      <Typography variant="h6" component="p">
        {empty.title}
      </Typography>
      {empty.hint && (
        <Typography variant="body2" color="text.secondary" component="div">
          {empty.hint}
        </Typography>
      )}
      {empty.action}
    </Stack>
  );
}

const INTERACTIVE = 'a, button, input, textarea, select, [role="checkbox"], [role="button"]';
// Natively focusable, or made focusable by the cell (then marked, as its tabindex is ours from then on).
const FOCUSABLE = 'a[href], button, input, textarea, select, [tabindex="0"], [data-cell-focusable]';

/**
 * A rendered cell's content inside the grid's one tab stop (WAI-ARIA grid, MUI X "focusable elements in cells"): every
 * link or button in it gets the cell's `tabIndex` — 0 only while the cell has the grid's focus, -1 otherwise — so Tab
 * leaves the grid instead of visiting each row's buttons, and the arrow keys reach them: the grid moves the focus onto
 * the cell's `tabindex="0"` element when the cell gets it. Space on that element is its own (the grid would otherwise
 * take it to scroll a page), arrows and Tab still go to the grid.
 */
function DataTableCell({ tabIndex, children }: { tabIndex: 0 | -1; children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  // Runs before the grid's cell effect (children first), which then finds the element to focus.
  useLayoutEffect(() => {
    ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE).forEach((element) => {
      element.dataset.cellFocusable = '';
      element.tabIndex = tabIndex;
    });
  });
  const keepSpace = (event: KeyboardEvent) => {
    if (event.key === ' ' && event.target !== ref.current && (event.target as HTMLElement).closest(INTERACTIVE)) event.stopPropagation();
  };
  return (
    <span ref={ref} onKeyDown={keepSpace} style={{ display: 'contents' }}>
      {children}
    </span>
  );
}

/** The screen's columns with each rendered cell kept inside the grid's tab stop. */
function withCellFocus<R extends GridValidRowModel>(columns: readonly DataTableColumn<R>[]): DataTableColumn<R>[] {
  return columns.map((column) => {
    const render = column.renderCell;
    if (!render) return column;
    return {
      ...column,
      renderCell: (params: GridRenderCellParams<R>) => <DataTableCell tabIndex={params.tabIndex}>{render(params)}</DataTableCell>,
    };
  });
}
const UNPAGED = { page: 0, pageSize: 100 };

/**
 * The one table of the console (issue 16, docs/decisions/0054-data-table.md): MUI X DataGrid (community) with the
 * screen in charge of data — server-side paging and sort, or a screen-sorted list — plus column choice, density and a
 * CSV export of the current view in the staff member's language, designed loading/empty/error states, the grid's own
 * strings in the UI language and the staff member's columns, density, page size and sort remembered per table.
 * Wide tables scroll sideways inside their card. Rows are reached with the arrow keys; Enter opens a row.
 */
export function DataTable<R extends GridValidRowModel>(props: DataTableProps<R>) {
  const { id, label, rows, columns, getRowId, loading = false, refreshing = false, error = null, empty, paging, sort, exportFileName } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const apiRef = useGridApiRef();
  const [preferences, setPreferences] = useTablePreferences(id);

  const localeText = useMemo(
    () => (paging?.displayedRows ? { ...GRID_LOCALE_TEXT[language], paginationDisplayedRows: paging.displayedRows } : GRID_LOCALE_TEXT[language]),
    [language, paging?.displayedRows],
  );
  // One model per sort: a new array on every render reads to the grid as a sort change, and it goes back to page 0.
  const sortField = sort?.value?.field;
  const sortDirection = sort?.value?.direction;
  const sortModel: GridSortModel = useMemo(
    () => (sortField && sortDirection ? [{ field: sortField, sort: sortDirection }] : []),
    [sortField, sortDirection],
  );
  const onExport = useCallback(
    () =>
      apiRef.current?.exportDataAsCsv({
        fileName: exportFileName,
        delimiter: CSV_DELIMITER[language],
        utf8WithBom: true,
        // A cell starting with = + - @ (or tab, CR) is written as text, never run as a spreadsheet formula.
        escapeFormulas: true,
      }),
    [apiRef, exportFileName, language],
  );
  const toolbar = useMemo(() => ({ start: props.toolbarStart, onExport }), [props.toolbarStart, onExport]);
  const overlay = useMemo(() => ({ loading, error, empty }), [loading, error, empty]);
  const selectionModel: GridRowSelectionModel | undefined = props.selection ? { type: 'include', ids: new Set(props.selection.ids) } : undefined;
  const gridColumns = useMemo(() => withCellFocus(columns), [columns]);
  const rowAttributes = props.rowAttributes as ((row: GridValidRowModel) => Record<string, string>) | undefined;
  const { onRowOpen, getRowClassName } = props;

  return (
    <Paper variant="outlined" sx={{ minWidth: 0, overflow: 'hidden', position: 'relative', ...props.sx }} data-testid={`data-table-${id}`}>
      {/* A refresh of rows already shown: a named bar over the top edge; the grid keeps its rows (its own loading
          state would take them out of the grid's accessibility tree and show an unnamed progress bar). */}
      {refreshing && !loading && (
        <LinearProgress aria-label={t('common.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }} />
      )}
      {error && rows.length > 0 && (
        <Alert
          severity="error"
          sx={{ borderRadius: 0 }}
          action={
            error.onRetry && (
              <Button color="inherit" size="small" onClick={error.onRetry}>
                {t('common.retry')}
              </Button>
            )
          }
        >
          {error.message}
        </Alert>
      )}
      <DataTableToolbarContext.Provider value={toolbar}>
        <RowAttributesContext.Provider value={rowAttributes}>
          <OverlayContext.Provider value={overlay}>
            <DataGrid<R>
              apiRef={apiRef}
              label={label}
              rows={rows}
              columns={gridColumns}
              getRowId={getRowId}
              autoHeight
              localeText={localeText}
              showToolbar
              slots={{ toolbar: DataTableToolbar, row: DataTableRow, noRowsOverlay: DataTableNoRows, noResultsOverlay: DataTableNoRows }}
              slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
              loading={loading}
              disableColumnFilter
              disableRowSelectionOnClick
              // Paging and sorting are the screen's: the grid shows the rows it is given, in that order.
              paginationMode="server"
              sortingMode="server"
              paginationModel={paging ? { page: paging.page, pageSize: paging.pageSize } : UNPAGED}
              onPaginationModelChange={(model) => {
                if (!paging) return;
                if (model.pageSize !== paging.pageSize) setPreferences({ pageSize: model.pageSize });
                paging.onChange(model);
              }}
              pageSizeOptions={paging ? [...paging.pageSizeOptions] : [UNPAGED.pageSize]}
              rowCount={paging ? paging.rowCount : rows.length}
              paginationMeta={paging?.hasNextPage !== undefined ? { hasNextPage: paging.hasNextPage } : undefined}
              hideFooter={!paging}
              disableColumnSorting={!sort}
              sortingOrder={sort?.orders ?? ['asc', 'desc', null]}
              sortModel={sortModel}
              onSortModelChange={(model) => {
                if (!sort) return;
                const first = model[0];
                const next = first?.sort ? { field: first.field, direction: first.sort } : null;
                setPreferences({ sort: next });
                sort.onChange(next);
              }}
              columnVisibilityModel={preferences.columns ?? {}}
              onColumnVisibilityModelChange={(model) => setPreferences({ columns: model })}
              density={preferences.density ?? 'compact'}
              onDensityChange={(density) => setPreferences({ density })}
              checkboxSelection={Boolean(props.selection)}
              keepNonExistentRowsSelected={Boolean(props.selection)}
              rowSelectionModel={selectionModel}
              onRowSelectionModelChange={(model) => {
                if (!props.selection) return;
                // 'exclude' is "every row but these": of the rows on this page.
                const ids = model.type === 'include' ? new Set(model.ids) : new Set(rows.map(getRowId).filter((rowId) => !model.ids.has(rowId)));
                props.selection.onChange(ids, rows);
              }}
              getRowHeight={props.autoRowHeight ? () => 'auto' : undefined}
              getRowClassName={getRowClassName ? (params) => getRowClassName(params.row) : undefined}
              onRowClick={
                onRowOpen
                  ? (params, event) => {
                      if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
                      onRowOpen(params.row);
                    }
                  : undefined
              }
              onCellKeyDown={
                onRowOpen
                  ? (params, event) => {
                      if (event.key !== 'Enter' || event.target !== event.currentTarget || params.field === '__check__') return;
                      event.preventDefault();
                      onRowOpen(params.row);
                    }
                  : undefined
              }
              sx={{
                border: 0,
                borderRadius: 0,
                '--DataGrid-overlayHeight': '220px',
                '& .MuiDataGrid-row': { cursor: onRowOpen ? 'pointer' : undefined },
                '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
                '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
                ...(props.autoRowHeight && {
                  '&.MuiDataGrid-root--densityCompact .MuiDataGrid-cell': { py: 0.5 },
                  '&.MuiDataGrid-root--densityStandard .MuiDataGrid-cell': { py: 1 },
                  '&.MuiDataGrid-root--densityComfortable .MuiDataGrid-cell': { py: 1.75 },
                }),
              }}
            />
          </OverlayContext.Provider>
        </RowAttributesContext.Provider>
      </DataTableToolbarContext.Provider>
      {props.footer}
    </Paper>
  );
}

export { useTablePreferences };
