import { useEffect, useMemo, useState, type ReactNode } from 'react';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FilterField } from '@/components/filter-field';
import { notifySuccess } from '@/lib/notifications/notify';
import { useCompanyTree, useRefreshCompanies } from '../api/companies-api';
import { ancestorIds, filterCompanyTree, normalizeTreeFilter } from '../company-tree-filter';
import { CompanyTree } from './company-tree';
import { RefreshFailedNotice, showsLoadError } from '@/components/refresh-failed-notice';

export interface CompaniesLayoutProps {
  /** The company in the URL (/companies/{id}), if any. */
  selectedId: number | null;
  onSelect: (id: number) => void;
  children: ReactNode;
}

/** §2 Companies: the tree with its filter and refresh action on the left, the selected company on the right. */
export function CompaniesLayout({ selectedId, onSelect, children }: CompaniesLayoutProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h1">
          {t('companies.screen.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('companies.screen.subtitle')}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '280px minmax(0, 1fr)', xl: '340px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <CompanyTreePanel selectedId={selectedId} onSelect={onSelect} />
        <Box component="section" aria-label={t('companies.detail.region')} sx={{ minWidth: 0 }}>
          {children}
        </Box>
      </Box>
    </Stack>
  );
}

function CompanyTreePanel({ selectedId, onSelect }: Omit<CompaniesLayoutProps, 'children'>) {
  const { t } = useTranslation();
  const tree = useCompanyTree();
  const refresh = useRefreshCompanies();
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set());
  const nodes = tree.data;

  const filtered = useMemo(() => filterCompanyTree(nodes ?? [], filter), [nodes, filter]);
  const filtering = normalizeTreeFilter(filter) !== '';

  // The way to the selected company is open (on the first load and when a link selects a company).
  useEffect(() => {
    if (!nodes || selectedId === null) return;
    const path = ancestorIds(nodes, selectedId);
    if (path && path.some((id) => !expanded.has(id))) setExpanded((current) => new Set([...current, ...path]));
    // Only when the selection or the tree changes, not when the user closes a node.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nodes, selectedId]);

  /** A new filter opens exactly the ways to its matches; clearing it resets the tree to the selected company's path. */
  const changeFilter = (text: string) => {
    setFilter(text);
    if (normalizeTreeFilter(text) !== '') setExpanded(new Set(filterCompanyTree(nodes ?? [], text).expanded));
    else setExpanded(new Set(nodes && selectedId !== null ? (ancestorIds(nodes, selectedId) ?? []) : []));
  };

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onRefresh = () => refresh.mutate(undefined, { onSuccess: () => notifySuccess(t('companies.tree.refreshed')) });

  let body: ReactNode;
  if (tree.isPending) {
    body = (
      <Stack spacing={0.75} role="status" aria-busy="true" aria-label={t('companies.tree.loading')} sx={{ p: 1 }}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={26} sx={{ ml: i % 3 === 0 ? 0 : 2 }} />
        ))}
      </Stack>
    );
  } else if (showsLoadError(tree) || tree.data === undefined) {
    body = (
      <Box role="alert" sx={{ p: 3, textAlign: 'center' }}>
        <CloudOffIcon color="error" aria-hidden sx={{ fontSize: 36 }} />
        <Typography variant="subtitle1">{t('messages.companyLoadFailed')}</Typography>
        <Button variant="outlined" size="small" sx={{ mt: 1.5 }} onClick={() => void tree.refetch()}>
          {t('companies.states.retry')}
        </Button>
      </Box>
    );
  } else if (tree.data.length === 0) {
    body = (
      <Box role="status" sx={{ p: 3, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {t('companies.tree.empty')}
        </Typography>
      </Box>
    );
  } else if (filtered.nodes.length === 0) {
    body = (
      <Box role="status" sx={{ p: 3, textAlign: 'center' }} data-testid="company-tree-no-match">
        <SearchOffIcon color="disabled" aria-hidden sx={{ fontSize: 36 }} />
        <Typography variant="body2" color="text.secondary">
          {t('companies.tree.noMatch', { filter: filter.trim() })}
        </Typography>
      </Box>
    );
  } else {
    body = (
      <CompanyTree
        nodes={filtered.nodes}
        expanded={expanded}
        onToggle={toggle}
        selectedId={selectedId}
        onSelect={onSelect}
        matches={filtering ? filtered.matches : undefined}
        label={t('companies.tree.label')}
      />
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: 1.5, position: { md: 'sticky' }, top: { md: 80 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <FilterField
          fullWidth
          label={t('companies.tree.filter')}
          value={filter}
          onChange={changeFilter}
          clearLabel={t('companies.tree.clearFilter')}
        />
        <Tooltip title={t('companies.tree.refresh')}>
          <span>
            <IconButton aria-label={t('companies.tree.refresh')} onClick={onRefresh} disabled={refresh.isPending}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {filtering && tree.isSuccess && filtered.matches.size > 0 && (
        <Typography variant="caption" color="text.secondary" role="status" sx={{ display: 'block', px: 0.5, mb: 0.5 }}>
          {t('companies.tree.matches', { count: filtered.matches.size })}
        </Typography>
      )}
      <Box sx={{ position: 'relative', maxHeight: { md: 'calc(100vh - 240px)' }, overflowY: 'auto' }}>
        {(refresh.isPending || (tree.isFetching && !tree.isPending)) && (
          <LinearProgress aria-label={t('companies.tree.refreshing')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        )}
        <RefreshFailedNotice query={tree} />
        {body}
      </Box>
    </Paper>
  );
}
