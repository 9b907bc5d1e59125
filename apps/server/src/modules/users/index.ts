/** The public surface of this module (docs/decisions/0049-import-boundaries.md): other modules import only from here. */
export { present, refreshAllDuplicateFlags, refreshDuplicateFlags, type DuplicateKeys } from './duplicate-flags.ts';
export { chooseUserCard, type RegisteredCardRow } from './registered-cards.ts';
export { escapeLike, findFleetUser, searchUsers, toUserSummary, userNotFound } from './service.ts';
