import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/** The pending state of a route or a screen: a thin bar at the top and a spinner in the middle. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" sx={{ position: 'relative', minHeight: 240 }}>
      <LinearProgress aria-label={t('common.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}>
        <CircularProgress size={28} aria-hidden />
      </Box>
    </Box>
  );
}
