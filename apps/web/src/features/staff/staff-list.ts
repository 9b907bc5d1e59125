import type { StaffMember } from '@fleetdesk/contract';
import type { StaffStatusFilter } from './staff-search';

/** "Given Family", or the user name when both names are blank. */
export const staffName = (member: Pick<StaffMember, 'givenName' | 'familyName' | 'username'>): string =>
  [member.givenName, member.familyName].filter(Boolean).join(' ') || member.username;

const byUsername = (a: StaffMember, b: StaffMember) =>
  a.username.localeCompare(b.username, 'en', { sensitivity: 'base' }) || (a.username < b.username ? -1 : a.username > b.username ? 1 : 0);

const STATUS_OF_FILTER = { active: 'ACTIVE', disabled: 'DISABLED' } as const;

/**
 * The members the screen shows: sorted by user name, then narrowed by the status filter and the filter text (trimmed,
 * case-insensitive, on the name, the user name and the e-mail address).
 *
 * This runs in the browser on purpose: GET /api/staff answers the operator's whole staff in one list (tens of people,
 * not thousands), so filtering it here is instant and needs no server paging.
 */
export function visibleStaff(staff: readonly StaffMember[], filter: string, status: StaffStatusFilter): StaffMember[] {
  const needle = filter.trim().toLocaleLowerCase();
  return staff
    .filter((member) => status === 'all' || member.status === STATUS_OF_FILTER[status])
    .filter(
      (member) =>
        needle === '' ||
        [staffName(member), `${member.familyName} ${member.givenName}`, member.username, member.emailAddress ?? ''].some((text) =>
          text.toLocaleLowerCase().includes(needle),
        ),
    )
    .sort(byUsername);
}
