import { z } from 'zod';

/** GET /api/bookings/{bid}: the bid is matched upper-cased. */
export const ZBookingParams = z.object({ bid: z.string().trim().min(1).max(40) });
