/** The public surface of this module (docs/decisions/0049-import-boundaries.md): other modules import only from here. */
export { listActiveBookings } from './service.ts';
