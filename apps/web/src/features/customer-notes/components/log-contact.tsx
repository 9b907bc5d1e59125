import { useId, useState } from 'react';
import AddIcCallOutlinedIcon from '@mui/icons-material/AddIcCallOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  NOTE_TEXT_MAX,
  ZContactChannel,
  ZContactReason,
  ZContactStatus,
  type ContactChannel,
  type ContactReason,
  type ContactStatus,
} from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { notifyError, notifySuccess } from '@/lib/notifications/notify';
import { useSession } from '@/lib/session/session';
import { useContactAssignees, useContactBookings, useLogContact } from '../api/notes-api';
import { CUSTOMER_NOTES_NS } from '../strings';

export interface LogContactButtonProps {
  username: string;
  /** The customer's name, for the dialog's title. */
  name: string;
  /** A booking to preselect (the booking card). */
  bid?: string;
}

/** "Log contact" on the customer header: opens the dialog. */
export function LogContactButton(props: LogContactButtonProps) {
  const { t } = useTranslation(CUSTOMER_NOTES_NS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" size="small" startIcon={<AddIcCallOutlinedIcon />} onClick={() => setOpen(true)}>
        {t('contact.open')}
      </Button>
      {open && <LogContactDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Logs a contact with the customer (issue 18 point 3): channel, reason from the catalogue, an optional booking, a note,
 * status and assignee. Native selects, so that each field is chosen by typing its first letters; Ctrl+Enter in the
 * note saves.
 */
export function LogContactDialog({ username, name, bid, onClose }: LogContactButtonProps & { onClose: () => void }) {
  const { t } = useTranslation(CUSTOMER_NOTES_NS);
  const { t: tc } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const session = useSession();
  const me = session?.user.username ?? '';
  const assignees = useContactAssignees();
  const bookings = useContactBookings(username);
  const log = useLogContact(username);
  const [channel, setChannel] = useState<ContactChannel>('PHONE');
  const [reason, setReason] = useState<ContactReason>('OTHER');
  const [booking, setBooking] = useState(bid ?? '');
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<ContactStatus>('OPEN');
  const [assignee, setAssignee] = useState<string | null>(null);
  const chosenAssignee = assignee ?? (assignees.data?.some((a) => a.username === me) ? me : '');
  const noteError = note.trim().length > NOTE_TEXT_MAX ? tc('messages.maxCharacters', { max: NOTE_TEXT_MAX, len: note.trim().length }) : null;

  const save = () => {
    if (noteError) return;
    log.mutate(
      { channel, reason, bid: booking || null, note: note.trim() || null, status, assignee: chosenAssignee || null },
      {
        onSuccess: () => {
          notifySuccess(t('contact.logged'));
          onClose();
        },
        onError: notifyError,
      },
    );
  };
  const select = { select: true, fullWidth: true, slotProps: { select: { native: true }, inputLabel: { shrink: true } } } as const;

  return (
    <Dialog open onClose={log.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('contact.title', { name })}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={`${titleId}-form`}
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...select}
              label={t('contact.channel')}
              value={channel}
              onChange={(e) => setChannel(e.target.value as ContactChannel)}
              autoFocus
            >
              {ZContactChannel.options.map((value) => (
                <option key={value} value={value}>
                  {t(`contact.channels.${value}`)}
                </option>
              ))}
            </TextField>
            <TextField {...select} label={t('contact.reason')} value={reason} onChange={(e) => setReason(e.target.value as ContactReason)}>
              {ZContactReason.options.map((value) => (
                <option key={value} value={value}>
                  {t(`contact.reasons.${value}`)}
                </option>
              ))}
            </TextField>
          </Stack>
          <TextField {...select} label={t('contact.booking')} value={booking} onChange={(e) => setBooking(e.target.value)}>
            <option value="">{t('contact.noBooking')}</option>
            {bid && !bookings.data?.some((b) => b.bid === bid) && <option value={bid}>{bid}</option>}
            {bookings.data?.map((b) => (
              <option key={b.bid} value={b.bid}>
                {[b.bid, b.vehicleAllocation.vehicle?.registrationNumber, format.dateTime(b.bookedInterval.start)].filter(Boolean).join(' · ')}
              </option>
            ))}
          </TextField>
          <TextField
            label={t('contact.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                save();
              }
            }}
            multiline
            minRows={3}
            fullWidth
            error={Boolean(noteError)}
            helperText={noteError ?? `${note.trim().length}/${NOTE_TEXT_MAX}`}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...select} label={t('contact.status')} value={status} onChange={(e) => setStatus(e.target.value as ContactStatus)}>
              {ZContactStatus.options.map((value) => (
                <option key={value} value={value}>
                  {t(`contact.statuses.${value}`)}
                </option>
              ))}
            </TextField>
            <TextField {...select} label={t('contact.assignee')} value={chosenAssignee} onChange={(e) => setAssignee(e.target.value)}>
              <option value="">{t('contact.nobody')}</option>
              {assignees.data?.map((a) => (
                <option key={a.username} value={a.username}>
                  {a.username === me ? t('contact.me', { name: a.name || a.username }) : `${a.name} (${a.username})`}
                </option>
              ))}
            </TextField>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={log.isPending}>
          {t('contact.cancel')}
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={log.isPending}>
          {t('contact.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
