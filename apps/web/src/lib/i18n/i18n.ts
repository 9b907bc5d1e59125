import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, detectLanguage, isLanguage, type Language } from './languages';
import { isTranslationSection, translationLoader, type TranslationPart } from './translations';

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

const initialLanguage = detectLanguage(readStoredLanguage(), typeof navigator === 'undefined' ? [] : navigator.languages);

export const i18n: I18n = i18next.createInstance();

const translations = translationLoader(i18n);

// No strings yet: they are downloaded per language and part (loadTranslations) before anything shows them.
void i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  // Strings that arrive while a screen shows (a race with a language switch, a section a part asked for late) redraw it
  // rather than leave keys.
  react: { bindI18nStore: 'added' },
  // A key of a screen's section that is not here yet: the section downloads and the screen redraws (above). Each screen
  // asks for its sections first (its route's loader, its lazy parts), so this is the safety net, not the way they load.
  saveMissing: true,
  missingKeyHandler: (_languages, _namespace, key) => {
    const section = key.split('.', 1)[0] ?? '';
    if (isTranslationSection(section) && !translations.has(section, currentLanguage())) void loadTranslations(section).catch(() => undefined);
  },
});

const syncDocumentLanguage = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};
syncDocumentLanguage(initialLanguage);
i18n.on('languageChanged', syncDocumentLanguage);

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** The language being switched to while its strings download: a part asked for meanwhile is loaded in that language. */
let switchingTo: Language | null = null;

/**
 * Makes parts of the strings available: `core` before the first render (main.tsx), a screen's sections when its route
 * is entered (its loader) or its lazy part loads. By default in the UI language and, during a switch, also in the
 * language being switched to; or in the language given.
 */
export function loadTranslations(parts: TranslationPart | readonly TranslationPart[], language?: Language): Promise<void> {
  const languages = language ? [language] : [...new Set([currentLanguage(), switchingTo ?? currentLanguage()])];
  const list = typeof parts === 'string' ? [parts] : parts;
  return Promise.all(languages.flatMap((each) => list.map((part) => translations.load(part, each)))).then(() => undefined);
}

/** A lazy part's import together with the strings it draws, so that it never shows before them. */
export function withTranslations<T>(load: () => Promise<T>, parts: TranslationPart | readonly TranslationPart[]): () => Promise<T> {
  return () => Promise.all([load(), loadTranslations(parts)]).then(([module]) => module);
}

/** Switches the UI language, once its strings are here, and remembers the choice in this browser. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  switchingTo = language;
  try {
    await translations.loadWanted(language);
    // A later choice made while these strings downloaded wins.
    if (switchingTo === language) await i18n.changeLanguage(language);
  } finally {
    if (switchingTo === language) switchingTo = null;
  }
}

/** The current UI language, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
}
