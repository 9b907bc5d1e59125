import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface AuthCardProps {
  title: ReactNode;
  children: ReactNode;
}

/** The narrow card of the login, forgot-password and reset-password pages. */
export function AuthCard({ title, children }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 2, sm: 8 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
        <Stack spacing={0.5} sx={{ mb: 3 }}>
          <Typography variant="overline" color="primary" sx={{ lineHeight: 1.4 }}>
            {t('auth.loginSubtitle')}
          </Typography>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
        </Stack>
        {children}
      </Paper>
    </Box>
  );
}
