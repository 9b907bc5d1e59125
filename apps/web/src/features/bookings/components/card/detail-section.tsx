import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Shown for a value the booking does not have. */
export const NO_VALUE = '—';

interface DetailSectionProps {
  title: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** One titled block of the details grid. */
export function DetailSection({ title, icon, action, children, testId }: DetailSectionProps) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} data-testid={testId} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.25, minHeight: 28 }}>
        {icon && (
          <Box aria-hidden sx={{ display: 'flex', color: 'primary.main', '& svg': { fontSize: 18 } }}>
            {icon}
          </Box>
        )}
        <Typography id={headingId} variant="subtitle2" component="h2" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** Label and value pairs in two columns. */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(110px, 40%) minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.75,
        alignItems: 'baseline',
      }}
    >
      {children}
    </Box>
  );
}

export function DetailRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children ?? NO_VALUE}
      </Typography>
    </>
  );
}
