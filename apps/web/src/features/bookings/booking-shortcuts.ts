import type { BookingAbilityKey } from '@fleetdesk/contract';

/**
 * The booking card's action keys (issue 19 point 2; docs/decisions/0066-keyboard-shortcuts.md), shown in its actions
 * menu and in the list of shortcuts. A key runs the menu entry, so every change still asks first (with a reason
 * where it ends or cancels something). Lock and unlock for the user and mailing the receipt run from the menu without
 * a question, so they have no key: a stray key press must not change anything. j, k and g are the lists' and the
 * screens' keys.
 */
export const BOOKING_ACTION_SHORTCUTS: Partial<Record<BookingAbilityKey, string>> = {
  activate: 'a',
  deactivate: 'd',
  checkout: 'o',
  cancel: 'c',
  forceEnd: 'f',
  replaceWithTaxi: 't',
  replaceWithRideshare: 's',
  adjustValues: 'v',
  requestPin: 'n',
  edit: 'e',
  extend: 'x',
  credit: 'r',
  addFee: 'b',
  fixedPrice: 'p',
  reportTechnicalIssue: 'i',
};
