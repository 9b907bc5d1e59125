import { useId, useMemo, useState, type ReactNode } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Booking } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { LastChange, LogContactButton, NotesPanel, PinnedNotesBanner } from '@/features/customer-notes';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { useSupportMode } from '@/lib/support-mode/support-mode';
import { StatusPage } from '@/components/status-page';
import { bookingCardQueryOptions } from '../../api/booking-card-api';
import { AdjustValuesForm } from './adjust-values-form';
import { AppHrefLink } from '@/components/app-href-link';
import { BookingActionsMenu } from './booking-actions-menu';
import { BookingCardContext, type BookingCardContextValue } from './booking-card-context';
import type { BookingCardSearch } from './booking-card-search';
import { BookingCardSkeleton } from './booking-card-skeleton';
import { BookingEditRegion } from './booking-edit-region';
import { displayStateOf } from './booking-menu-rules';
import { BookingNotFound } from './booking-not-found';
import { BookingStateChip } from './booking-state-chip';
import { ChargingPinPanel } from './charging-pin-panel';
import { BillingDialog } from './payment/billing-dialog';
import { billingPrefillFromSearch } from './payment/billing-rules';
import { userPath } from './paths';

export type BookingCardTab = 'details' | 'payment' | 'events';

const TAB_ROUTES = {
  details: '/booking/$bid',
  payment: '/booking/$bid/payment',
  events: '/booking/$bid/events',
} as const;

interface BookingCardPageProps {
  bid: string;
  search: BookingCardSearch;
  /** The tab chosen by the URL suffix (none, /payment, /events). */
  tab: BookingCardTab;
  /** The selected tab's panel (the child route). */
  children: ReactNode;
}

