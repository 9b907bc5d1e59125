/**
 * j / k in result lists (issue 19 point 2): a list marks the element that opens each result (its link or button) with
 * `data-nav-item`; j and k move the focus from one to the next, and Enter opens it as a click would.
 */
export const NAV_ITEM = 'data-nav-item';
export const navItemProps = { [NAV_ITEM]: '' } as const;

const isShown = (element: HTMLElement) => element.getClientRects().length > 0 || element.offsetParent !== null;

/** Focuses the next (1) or previous (-1) list item after the focused one under root; false when there is none. */
export function moveInList(root: ParentNode, direction: 1 | -1, active: Element | null): boolean {
  const items = [...root.querySelectorAll<HTMLElement>(`[${NAV_ITEM}]`)].filter(isShown);
  if (items.length === 0) return false;
  const current = active ? items.findIndex((item) => item === active || item.contains(active)) : -1;
  const next = current < 0 ? (direction === 1 ? 0 : items.length - 1) : current + direction;
  const target = items[next];
  if (!target) return false;
  target.focus();
  target.scrollIntoView?.({ block: 'nearest' });
  return true;
}
