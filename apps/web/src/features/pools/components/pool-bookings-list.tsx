import { useMemo, useState } from 'react';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DataTable, useTablePreferences, type DataTableColumn, type DataTableSort } from '@/components/data-table/data-table';
import { TextLink } from '@/components/router-link';
import { formatDateTime } from '@/lib/format/format';
import {
  DEFAULT_POOL_BOOKINGS_SORT,
  POOL_BOOKINGS_LIST_DEFAULT_PAGE_SIZE,
  POOL_BOOKINGS_LIST_PAGE_SIZE_OPTIONS,
  isPoolBookingsSortField,
  sortPoolBookings,
  type PoolBookingsSort,
} from '../pool-bookings-sort';
import { POOL_TIMELINE_COLOURS, type PoolTimelineGroup, type PoolTimelineItem } from '../pool-timeline-model';

const TABLE_ID = 'pool-bookings';
const NO_VALUE = '—';
/** Every header sorts; a third click goes back to ascending, as the list always has an order. */
const SORT_ORDERS = ['asc', 'desc'] as const;

interface PoolBookingsListProps {
  /** The pool's name, for the exported file. */
  pool: string;
  items: readonly PoolTimelineItem[];
  groups: readonly PoolTimelineGroup[];
  /** The timeline's first load. */
  loading: boolean;
  /** A refresh of bookings already shown. */
  refreshing: boolean;
  /** The bookings could not be loaded (the timeline says so too, with the same retry). */
  error: { message: string; onRetry: () => void } | null;
}

/**
 * The timeline's bookings as a table: the accessible alternative (screen readers, keyboard) to the drawn timeline, on
 * the console's DataTable (docs/decisions/0054-data-table.md). It sorts and pages the bookings the timeline already
 * holds (the pool bookings call does not page); sort and page size are remembered per staff member. The table is drawn
 * only while the list is open.
 */
