import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** The card's shape while the booking loads. */
export function BookingCardSkeleton() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" role="status" aria-busy="true" aria-label={t('bookingCard.loading')} sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Skeleton variant="text" width={200} height={36} />
        <Skeleton variant="rounded" width={80} height={28} />
        <Box sx={{ flexGrow: 1 }} />
        <Skeleton variant="rounded" width={110} height={34} />
      </Stack>
      <Skeleton variant="text" width="40%" />
      <Stack direction="row" spacing={3} sx={{ my: 2 }}>
        {[0, 1, 2].map((tab) => (
          <Skeleton key={tab} variant="text" width={110} height={32} />
        ))}
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {[0, 1, 2, 3].map((block) => (
          <Skeleton key={block} variant="rounded" height={140} />
        ))}
      </Box>
    </Paper>
  );
}
