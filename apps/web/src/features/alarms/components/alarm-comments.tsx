import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ALARM_COMMENT_MAX, type Alarm } from '@fleetdesk/contract';
import { useFormat } from '@/lib/format/use-format';
import { useAddAlarmComment, useAlarmComments } from '../api/alarms-api';

/** "Comments" on an alarm's row: opens the comments dialog. */
export function AlarmCommentsButton({ alarm, target }: { alarm: Alarm; target: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        aria-label={t('alarms.comments.openAria', { name: t(`alarms.names.${alarm.name}`), target })}
      >
        {t('alarms.comments.open')}
      </Button>
      {open && <AlarmCommentsDialog alarm={alarm} target={target} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * An alarm's comments (issue 19 point 4: alarms gain an assignee and comments), oldest first with author and time, and
 * a field to add one. The server stores the author and the time; a comment cannot be changed or deleted.
 */
function AlarmCommentsDialog({ alarm, target, onClose }: { alarm: Alarm; target: string; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const [text, setText] = useState('');
  const comments = useAlarmComments(alarm.alarmId);
  const add = useAddAlarmComment(alarm.alarmId);
  const submit = () => {
    if (!text.trim()) return;
    add.mutate(text, { onSuccess: () => setText('') });
  };
  const rows = comments.data?.results ?? [];

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('alarms.comments.title', { name: t(`alarms.names.${alarm.name}`), target })}</DialogTitle>
      <DialogContent>
        {comments.isPending ? (
          <Skeleton variant="rounded" height={48} />
        ) : comments.isError ? (
          <Alert severity="error" action={<Button onClick={() => void comments.refetch()}>{t('alarms.comments.retry')}</Button>}>
            {t('alarms.comments.loadFailed')}
          </Alert>
        ) : rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('alarms.comments.empty')}
          </Typography>
        ) : (
          <List dense aria-label={t('alarms.comments.list')} data-testid="alarm-comments">
            {rows.map((comment) => (
              <ListItem key={comment.id} disableGutters alignItems="flex-start">
                <ListItemText
                  primary={comment.text}
                  secondary={`${comment.author} · ${format.dateTime(comment.createdAt)}`}
                  slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
        <TextField
          label={t('alarms.comments.field')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
          }}
          multiline
          minRows={2}
          fullWidth
          autoFocus
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: ALARM_COMMENT_MAX } }}
          helperText={add.isError ? t('alarms.comments.addFailed') : t('alarms.comments.help', { count: text.length, max: ALARM_COMMENT_MAX })}
          error={add.isError}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('alarms.comments.close')}</Button>
        <Button variant="contained" onClick={submit} disabled={!text.trim() || add.isPending} loading={add.isPending}>
          {t('alarms.comments.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
