import { useFleet } from '@/features/fleets';
import { useSession } from '@/lib/session/session';
import { hasCredentials } from '@/lib/session/session-schema';
import { browserTimeZone } from './operator-time';

/**
 * The operator's time zone (the fleet of the session), in which the form reads and writes times. Null while
 * the fleet loads; the browser's zone when there is no fleet to ask (single sign-on) or it cannot be loaded.
 */
export function useOperatorTimeZone(): string | null {
  const session = useSession();
  const fleetId = hasCredentials(session) ? session.user.fleet : undefined;
  const fleet = useFleet(fleetId);
  if (!fleetId || fleet.isError) return browserTimeZone();
  return fleet.data?.timeZone ?? null;
}
