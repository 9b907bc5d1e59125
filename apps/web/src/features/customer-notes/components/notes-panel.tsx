import { useId, useState } from 'react';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { NOTE_TEXT_MAX, type Note } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useFormat } from '@/lib/format/use-format';
import { notifyError, notifySuccess } from '@/lib/notifications/notify';
import { useCreateNote, useDeleteNote, useNotes, useUpdateNote, type NoteSubject } from '../api/notes-api';
import { CUSTOMER_NOTES_NS } from '../strings';

/** The text's problem for the form (blank, too long), or null; the server checks the same (NOTE_TEXT_MAX). */
function useTextError() {
  const { t } = useTranslation();
  return (text: string): string | null => {
    const trimmed = text.trim();
    if (!trimmed) return t('messages.required');
    if (trimmed.length > NOTE_TEXT_MAX) return t('messages.maxCharacters', { max: NOTE_TEXT_MAX, len: trimmed.length });
    return null;
  };
}

export interface NotesPanelProps extends NoteSubject {
  /** The heading level inside the page (h2 on a page, h3 inside a card). */
  headingComponent?: 'h2' | 'h3';
}

/**
 * Internal notes of a user, a booking or a vehicle (issue 18 point 2): the list (pinned first), a form to add one,
 * and per note edit, pin/unpin and delete (asked first). Staff only; each change is an event on the server.
 */
export function NotesPanel({ subjectType, subjectId, headingComponent = 'h2' }: NotesPanelProps) {
  const { t } = useTranslation(CUSTOMER_NOTES_NS);
  const textError = useTextError();
  const headingId = useId();
  const subject = { subjectType, subjectId };
  const notes = useNotes(subject);
  const create = useCreateNote();
  const [text, setText] = useState('');
  const [pinNew, setPinNew] = useState(false);
  const [touched, setTouched] = useState(false);
  const error = touched ? textError(text) : null;

  const add = () => {
    setTouched(true);
    if (textError(text)) return;
    create.mutate(
      { ...subject, text: text.trim(), pinned: pinNew },
      {
        onSuccess: () => {
          setText('');
          setPinNew(false);
          setTouched(false);
          notifySuccess(t('panel.added'));
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }} data-testid="notes-panel">
      <Typography id={headingId} variant="h6" component={headingComponent}>
        {t('panel.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('panel.hint')}
      </Typography>
      {notes.isPending ? (
        <Skeleton variant="rounded" height={48} />
      ) : notes.isError ? (
        <Typography color="error" role="alert">
          {t('panel.loadFailed')}
        </Typography>
      ) : notes.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('panel.empty')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('panel.title')}>
          {notes.data.map((note) => (
            <NoteItem key={note.id} note={note} />
          ))}
        </Stack>
      )}
      <Box
        component="form"
        noValidate
        sx={{ mt: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <TextField
          label={t('panel.addLabel')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Ctrl/Cmd+Enter adds the note from the keyboard; Enter alone is a new line.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              add();
            }
          }}
          multiline
          minRows={2}
          fullWidth
          error={Boolean(error)}
          helperText={error ?? t('panel.count', { len: text.trim().length, max: NOTE_TEXT_MAX })}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', justifyContent: 'flex-end' }}>
          <FormControlLabel control={<Checkbox checked={pinNew} onChange={(event) => setPinNew(event.target.checked)} />} label={t('panel.pinNew')} />
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('panel.add')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

function NoteItem({ note }: { note: Note }) {
  const { t } = useTranslation(CUSTOMER_NOTES_NS);
  const format = useFormat();
  const textError = useTextError();
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editError = editing !== null ? textError(editing) : null;

  const save = () => {
    if (editing === null || editError) return;
    update.mutate(
      { id: note.id, text: editing.trim() },
      {
        onSuccess: () => {
          setEditing(null);
          notifySuccess(t('panel.saved'));
        },
        onError: notifyError,
      },
    );
  };
  const togglePin = () =>
    update.mutate(
      { id: note.id, pinned: !note.pinned },
      { onSuccess: (saved) => notifySuccess(saved.pinned ? t('panel.pinnedDone') : t('panel.unpinnedDone')), onError: notifyError },
    );

  return (
    <Box
      component="li"
      data-testid="note"
      data-pinned={note.pinned}
      sx={{
        border: 1,
        borderColor: note.pinned ? 'warning.main' : 'divider',
        borderRadius: 1,
        p: 1.5,
        bgcolor: note.pinned ? 'warning.50' : undefined,
      }}
    >
      {editing !== null ? (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <TextField
            label={t('panel.editLabel')}
            value={editing}
            onChange={(event) => setEditing(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            autoFocus
            error={Boolean(editError)}
            helperText={editError ?? t('panel.count', { len: editing.trim().length, max: NOTE_TEXT_MAX })}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
            <Button onClick={() => setEditing(null)} disabled={update.isPending}>
              {t('panel.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={update.isPending}>
              {t('panel.save')}
            </Button>
          </Stack>
        </Box>
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.text}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
              {note.pinned && <Chip size="small" color="warning" icon={<PushPinIcon />} label={t('panel.pinnedChip')} />}
              <Typography variant="caption" color="text.secondary">
                {t('panel.by', { author: note.createdBy, time: format.dateTime(note.createdAt) })}
              </Typography>
              {note.updatedBy && note.updatedAt && (
                <Typography variant="caption" color="text.secondary">
                  {t('panel.edited', { author: note.updatedBy, time: format.dateTime(note.updatedAt) })}
                </Typography>
              )}
            </Stack>
          </Box>
          <Stack direction="row" spacing={0.25} sx={{ flexShrink: 0 }}>
            <Tooltip title={note.pinned ? t('panel.unpin') : t('panel.pin')}>
              <IconButton
                size="small"
                aria-label={note.pinned ? t('panel.unpin') : t('panel.pin')}
                aria-pressed={note.pinned}
                onClick={togglePin}
                disabled={update.isPending}
              >
                {note.pinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
              </IconButton>
            </Tooltip>
            <Tooltip title={t('panel.edit')}>
              <IconButton size="small" aria-label={t('panel.edit')} onClick={() => setEditing(note.text)}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('panel.delete')}>
              <IconButton size="small" aria-label={t('panel.delete')} onClick={() => setConfirmDelete(true)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        </Stack>
      )}
      {confirmDelete && (
        <ConfirmDialog
          destructive
          title={t('panel.confirmDeleteTitle')}
          message={t('panel.confirmDeleteMessage', { text: note.text.length > 80 ? `${note.text.slice(0, 79)}…` : note.text })}
          confirmLabel={t('panel.confirmDelete')}
          pending={remove.isPending}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(note.id, {
              onSuccess: () => {
                setConfirmDelete(false);
                notifySuccess(t('panel.deleted'));
              },
              onError: notifyError,
            })
          }
        />
      )}
    </Box>
  );
}
