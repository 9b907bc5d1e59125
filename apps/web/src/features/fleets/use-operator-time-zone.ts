import { useSession } from '@/lib/session/session';
import { hasCredentials } from '@/lib/session/session-schema';
import { useFleet } from './api/fleets-api';

/** The browser's own zone: the fallback while the operator is unknown (single sign-on sessions). */
const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The operator's time zone (the fleet of the session), in which the console reads and writes wall-clock times (the
 * booking form) and counts local days (the event log's default period), with the zoned-time rules of
 * `@fleetdesk/contract`. Null while the fleet loads; the browser's zone when there is no fleet to ask (single sign-on)
 * or it cannot be loaded.
 */
export function useOperatorTimeZone(): string | null {
  const session = useSession();
  const fleetId = hasCredentials(session) ? session.user.fleet : undefined;
  const fleet = useFleet(fleetId);
  if (!fleetId || fleet.isError) return browserTimeZone();
  return fleet.data?.timeZone ?? null;
}
