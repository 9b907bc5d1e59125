import { useEffect, useMemo, useState, type FormEvent } from 'react';
import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { USER_SEARCH_PAGE_SIZE_OPTIONS, USER_STATUSES } from '@fleetdesk/contract';
import { useTablePreferences } from '@/components/data-table/use-table-preferences';
import { ViewsControl } from '@/features/saved-views';
import { isApiError } from '@/lib/api/api-error';
import { useUserSearch } from '../api/users-api';
import { criteriaOf, DEFAULT_USERS_PAGE_SIZE, hasSearchInput, searchFromInputs, type UsersSearch, type UsersTab } from '../users-search';
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
  // The page size of the URL, else the one this staff member last chose (remembered by the table), else §9's 10.
  const [preferences] = useTablePreferences('users');
  const rememberedSize = USER_SEARCH_PAGE_SIZE_OPTIONS.find((size) => size === preferences.pageSize);
  const criteria = useMemo(
    () => criteriaOf(search.pageSize || !rememberedSize ? search : { ...search, pageSize: rememberedSize }),
    [search, rememberedSize],
  );
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
  } else {
    const data = query.data;
    const error = query.isError
      ? {
          message: isApiError(query.error) && query.error.status === 400 ? query.error.envelope.message : t('users.search.error'),
          onRetry: () => void query.refetch(),
        }
      : null;
    const selectedUsers = [...selected.values()];
    const toolbarStart = (
      <>
        <Typography variant="subtitle2" component="h2" role="status" sx={{ px: 0.5 }}>
          {selected.size
            ? t('users.search.selected', { count: selected.size })
            : data
              ? data.totalCapped
                ? t('users.search.foundCapped', { count: data.total })
                : t('users.search.found', { count: data.total })
              : ''}
        </Typography>
        {selected.size > 0 && (
          <>
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
          </>
        )}
      </>
    );
    body = (
      <Stack spacing={1}>
        {data?.orderedBy === 'username' && <Alert severity="info">{t('users.search.orderedByUsername', { count: data.total })}</Alert>}
        <UserSearchTable
          page={data}
          criteria={criteria}
          loading={query.isPending}
          refreshing={query.isFetching && !query.isPending}
          error={error}
          selected={selected}
          onSelectedChange={setSelected}
          toolbarStart={toolbarStart}
          onPageChange={(page) => onSearchChange({ ...search, page: page || undefined })}
          onPageSizeChange={(pageSize) =>
            onSearchChange({ ...search, page: undefined, pageSize: pageSize === DEFAULT_USERS_PAGE_SIZE ? undefined : pageSize })
          }
        />
      </Stack>
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
        <TextField
          label={t('users.search.query')}
          {...field('query')}
          autoFocus={!hasSearchInput(search)}
          sx={{ flex: 2 }}
          placeholder={t('users.search.queryPlaceholder')}
        />
        <TextField label={t('users.search.mobilePhone')} {...field('mobilePhone')} type="tel" sx={{ flex: 1 }} />
        <TextField label={t('users.search.username')} {...field('username')} sx={{ flex: 1 }} />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ height: 40, flexShrink: 0 }}>
          {t('users.search.submit')}
        </Button>
        <ViewsControl screen="users" />
      </Stack>
      {search.status && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          {USER_STATUSES.filter((status) => search.status?.split(',').includes(status)).map((status) => (
            <Chip
              key={status}
              size="small"
              color="primary"
              label={t(`users.status.${status}`)}
              onDelete={() => onSearch({ ...search, status: undefined, page: undefined })}
            />
          ))}
        </Stack>
      )}
      {blank && (
        <Typography role="alert" variant="caption" color="error" sx={{ display: 'block', mt: 1 }}>
          {t('users.search.blank')}
        </Typography>
      )}
    </Paper>
  );
}
