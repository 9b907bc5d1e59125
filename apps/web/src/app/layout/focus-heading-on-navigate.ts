import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';

/** How long after a navigation a screen may take to show its heading (data still loading) before focus stays put. */
export const HEADING_WAIT_MS = 4000;

/**
 * Moves the keyboard focus to the new screen's heading once it is shown (WCAG 2.4.3; docs/decisions/0052-accessibility-reflow-focus.md): a screen
 * reader announces where the user arrived and Tab continues from the top of the screen, not from <body> or the
 * menu link. Focus stays where it is when the user is already working inside the screen (a tab, the company tree,
 * a search box the screen focused itself). Returns a function that stops waiting.
 */
export function focusHeadingWhenShown(main: HTMLElement, waitMs = HEADING_WAIT_MS): () => void {
  const doc = main.ownerDocument;
  const focusStaysInScreen = () => {
    const active = doc.activeElement;
    return active !== null && active !== doc.body && main.contains(active);
  };
  const tryFocus = (): boolean => {
    if (focusStaysInScreen()) return true;
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => undefined;

  const view = doc.defaultView ?? window;
  const observer = new view.MutationObserver(() => {
    if (tryFocus()) stop();
  });
  // No heading in time: the screen itself (main has tabIndex -1), unless the user has moved on.
  const timer = view.setTimeout(() => {
    stop();
    if (doc.activeElement === null || doc.activeElement === doc.body) main.focus({ preventScroll: true });
  }, waitMs);
  function stop() {
    observer.disconnect();
    view.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/**
 * The one place that does this for every route: after a navigation that changes the path (not a search or hash change
 * on the same screen, not the first load), the heading of the screen in <main id={mainId}> gets the focus.
 */
export function useFocusHeadingOnNavigate(mainId: string): void {
  const router = useRouter();
  useEffect(() => {
    let stop = () => undefined as void;
    const unsubscribe = router.subscribe('onRendered', (event) => {
      stop();
      if (!event.fromLocation || !event.pathChanged) return;
      const main = document.getElementById(mainId);
      if (main) stop = focusHeadingWhenShown(main);
    });
    return () => {
      stop();
      unsubscribe();
    };
  }, [router, mainId]);
}
