import type { StaffAbilities, StaffMember } from '@fleetdesk/contract';

/** The actions on a staff member, named as their abilities are. */
export type StaffAction = keyof StaffAbilities;

/** Disabling signs the member out at once: the one destructive action, kept last and never focused on opening. */
export const isDestructiveStaffAction = (action: StaffAction): boolean => action === 'disable';

/**
 * The menu's entries for a member, drawn from the abilities the server sent (GUIDE §3.2): change role and password
 * reset, then disable for an active member or enable for a disabled one. An entry the server refuses without a reason
 * does not apply and is left out; one refused with a reason is shown, unavailable, with that reason. Whether an action
 * is allowed is never decided here.
 */
export function staffMenuActions(member: StaffMember): StaffAction[] {
  const actions: StaffAction[] = ['changeRole', 'resetPassword', member.status === 'ACTIVE' ? 'disable' : 'enable'];
  return actions.filter((action) => member.abilities[action].allowed || member.abilities[action].reason !== null);
}
