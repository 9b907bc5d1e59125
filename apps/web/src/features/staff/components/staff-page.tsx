import { useMemo, useState } from 'react';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LockIcon from '@mui/icons-material/Lock';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '@fleetdesk/contract';
import { FilterField } from '@/components/filter-field';
import { StatusPage } from '@/components/status-page';
import { isApiError } from '@/lib/api/api-error';
import { useSession } from '@/lib/session/session';
import { useStaffList } from '../api/staff-api';
import type { StaffAction } from '../staff-actions';
import { visibleStaff } from '../staff-list';
import { STAFF_STATUS_FILTERS, staffSearchOf, type StaffSearch, type StaffStatusFilter } from '../staff-search';
import { StaffActionDialog } from './staff-action-dialog';
import { StaffCreateDialog } from './staff-create-dialog';
import { StaffCards, StaffTable } from './staff-table';

export interface StaffPageProps {
  search: StaffSearch;
  /** Writes the filter and the status filter to the URL (replacing the entry: typing is not history). */
  onSearchChange: (next: StaffSearch) => void;
}

type OpenDialog = { kind: 'create' } | { kind: 'action'; member: StaffMember; action: StaffAction } | null;

/** A visible focus ring for the page's buttons and toggles (the theme's ripple alone is too faint to see). */
const FOCUS_RING = { '& .Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } } as const;

/**
 * /staff (issue 13): the operator's staff accounts, for ADMIN staff. A dense list (cards on a phone) with a filter and
 * a status filter kept in the URL, "New staff member", and per member the actions the server allows.
 */
export function StaffPage({ search, onSearchChange }: StaffPageProps) {
  const { t } = useTranslation();
  const session = useSession();
  const role = session?.user.role;
  // A SUPPORT member is not asked for the list (it can only answer 403); without a known role the server decides.
  const list = useStaffList(role !== 'SUPPORT');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const filter = search.q ?? '';
  const status: StaffStatusFilter = search.status ?? 'all';
  const all = list.data?.staff;
  const members = useMemo(() => (all ? visibleStaff(all, filter, status) : null), [all, filter, status]);

  if (role === 'SUPPORT' || (isApiError(list.error) && list.error.status === 403)) {
    return (
      <StatusPage icon={<LockIcon />} title={t('staff.notAllowed.title')}>
        {t('staff.notAllowed.body')}
      </StatusPage>
    );
  }

  const change = (next: { filter?: string; status?: StaffStatusFilter }) =>
    onSearchChange(staffSearchOf(next.filter ?? filter, next.status ?? status));
  const filtered = filter.trim() !== '' || status !== 'all';
  const ListView = phone ? StaffCards : StaffTable;

  let body;
  if (list.isError && !all) {
    body = (
      <Box role="alert" sx={{ p: 4, textAlign: 'center' }}>
        <CloudOffIcon color="error" aria-hidden sx={{ fontSize: 40 }} />
        <Typography variant="subtitle1" component="h2">
          {t('staff.state.loadFailed')}
        </Typography>
        <Button variant="outlined" size="small" sx={{ mt: 1.5 }} onClick={() => void list.refetch()}>
          {t('staff.state.retry')}
        </Button>
      </Box>
    );
  } else if (members && members.length === 0) {
    body = (
      <Box role="status" sx={{ p: 4, textAlign: 'center' }} data-testid="staff-empty">
        {filtered ? (
          <SearchOffIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} />
        ) : (
          <GroupsOutlinedIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} />
        )}
        <Typography variant="subtitle1" component="h2">
          {filtered ? t('staff.state.noMatchTitle') : t('staff.state.emptyTitle')}
        </Typography>
        {filtered ? (
          <Button size="small" sx={{ mt: 1 }} onClick={() => onSearchChange({})}>
            {t('staff.state.clearFilters')}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('staff.state.emptyBody')}
          </Typography>
        )}
      </Box>
    );
  } else {
    body = (
      <ListView
        members={members}
        currentUsername={session?.user.username}
        onAction={(member, action) => setDialog({ kind: 'action', member, action })}
      />
    );
  }

  return (
    <Stack spacing={2} sx={{ minWidth: 0, ...FOCUS_RING }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-end' }, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h5" component="h1">
            {t('staff.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('staff.intro')}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1OutlinedIcon />}
          onClick={() => setDialog({ kind: 'create' })}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {t('staff.newMember')}
        </Button>
      </Stack>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <FilterField
          size="medium"
          label={t('staff.filter.label')}
          placeholder={t('staff.filter.placeholder')}
          value={filter}
          onChange={(text) => change({ filter: text })}
          clearLabel={t('staff.filter.clear')}
          sx={{ width: { xs: '100%', md: 340 } }}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={status}
          aria-label={t('staff.statusFilter.label')}
          onChange={(_event, next: StaffStatusFilter | null) => {
            if (next) change({ status: next });
          }}
          sx={{ '& .MuiToggleButton-root': { px: 1.5, height: 40, flexGrow: { xs: 1, md: 0 } } }}
        >
          {STAFF_STATUS_FILTERS.map((option) => (
            <ToggleButton key={option} value={option}>
              {t(`staff.statusFilter.${option}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ flexGrow: 1 }} />
        {all && (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ whiteSpace: 'nowrap' }} data-testid="staff-count">
            {filtered && members ? t('staff.shown', { shown: members.length, total: all.length }) : t('staff.count', { count: all.length })}
          </Typography>
        )}
      </Stack>

      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {list.isFetching && all && (
          <LinearProgress aria-label={t('common.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
        )}
        {body}
      </Paper>

      {dialog?.kind === 'create' && <StaffCreateDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'action' && <StaffActionDialog member={dialog.member} action={dialog.action} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