export function PoolBookingsList({ pool, items, groups, loading, refreshing, error }: PoolBookingsListProps) {
  const { t } = useTranslation();
  const [preferences] = useTablePreferences(TABLE_ID);
  const remembered = preferences.sort;
  const [sort, setSort] = useState<PoolBookingsSort>(() =>
    remembered && isPoolBookingsSortField(remembered.field)
      ? { field: remembered.field, direction: remembered.direction }
      : DEFAULT_POOL_BOOKINGS_SORT,
  );
  const rememberedSize = POOL_BOOKINGS_LIST_PAGE_SIZE_OPTIONS.find((size) => size === preferences.pageSize);
  const [paging, setPaging] = useState<{ page: number; pageSize: number }>({
    page: 0,
    pageSize: rememberedSize ?? POOL_BOOKINGS_LIST_DEFAULT_PAGE_SIZE,
  });

  const sorted = useMemo(() => sortPoolBookings(items, groups, sort), [items, groups, sort]);
  // A narrower window or 'show hidden' turned off can leave the page past the end: show the last one there is.
  const lastPage = Math.max(0, Math.ceil(sorted.length / paging.pageSize) - 1);
  const page = Math.min(paging.page, lastPage);
  const rows = sorted.slice(page * paging.pageSize, (page + 1) * paging.pageSize);

  const columns = useMemo<DataTableColumn<PoolTimelineItem>[]>(() => {
    const groupById = new Map(groups.map((group) => [group.id, group]));
    const groupLabel = (id: string) => {
      const group = groupById.get(id);
      if (!group) return '';
      if (group.kind === 'vehicle') return group.title;
      return `${t('pools.timeline.unallocated')} · ${group.title} · ${group.subtitle ?? t('pools.timeline.anyModel')}`;
    };
    return [
      {
        field: 'bid',
        headerName: t('pools.list.bid'),
        minWidth: 130,
        flex: 0.6,
        valueGetter: (_, item) => item.bid,
        renderCell: ({ row: item }) => (
          <TextLink to="/booking/$bid" params={{ bid: item.bid }}>
            {item.bid}
          </TextLink>
        ),
      },
      {
        field: 'row',
        headerName: t('pools.list.row'),
        minWidth: 200,
        flex: 1.4,
        valueGetter: (_, item) => groupLabel(item.group),
        // An unallocated row's label (class and model) can be longer than the column: cut with an ellipsis, whole on hover.
        renderCell: ({ row: item }) => (
          <Box
            component="span"
            title={groupLabel(item.group)}
            sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {groupLabel(item.group)}
          </Box>
        ),
      },
      {
        field: 'user',
        headerName: t('pools.list.user'),
        minWidth: 140,
        flex: 1,
        valueGetter: (_, item) => item.row.user?.fullNameLastFirst ?? NO_VALUE,
      },
      {
        field: 'start',
        headerName: t('pools.list.start'),
        minWidth: 130,
        flex: 0.6,
        cellClassName: 'numeric',
        valueGetter: (_, item) => formatDateTime(item.row.startTime),
      },
      {
        field: 'end',
        headerName: t('pools.list.end'),
        minWidth: 130,
        flex: 0.6,
        cellClassName: 'numeric',
        valueGetter: (_, item) => formatDateTime(item.row.endTime),
      },
      {
        field: 'kind',
        headerName: t('pools.list.kind'),
        minWidth: 100,
        flex: 0.5,
        valueGetter: (_, item) => t(`pools.kind.${item.kind}`),
        renderCell: ({ row: item }) => (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              component="span"
              aria-hidden
              sx={{
                width: 10,
                height: 10,
                flexShrink: 0,
                borderRadius: '2px',
                bgcolor: POOL_TIMELINE_COLOURS[item.kind].background,
                border: 1,
                borderColor: POOL_TIMELINE_COLOURS[item.kind].border,
              }}
            />
            {t(`pools.kind.${item.kind}`)}
          </Box>
        ),
      },
    ];
  }, [groups, t]);
  const empty = useMemo(
    () => ({ title: t('pools.timeline.empty'), icon: <EventBusyIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} /> }),
    [t],
  );
  const sortValue: DataTableSort = sort;
  const onSort = (next: DataTableSort | null) => {
    setSort(next && isPoolBookingsSortField(next.field) ? { field: next.field, direction: next.direction } : DEFAULT_POOL_BOOKINGS_SORT);
    setPaging((current) => ({ ...current, page: 0 }));
  };

  return (
    <Accordion disableGutters variant="outlined" sx={{ mt: 1.5 }} slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="pool-bookings-list" id="pool-bookings-list-summary">
        <Typography variant="body2">{t('pools.list.summary', { count: items.length })}</Typography>
      </AccordionSummary>
      <AccordionDetails id="pool-bookings-list" sx={{ p: 0 }}>
        <DataTable<PoolTimelineItem>
          id={TABLE_ID}
          label={t('pools.list.label')}
          rows={rows}
          columns={columns}
          getRowId={(item) => item.id}
          loading={loading}
          refreshing={refreshing}
          error={error}
          empty={empty}
          exportFileName={`${t('pools.list.label')} ${pool}`}
          sort={{ value: sortValue, onChange: onSort, orders: SORT_ORDERS }}
          paging={{
            page,
            pageSize: paging.pageSize,
            pageSizeOptions: POOL_BOOKINGS_LIST_PAGE_SIZE_OPTIONS,
            rowCount: sorted.length,
            // A new page size starts again from the first page.
            onChange: (next) => setPaging(next.pageSize !== paging.pageSize ? { page: 0, pageSize: next.pageSize } : next),
          }}
          rowAttributes={(item) => ({ 'data-testid': 'pool-booking-row', 'data-bid': item.bid, 'data-kind': item.kind })}
          sx={{
            border: 0,
            borderTop: 1,
            borderColor: 'divider',
            borderRadius: 0,
            '& .numeric': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
          }}
        />
      </AccordionDetails>
    </Accordion>
  );
}
