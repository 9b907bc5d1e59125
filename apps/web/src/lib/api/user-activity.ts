/**
 * Whether the staff member is using this tab: the time of their last input here. The server ends a session after 60
 * minutes without use, and what the browser asks on its own while nobody touches the console (polling, refetches)
 * must not count as use; the API client marks those requests (see BACKGROUND_REQUEST_HEADER in api-client.ts).
 */

/** The inputs that count as use: a key, a click or tap, a scroll wheel, a touch. */
export const USER_INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/** Without input for longer than this, the tab is idle and its reads are background requests. */
export const IDLE_AFTER_MS = 60_000;

export interface UserActivityOptions {
  /** Where input is heard: the window in the app, any EventTarget in tests. */
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** The clock, in milliseconds (Date.now in the app; a fake in tests). */
  now: () => number;
  idleAfterMs?: number;
}

export interface UserActivity {
  /** True when the last input (or the start, before any) is more than `idleAfterMs` ago. */
  isIdle: () => boolean;
  /** Removes the listeners. */
  stop: () => void;
}

/**
 * Listens for input on `target` (passive, in the capture phase so that no component's stopPropagation hides it) and
 * tells whether the tab is idle. The start counts as input: a tab just opened or reloaded was opened by someone.
 */
export function trackUserActivity({ target, now, idleAfterMs = IDLE_AFTER_MS }: UserActivityOptions): UserActivity {
  let lastInput = now();
  const onInput = () => {
    lastInput = now();
  };
  const listenerOptions: AddEventListenerOptions = { passive: true, capture: true };
  for (const type of USER_INPUT_EVENTS) target.addEventListener(type, onInput, listenerOptions);
  return {
    isIdle: () => now() - lastInput > idleAfterMs,
    stop: () => {
      for (const type of USER_INPUT_EVENTS) target.removeEventListener(type, onInput, listenerOptions);
    },
  };
}
