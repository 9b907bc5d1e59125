import { useEffect, useRef } from 'react';

/**
 * An action of the record in view (the same choice as its menu entry): the command palette offers it, and its key
 * (if any) runs it from the console's key handler (app/layout/use-keyboard-shortcuts.ts) unless the staff member is
 * typing.
 */
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

/** The action of a key among those the screens in view registered, the newest screen's first, if any. */
export function pageShortcut(key: string): (() => void) | undefined {
  return pageActions().find((action) => action.shortcut === key)?.run;
}

/**
 * Registers the record's actions (allowed ones only) for the command palette and their keys while the screen is
 * shown. The actions may change at every render.
 */
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
