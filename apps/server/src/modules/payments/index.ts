/** The public surface of this module (docs/decisions/0049-import-boundaries.md): other modules import only from here. */
export { countPayments, OUTSTANDING_STATUSES } from './lists.ts';
