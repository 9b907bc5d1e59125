import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { SEARCH_PAGE_SIZE, type SearchUser, type UserStatus } from '@fleetdesk/contract';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/api-error';
import { useSupportMode } from '@/lib/support-mode/support-mode';
import { searchUsersPageQueryOptions, type SearchUsersPageData } from '../api/search-api';
import { useCursorPages } from '../api/use-cursor-pages';
import { usePinnedUserFilter } from '@/lib/support-mode/pinned-user-filter';
import { normalizeCriteria, type SearchCriteria } from '../search-criteria';
import { AppHrefLink } from '@/components/app-href-link';
import { navItemProps } from '@/lib/shortcuts/list-navigation';
import { userPath } from './app-paths';
import { EmptyLine, ResultSection, SECTION_ANCHORS, countLabel, visuallyHidden } from './result-section';
import { HitPinnedNote, WithPinnedNotes } from './hit-pinned-note';
import { Pager } from './pager';

const STATUS_COLOURS: Record<UserStatus, ChipProps['color']> = {
  ACTIVE: 'success',
  APPROVED: 'success',
  PENDING: 'warning',
  PENDING_OLD: 'warning',
  PENDING_APPROVAL: 'warning',
  AWAITING_APPROVAL: 'warning',
  AWAITING_CONFIRMATION: 'warning',
  DELETION_REQUESTED: 'default',
  BLOCKED: 'error',
};

/** Statuses of a registration that is not approved yet: these show the suspicious badge (§4) when flagged. */
const PENDING_STATUSES: ReadonlySet<UserStatus> = new Set([
  'PENDING',
  'PENDING_OLD',
  'PENDING_APPROVAL',
  'AWAITING_APPROVAL',
  'AWAITING_CONFIRMATION',
]);

export const showsSuspiciousBadge = (user: Pick<SearchUser, 'status' | 'suspiciousRegistration'>) =>
  user.suspiciousRegistration && PENDING_STATUSES.has(user.status);

interface UserResultsProps {
  criteria: SearchCriteria;
  first: SearchUsersPageData;
}

/** Users matching the search, 10 per page with previous/next (§2, §9). */
export function UserResults({ criteria, first }: UserResultsProps) {
  const { t } = useTranslation();
  const pages = useCursorPages(first, (cursor) => searchUsersPageQueryOptions(criteria, cursor));
  const title = t('supportSearch.users');
  const rows = pages.page.results;
  return (
    <ResultSection
      icon={<PeopleOutlineIcon />}
      title={title}
      count={countLabel(first.results.length, first.moreResults)}
      testId="user-results"
      anchorId={SECTION_ANCHORS.users}
      actions={
        <Pager
          label={title}
          index={pages.index}
          pageSize={SEARCH_PAGE_SIZE}
          shown={rows.length}
          hasPrevious={pages.hasPrevious}
          hasNext={pages.hasNext}
          loading={pages.loading}
          onPrevious={pages.previous}
          onNext={pages.next}
        />
      }
    >
      {pages.error ? (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={pages.retry}>
              {t('common.retry')}
            </Button>
          }
        >
          {isApiError(pages.error) ? pages.error.envelope.message : t('supportSearch.pageFailed')}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyLine>{t('messages.noUsersFound')}</EmptyLine>
      ) : (
        <WithPinnedNotes notes={pages.page.pinnedNotes}>
          <UserTable rows={rows} label={title} dimmed={pages.loading} criteria={criteria} />
        </WithPinnedNotes>
      )}
    </ResultSection>
  );
}

interface UserTableProps {
  rows: readonly SearchUser[];
  label: string;
  dimmed: boolean;
  criteria: SearchCriteria;
}

function UserTable({ rows, label, dimmed, criteria }: UserTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { supportMode } = useSupportMode();
  const userFilter = usePinnedUserFilter();
  const dash = (
    <Typography component="span" variant="body2" color="text.disabled">
      –
    </Typography>
  );

  // Support mode's username filter (0036): ticking a row pins that user and searches with it at once (a new search, so a
  // history entry); unticking unpins and drops the user name from the search. Unpinned before navigating, so the
  // address without the user name never meets a pin that would put it back.
  const toggleFilter = (username: string, on: boolean) => {
    if (on) userFilter.pin(username);
    else userFilter.unpin();
    void navigate({ to: '/support', search: normalizeCriteria({ ...criteria, user: on ? username : undefined }) });
  };

  return (
    <TableContainer sx={{ opacity: dimmed ? 0.55 : 1, transition: 'opacity 120ms' }}>
      <Table aria-label={label} sx={{ '& td, & th': { whiteSpace: 'nowrap' }, '& tr:last-of-type td': { borderBottom: 0 } }}>
        <TableHead>
          <TableRow>
            {supportMode && (
              <TableCell padding="checkbox" align="center" sx={{ width: 44 }}>
                <Tooltip title={t('supportSearch.columns.userFilter')} describeChild>
                  <Box component="span" sx={{ display: 'inline-flex', verticalAlign: 'middle', color: 'text.secondary' }}>
                    <FilterAltOutlinedIcon sx={{ fontSize: 18 }} aria-hidden />
                    <Box component="span" sx={visuallyHidden}>
                      {t('supportSearch.columns.userFilter')}
                    </Box>
                  </Box>
                </Tooltip>
              </TableCell>
            )}
            <TableCell>{t('supportSearch.columns.name')}</TableCell>
            <TableCell>{t('supportSearch.columns.phone')}</TableCell>
            <TableCell>{t('supportSearch.columns.email')}</TableCell>
            <TableCell>{t('supportSearch.columns.customerNumber')}</TableCell>
            <TableCell>{t('supportSearch.columns.company')}</TableCell>
            <TableCell>{t('supportSearch.columns.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((user) => {
            const filtered = supportMode && userFilter.username === user.username;
            return (
              <TableRow key={user.username} hover selected={filtered} data-testid="user-row">
                {supportMode && (
                  <TableCell padding="checkbox" align="center" onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      size="small"
                      checked={filtered}
                      onChange={(event) => toggleFilter(user.username, event.target.checked)}
                      slotProps={{
                        input: { 'aria-label': t('supportSearch.filterByUser', { username: user.username }) },
                      }}
                      data-testid="user-filter-checkbox"
                    />
                  </TableCell>
                )}
                <TableCell>
                  <AppHrefLink href={userPath(user.username)} sx={{ fontWeight: 500 }} {...navItemProps}>
                    {`${user.familyName}, ${user.givenName}`}
                  </AppHrefLink>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {user.username}
                  </Typography>
                  <HitPinnedNote subjectType="USER" subjectId={user.username} />
                </TableCell>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{user.mobilePhone ?? dash}</TableCell>
                <TableCell>{user.emailAddress ?? dash}</TableCell>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{user.customerNumber ?? dash}</TableCell>
                <TableCell sx={{ whiteSpace: 'normal !important', minWidth: 140 }}>{user.companyName ?? dash}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <Chip size="small" variant="outlined" color={STATUS_COLOURS[user.status]} label={t(`supportSearch.userStatus.${user.status}`)} />
                    {showsSuspiciousBadge(user) && (
                      <Chip
                        size="small"
                        color="error"
                        icon={<ReportProblemOutlinedIcon />}
                        label={t('supportSearch.suspicious')}
                        data-testid="suspicious-badge"
                      />
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
