import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { POOL_TIMELINE_COLOURS, POOL_TIMELINE_KINDS } from '../pool-timeline-model';

/** §2 legend: the §4 timeline colours. */
export function PoolLegend() {
  const { t } = useTranslation();
  return (
    <Stack
      component="ul"
      direction="row"
      aria-label={t('pools.legend.label')}
      useFlexGap
      spacing={2}
      sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}
    >
      {POOL_TIMELINE_KINDS.map((kind) => (
        <Box component="li" key={kind} data-kind={kind} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box
            aria-hidden
            sx={{
              width: 28,
              height: 14,
              borderRadius: '3px',
              bgcolor: POOL_TIMELINE_COLOURS[kind].background,
              border: 1,
              borderStyle: kind === 'cancelled' ? 'dashed' : 'solid',
              borderColor: POOL_TIMELINE_COLOURS[kind].border,
            }}
          />
          <Typography variant="body2">{t(`pools.kind.${kind}`)}</Typography>
        </Box>
      ))}
    </Stack>
  );
}
