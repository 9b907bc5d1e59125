import PushPinIcon from '@mui/icons-material/PushPin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePinnedNotes, type NoteSubject } from '../api/notes-api';
import { CUSTOMER_NOTES_NS } from '../strings';

/** The subject's pinned notes, as a banner at the top of its header or card (nothing when there are none). */
export function PinnedNotesBanner({ subjectType, subjectId }: NoteSubject) {
  const { t } = useTranslation(CUSTOMER_NOTES_NS);
  const pinned = usePinnedNotes({ subjectType, subjectId });
  if (!pinned.data?.length) return null;
  return (
    <Alert
      severity="warning"
      icon={<PushPinIcon fontSize="inherit" />}
      role="region"
      aria-label={t('banner.label')}
      data-testid="pinned-notes-banner"
      data-subject={`${subjectType}:${subjectId}`}
      sx={{ '& .MuiAlert-message': { minWidth: 0, flexGrow: 1 } }}
    >
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
        {pinned.data.map((note) => (
          <li key={note.id}>
            <Typography variant="body2" component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.text}
            </Typography>{' '}
            <Typography variant="caption" component="span" color="text.secondary">
              {t('banner.by', { author: note.createdBy })}
            </Typography>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
