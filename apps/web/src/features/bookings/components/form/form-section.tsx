import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface FormSectionProps {
  id: string;
  title: string;
  /** Shown at the right of the heading (a status, a hint). */
  aside?: ReactNode;
  children: ReactNode;
}

/** One titled block of the booking form. */
export function FormSection({ id, title, aside, children }: FormSectionProps) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ px: 2, pt: 1, pb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 32, mb: 1 }}>
        <Typography id={id} variant="overline" component="h2" color="text.secondary">
          {title}
        </Typography>
        {aside}
      </Stack>
      {children}
    </Paper>
  );
}
