import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@fleetdesk/contract';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language };
export const LANGUAGE_STORAGE_KEY = 'fleetdesk.language';

/** The locale given to Intl for each UI language. */
export const INTL_LOCALES: Record<Language, string> = { de: 'de-DE', 'en-GB': 'en-GB', nb: 'nb-NO', sv: 'sv-SE' };

/** Maps a browser language tag (de-AT, no, nn-NO, en-US, sv-FI …) onto a UI language. */
export function matchLanguage(tag: string): Language | null {
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  switch (primary) {
    case 'de':
      return 'de';
    case 'en':
      return 'en-GB';
    case 'nb':
    case 'no':
    case 'nn':
      return 'nb';
    case 'sv':
      return 'sv';
    default:
      return null;
  }
}

/** The stored choice, else the first browser language we have, else British English. */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
