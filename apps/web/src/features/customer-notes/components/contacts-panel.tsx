import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Contact, ContactResolution } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';
import { useEventText } from '@/lib/format/use-event-text';
import { useFormat } from '@/lib/format/use-format';
import { notifyError, notifySuccess } from '@/lib/notifications/notify';
import { useResolutionCandidates, useUpdateContact, useUserContacts } from '../api/notes-api';
import { CUSTOMER_NOTES_NS } from '../strings';

/** The customer's logged contacts, newest first, each with Resolve or Reopen. */
export function ContactsPanel({ username }: { username: string }) {
  const { t } = useTranslation(CUSTOMER_NOTES_NS);
  const headingId = useId();
  const contacts = useUserContacts(username);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }} data-testid="contacts-panel">
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('contact.listTitle')}
      </Typography>
      {contacts.isPending ? (
        <Skeleton variant="rounded" height={48} />
      ) : !contacts.data?.length ? (
        <Typography variant="body2" color="text.secondary">
          {t('contact.listEmpty')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('contact.listTitle')}>
          {contacts.data.map((contact) => (
            <ContactItem key={contact.id} contact={contact} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function ContactItem({ contact }: { contact: Contact }) {
  const { t } = useTranslation(CUSTOMER_NOTES_NS);
  const format = useFormat();
  const update = useUpdateContact();
  const [resolving, setResolving] = useState(false);
  const resolved = contact.status === 'RESOLVED';
  const reopen = () =>
    update.mutate({ id: contact.id, status: 'OPEN' }, { onSuccess: () => notifySuccess(t('contact.reopened')), onError: notifyError });
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      data-testid="contact"
      data-status={contact.status}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, alignItems: { sm: 'center' } }}
    >
      <Stack spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" color={resolved ? 'success' : 'warning'} label={t(`contact.statuses.${contact.status}`)} />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t(`contact.channels.${contact.channel}`)} · {t(`contact.reasons.${contact.reason}`)}
          </Typography>
          {contact.bid && (
            <AppHrefLink href={`/booking/${contact.bid}`} variant="body2">
              {contact.bid}
            </AppHrefLink>
          )}
        </Stack>
        {contact.note && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {contact.note}
          </Typography>
        )}
        {contact.resolvedWith && <ResolvedWith username={contact.username} action={contact.resolvedWith} />}
        <Typography variant="caption" color="text.secondary">
          {t('contact.loggedBy', { author: contact.createdBy, time: format.dateTime(contact.createdAt) })}
          {contact.assignee && ` · ${t('contact.assignedTo', { assignee: contact.assignee })}`}
        </Typography>
      </Stack>
      <Button
        size="small"
        variant={resolved ? 'text' : 'outlined'}
        onClick={resolved ? reopen : () => setResolving(true)}
        disabled={update.isPending}
        sx={{ flexShrink: 0 }}
      >
        {resolved ? t('contact.reopen') : t('contact.resolve')}
      </Button>
      {resolving && <ResolveContactDialog contact={contact} onClose={() => setResolving(false)} />}
    </Stack>
  );
}

/** The event log around an event: the customer's events of that minute. */
const eventLogHref = (username: string, occurred: string) => {
  const at = Date.parse(occurred);
  return `/event?user=${encodeURIComponent(username)}&startDate=${new Date(at - 60_000).toISOString()}&endDate=${new Date(at + 60_000).toISOString()}`;
};

/** "Resolved with: <the action's text>", linking to the event log around it. */
function ResolvedWith({ username, action }: { username: string; action: ContactResolution }) {
  const { t } = useTranslation(CUSTOMER_NOTES_NS);
  const format = useFormat();
  const text = useEventText();
  return (
    <Typography variant="body2" data-testid="contact-resolved-with" sx={{ overflowWrap: 'anywhere' }}>
      {t('contact.resolvedWith')}{' '}
      <AppHrefLink href={eventLogHref(username, action.occurred)} variant="body2">
        {text(action)}
      </AppHrefLink>{' '}
      <Typography component="span" variant="caption" color="text.secondary">
        ({format.dateTime(action.occurred)})
      </Typography>
    </Typography>
  );
}

/**
 * "Resolve": a confirmation naming the contact and the customer, with an optional "Resolved with" choice among the
 * customer's payment actions and remote commands of the last 7 days (the server decides whether the choice is one).
 */
function ResolveContactDialog({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { t } = useTranslation(CUSTOMER_NOTES_NS);
  const format = useFormat();
  const text = useEventText();
  const titleId = useId();
  const update = useUpdateContact();
  const candidates = useResolutionCandidates(contact.username);
  const [eventId, setEventId] = useState('');
  const confirm = () =>
    update.mutate(
      { id: contact.id, status: 'RESOLVED', ...(eventId ? { resolvedByEventId: eventId } : {}) },
      {
        onSuccess: () => {
          notifySuccess(t('contact.resolved'));
          onClose();
        },
        onError: notifyError,
      },
    );
  return (
    <Dialog open onClose={update.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('contact.resolveTitle')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={`${titleId}-form`}
          noValidate
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <DialogContentText>
            {t('contact.resolveConfirm', {
              channel: t(`contact.channels.${contact.channel}`),
              reason: t(`contact.reasons.${contact.reason}`),
              name: contact.customerName || contact.username,
              time: format.dateTime(contact.createdAt),
            })}
          </DialogContentText>
          <TextField
            select
            fullWidth
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            label={t('contact.resolvedWithLabel')}
            value={eventId}
            onChange={(e) => setEventId(e.target.value)}
            helperText={
              candidates.isPending ? t('contact.resolvedWithLoading') : !candidates.data?.length ? t('contact.resolvedWithNone') : undefined
            }
            autoFocus
          >
            <option value="">{t('contact.noAction')}</option>
            {candidates.data?.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {`${text(entry)} · ${format.dateTime(entry.occurred)}`}
              </option>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('contact.cancel')}
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={update.isPending}>
          {t('contact.resolve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
