import EventNoteIcon from '@mui/icons-material/EventNote';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  BOOKING_SEARCH_SUBLIST_PAGE_SIZE,
  ZBookingDisplayState,
  type BookingDisplayState,
  type BookingGroup,
  type SearchBooking,
} from '@fleetdesk/contract';
import { createLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '@/components/router-link';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { searchBookingsPageQueryOptions, type SearchBookingsPageData } from '../api/search-api';
import { useCursorPages } from '../api/use-cursor-pages';
import type { SearchCriteria } from '../search-criteria';
import { AppHrefLink } from '@/components/app-href-link';
import { navItemProps } from '@/lib/shortcuts/list-navigation';
import { userPath, vehiclePath } from './app-paths';
import { EmptyLine, ResultSection, SECTION_ANCHORS, countLabel, visuallyHidden } from './result-section';
import { HitPinnedNote, WithPinnedNotes } from './hit-pinned-note';
import { Pager } from './pager';

/** The §4 order of the sub-lists on screen: active first (what support asks about most), then future, then history. */
export const BOOKING_GROUPS: readonly BookingGroup[] = ['active', 'future', 'historic'];

const STATE_CHIPS: Record<BookingDisplayState, { color: ChipProps['color']; variant: ChipProps['variant'] }> = {
  ACTIVE: { color: 'success', variant: 'filled' },
  READY: { color: 'info', variant: 'filled' },
  INACTIVE: { color: 'primary', variant: 'outlined' },
  FINISHED: { color: 'default', variant: 'filled' },
  CANCELLED: { color: 'error', variant: 'outlined' },
  REQUIRES_AUTH: { color: 'warning', variant: 'filled' },
  ARCHIVED: { color: 'default', variant: 'outlined' },
};

function DisplayStateChip({ state }: { state: string }) {
  const { t } = useTranslation();
  const known = ZBookingDisplayState.safeParse(state);
  if (!known.success) return <Chip size="small" label={state} variant="outlined" />;
  const { color, variant } = STATE_CHIPS[known.data];
  return <Chip size="small" label={t(`supportSearch.displayState.${known.data}`)} color={color} variant={variant} sx={{ fontWeight: 500 }} />;
}

/** An icon button that navigates through the router ('go to booking'). */
const IconButtonLink = createLink((props: IconButtonProps<'a'>) => <IconButton component="a" {...props} />);

type BookingPages = Record<BookingGroup, SearchBookingsPageData>;

interface BookingResultsProps {
  criteria: SearchCriteria;
  first: BookingPages;
}

/** Bookings grouped as active, future and historic (§2, §4), each sub-list paged 5 at a time. */
export function BookingResults({ criteria, first }: BookingResultsProps) {
  const { t } = useTranslation();
  const total = BOOKING_GROUPS.reduce((sum, group) => sum + first[group].results.length, 0);
  const more = BOOKING_GROUPS.some((group) => first[group].moreResults);
  return (
    <ResultSection
      icon={<EventNoteIcon />}
      title={t('supportSearch.bookings')}
      count={countLabel(total, more)}
      testId="booking-results"
      anchorId={SECTION_ANCHORS.bookings}
    >
      {total === 0 ? (
        <EmptyLine>{t('messages.noBookingsFound')}</EmptyLine>
      ) : (
        BOOKING_GROUPS.map((group) => <BookingGroupList key={group} criteria={criteria} group={group} first={first[group]} />)
      )}
    </ResultSection>
  );
}

function BookingGroupList({ criteria, group, first }: { criteria: SearchCriteria; group: BookingGroup; first: SearchBookingsPageData }) {
  const { t } = useTranslation();
  const pages = useCursorPages(first, (cursor) => searchBookingsPageQueryOptions(criteria, group, cursor));
  const title = t(`supportSearch.groups.${group}`);
  const headingId = `booking-group-${group}`;
  const rows = pages.page.results;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={`bookings-${group}`} sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, pt: 1, pb: rows.length ? 0 : 0.5, minHeight: 36 }}>
        <Typography id={headingId} variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {countLabel(first.results.length, first.moreResults)}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Pager
          label={title}
          index={pages.index}
          pageSize={BOOKING_SEARCH_SUBLIST_PAGE_SIZE}
          shown={rows.length}
          hasPrevious={pages.hasPrevious}
          hasNext={pages.hasNext}
          loading={pages.loading}
          onPrevious={pages.previous}
          onNext={pages.next}
        />
      </Stack>
      {pages.error ? (
        <Alert
          severity="error"
          sx={{ mx: 2, mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={pages.retry}>
              {t('common.retry')}
            </Button>
          }
        >
          {isApiError(pages.error) ? pages.error.envelope.message : t('supportSearch.pageFailed')}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyLine>{t('messages.noBookingsFound')}</EmptyLine>
      ) : (
        <WithPinnedNotes notes={pages.page.pinnedNotes}>
          <BookingTable rows={rows} label={title} dimmed={pages.loading} />
        </WithPinnedNotes>
      )}
    </Box>
  );
}

