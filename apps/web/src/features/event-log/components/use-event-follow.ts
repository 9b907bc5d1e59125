import { useEffect, useRef, useState } from 'react';
import type { EventLogEntry } from '@fleetdesk/contract';
import { liveState, onLiveChange, subscribeLiveState } from '@/lib/live/live-state';
import { fetchFollowedEvents } from '../api/event-log-api';
import { EVENT_FOLLOW_POLL_MS, prependFollowed } from '../event-follow';
import type { EventLogFilter } from '../event-log-search';

/** How long a live change waits for others before the follow asks (a burst costs one request). */
const LIVE_GATHER_MS = 300;
/** While live, the follow still asks this often, in case a change did not come through. */
const LIVE_SAFETY_POLL_MS = 60_000;

export interface EventFollowState {
  /** The events appended since following began, newest first. */
  events: EventLogEntry[];
  /** The last poll failed (it keeps trying). */
  failed: boolean;
}

/**
 * Follow mode: while `enabled`, asks GET /api/events?after=<followCursor> when the live stream reports a change (or
 * every few seconds while it is down; not while the tab is hidden) and collects what is new. Starts from `startCursor` (the followCursor of the search answer); a change of
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

    // While the stream is live a change asks at once (gathered for a moment); otherwise, and as a safety net, the
    // spec's interval (docs/decisions/0070-live-stream.md).
    const waitFor = () => (liveState() === 'live' ? LIVE_SAFETY_POLL_MS : EVENT_FOLLOW_POLL_MS);
    let polling = false;
    let changedWhilePolling = false;
    let dueAt = Infinity;
    /** Asks in `ms` unless it asks sooner already (a steady flow of changes must not keep postponing it). */
    const schedule = (ms: number, force = false) => {
      const due = Date.now() + ms;
      if (!force && timer && due >= dueAt) return;
      if (timer) clearTimeout(timer);
      dueAt = due;
      timer = setTimeout(() => void poll(), ms);
    };
    const poll = async () => {
      timer = undefined;
      dueAt = Infinity;
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
        schedule(EVENT_FOLLOW_POLL_MS);
        return;
      }
      polling = true;
      changedWhilePolling = false;
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
      polling = false;
      schedule(again ? 0 : changedWhilePolling ? LIVE_GATHER_MS : waitFor());
    };
    schedule(waitFor());
    const stopChanges = onLiveChange(() => {
      if (polling) changedWhilePolling = true;
      else schedule(LIVE_GATHER_MS);
    });
    // The stream went down or came back: the interval changes with it.
    const stopState = subscribeLiveState(() => {
      if (!polling) schedule(waitFor(), true);
    });
    return () => {
      stopChanges();
      stopState();
      controller.abort();
      if (timer) clearTimeout(timer);
    };
    // filterKey stands for the filter's content (the filter itself is read through a ref).
  }, [enabled, startCursor, filterKey, pageSize]);

  return state;
}
