import { useSyncExternalStore } from 'react';
import type { LiveChange } from '@fleetdesk/contract';
import type { LiveState } from './live-stream';

/**
 * The tab's live state and change feed, for the screens (docs/decisions/0070-live-stream.md): while the stream is
 * live a screen does not poll (`whileStreamDown`), and a screen that follows changes itself (the event log's follow
 * mode) listens with `onLiveChange`.
 */
let state: LiveState = 'off';
const stateListeners = new Set<() => void>();
const changeListeners = new Set<(change: LiveChange) => void>();

export const liveState = (): LiveState => state;

export function setLiveState(next: LiveState): void {
  if (next === state) return;
  state = next;
  for (const listener of [...stateListeners]) listener();
}

export function subscribeLiveState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

export const useLiveState = (): LiveState => useSyncExternalStore(subscribeLiveState, liveState, liveState);

/** A query's `refetchInterval`: the spec's polling interval, but only while the stream is not live. */
export const whileStreamDown = (ms: number) => (): number | false => (state === 'live' ? false : ms);

export function onLiveChange(listener: (change: LiveChange) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

export function publishLiveChange(change: LiveChange): void {
  for (const listener of [...changeListeners]) listener(change);
}