function BookingTable({ rows, label, dimmed }: { rows: readonly SearchBooking[]; label: string; dimmed: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <TableContainer sx={{ opacity: dimmed ? 0.55 : 1, transition: 'opacity 120ms' }}>
      <Table
        aria-label={label}
        sx={{
          // The three sub-lists share their column widths, so they read as one table.
          tableLayout: 'fixed',
          minWidth: 900,
          '& td, & th': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', px: 1 },
          '& td:first-of-type, & th:first-of-type': { pl: 2 },
          '& tr:last-of-type td': { borderBottom: 0 },
        }}
      >
        <colgroup>
          {COLUMN_WIDTHS.map((width, index) => (
            <col key={index} style={width ? { width } : undefined} />
          ))}
        </colgroup>
        <TableHead>
          <TableRow>
            <TableCell>{t('supportSearch.columns.bid')}</TableCell>
            <TableCell>{t('supportSearch.columns.state')}</TableCell>
            <TableCell>{t('supportSearch.columns.customer')}</TableCell>
            <TableCell>{t('supportSearch.columns.period')}</TableCell>
            <TableCell>{t('supportSearch.columns.pool')}</TableCell>
            <TableCell>{t('supportSearch.columns.vehicle')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('supportSearch.goToBooking')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((booking) => (
            <TableRow key={booking.bid} hover data-testid="booking-row">
              <TableCell>
                <TextLink
                  to="/booking/$bid"
                  params={{ bid: booking.bid }}
                  sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}
                  {...navItemProps}
                >
                  {booking.bid}
                </TextLink>
                <HitPinnedNote subjectType="BOOKING" subjectId={booking.bid} />
              </TableCell>
              <TableCell>
                <DisplayStateChip state={booking.displayState} />
                {booking.state === 'ACTIVE' && Date.parse(booking.endTime) < Date.now() && (
                  <Chip size="small" color="error" variant="outlined" label={t('supportSearch.overdue')} sx={{ ml: 0.5 }} />
                )}
              </TableCell>
              <TableCell>
                {booking.user ? (
                  <AppHrefLink href={userPath(booking.user.username)}>{booking.user.fullNameLastFirst}</AppHrefLink>
                ) : (
                  <Typography variant="body2" color="text.secondary" component="span">
                    {t('supportSearch.noCustomer')}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {format.dateTime(booking.startTime)} – {format.dateTime(booking.endTime)}
              </TableCell>
              <TableCell title={`${booking.fromLocation.pool}, ${booking.fromLocation.city}`}>
                {booking.fromLocation.pool}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.75 }}>
                  {booking.fromLocation.city}
                </Typography>
              </TableCell>
              <TableCell>
                {booking.vehicle ? (
                  <Tooltip title={booking.vehicle.longPresentation} describeChild>
                    <AppHrefLink href={vehiclePath(booking.vehicle.vin)}>{booking.vehicle.registrationNumber}</AppHrefLink>
                  </Tooltip>
                ) : (
                  <Typography variant="body2" color="text.secondary" component="span">
                    {t(`supportSearch.notAllocated`)}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ py: 0.25 }}>
                <Tooltip title={t('supportSearch.goToBooking')} describeChild>
                  <IconButtonLink
                    to="/booking/$bid"
                    params={{ bid: booking.bid }}
                    size="small"
                    color="primary"
                    aria-label={t('supportSearch.goToBookingId', { bid: booking.bid })}
                  >
                    <ArrowForwardIcon fontSize="small" />
                  </IconButtonLink>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Booking, state, customer, start – end, pool, vehicle, 'go to booking' (blank: shares what is left). */
const COLUMN_WIDTHS = [122, 172, undefined, 252, undefined, 106, 50] as const;
