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

/** An action of the record in view, as the command palette offers it (the same choice as its menu entry). */
export interface PageAction {
  id: string;
  label: string;
  shortcut?: string | undefined;
  run: () => void;
}

const actionLayers: { current: readonly PageAction[] }[] = [];

/** The actions the screens in view registered, the newest screen's first. */
export function pageActions(): PageAction[] {
  return actionLayers.toReversed().flatMap((layer) => layer.current);
}

/** Registers the record's actions (allowed ones only) for the command palette while the screen is shown. */
export function usePageActions(actions: readonly PageAction[] | null): void {
  const ref = useRef<readonly PageAction[]>(actions ?? []);
  useEffect(() => {
    ref.current = actions ?? [];
  });
  const active = actions !== null;
  useEffect(() => {
    if (!active) return;
    const layer = ref;
    actionLayers.push(layer);
    return () => {
      const index = actionLayers.lastIndexOf(layer);
      if (index >= 0) actionLayers.splice(index, 1);
    };
  }, [active]);
}
