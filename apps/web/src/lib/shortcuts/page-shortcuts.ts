import { useEffect, useRef } from 'react';

type Handlers = Readonly<Record<string, () => void>>;

/** The screens' own shortcuts, newest first: a dialog's screen over the page's. */
const layers: { current: Handlers }[] = [];

/** The handler of a key among the shortcuts the screens in view registered, if any. */
export function pageShortcut(key: string): (() => void) | undefined {
  for (let index = layers.length - 1; index >= 0; index--) {
    const handler = layers[index]?.current[key];
    if (handler) return handler;
  }
  return undefined;
}

/**
 * Registers a screen's shortcuts (letter → handler) while it is shown; the console's key handler runs them
 * (app/layout/use-keyboard-shortcuts.ts) unless the staff member is typing. The handlers may change at every render.
 */
export function usePageShortcuts(handlers: Handlers | null): void {
  const ref = useRef<Handlers>(handlers ?? {});
  useEffect(() => {
    ref.current = handlers ?? {};
  });
  const active = handlers !== null;
  useEffect(() => {
    if (!active) return;
    const layer = ref;
    layers.push(layer);
    return () => {
      const index = layers.lastIndexOf(layer);
      if (index >= 0) layers.splice(index, 1);
    };
  }, [active]);
}
