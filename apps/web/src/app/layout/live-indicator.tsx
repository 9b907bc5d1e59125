import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLiveState } from '@/lib/live/live-state';

/**
 * The top bar's "live / reconnecting" mark (issue 20 point 1; docs/decisions/0070-live-stream.md): whether the screens
 * are kept fresh by the server's stream, or poll at the spec's intervals while it reconnects. A status region, so a
 * screen reader hears the change; on a narrow screen only the dot shows, with the text as its label.
 */
export function LiveIndicator({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const state = useLiveState();
  if (state === 'off' || state === 'connecting') return null;
  const live = state === 'live';
  const text = live ? t('topBar.live') : t('topBar.reconnecting');
  return (
    <Box
      role="status"
      data-testid="live-indicator"
      data-state={state}
      title={live ? t('topBar.liveHint') : t('topBar.reconnectingHint')}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, px: 0.5 }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: live ? 'success.light' : 'warning.light', flexShrink: 0 }}
      />
      <Typography
        variant="caption"
        component="span"
        sx={
          compact
            ? { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }
            : { whiteSpace: 'nowrap' }
        }
      >
        {text}
      </Typography>
    </Box>
  );
}
