import { z } from 'zod';

/** Issue 6 contract (being written by its server helper). */
export const Z_USER_ADMIN_PLACEHOLDER = z.never().optional();
