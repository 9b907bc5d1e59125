import { z } from 'zod';

/** Issue 6 contract (being written by its server helper). */
export const Z_IDENTITY_PLACEHOLDER = z.never().optional();
