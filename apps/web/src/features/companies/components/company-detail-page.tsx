import type { ReactNode } from 'react';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { isApiError } from '@/lib/api/api-error';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session/session';
import { AppHrefLink } from '@/components/app-href-link';
import { useCompany } from '../api/companies-api';
import type { CompanySearch, CompanyTab } from '../companies-search';
import { BatchUserImport } from './batch-user-import';
import { CompanyDetails } from './company-details';
import { CompanyEditForm } from './company-edit-form';
import { CompanyUsersTab } from './company-users-tab';
import { RefreshFailedNotice, showsLoadError } from '@/components/refresh-failed-notice';

export interface CompanyDetailPageProps {
  id: number;
  search: CompanySearch;
  /** Writes the screen state to the URL (a new history entry unless `replace`). */
  onSearchChange: (next: CompanySearch, options?: { replace?: boolean }) => void;
}

/** /companies/{id}: the company's detail (edit form for ADMIN), its users, and batch import on top-level companies (all staff). */
export function CompanyDetailPage({ id, search, onSearchChange }: CompanyDetailPageProps) {
  const { t } = useTranslation();
  const company = useCompany(id);
  const isAdmin = useSession()?.user.role === 'ADMIN';

  if (company.isPending) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }} role="status" aria-busy="true" aria-label={t('companies.states.loadingCompany')}>
        <Skeleton variant="text" width="30%" />
        <Skeleton variant="text" width="55%" height={44} />
        <Skeleton variant="rounded" height={36} sx={{ my: 2 }} />
        <Skeleton variant="rounded" height={220} />
      </Paper>
    );
  }
  if (showsLoadError(company) || company.data === undefined) {
    const notFound = isApiError(company.error) && company.error.status === 404;
    return (
      <Paper variant="outlined" role="alert" sx={{ p: 4, textAlign: 'center' }}>
        <CloudOffIcon color={notFound ? 'disabled' : 'error'} aria-hidden sx={{ fontSize: 40 }} />
        <Typography variant="h6" component="h2">
          {notFound ? t('companies.states.notFound') : t('messages.companyLoadFailed')}
        </Typography>
        {!notFound && (
          <Button variant="outlined" sx={{ mt: 2 }} onClick={() => void company.refetch()}>
            {t('companies.states.retry')}
          </Button>
        )}
      </Paper>
    );
  }

  const data = company.data;
  const importOffered = data.topLevel;
  const tab: CompanyTab = search.tab === 'import' && !importOffered ? 'details' : (search.tab ?? 'details');
  const setTab = (next: CompanyTab) => onSearchChange({ ...search, tab: next === 'details' ? undefined : next, edit: undefined }, { replace: true });

  let panel: ReactNode;
  if (tab === 'users') panel = <CompanyUsersTab companyId={data.id} search={search} onSearchChange={onSearchChange} />;
  else if (tab === 'import') panel = <BatchUserImport companyId={data.id} />;
  else if (search.edit && isAdmin)
    panel = <CompanyEditForm key={data.id} company={data} onDone={() => onSearchChange({ ...search, edit: undefined })} />;
  else panel = <CompanyDetails company={data} onEdit={isAdmin ? () => onSearchChange({ ...search, edit: 1 }) : undefined} />;

  return (
    <Stack spacing={2}>
      <RefreshFailedNotice query={company} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ px: 3, pt: 2.5 }}>
          {data.parentHierarchy.length > 0 && (
            <Breadcrumbs aria-label={t('companies.detail.parentHierarchy')} sx={{ mb: 0.5, typography: 'body2' }}>
              {data.parentHierarchy.map((parent) => (
                <AppHrefLink key={parent.id} href={`/companies/${parent.id}`} underline="hover" color="inherit">
                  {parent.name}
                </AppHrefLink>
              ))}
              <Typography variant="body2" color="text.primary">
                {data.name}
              </Typography>
            </Breadcrumbs>
          )}
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h5" component="h2">
              {data.name}
            </Typography>
            <Chip
              size="small"
              label={t(`companies.type.${data.type}`)}
              color={data.type === 'CORPORATE' ? 'primary' : 'default'}
              variant="outlined"
            />
            {data.topLevel && <Chip size="small" label={t('companies.detail.topLevel')} variant="outlined" />}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('companies.detail.userCounts', { count: data.userCount, subtree: data.subtreeUserCount })}
          </Typography>
          <Tabs value={tab} onChange={(_event, value: CompanyTab) => setTab(value)} aria-label={t('companies.detail.tabs')} sx={{ mt: 1 }}>
            <Tab value="details" label={t('companies.tabs.details')} id="company-tab-details" aria-controls="company-panel" />
            <Tab value="users" label={t('companies.tabs.users')} id="company-tab-users" aria-controls="company-panel" />
            {importOffered && <Tab value="import" label={t('companies.tabs.import')} id="company-tab-import" aria-controls="company-panel" />}
          </Tabs>
        </Box>
        <Box
          role="tabpanel"
          id="company-panel"
          aria-labelledby={`company-tab-${tab}`}
          sx={{ borderTop: 1, borderColor: 'divider', p: { xs: 2, lg: tab === 'users' ? 2 : 3 } }}
        >
          {panel}
        </Box>
      </Paper>
    </Stack>
  );
}
