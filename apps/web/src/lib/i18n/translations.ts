import type { i18n as I18n } from 'i18next';
import type { Language } from './languages';

/**
 * The strings of one language come in two parts, each downloaded when first needed:
 * - `core`: the shared strings (`locales/<lang>.json`: app shell, login, errors, messages), before the first render;
 * - `features`: the screens' sections (`locales/<feature>/<lang>.json`), when a route behind the login is entered.
 * Both stay in the one `translation` namespace, so keys (`bookingCard.title`) and their types do not change.
 */
export type TranslationPart = 'core' | 'features';

type Strings = Record<string, unknown>;

const LOADERS: Record<TranslationPart, Record<Language, () => Promise<Strings>>> = {
  core: {
    de: () => import('../../locales/de.json').then((module) => module.default),
    'en-GB': () => import('../../locales/en-GB.json').then((module) => module.default),
    nb: () => import('../../locales/nb.json').then((module) => module.default),
    sv: () => import('../../locales/sv.json').then((module) => module.default),
  },
  features: {
    de: () => import('./feature-sections/de').then((module) => module.featureSections),
    'en-GB': () => import('./feature-sections/en-GB').then((module) => module.featureSections),
    nb: () => import('./feature-sections/nb').then((module) => module.featureSections),
    sv: () => import('./feature-sections/sv').then((module) => module.featureSections),
  },
};

/** Downloads the parts of languages into an i18next instance, each once, and remembers which parts the app asked for. */
export function translationLoader(i18n: I18n) {
  const loads = new Map<string, Promise<void>>();
  const wanted = new Set<TranslationPart>();

  function load(part: TranslationPart, language: Language): Promise<void> {
    wanted.add(part);
    const key = `${language}:${part}`;
    let loading = loads.get(key);
    if (!loading) {
      loading = LOADERS[part][language]().then((strings) => {
        i18n.addResourceBundle(language, 'translation', strings, true, true);
      });
      // A failed download (offline for a moment) is tried again the next time the part is needed.
      loading.catch(() => loads.delete(key));
      loads.set(key, loading);
    }
    return loading;
  }

  return {
    load,
    /** Every part the app has asked for so far, in `language`: what a switch to that language needs first. */
    loadWanted: (language: Language) => Promise.all([...wanted].map((part) => load(part, language))).then(() => undefined),
  };
}
