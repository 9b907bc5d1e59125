import { useFleet } from '@/features/fleets';
import { useSession } from '@/lib/session/session';
import { hasCredentials } from '@/lib/session/session-schema';

const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The operator's time zone (the session's fleet), in which "one month back to the end of today" is counted (§5).
 * Null while the fleet loads; the browser's zone when there is no fleet to ask or it cannot be loaded.
 */
export function useOperatorTimeZone(): string | null {
  const session = useSession();
  const fleetId = hasCredentials(session) ? session.user.fleet : undefined;
  const fleet = useFleet(fleetId);
  if (!fleetId || fleet.isError) return browserTimeZone();
  return fleet.data?.timeZone ?? null;
}
