import { useEffect, useMemo, useRef } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { bookingQueryOptions } from '@/features/bookings';
import { isApiError } from '@/lib/api/api-error';
import { notifyInfo } from '@/lib/notifications/notify';
import { useStaffScope, useSupportMode } from '@/lib/support-mode/support-mode';
import { useSupportSearch } from '../api/search-api';
import { usePinnedUserFilter } from '@/lib/support-mode/pinned-user-filter';
import { usePinnedVehicles, type PinnedVehicles } from '../pinned-vehicles';
import { bookingIdOf, criteriaKey, effectiveCriteria, hasCriteria, normalizeCriteria, type SearchCriteria } from '../search-criteria';
import { BookingResults, BOOKING_GROUPS } from './booking-results';
import { SearchNotes } from '@/features/customer-notes';
import { SearchPinnedNotesContext } from './hit-pinned-note';
import { OtherFleetHints } from './other-fleet-hints';
import { countLabel } from './result-section';
import { ResultsSummary } from './results-summary';
import { SearchBar } from './search-bar';
import { NoResults, OpeningBooking, ResultsSkeleton, SearchError, SearchIntro } from './search-states';
import { UserResults } from './user-results';
import { VehicleResults } from './vehicle-results';
import { RefreshFailedNotice, showsLoadError } from '@/components/refresh-failed-notice';

/** /support: the combined search (§2). Everything searched for lives in the URL (search, mobilePhone, user). */
export function SupportSearchPage({ search }: { search: SearchCriteria }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { supportMode } = useSupportMode();
  const userFilter = usePinnedUserFilter();
  const inUrl = useMemo(
    () => normalizeCriteria({ search: search.search, mobilePhone: search.mobilePhone, user: search.user }),
    [search.search, search.mobilePhone, search.user],
  );
  // Support mode's pinned user-name filter (0036): a search without a user name gets the pinned one. The screen shows
  // and searches with it at once (no flash of the unfiltered search) while the address catches up below.
  const pinnedUser = supportMode ? userFilter.username : null;
  const criteria = useMemo(() => effectiveCriteria(inUrl, pinnedUser), [inUrl, pinnedUser]);
  const pinApplied = criteria !== inUrl;
  useEffect(() => {
    // Replacing the entry: the address says what is shown, and Back does not return to the unfiltered one.
    if (pinApplied) void navigate({ to: '/support', search: criteria, replace: true });
  }, [pinApplied, criteria, navigate]);

  const pins = usePinnedVehicles(useStaffScope());
  const bid = bookingIdOf(criteria.search);

  // Every search is a history entry, so Back returns to the previous one; no criteria is plain /support.
  const onSearch = (next: SearchCriteria) => {
    const normalized = normalizeCriteria(next);
    // Deleting the pinned user's chip, confirming it with another name or 'Clear all' unpins the filter. Unpinned
    // first, so that the address without the user name never meets a pin that would put it back.
    if (pinnedUser && criteria.user === pinnedUser && normalized.user !== pinnedUser) userFilter.unpin();
    void navigate({ to: '/support', search: normalized });
  };

  let body;
  if (!hasCriteria(criteria)) {
    body = pins.pinned.length > 0 ? <VehicleResults criteria={criteria} first={null} pins={pins} /> : <SearchIntro />;
  } else if (bid) {
    body = <BookingIdSearch key={criteriaKey(criteria)} bid={bid} criteria={criteria} pins={pins} />;
  } else {
    body = <SearchResults key={criteriaKey(criteria)} criteria={criteria} pins={pins} />;
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('menu.support')}
      </Typography>
      <SearchBar criteria={criteria} onSearch={onSearch} />
      {body}
    </Stack>
  );
}

/**
 * A phrase of the BID pattern (§4, §5) looks the booking up: found, the booking card opens in place of this search
 * (so Back skips it); unknown, an info notification says 'No such booking id' (§8) and the search runs as usual,
 * which may still show that the booking belongs to another operator.
 */
function BookingIdSearch({ bid, criteria, pins }: { bid: string; criteria: SearchCriteria; pins: PinnedVehicles }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const booking = useQuery({ ...bookingQueryOptions(bid), meta: { notifyErrors: false } });
  const notFound = isApiError(booking.error) && booking.error.status === 404;
  const foundBid = booking.data?.bid;

  useEffect(() => {
    if (foundBid) void navigate({ to: '/booking/$bid', params: { bid: foundBid }, replace: true });
  }, [foundBid, navigate]);

  const notifiedAt = useRef(0);
  useEffect(() => {
    if (!notFound || notifiedAt.current === booking.errorUpdatedAt) return;
    notifiedAt.current = booking.errorUpdatedAt;
    notifyInfo(t('messages.noSuchBookingId'));
  }, [notFound, booking.errorUpdatedAt, t]);

  if (notFound) {
    return (
      <SearchResults
        criteria={criteria}
        pins={pins}
        empty={{ title: t('messages.noSuchBookingId'), body: t('supportSearch.noSuchBookingBody', { bid }) }}
      />
    );
  }
  if (booking.isError) return <SearchError error={booking.error} onRetry={() => void booking.refetch()} />;
  return <OpeningBooking bid={bid} />;
}

interface SearchResultsProps {
  criteria: SearchCriteria;
  pins: PinnedVehicles;
  /** What 'nothing found' says, when not the plain 'No results'. */
  empty?: { title: string; body: string };
}

function SearchResults({ criteria, pins, empty }: SearchResultsProps) {
  const { t } = useTranslation();
  const query = useSupportSearch(criteria, true);

  if (query.isPending) return <ResultsSkeleton />;
  if (showsLoadError(query) || query.data === undefined) return <SearchError error={query.error} onRetry={() => void query.refetch()} />;

  const { vehicles, bookings, users, otherFleets, notes, pinnedNotes } = query.data;
  const nothing =
    vehicles.results.length === 0 &&
    users.results.length === 0 &&
    notes.length === 0 &&
    BOOKING_GROUPS.every((group) => bookings[group].results.length === 0);
  const showVehicles = vehicles.results.length > 0 || pins.pinned.length > 0;
  const phrase = [criteria.search, criteria.mobilePhone, criteria.user].filter(Boolean).join(' · ');

  return (
    <SearchPinnedNotesContext value={pinnedNotes}>
      <Stack spacing={2} data-testid="search-results">
        {query.isFetching && <LinearProgress aria-label={t('supportSearch.searching')} sx={{ height: 2 }} />}
        <RefreshFailedNotice query={query} />
        <OtherFleetHints hints={otherFleets} />
        {nothing ? (
          <>
            <NoResults title={empty?.title ?? t('messages.noResults')} body={empty?.body ?? t('supportSearch.noResultsBody', { phrase })} />
            {pins.pinned.length > 0 && <VehicleResults criteria={criteria} first={null} pins={pins} />}
          </>
        ) : (
          <>
            <ResultsSummary
              vehicles={showVehicles ? countLabel(vehicles.results.length, vehicles.moreResults) : null}
              bookings={countLabel(
                BOOKING_GROUPS.reduce((sum, group) => sum + bookings[group].results.length, 0),
                BOOKING_GROUPS.some((group) => bookings[group].moreResults),
              )}
              users={countLabel(users.results.length, users.moreResults)}
            />
            {showVehicles && <VehicleResults criteria={criteria} first={vehicles} pins={pins} />}
            <BookingResults criteria={criteria} first={bookings} />
            <UserResults criteria={criteria} first={users} />
            {notes.length > 0 && <SearchNotes notes={notes} />}
          </>
        )}
      </Stack>
    </SearchPinnedNotesContext>
  );
}
