import { useId } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Contact } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';
import { useFormat } from '@/lib/format/use-format';
import { notifyError, notifySuccess } from '@/lib/notifications/notify';
import { useUpdateContact, useUserContacts } from '../api/notes-api';
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
  const resolved = contact.status === 'RESOLVED';
  const toggle = () =>
    update.mutate(
      { id: contact.id, status: resolved ? 'OPEN' : 'RESOLVED' },
      { onSuccess: () => notifySuccess(resolved ? t('contact.reopened') : t('contact.resolved')), onError: notifyError },
    );
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
        <Typography variant="caption" color="text.secondary">
          {t('contact.loggedBy', { author: contact.createdBy, time: format.dateTime(contact.createdAt) })}
          {contact.assignee && ` · ${t('contact.assignedTo', { assignee: contact.assignee })}`}
        </Typography>
      </Stack>
      <Button size="small" variant={resolved ? 'text' : 'outlined'} onClick={toggle} disabled={update.isPending} sx={{ flexShrink: 0 }}>
        {resolved ? t('contact.reopen') : t('contact.resolve')}
      </Button>
    </Stack>
  );
}
