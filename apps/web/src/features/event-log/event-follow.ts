import type { EventLogEntry } from '@fleetdesk/contract';

/** How often follow mode asks for new events (a few seconds; paused while the tab is in the background). */
export const EVENT_FOLLOW_POLL_MS = 5_000;
/** At most this many followed events are kept on screen (the newest). */
export const EVENT_FOLLOW_MAX_KEPT = 500;

/**
 * Adds the events a follow answer brought (oldest first) on top of those already followed (newest first), without
 * repeating one already listed, newest first; keeps at most EVENT_FOLLOW_MAX_KEPT.
 */
export function prependFollowed(current: readonly EventLogEntry[], incoming: readonly EventLogEntry[]): EventLogEntry[] {
  const seen = new Set(current.map((event) => event.id));
  const fresh = incoming.filter((event) => !seen.has(event.id)).reverse();
  return [...fresh, ...current].slice(0, EVENT_FOLLOW_MAX_KEPT);
}
