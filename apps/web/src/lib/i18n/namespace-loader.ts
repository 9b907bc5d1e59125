import { currentLanguage, i18n } from './i18n';
import type { Language } from './languages';

/** The four languages' files of one namespace, each a dynamic import so that it becomes its own chunk. */
export type NamespaceFiles = Record<Language, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * A loader for an i18next namespace whose strings download with the feature that uses them, not with the console's
 * first load (the notes and contacts, the saved views): the strings of the UI language, and after a switch of
 * language those of the new one. Each language is fetched once; a failed fetch is tried again on the next call.
 */
export function namespaceLoader(namespace: string, files: NamespaceFiles): () => Promise<void> {
  const loads = new Map<Language, Promise<void>>();
  let following = false;

  const load = (language: Language): Promise<void> => {
    let loading = loads.get(language);
    if (!loading) {
      loading = files[language]().then((module) => {
        i18n.addResourceBundle(language, namespace, module.default, true, true);
      });
      loading.catch(() => loads.delete(language));
      loads.set(language, loading);
    }
    return loading;
  };

  return () => {
    if (!following) {
      following = true;
      i18n.on('languageChanged', () => void load(currentLanguage()));
    }
    return load(currentLanguage());
  };
}