/** /booking/{bid}: the booking card, its 404 page, or its loading and error states. */
export function BookingCardPage({ bid, search, tab, children }: BookingCardPageProps) {
  const { t } = useTranslation();
  const booking = useQuery(bookingCardQueryOptions(bid));

  if (booking.isPending) return <BookingCardSkeleton />;
  if (booking.isError && !booking.data) {
    if (isApiError(booking.error) && booking.error.status === 404) return <BookingNotFound bid={bid.toUpperCase()} />;
    return (
      <StatusPage
        icon={<ErrorOutlineIcon />}
        title={t('bookingCard.loadFailed.title')}
        actions={
          <Button variant="contained" onClick={() => void booking.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {isApiError(booking.error) ? booking.error.envelope.message : t('messages.genericError')}
      </StatusPage>
    );
  }
  return (
    <BookingCard key={booking.data.bid} booking={booking.data} search={search} tab={tab} refreshing={booking.isFetching}>
      {children}
    </BookingCard>
  );
}

interface BookingCardProps {
  booking: Booking;
  search: BookingCardSearch;
  tab: BookingCardTab;
  refreshing: boolean;
  children: ReactNode;
}

function BookingCard({ booking, search, tab, refreshing, children }: BookingCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const bodyId = useId();
  const { supportMode } = useSupportMode();
  // Support mode (§2, §6; decision 0036): the card is collapsible and has its actions menu. Outside it the card is
  // always expanded; a card collapsed when the mode goes off opens, and stays open when the mode comes back on.
  const [expanded, setExpanded] = useState(true);
  if (!supportMode && !expanded) setExpanded(true);
  const [pinOpen, setPinOpen] = useState(false);
  const bid = booking.bid;
  const editable = booking.abilities.edit.allowed;
  const adjustMode = search.adjustValues === 1 && booking.abilities.adjustValues.allowed;
  const editMode = search.edit === 1 && editable && !adjustMode;
  const showEdit = editable && !editMode;
  const selectedTab: BookingCardTab = adjustMode || editMode ? 'details' : tab;
  const context = useMemo<BookingCardContextValue>(() => ({ booking, search }), [booking, search]);

  // From the card's own (validated) search, so the parameters of the tab being left are kept as they are.
  const setSearch = (change: Partial<BookingCardSearch>, target: BookingCardTab = 'details') =>
    void navigate({ to: TAB_ROUTES[target], params: { bid }, search: { ...search, ...change } });
  const openTab = (target: BookingCardTab) => setSearch({ edit: undefined }, target);
  const addFeePrefill = useMemo(() => (search.addFee === 1 ? billingPrefillFromSearch(search) : null), [search]);
  const closeAddFee = () => setSearch({ addFee: undefined, comment: undefined, amount: undefined, type: undefined, vatIncluded: undefined }, tab);

  const modeNotice =
    search.edit === 1 && !editable
      ? { text: t('bookingCard.edit.notEditable'), clear: { edit: undefined } }
      : search.adjustValues === 1 && !adjustMode
        ? { text: t('bookingCard.adjustValues.onlyFinished'), clear: { adjustValues: undefined } }
        : null;

  let panel: ReactNode = children;
  if (adjustMode) panel = <AdjustValuesForm booking={booking} onDone={() => setSearch({ adjustValues: undefined })} />;
  else if (editMode) panel = <BookingEditRegion booking={booking} onDone={() => setSearch({ edit: undefined })} />;

  return (
    <BookingCardContext.Provider value={context}>
      <Stack spacing={2}>
        {search.user && (
          <AppHrefLink
            href={userPath(search.user)}
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
          >
            <ArrowBackIcon sx={{ fontSize: 16 }} aria-hidden />
            {t('bookingCard.backToUser', { user: search.user })}
          </AppHrefLink>
        )}
        <Paper variant="outlined" component="article" aria-labelledby={`${bodyId}-title`} sx={{ position: 'relative', overflow: 'hidden' }}>
          {refreshing && !pinOpen && (
            <LinearProgress aria-label={t('common.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} />
          )}
          <Box sx={{ px: { xs: 2, md: 3 }, pt: 2, pb: expanded ? 0 : 2 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexGrow: 1, minWidth: 0, flexWrap: 'wrap', rowGap: 1 }}>
                <Typography id={`${bodyId}-title`} variant="h5" component="h1" sx={{ fontWeight: 600, letterSpacing: '0.01em' }}>
                  {bid}
                </Typography>
                <BookingStateChip state={displayStateOf(booking)} />
                {booking.state === 'ACTIVE' && Date.parse(booking.bookedInterval.end) < Date.now() && (
                  <Chip size="small" color="error" variant="outlined" label={t('bookingCard.overdue')} data-testid="booking-overdue" />
                )}
              </Stack>
              {(supportMode || showEdit) && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
                  {showEdit && (
                    <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setSearch({ edit: 1, adjustValues: undefined })}>
                      {t('bookingCard.actions.edit')}
                    </Button>
                  )}
                  {supportMode && (
                    <>
                      <BookingActionsMenu
                        booking={booking}
                        onEdit={() => setSearch({ edit: 1, adjustValues: undefined })}
                        onAdjustValues={() => setSearch({ adjustValues: 1, edit: undefined })}
                        onRequestPin={() => setPinOpen(true)}
                      />
                      <Tooltip title={expanded ? t('bookingCard.collapse') : t('bookingCard.expand')}>
                        <IconButton
                          aria-label={expanded ? t('bookingCard.collapse') : t('bookingCard.expand')}
                          aria-expanded={expanded}
                          aria-controls={bodyId}
                          onClick={() => setExpanded((open) => !open)}
                        >
                          {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                        </IconButton>
                      </Tooltip>
                    </>
                  )}
                </Stack>
              )}
            </Stack>
            <Stack
              direction="row"
              divider={<Divider orientation="vertical" flexItem />}
              spacing={1.5}
              sx={{ mt: 0.75, flexWrap: 'wrap', rowGap: 0.5, color: 'text.secondary' }}
              data-testid="booking-summary"
            >
              {booking.user ? (
                <AppHrefLink href={userPath(booking.user.username)} variant="body2">
                  {booking.user.fullNameLastFirst}
                </AppHrefLink>
              ) : (
                <Typography variant="body2">{t('bookingCard.details.noUser')}</Typography>
              )}
              <Typography variant="body2">{booking.contract.name}</Typography>
              <Typography variant="body2">
                {format.dateTime(booking.bookedInterval.start)} – {format.dateTime(booking.bookedInterval.end)}
              </Typography>
              <Typography variant="body2">
                {booking.fromLocation.pool}
                {booking.toLocation.poolId !== booking.fromLocation.poolId && ` → ${booking.toLocation.pool}`}
              </Typography>
              {booking.vehicleAllocation.vehicle && <Typography variant="body2">{booking.vehicleAllocation.vehicle.registrationNumber}</Typography>}
              {booking.user && (
                <Box>
                  <LogContactButton username={booking.user.username} name={booking.user.fullNameLastFirst} bid={bid} />
                </Box>
              )}
            </Stack>
            {booking.user && (
              <Box sx={{ mt: 1, '&:empty': { display: 'none' } }}>
                <LastChange username={booking.user.username} bid={bid} />
              </Box>
            )}
            <Box sx={{ mt: 1.5, '&:empty': { display: 'none' } }}>
              <PinnedNotesBanner subjectType="BOOKING" subjectId={bid} />
            </Box>
          </Box>
          {pinOpen && booking.allocateOnActivation && (
            <Box sx={{ px: { xs: 2, md: 3 }, pt: 2, pb: expanded ? 0 : 2 }}>
              <ChargingPinPanel booking={booking} onClose={() => setPinOpen(false)} />
            </Box>
          )}
          <Collapse in={expanded} id={bodyId}>
            <Tabs
              value={selectedTab}
              onChange={(_, value: BookingCardTab) => openTab(value)}
              aria-label={t('bookingCard.tabs.label')}
              sx={{ px: { xs: 1, md: 2 }, mt: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab value="details" label={t('bookingCard.tabs.details')} id={`${bodyId}-tab-details`} aria-controls={`${bodyId}-panel`} />
              <Tab
                value="payment"
                label={t('bookingCard.tabs.payment')}
                disabled={adjustMode}
                id={`${bodyId}-tab-payment`}
                aria-controls={`${bodyId}-panel`}
              />
              <Tab
                value="events"
                label={t('bookingCard.tabs.events')}
                disabled={adjustMode}
                id={`${bodyId}-tab-events`}
                aria-controls={`${bodyId}-panel`}
              />
            </Tabs>
            <Box
              role="tabpanel"
              id={`${bodyId}-panel`}
              aria-labelledby={`${bodyId}-tab-${selectedTab}`}
              sx={{ p: { xs: 2, md: 3 }, bgcolor: 'background.default' }}
            >
              {modeNotice && (
                <Alert
                  severity="info"
                  sx={{ mb: 2 }}
                  action={
                    <Button color="inherit" size="small" onClick={() => setSearch(modeNotice.clear, tab)}>
                      {t('bookingCard.dialogs.close')}
                    </Button>
                  }
                >
                  {modeNotice.text}
                </Alert>
              )}
              {panel}
            </Box>
          </Collapse>
        </Paper>
        <NotesPanel subjectType="BOOKING" subjectId={bid} />
      </Stack>
      {addFeePrefill && <BillingDialog booking={booking} prefill={addFeePrefill} onClose={closeAddFee} />}
    </BookingCardContext.Provider>
  );
}
