import { namespaceLoader } from '@/lib/i18n/namespace-loader';

/**
 * The saved views strings (`locales/saved-views/<lang>.json`, i18next namespace `savedViews`) download
 * with the views UI, not with the first load (docs/decisions/0071-saved-views.md).
 */
export const SAVED_VIEWS_NS = 'savedViews';

/** The strings in the UI language; later switches of language bring theirs too. */
export const loadSavedViewsStrings = namespaceLoader(SAVED_VIEWS_NS, {
  de: () => import('../../locales/saved-views/de.json'),
  'en-GB': () => import('../../locales/saved-views/en-GB.json'),
  nb: () => import('../../locales/saved-views/nb.json'),
  sv: () => import('../../locales/saved-views/sv.json'),
});
