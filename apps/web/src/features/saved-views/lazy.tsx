import { lazy, Suspense, useId, useState, type ComponentType } from 'react';
import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import Button from '@mui/material/Button';
import type { SavedViewScreen } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';

/**
 * The views control and the side menu's queues, each downloaded with the strings when first needed: nothing of them is
 * in the first load's entry chunk (docs/decisions/0043-fast-first-load.md, 0071-saved-views.md). Apart, so that the
 * side menu's queues (on every screen) do not bring the control's menu, dialog and text field with them; and the
 * control's button is drawn at once, its menu loaded on first use, so that a screen whose first load is budgeted
 * (/support) does not download them either.
 */
const withStrings = <T,>(load: () => Promise<T>): Promise<T> =>
  Promise.all([load(), import('./strings').then((strings) => strings.loadSavedViewsStrings())]).then(([module]) => module);

function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => withStrings(load).then((component) => ({ default: component })));
  function Loaded(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Loaded;
}

let menuLoading: Promise<typeof import('./components/views-control')> | undefined;
/** The control's menu and dialogs with their strings, fetched once (on hover or focus of the button, or its click). */
const loadViewsMenu = () => (menuLoading ??= withStrings(() => import('./components/views-control')));
const ViewsMenu = lazyComponent(() => loadViewsMenu().then((module) => module.ViewsMenu));

/** The filter bar's "Views" button; its menu (pick, save, rename, delete) loads when first opened. */
export function ViewsControl({ screen }: { screen: SavedViewScreen }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const preload = () => void loadViewsMenu().catch(() => (menuLoading = undefined));
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<BookmarksOutlinedIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onMouseEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
      >
        {t('common.views')}
      </Button>
      {used && <ViewsMenu screen={screen} anchor={anchor} menuId={menuId} onClose={() => setAnchor(null)} />}
    </>
  );
}

export const ViewQueues = lazyComponent(() => import('./components/view-queues').then((module) => module.ViewQueues));
