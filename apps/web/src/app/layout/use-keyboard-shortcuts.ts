import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { GO_TO_TARGETS, SEQUENCE_TIMEOUT_MS, isTypingTarget, shortcutKey } from '@/lib/shortcuts/keys';
import { moveInList } from '@/lib/shortcuts/list-navigation';
import { pageShortcut } from '@/lib/shortcuts/page-shortcuts';

/** Inside a dialog, a menu or a popover the keys are theirs (MUI draws them in a modal root). */
const inModal = (target: EventTarget | null) => Boolean((target as Element | null)?.closest?.('.MuiModal-root, [aria-modal="true"]'));

/**
 * The console's keyboard shortcuts (issue 19 point 2; docs/decisions/0066-keyboard-shortcuts.md): "?" opens their
 * list, "g" then a letter goes to a screen, j / k move through a result list, and the screen's own keys (a booking
 * card's actions) run their menu entry, which asks first as from the menu. None fires while the staff member types,
 * except Ctrl+K / ⌘K, which opens the command palette.
 */
export function useKeyboardShortcuts(main: () => HTMLElement | null, openList: () => void, openPalette: () => void): void {
  const navigate = useNavigate();
  useEffect(() => {
    let sequenceStarted = 0;
    const onKey = (event: KeyboardEvent) => {
      // Ctrl+K (⌘K on a Mac) opens the command palette from anywhere, a text field included.
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k' && !inModal(event.target)) {
        event.preventDefault();
        sequenceStarted = 0;
        openPalette();
        return;
      }
      const key = shortcutKey(event);
      if (key === null || isTypingTarget(event.target) || inModal(event.target)) {
        sequenceStarted = 0;
        return;
      }
      const now = performance.now();
      if (sequenceStarted > 0 && now - sequenceStarted <= SEQUENCE_TIMEOUT_MS) {
        sequenceStarted = 0;
        const to = GO_TO_TARGETS[key as keyof typeof GO_TO_TARGETS];
        if (to) {
          event.preventDefault();
          void navigate({ to });
        }
        return;
      }
      sequenceStarted = 0;
      if (key === 'g') {
        sequenceStarted = now;
        event.preventDefault();
        return;
      }
      if (key === '?') {
        event.preventDefault();
        openList();
        return;
      }
      if (key === 'j' || key === 'k') {
        const root = main();
        if (root && moveInList(root, key === 'j' ? 1 : -1, document.activeElement)) event.preventDefault();
        return;
      }
      const handler = pageShortcut(key);
      if (handler) {
        event.preventDefault();
        handler();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [main, navigate, openList, openPalette]);
}
