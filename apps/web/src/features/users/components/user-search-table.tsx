import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { USER_SEARCH_PAGE_SIZE_OPTIONS, type UserStatus } from '@fleetdesk/contract';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '@/components/router-link';
import type { UserSearchCriteria, UserSearchPage, UserSearchRow } from '../api/users-api';
import { UserStatusChip } from './user-status-chip';

/** The selected users by user name, with their status (bulk approve needs every one AWAITING_APPROVAL). */
export type SelectedUsers = ReadonlyMap<string, { username: string; status: UserStatus }>;

interface UserSearchTableProps {
  page: UserSearchPage;
  criteria: UserSearchCriteria;
  selected: SelectedUsers;
  onSelectedChange: (next: SelectedUsers) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** One page of found users: selectable rows that open the user page, with the §9 paging (5, 10, 25 per page). */
export function UserSearchTable({ page, criteria, selected, onSelectedChange, onPageChange, onPageSizeChange }: UserSearchTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rows = page.results;
  const selectedOnPage = rows.filter((row) => selected.has(row.username)).length;
  const dash = (
    <Typography component="span" variant="body2" color="text.disabled">
      –
    </Typography>
  );
  const toggle = (row: UserSearchRow) => {
    const next = new Map(selected);
    if (next.has(row.username)) next.delete(row.username);
    else next.set(row.username, { username: row.username, status: row.status as UserStatus });
    onSelectedChange(next);
  };
  const toggleAll = () => {
    const next = new Map(selected);
    if (selectedOnPage === rows.length) rows.forEach((row) => next.delete(row.username));
    else rows.forEach((row) => next.set(row.username, { username: row.username, status: row.status as UserStatus }));
    onSelectedChange(next);
  };
  const open = (username: string) => void navigate({ to: '/users/$username', params: { username } });

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('users.search.resultsLabel')} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                  checked={rows.length > 0 && selectedOnPage === rows.length}
                  onChange={toggleAll}
                  slotProps={{ input: { 'aria-label': t('users.search.selectPage') } }}
                />
              </TableCell>
              <TableCell>{t('users.columns.name')}</TableCell>
              <TableCell>{t('users.columns.phone')}</TableCell>
              <TableCell>{t('users.columns.email')}</TableCell>
              <TableCell>{t('users.columns.customerNumber')}</TableCell>
              <TableCell>{t('users.columns.company')}</TableCell>
              <TableCell>{t('users.columns.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const isSelected = selected.has(row.username);
              return (
                <TableRow
                  key={row.username}
                  hover
                  selected={isSelected}
                  data-testid="user-row"
                  onClick={(event) => {
                    // A click anywhere on the row opens the user, except on the checkbox and the link itself.
                    if ((event.target as HTMLElement).closest('a, input, button')) return;
                    open(row.username);
                  }}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={isSelected}
                      onChange={() => toggle(row)}
                      slotProps={{ input: { 'aria-label': t('users.search.selectUser', { username: row.username }) } }}
                    />
                  </TableCell>
                  <TableCell>
                    <TextLink to="/users/$username" params={{ username: row.username }} sx={{ fontWeight: 500 }}>
                      {`${row.familyName}, ${row.givenName}`}
                    </TextLink>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {row.username}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.mobilePhone ?? dash}</TableCell>
                  <TableCell>{row.emailAddress ?? dash}</TableCell>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.customerNumber ?? dash}</TableCell>
                  <TableCell sx={{ whiteSpace: 'normal !important', minWidth: 140 }}>{row.companyName ?? dash}</TableCell>
                  <TableCell>
                    <UserStatusChip status={row.status} suspicious={row.suspiciousRegistration} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={page.totalCapped ? -1 : page.total}
        page={criteria.page}
        rowsPerPage={criteria.pageSize}
        rowsPerPageOptions={[...USER_SEARCH_PAGE_SIZE_OPTIONS]}
        onPageChange={(_, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
        labelRowsPerPage={t('users.search.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) =>
          count === -1 ? t('users.search.displayedRowsMore', { from, to }) : t('users.search.displayedRows', { from, to, count })
        }
        slotProps={{ actions: { nextButton: { disabled: !page.moreResults } } }}
        getItemAriaLabel={(type) => t(`users.search.pageButton.${type}`)}
      />
    </>
  );
}
