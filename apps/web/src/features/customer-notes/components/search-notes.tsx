import { useId } from 'react';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SearchNote } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';
import { useFormat } from '@/lib/format/use-format';
import { CUSTOMER_NOTES_NS } from '../strings';

const subjectPath = (note: SearchNote) =>
  note.subjectType === 'USER'
    ? `/users/${encodeURIComponent(note.subjectId)}`
    : note.subjectType === 'BOOKING'
      ? `/booking/${encodeURIComponent(note.subjectId)}`
      : `/vehicles/${encodeURIComponent(note.subjectId)}`;

/** The support search's internal notes containing the phrase (issue 18 point 2), each with a link to its record. */
export function SearchNotes({ notes }: { notes: readonly SearchNote[] }) {
  const { t } = useTranslation(CUSTOMER_NOTES_NS);
  const format = useFormat();
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} data-testid="note-results" sx={{ overflow: 'hidden' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider', minHeight: 48 }}>
        <Box aria-hidden sx={{ display: 'flex', color: 'primary.main', '& svg': { fontSize: 20 } }}>
          <StickyNote2OutlinedIcon />
        </Box>
        <Typography id={titleId} variant="h6" component="h2">
          {t('searchNotes.title')}
        </Typography>
        <Chip size="small" label={notes.length} sx={{ height: 20, fontWeight: 500 }} />
      </Stack>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {notes.map((note) => (
          <Box component="li" key={note.id} data-testid="note-hit" sx={{ px: 2, py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary" component="span">
                {t(`searchNotes.subject.${note.subjectType}`)}
              </Typography>
              <AppHrefLink href={subjectPath(note)} variant="body2" sx={{ fontWeight: 500 }}>
                {note.subjectLabel}
              </AppHrefLink>
              {note.pinned && <Chip size="small" color="warning" variant="outlined" label={t('searchNotes.pinned')} sx={{ height: 20 }} />}
              <Typography variant="caption" color="text.secondary" component="span">
                {t('searchNotes.by', { author: note.createdBy, time: format.dateTime(note.createdAt) })}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
