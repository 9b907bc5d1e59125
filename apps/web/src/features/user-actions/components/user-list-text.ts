import type { TFunction } from 'i18next';
import { ZUserStatus } from '@fleetdesk/contract';

/**
 * The words of the lists' cells, for the grid's values (and so the CSV export): what UserStatusLabel and
 * MatchedFields show, as text.
 */
export function userStatusText(status: string, t: TFunction): string {
  const known = ZUserStatus.safeParse(status);
  return known.success ? t(`userActions.status.${known.data}`) : t('userActions.statusUnknown');
}

/** What a suspicious registration matched on, in the order MatchedFields shows the chips. */
export function matchedFieldsText(row: { duplicateEmail: boolean; duplicatePhone: boolean; duplicateIdentityNumber: boolean }, t: TFunction): string {
  return [
    row.duplicateEmail && t('userActions.suspicious.fields.email'),
    row.duplicatePhone && t('userActions.suspicious.fields.phone'),
    row.duplicateIdentityNumber && t('userActions.suspicious.fields.identity'),
  ]
    .filter((field): field is string => Boolean(field))
    .join(', ');
}
