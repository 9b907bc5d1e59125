import { useMemo } from 'react';
import type { UserDuplicate } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { MatchedFields } from './matched-fields';
import type { Column } from './paged-user-table';
import { matchedFieldsText, userStatusText } from './user-list-text';
import { UserLink } from './user-link';
import { UserStatusLabel } from './user-status-label';

const dash = '–';

/** What both suspicious lists show of a user that shares an e-mail, phone or identity number with another. */
export type MatchedUser = Pick<
  UserDuplicate,
  | 'username'
  | 'givenName'
  | 'familyName'
  | 'emailAddress'
  | 'mobilePhone'
  | 'status'
  | 'applyDate'
  | 'duplicateEmail'
  | 'duplicatePhone'
  | 'duplicateIdentityNumber'
>;

/**
 * The seven columns of the suspicious registrations list and the user page's 'Suspicious against' tab: user name (a
 * link), name, e-mail, phone, status, registration date and what matched, each with the text the export writes.
 */
export function useMatchedUserColumns<R extends MatchedUser>(): Column<R>[] {
  const { t } = useTranslation();
  const format = useFormat();
  return useMemo<Column<R>[]>(
    () => [
      { key: 'username', header: t('userActions.columns.username'), text: (r) => r.username, cell: (r) => <UserLink username={r.username} /> },
      { key: 'name', header: t('userActions.columns.name'), text: (r) => `${r.givenName} ${r.familyName}`, minWidth: 160 },
      { key: 'email', header: t('userActions.columns.email'), text: (r) => r.emailAddress ?? dash, minWidth: 200, flex: 1.3 },
      { key: 'phone', header: t('userActions.columns.phone'), text: (r) => r.mobilePhone ?? dash },
      {
        key: 'status',
        header: t('userActions.columns.status'),
        text: (r) => userStatusText(r.status, t),
        cell: (r) => <UserStatusLabel status={r.status} />,
        minWidth: 170,
      },
      {
        key: 'applyDate',
        header: t('userActions.columns.applyDate'),
        text: (r) => (r.applyDate ? format.date(r.applyDate) : dash),
        minWidth: 110,
        flex: 0.7,
      },
      {
        key: 'matched',
        header: t('userActions.suspicious.matched'),
        text: (r) => matchedFieldsText(r, t),
        cell: (r) => <MatchedFields row={r} />,
        minWidth: 190,
      },
    ],
    [t, format],
  );
}
