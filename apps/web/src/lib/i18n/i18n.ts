import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, detectLanguage, isLanguage, type Language } from './languages';
import { translationLoader, type TranslationPart } from './translations';

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

const initialLanguage = detectLanguage(readStoredLanguage(), typeof navigator === 'undefined' ? [] : navigator.languages);

export const i18n: I18n = i18next.createInstance();

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
  // Strings that arrive while a screen shows (a race with a language switch) redraw it rather than leave keys.
  react: { bindI18nStore: 'added' },
});

const syncDocumentLanguage = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};
syncDocumentLanguage(initialLanguage);
i18n.on('languageChanged', syncDocumentLanguage);

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

const translations = translationLoader(i18n);

/** The language being switched to while its strings download: a part asked for meanwhile is loaded in that language. */
let switchingTo: Language | null = null;

/**
 * Makes a part of the strings available: `core` before the first render (main.tsx), `features` when a route behind the
 * login is entered (routes/_authenticated.tsx). By default in the UI language and, during a switch, also in the language
 * being switched to; or in the language given.
 */
export function loadTranslations(part: TranslationPart, language?: Language): Promise<void> {
  const languages = language ? [language] : [...new Set([currentLanguage(), switchingTo ?? currentLanguage()])];
  return Promise.all(languages.map((each) => translations.load(part, each))).then(() => undefined);
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
