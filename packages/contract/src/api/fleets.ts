import { z } from 'zod';
import { ZFleet } from '../entities.ts';

/** GET /api/fleets/{fleet} */
export const ZFleetParams = z.object({ fleet: z.string().min(1) });
export const ZFleetResponse = ZFleet;
