import { useId, useState } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { UserDetail } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/router-link';
import { isApiError } from '@/lib/api/api-error';
import { listReturn } from '@/lib/router/list-return';
import { useSupportMode } from '@/lib/support-mode/support-mode';
import { ContactsPanel, CustomerTimeline, NotesPanel } from '@/features/customer-notes';
import { UserPayments } from '@/features/payments';
import { useApplyUser, useUser } from '../api/users-api';
import { defaultUserPageTab, type UserPageSearch, type UserPageTab } from '../users-search';
import { SuspiciousAgainstTab } from './user-actions-slot';
import { UserBookingsTab } from './user-bookings-tab';
import { UserHeader } from './user-header';
import { UserInfoTab } from './user-info-tab';
import { RefreshFailedNotice, showsLoadError } from '@/components/refresh-failed-notice';

export interface UserPageProps {
  username: string;
  search: UserPageSearch;
  /** Writes the page's query parameters (a new history entry unless `replace`). */
  onSearchChange: (next: UserPageSearch, options?: { replace?: boolean }) => void;
  /** The user name changed: the page moves to the new name, replacing the old entry (§4). */
  onRenamed: (username: string, search: UserPageSearch) => void;
}

/** A suspicious registration (§2): at least one duplicate flag set. */
export const isSuspiciousRegistration = (user: Pick<UserDetail, 'suspiciousRegistration'>) => {
  const flags = user.suspiciousRegistration;
  return Boolean(flags && (flags.duplicateEmail || flags.duplicatePhone || flags.duplicateIdentityNumber));
};

/**
 * /users/{username} (§2 User page): the header summary and the tabs Timeline (issue 18; the first, and the default in
 * support mode), User information, Bookings, Payments and, for suspicious registrations in support mode, Suspicious against. Support mode (docs/decisions/0036-support-mode.md) makes
 * the header a collapsible card over the tabs with the status actions ("Edit details" among them) and the username
 * filter; outside it the header is plain, User information has the edit toggle and there is no Suspicious against tab.
 */
export function UserPage({ username, search, onSearchChange, onRenamed }: UserPageProps) {
  const { t } = useTranslation();
  const query = useUser(username);
  const applyUser = useApplyUser();
  const { supportMode } = useSupportMode();
  const bodyId = useId();
  // Outside support mode the tabs are always shown; collapsed when the mode goes off, the page opens and stays open.
  const [expanded, setExpanded] = useState(true);
  if (!supportMode && !expanded) setExpanded(true);

  // Back to the list the page was opened from (the user search, or the support search), with its search (issue 17).
  const returnTo = listReturn('/users');
  const back = (
    <Box>
      <ButtonLink to={returnTo.path} search={returnTo.search as never} size="small" startIcon={<ArrowBackIcon />}>
        {returnTo.path === '/support' ? t('users.page.backToSupport') : t('users.page.backToSearch')}
      </ButtonLink>
    </Box>
  );

  if (query.isPending) {
    return (
      <Stack spacing={2} role="status" aria-busy="true" aria-label={t('users.page.loading')} data-testid="user-loading">
        {back}
        <Skeleton variant="rounded" height={112} />
        <Skeleton variant="rounded" height={44} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (showsLoadError(query) || query.data === undefined) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <Stack spacing={2}>
        {back}
        <Paper variant="outlined" role="alert" sx={{ p: 4, textAlign: 'center' }}>
          {notFound ? (
            <PersonOffOutlinedIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} />
          ) : (
            <CloudOffIcon color="error" aria-hidden sx={{ fontSize: 40 }} />
          )}
          <Typography variant="h6" component="h1">
            {notFound ? t('users.page.notFound', { username }) : t('users.page.error')}
          </Typography>
          {!notFound && (
            <Button variant="outlined" sx={{ mt: 2 }} onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </Paper>
      </Stack>
    );
  }

  const user = query.data;
  const suspiciousTab = supportMode && isSuspiciousRegistration(user);
  const defaultTab = defaultUserPageTab(supportMode);
  // A plain ?edit=true link (§2) opens the form, which is on User information.
  const openTab = search.tab ?? (search.edit ? 'info' : defaultTab);
  const tab: UserPageTab = openTab === 'suspicious' && !suspiciousTab ? defaultTab : openTab;
  // The URL names a tab only when it is not the mode's default.
  const tabParam = (value: UserPageTab) => (value === defaultTab ? undefined : value);
  const editing = tab === 'info' && search.edit === true;
  // "Edit details" of the actions menu writes ?edit=true as the toggle does; the form is on User information, so it goes there.
  const openEditForm = () => {
    setExpanded(true);
    onSearchChange({ ...search, tab: tabParam('info'), entry: undefined, edit: true });
  };
  const onChanged = (changed: UserDetail) => {
    applyUser(changed, username);
    if (changed.username !== username) onRenamed(changed.username, search);
  };

  return (
    <Stack spacing={2}>
      {back}
      <RefreshFailedNotice query={query} />
      <UserHeader
        user={user}
        onChanged={onChanged}
        supportMode={supportMode}
        expanded={expanded}
        onExpandedChange={setExpanded}
        bodyId={bodyId}
        onEdit={editing ? undefined : openEditForm}
      />
      <Collapse in={expanded} id={bodyId}>
        <Stack spacing={2}>
          <Tabs
            value={tab}
            onChange={(_, value: UserPageTab) => onSearchChange({ ...search, tab: tabParam(value), entry: undefined })}
            aria-label={t('users.page.tabsLabel')}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="timeline" label={t('users.page.tabTimeline')} id="user-tab-timeline" aria-controls="user-panel" />
            <Tab value="info" label={t('users.page.tabInfo')} id="user-tab-info" aria-controls="user-panel" />
            <Tab value="bookings" label={t('users.page.tabBookings')} id="user-tab-bookings" aria-controls="user-panel" />
            <Tab value="payments" label={t('users.page.tabPayments')} id="user-tab-payments" aria-controls="user-panel" />
            {suspiciousTab && <Tab value="suspicious" label={t('users.page.tabSuspicious')} id="user-tab-suspicious" aria-controls="user-panel" />}
          </Tabs>
          <Box role="tabpanel" id="user-panel" aria-labelledby={`user-tab-${tab}`}>
            {tab === 'info' && (
              <UserInfoTab
                key={user.username}
                user={user}
                editing={editing}
                editToggle={!supportMode}
                onEditingChange={(open) => onSearchChange({ ...search, tab: tabParam('info'), edit: open ? true : undefined }, { replace: !open })}
                onSaved={(saved) => {
                  applyUser(saved, username);
                  // The form closes on User information, also when a plain ?edit=true link opened it.
                  const closed = { ...search, tab: tabParam('info'), edit: undefined };
                  if (saved.username !== username) onRenamed(saved.username, closed);
                  else onSearchChange(closed, { replace: true });
                }}
              />
            )}
            {tab === 'timeline' && <CustomerTimeline key={user.username} username={user.username} highlight={search.entry} />}
            {tab === 'bookings' && <UserBookingsTab key={user.username} username={user.username} />}
            {tab === 'payments' && <UserPayments key={user.username} username={user.username} />}
            {tab === 'suspicious' && <SuspiciousAgainstTab username={user.username} />}
          </Box>
          <NotesPanel key={`notes-${user.username}`} subjectType="USER" subjectId={user.username} />
          <ContactsPanel key={`contacts-${user.username}`} username={user.username} />
        </Stack>
      </Collapse>
    </Stack>
  );
}
