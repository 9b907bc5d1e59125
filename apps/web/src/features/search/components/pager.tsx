import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface PagerProps {
  /** What is paged, for the buttons' names ('Active bookings', 'Users'). */
  label: string;
  index: number;
  pageSize: number;
  shown: number;
  hasPrevious: boolean;
  hasNext: boolean;
  loading: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** "6–10" with previous/next buttons: keyset paging has no total, so no page count. */
export function Pager({ label, index, pageSize, shown, hasPrevious, hasNext, loading, onPrevious, onNext }: PagerProps) {
  const { t } = useTranslation();
  if (!hasPrevious && !hasNext) return null;
  const from = index * pageSize + 1;
  const to = index * pageSize + shown;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} role="group" aria-label={t('supportSearch.paging', { list: label })}>
      {loading && <CircularProgress size={14} aria-label={t('common.loading')} sx={{ mr: 0.5 }} />}
      <Typography variant="caption" color="text.secondary" sx={{ minWidth: 44, textAlign: 'right' }}>
        {shown > 0 ? t('supportSearch.range', { from, to }) : ''}
      </Typography>
      <IconButton size="small" aria-label={t('supportSearch.previousPage', { list: label })} disabled={!hasPrevious || loading} onClick={onPrevious}>
        <ChevronLeftIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={t('supportSearch.nextPage', { list: label })} disabled={!hasNext || loading} onClick={onNext}>
        <ChevronRightIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
