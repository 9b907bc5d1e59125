import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface ResultSectionProps {
  icon: ReactNode;
  title: string;
  /** Shown beside the title, e.g. "10+". */
  count?: string;
  actions?: ReactNode;
  children: ReactNode;
  testId: string;
  /** The element id the jump links of the results summary scroll to. */
  anchorId?: string;
}

/** One kind of result (vehicles, bookings, users): a titled panel. */
export function ResultSection({ icon, title, count, actions, children, testId, anchorId }: ResultSectionProps) {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      id={anchorId}
      tabIndex={anchorId ? -1 : undefined}
      aria-labelledby={titleId}
      data-testid={testId}
      sx={{ overflow: 'hidden', scrollMarginTop: 64, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider', minHeight: 48 }}>
        <Box aria-hidden sx={{ display: 'flex', color: 'primary.main', '& svg': { fontSize: 20 } }}>
          {icon}
        </Box>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {count !== undefined && <Chip size="small" label={count} sx={{ height: 20, fontWeight: 500 }} />}
        <Box sx={{ flexGrow: 1 }} />
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}

/** A quiet one-line empty state inside a section ('No users found', 'No bookings found'). */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" variant="body2" sx={{ px: 2, py: 1.5 }} role="status">
      {children}
    </Typography>
  );
}

/** '3', or '10+' when more exist beyond those loaded. */
export const countLabel = (shown: number, more: boolean) => (more ? `${shown}+` : String(shown));

/** The element ids of the three result panels (the results summary links to them). */
export const SECTION_ANCHORS = { vehicles: 'search-vehicles', bookings: 'search-bookings', users: 'search-users' } as const;

/** Hides a text from the eye but not from assistive technology (a column header shown as an icon, say). */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
