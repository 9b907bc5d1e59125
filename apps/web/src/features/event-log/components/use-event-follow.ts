import { useEffect, useRef, useState } from 'react';
import type { EventLogEntry } from '@fleetdesk/contract';
import { fetchFollowedEvents } from '../api/event-log-api';
import { EVENT_FOLLOW_POLL_MS, prependFollowed } from '../event-follow';
import type { EventLogFilter } from '../event-log-search';

export interface EventFollowState {
  /** The events appended since following began, newest first. */
  events: EventLogEntry[];
  /** The last poll failed (it keeps trying). */
  failed: boolean;
}

/**
 * Follow mode: while `enabled`, asks GET /api/events?after=<followCursor> every few seconds (not while the tab is
 * hidden) and collects what is new. Starts from `startCursor` (the followCursor of the search answer); a change of
 * the filter or turning it off starts over.
 */
export function useEventFollow(filter: EventLogFilter, pageSize: number, startCursor: string | null, enabled: boolean): EventFollowState {
  const [state, setState] = useState<EventFollowState>({ events: [], failed: false });
  const filterKey = JSON.stringify(filter);
  const filterRef = useRef(filter);
  filterRef.current = filter;

  useEffect(() => {
    setState({ events: [], failed: false });
    if (!enabled || !startCursor) return undefined;
    let cursor = startCursor;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();

    const poll = async () => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
        timer = setTimeout(() => void poll(), EVENT_FOLLOW_POLL_MS);
        return;
      }
      let again = false;
      try {
        const answer = await fetchFollowedEvents(filterRef.current, pageSize, cursor, controller.signal);
        if (controller.signal.aborted) return;
        if (answer.followCursor) cursor = answer.followCursor;
        again = answer.moreResults;
        setState((previous) => ({ events: prependFollowed(previous.events, answer.results), failed: false }));
      } catch {
        if (controller.signal.aborted) return;
        setState((previous) => ({ ...previous, failed: true }));
      }
      timer = setTimeout(() => void poll(), again ? 0 : EVENT_FOLLOW_POLL_MS);
    };
    timer = setTimeout(() => void poll(), EVENT_FOLLOW_POLL_MS);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
    // filterKey stands for the filter's content (the filter itself is read through a ref).
  }, [enabled, startCursor, filterKey, pageSize]);

  return state;
}
