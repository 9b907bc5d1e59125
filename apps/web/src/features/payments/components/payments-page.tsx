import { useMemo } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePayment, usePayments } from '../api/payments-api';
import { paymentsFilterOf, type PaymentsSearch } from '../payments-search';
import { PaymentDetail } from './payment-detail';
import { PaymentsFilters } from './payments-filters';
import { PaymentsTable } from './payments-table';
import { UserPayments } from './user-payments';

export interface PaymentsPageProps {
  search: PaymentsSearch;
  /** Writes the screen state to the URL (a new history entry unless `replace`). */
  onSearchChange: (next: PaymentsSearch, options?: { replace?: boolean }) => void;
}

/**
 * /payments: the operator's payments by status, type and date (§2, §4), newest first with 'load more'; a row opens
 * the payment's detail (lines and actions) in a side panel. `?user=` shows one user's payments instead.
 */
export function PaymentsPage({ search, onSearchChange }: PaymentsPageProps) {
  const { t } = useTranslation();
  if (search.user) {
    return (
      <Stack spacing={2}>
        <Box>
          <Button startIcon={<ArrowBackIcon />} size="small" onClick={() => onSearchChange({})} sx={{ mb: 1 }}>
            {t('payments.user.back')}
          </Button>
          <Typography variant="h5" component="h1">
            {t('payments.user.heading', { username: search.user })}
          </Typography>
        </Box>
        <UserPayments key={search.user} username={search.user} />
      </Stack>
    );
  }
  return <AllPayments search={search} onSearchChange={onSearchChange} />;
}

function AllPayments({ search, onSearchChange }: PaymentsPageProps) {
  const { t } = useTranslation();
  const filter = useMemo(() => paymentsFilterOf(search), [search]);
  const query = usePayments(filter);
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.results) ?? [], [query.data]);
  const open = (orderId: string | undefined) => onSearchChange({ ...search, order: orderId }, { replace: orderId === undefined });
  // A new filter closes the open payment.
  const onFilter = (next: PaymentsSearch) => onSearchChange({ ...next, order: undefined });

  const body = (
    <PaymentsTable
      rows={rows}
      selected={search.order ?? null}
      onOpen={open}
      loading={query.isPending}
      refreshing={query.isFetching && !query.isPending && !query.isFetchingNextPage}
      error={query.isError ? { message: t('payments.states.error'), onRetry: () => void query.refetch() } : null}
      toolbarStart={
        query.data && (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ px: 0.5 }}>
            {query.hasNextPage ? t('payments.screen.shownMore', { count: rows.length }) : t('payments.screen.shown', { count: rows.length })}
          </Typography>
        )
      }
      footer={
        (query.hasNextPage || query.isFetchNextPageError) && (
          <Stack spacing={1} sx={{ p: 1.5, alignItems: 'center', borderTop: 1, borderColor: 'divider' }}>
            {query.isFetchNextPageError && <Alert severity="error">{t('payments.states.error')}</Alert>}
            {query.hasNextPage && (
              <Button variant="outlined" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {t('payments.table.loadMore')}
              </Button>
            )}
          </Stack>
        )
      }
    />
  );

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h1">
          {t('payments.screen.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('payments.screen.subtitle')}
        </Typography>
      </Box>
      <PaymentsFilters search={search} onChange={onFilter} />
      {body}
      <PaymentDrawer orderId={search.order ?? null} onClose={() => open(undefined)} />
    </Stack>
  );
}

function PaymentDrawer({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const payment = usePayment(orderId);
  return (
    <Drawer
      anchor="right"
      open={orderId !== null}
      onClose={onClose}
      // Above the app bar (which sits over the side menu), as a modal panel should be.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 640, lg: 760 }, p: 2.5 },
          'aria-label': orderId ? t('payments.detail.title', { orderId }) : undefined,
        },
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: -5 }}>
        <IconButton aria-label={t('payments.detail.close')} onClick={onClose} sx={{ zIndex: 1 }}>
          <CloseIcon />
        </IconButton>
      </Box>
      {payment.isPending && orderId !== null && (
        <Stack spacing={1.5} role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton variant="text" width="50%" height={40} />
          <Skeleton variant="rounded" height={90} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      )}
      {payment.isError && (
        <Alert
          severity="error"
          sx={{ mt: 6 }}
          action={
            <Button color="inherit" size="small" onClick={() => void payment.refetch()}>
              {t('payments.states.retry')}
            </Button>
          }
        >
          {t('payments.detail.loadError')}
        </Alert>
      )}
      {payment.data && <PaymentDetail payment={payment.data} />}
    </Drawer>
  );
}
