import { z } from 'zod';

/**
 * Liveness and readiness of a server copy (issue 13; docs/decisions/0037-production-operations.md). Both are public and
 * meant for a load balancer or an orchestrator's probes.
 */

/** GET /api/health: the process answers (liveness). It does not touch the database. */
export const ZHealthResponse = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof ZHealthResponse>;

/**
 * GET /api/ready, 200: the database answers and every committed migration is applied, so this copy can take traffic.
 * Otherwise 503 with the §8 envelope (messageId 'errorId.core.unavailable'); its `errors` name what is missing, with
 * `field` 'database' (does not answer, or is still being prepared) or 'migrations' (the tags not applied).
 */
export const ZReadyResponse = z.object({
  status: z.literal('ready'),
  /** How many committed migrations the database has applied (all of them). */
  migrations: z.number().int().min(0),
});
export type ReadyResponse = z.infer<typeof ZReadyResponse>;

/** The `field` of a readiness error item. */
export const READINESS_CHECKS = ['database', 'migrations'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];
