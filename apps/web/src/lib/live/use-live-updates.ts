import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '../api/client';
import { sessionHeaders } from '../api/api-client';
import { createLiveRefresher } from './live-refresh';
import { liveState, publishLiveChange, setLiveState } from './live-state';
import { startLiveStream } from './live-stream';

/**
 * While a staff member is signed in, the tab listens to GET /api/stream and keeps its cached answers fresh from it
 * (docs/decisions/0070-live-stream.md). When the stream drops, the shown queries refetch at once and poll at the
 * spec's intervals again until it is back.
 */
export function useLiveUpdates(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    const refresher = createLiveRefresher(client);
    const stop = startLiveStream({
      headers: () => {
        const session = sessionStore.getSession();
        return session ? sessionHeaders(session) : null;
      },
      onChange: (change) => {
        refresher.add(change);
        publishLiveChange(change);
      },
      onReset: () => void client.invalidateQueries(),
      onState: (state) => {
        const wasLive = liveState() === 'live';
        setLiveState(state);
        // Polling is off while live (`whileStreamDown`); a refetch now lets each shown query start polling again.
        if (wasLive && state !== 'live') void client.refetchQueries({ type: 'active' });
      },
    });
    return () => {
      stop();
      refresher.stop();
    };
  }, [enabled, client]);
}
