import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Shown for a value the vehicle does not have. */
export const NO_VALUE = '—';

interface VehicleSectionProps {
  title: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** Spans the whole width of the card's grid. */
  wide?: boolean;
}

/** One titled block of the expanded card. */
export function VehicleSection({ title, icon, action, children, testId, wide }: VehicleSectionProps) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{ p: 1.5, minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, minHeight: 28 }}>
        {icon && (
          <Box aria-hidden sx={{ display: 'flex', color: 'primary.main', '& svg': { fontSize: 18 } }}>
            {icon}
          </Box>
        )}
        <Typography id={headingId} variant="subtitle2" component="h3" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** Label and value pairs in two columns. */
export function FieldList({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(96px, 38%) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.5, alignItems: 'baseline' }}
    >
      {children}
    </Box>
  );
}

export function FieldRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children ?? NO_VALUE}
      </Typography>
    </>
  );
}
