import type { ReactNode } from 'react';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/api-error';

function Centred({ icon, title, children, testId }: { icon: ReactNode; title: string; children?: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" role="status" data-testid={testId} sx={{ px: 3, py: 4, textAlign: 'center' }}>
      <Stack spacing={1} sx={{ alignItems: 'center' }}>
        <Box
          aria-hidden
          sx={{
            width: 48,
            height: 48,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
            color: 'primary.main',
          }}
        >
          {icon}
        </Box>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {children && (
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 520 }}>
            {children}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

/** Plain /support: what can be searched for. */
export function SearchIntro() {
  const { t } = useTranslation();
  return (
    <Centred icon={<ManageSearchIcon />} title={t('supportSearch.intro.title')} testId="search-intro">
      {t('supportSearch.intro.body')}
    </Centred>
  );
}

/** Nothing at all matched (§2 'no results'), or the booking id does not exist. */
export function NoResults({ title, body }: { title: string; body: string }) {
  return (
    <Centred icon={<SearchOffIcon />} title={title} testId="no-results">
      {body}
    </Centred>
  );
}

/** The shape of the results while the search runs. */
export function ResultsSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} role="status" aria-busy="true" aria-label={t('supportSearch.searching')} data-testid="search-loading">
      {[2, 3, 2].map((rows, section) => (
        <Paper key={section} variant="outlined" sx={{ p: 2 }}>
          <Skeleton variant="text" width={160} height={28} />
          {Array.from({ length: rows }, (_, row) => (
            <Skeleton key={row} variant="rounded" height={section === 0 ? 56 : 28} sx={{ mt: 1 }} />
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

/** The search could not be run: what the server said, and a retry. */
export function SearchError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      variant="outlined"
      data-testid="search-error"
      sx={{ bgcolor: 'background.paper' }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      <AlertTitle>{t('supportSearch.failed')}</AlertTitle>
      {isApiError(error) ? error.envelope.message : t('messages.genericError')}
    </Alert>
  );
}

/** A booking-id search while the booking is looked up. */
export function OpeningBooking({ bid }: { bid: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" role="status" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <CircularProgress size={18} aria-hidden />
        <Typography variant="body2">{t('supportSearch.openingBooking', { bid })}</Typography>
      </Stack>
    </Paper>
  );
}
