import type { ForceDeactivateQuery } from '../api/bookings.ts';
import type { MessageKey } from '../messages.ts';

/**
 * §5 force end, the rule beyond ZForceDeactivateQuery's shape (both times or neither, required unless not used, start
 * before end, a positive distance, which the schema states): the usage can neither start nor end in the future. The
 * server refuses such a request; the force-end form shows it on the field while staff type. Whether a booking may be
 * force-ended at all is the server's (the booking's `forceEnd` ability), never the form's.
 */

/** Clock skew allowed between the browser and the server: a usage may start or end this much after `now`. */
export const FORCE_END_FUTURE_TOLERANCE_MS = 60_000;

export interface ForceEndUsageProblem {
  field: 'startDate' | 'endDate';
  message: Extract<MessageKey, 'usageStartInFuture' | 'usageEndInFuture'>;
}

/** The usage times that lie in the future at `now` (none with wasNotUsed, or for a time not given). */
export function forceEndUsageProblems(
  query: Pick<ForceDeactivateQuery, 'wasNotUsed'> & { startDate?: string | undefined; endDate?: string | undefined },
  now: Date,
): ForceEndUsageProblem[] {
  if (query.wasNotUsed) return [];
  const latest = now.getTime() + FORCE_END_FUTURE_TOLERANCE_MS;
  const problems: ForceEndUsageProblem[] = [];
  if (query.startDate && Date.parse(query.startDate) > latest) problems.push({ field: 'startDate', message: 'usageStartInFuture' });
  if (query.endDate && Date.parse(query.endDate) > latest) problems.push({ field: 'endDate', message: 'usageEndInFuture' });
  return problems;
}
