import { BACKGROUND_REQUEST_HEADER, LIVE_STREAM_PATH, type LiveChange } from '@fleetdesk/contract';

/**
 * The console's end of GET /api/stream (issue 20 point 1; docs/decisions/0070-live-stream.md): one stream per tab,
 * read with fetch so that the session goes in the Authorization header. It reconnects with backoff, resuming from the
 * last position it saw (docs/decisions/0081-live-stream-commit-order.md), and skips a replayed change it already has;
 * the state ('live' or not) decides whether the screens poll (`whileStreamDown`).
 * No zod here: this is in the first load (apps/web/test/first-load-zod-free.test.ts).
 */
export type LiveState = 'off' | 'connecting' | 'live' | 'reconnecting';

export interface LiveStreamOptions {
  /** The session's headers, read at each connection (the token may have been refreshed); null: no session, stop. */
  headers: () => Record<string, string> | null;
  onChange: (change: LiveChange) => void;
  /** The stream missed changes (a gap too long to replay, the server lost its database connection): refetch. */
  onReset: () => void;
  onState: (state: LiveState) => void;
  fetch?: typeof fetch;
  /**
   * Where the tab's previous page left off, and where to keep the position: a reload or a new screen loaded in the
   * same tab resumes from there, so a change made while the page loaded is not lost (default: sessionStorage).
   */
  position?: { load(): string | undefined; save(id: string): void };
  /** Reconnection delays: `first` doubling up to `max` (ms). */
  backoff?: { first: number; max: number };
}

/** One parsed SSE message. */
interface Message {
  event: string;
  id: string | undefined;
  data: string;
}

/** Splits an SSE byte stream into messages (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export function createSseParser(onMessage: (message: Message) => void) {
  let buffer = '';
  let event = '';
  let id: string | undefined;
  let data: string[] = [];
  return (chunk: string) => {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (data.length || event) onMessage({ event: event || 'message', id, data: data.join('\n') });
        event = '';
        id = undefined;
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
  };
}

const POSITION_KEY = 'fleetdesk.live.lastEventId';

/** The tab's stream position in sessionStorage (per tab, gone with it); nothing when storage is unavailable. */
function sessionPosition(): NonNullable<LiveStreamOptions['position']> {
  return {
    load: () => {
      try {
        return globalThis.sessionStorage?.getItem(POSITION_KEY) ?? undefined;
      } catch {
        return undefined;
      }
    },
    save: (id) => {
      try {
        globalThis.sessionStorage?.setItem(POSITION_KEY, id);
      } catch {
        // Private mode or full storage: the next page starts from its own position.
      }
    },
  };
}

/** How many change ids the tab remembers to skip repeats (a replay starts at a transaction, not after an id). */
const SEEN_MEMORY = 2_000;

/** Starts the stream; the returned function stops it. */
export function startLiveStream(options: LiveStreamOptions): () => void {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const backoff = options.backoff ?? { first: 1_000, max: 30_000 };
  let stopped = false;
  const position = options.position ?? sessionPosition();
  let lastEventId: string | undefined = position.load();
  let delay = backoff.first;
  const seen = new Set<number>();
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const setState = (state: LiveState) => {
    if (!stopped) options.onState(state);
  };

  const connect = async (): Promise<void> => {
    const headers = options.headers();
    if (!headers) return stop();
    controller = new AbortController();
    const response = await doFetch(LIVE_STREAM_PATH, {
      headers: {
        Accept: 'text/event-stream',
        // Listening is not a use of the session: the idle timeout still applies.
        [BACKGROUND_REQUEST_HEADER]: '1',
        ...(lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId }),
        ...headers,
      },
      signal: controller.signal,
    });
    // No stream here (a 4xx: logged out, or a server without it): the screens keep polling; no retry.
    if (response.status >= 400 && response.status < 500) {
      await response.body?.cancel().catch(() => undefined);
      options.onState('off');
      stopped = true;
      return;
    }
    if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
    const parse = createSseParser((message) => {
      if (message.id !== undefined) {
        lastEventId = message.id;
        position.save(message.id);
      }
      if (message.event === 'ready') {
        delay = backoff.first;
        setState('live');
      } else if (message.event === 'change') {
        try {
          const change = JSON.parse(message.data) as LiveChange;
          if (seen.has(change.id)) return;
          seen.add(change.id);
          // Forget the oldest (a Set iterates in insertion order).
          if (seen.size > SEEN_MEMORY) seen.delete(seen.values().next().value as number);
          options.onChange(change);
        } catch {
          // A message the console cannot read is skipped; the next reset or refetch covers it.
        }
      } else if (message.event === 'reset') options.onReset();
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parse(value);
    }
  };

  const run = () => {
    timer = undefined;
    if (stopped) return;
    connect().then(
      () => retry(),
      () => retry(),
    );
  };
  const retry = () => {
    if (stopped) return;
    setState('reconnecting');
    timer = setTimeout(run, delay);
    delay = Math.min(delay * 2, backoff.max);
  };
  const stop = () => {
    stopped = true;
    controller?.abort();
    if (timer) clearTimeout(timer);
  };

  setState('connecting');
  run();
  return () => {
    stop();
    options.onState('off');
  };
}
