import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface StatusPageProps {
  icon: ReactNode;
  /** Small caption above the title (e.g. "Coming soon"). */
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}

/** A calm, centred message page: coming-soon screens, not found, route errors. */
export function StatusPage({ icon, eyebrow, title, children, actions }: StatusPageProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 2, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 560, width: '100%', textAlign: 'center' }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              width: 64,
              height: 64,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
              color: 'primary.main',
              '& svg': { fontSize: 32 },
            }}
          >
            {icon}
          </Box>
          {eyebrow && (
            <Typography variant="overline" color="primary" sx={{ lineHeight: 1.2 }}>
              {eyebrow}
            </Typography>
          )}
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {children && (
            <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
              {children}
            </Typography>
          )}
          {actions && (
            <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
              {actions}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
