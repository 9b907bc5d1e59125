import { currentLanguage, i18n } from '@/lib/i18n/i18n';
import type { Language } from '@/lib/i18n/languages';

/**
 * The notes and contacts strings (`locales/customer-notes/<lang>.json`, i18next namespace `customerNotes`) download
 * with the notes UI, not with the console's first load (docs/decisions/0061-notes-and-contacts.md).
 */
export const CUSTOMER_NOTES_NS = 'customerNotes';

const LOADERS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('../../locales/customer-notes/de.json'),
  'en-GB': () => import('../../locales/customer-notes/en-GB.json'),
  nb: () => import('../../locales/customer-notes/nb.json'),
  sv: () => import('../../locales/customer-notes/sv.json'),
};

const loads = new Map<Language, Promise<void>>();
let following = false;

function load(language: Language): Promise<void> {
  let loading = loads.get(language);
  if (!loading) {
    loading = LOADERS[language]().then((module) => {
      i18n.addResourceBundle(language, CUSTOMER_NOTES_NS, module.default, true, true);
    });
    loading.catch(() => loads.delete(language));
    loads.set(language, loading);
  }
  return loading;
}

/** The strings in the UI language; later switches of language bring theirs too. */
export function loadCustomerNotesStrings(): Promise<void> {
  if (!following) {
    following = true;
    i18n.on('languageChanged', () => void load(currentLanguage()));
  }
  return load(currentLanguage());
}
