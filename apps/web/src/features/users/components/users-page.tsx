import { useEffect, useMemo, useState, type FormEvent } from 'react';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/api-error';
import { useUserSearch } from '../api/users-api';
import { criteriaOf, hasSearchInput, searchFromInputs, type UsersSearch, type UsersTab } from '../users-search';
import { BulkApproveButton, PendingDeletionList, SuspiciousRegistrationsList } from './user-actions-slot';
import { UserSearchTable, type SelectedUsers } from './user-search-table';

export interface UsersPageProps {
  search: UsersSearch;
  /** Writes the screen state to the URL (a new history entry unless `replace`). */
  onSearchChange: (next: UsersSearch, options?: { replace?: boolean }) => void;
}

/**
 * /users (§2): the user search (query, mobile phone, user name; §5 non-blank input; §9 page sizes 5/10/25) with status
 * badges, row selection and bulk approve, plus the operator's suspicious registrations and users pending deletion.
 */
export function UsersPage({ search, onSearchChange }: UsersPageProps) {
  const { t } = useTranslation();
  const tab: UsersTab = search.tab ?? 'search';
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h1">
          {t('users.search.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('users.search.subtitle')}
        </Typography>
      </Box>
      <Tabs
        value={tab}
        onChange={(_, value: UsersTab) => onSearchChange({ ...search, tab: value === 'search' ? undefined : value })}
        aria-label={t('users.search.listsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="search" label={t('users.search.tabSearch')} id="users-tab-search" aria-controls="users-panel" />
        <Tab value="suspicious" label={t('users.search.tabSuspicious')} id="users-tab-suspicious" aria-controls="users-panel" />
        <Tab value="deletion" label={t('users.search.tabDeletion')} id="users-tab-deletion" aria-controls="users-panel" />
      </Tabs>
      <Box role="tabpanel" id="users-panel" aria-labelledby={`users-tab-${tab}`}>
        {tab === 'search' && <UserSearch search={search} onSearchChange={onSearchChange} />}
        {tab === 'suspicious' && <SuspiciousRegistrationsList />}
        {tab === 'deletion' && <PendingDeletionList />}
      </Box>
    </Stack>
  );
}

function UserSearch({ search, onSearchChange }: UsersPageProps) {
  const { t } = useTranslation();
  const criteria = useMemo(() => criteriaOf(search), [search]);
  const active = hasSearchInput(search);
  const query = useUserSearch(criteria, active);
  const [selected, setSelected] = useState<SelectedUsers>(new Map());
  // A new search starts without a selection (the page and page size keep it).
  const criteriaKey = `${search.query ?? ''}\u0000${search.mobilePhone ?? ''}\u0000${search.username ?? ''}`;
  useEffect(() => setSelected(new Map()), [criteriaKey]);

  let body;
  if (!active) {
    body = (
      <Paper variant="outlined" role="status" sx={{ p: 4, textAlign: 'center' }} data-testid="users-intro">
        <PersonSearchOutlinedIcon color="primary" aria-hidden sx={{ fontSize: 40 }} />
        <Typography variant="h6" component="h2">
          {t('users.search.introTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('users.search.introHint')}
        </Typography>
      </Paper>
    );
  } else if (query.isPending) {
    body = (
      <Stack spacing={0.75} aria-busy="true" aria-label={t('users.search.loading')} data-testid="users-loading">
        {Array.from({ length: Math.min(criteria.pageSize, 8) }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={34} />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    const message = isApiError(query.error) && query.error.status === 400 ? query.error.envelope.message : t('users.search.error');
    body = (
      <Paper variant="outlined" role="alert" sx={{ p: 4, textAlign: 'center' }}>
        <CloudOffIcon color="error" aria-hidden sx={{ fontSize: 40 }} />
        <Typography variant="h6" component="h2">
          {message}
        </Typography>
        <Button variant="outlined" sx={{ mt: 2 }} onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Paper>
    );
  } else if (query.data.results.length === 0 && criteria.page === 0) {
    body = (
      <Paper variant="outlined" role="status" sx={{ p: 4, textAlign: 'center' }} data-testid="users-empty">
        <SearchOffIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} />
        <Typography variant="h6" component="h2">
          {t('messages.noUsersFound')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('users.search.emptyHint')}
        </Typography>
      </Paper>
    );
  } else {
    const data = query.data;
    const selectedUsers = [...selected.values()];
    body = (
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {query.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        <Stack
          direction="row"
          spacing={2}
          sx={{ px: 2, py: 1, alignItems: 'center', justifyContent: 'space-between', minHeight: 52, bgcolor: selected.size ? 'action.selected' : undefined }}
        >
          <Typography variant="subtitle2" component="h2" role="status">
            {selected.size
              ? t('users.search.selected', { count: selected.size })
              : data.totalCapped
                ? t('users.search.foundCapped', { count: data.total })
                : t('users.search.found', { count: data.total })}
          </Typography>
          {selected.size > 0 && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button size="small" onClick={() => setSelected(new Map())}>
                {t('users.search.clearSelection')}
              </Button>
              <BulkApproveButton
                users={selectedUsers}
                onDone={() => {
                  setSelected(new Map());
                  void query.refetch();
                }}
              />
            </Stack>
          )}
        </Stack>
        {data.orderedBy === 'username' && (
          <Alert severity="info" sx={{ borderRadius: 0 }}>
            {t('users.search.orderedByUsername', { count: data.total })}
          </Alert>
        )}
        <UserSearchTable
          page={data}
          criteria={criteria}
          selected={selected}
          onSelectedChange={setSelected}
          onPageChange={(page) => onSearchChange({ ...search, page: page || undefined })}
          onPageSizeChange={(pageSize) => onSearchChange({ ...search, page: undefined, pageSize: pageSize === 10 ? undefined : pageSize })}
        />
      </Paper>
    );
  }

  return (
    <Stack spacing={2}>
      <SearchForm key={criteriaKey} search={search} onSearch={(next) => onSearchChange(next)} />
      {body}
    </Stack>
  );
}

function SearchForm({ search, onSearch }: { search: UsersSearch; onSearch: (next: UsersSearch) => void }) {
  const { t } = useTranslation();
  const [inputs, setInputs] = useState({
    query: search.query ?? '',
    mobilePhone: search.mobilePhone ?? '',
    username: search.username ?? '',
  });
  const [blank, setBlank] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasSearchInput(inputs)) {
      setBlank(true);
      return;
    }
    setBlank(false);
    onSearch(searchFromInputs(inputs, search));
  };
  const field = (name: keyof typeof inputs) => ({
    value: inputs[name],
    onChange: (event: { target: { value: string } }) => {
      setInputs((current) => ({ ...current, [name]: event.target.value }));
      setBlank(false);
    },
    size: 'small' as const,
    error: blank,
  });
  return (
    <Paper component="form" variant="outlined" role="search" aria-label={t('users.search.formLabel')} noValidate onSubmit={onSubmit} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField label={t('users.search.query')} {...field('query')} autoFocus={!hasSearchInput(search)} sx={{ flex: 2 }} placeholder={t('users.search.queryPlaceholder')} />
        <TextField label={t('users.search.mobilePhone')} {...field('mobilePhone')} type="tel" sx={{ flex: 1 }} />
        <TextField label={t('users.search.username')} {...field('username')} sx={{ flex: 1 }} />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ height: 40, flexShrink: 0 }}>
          {t('users.search.submit')}
        </Button>
      </Stack>
      {blank && (
        <Typography role="alert" variant="caption" color="error" sx={{ display: 'block', mt: 1 }}>
          {t('users.search.blank')}
        </Typography>
      )}
    </Paper>
  );
}
