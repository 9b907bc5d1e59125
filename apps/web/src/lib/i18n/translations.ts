import type { i18n as I18n } from 'i18next';
import type { featureSections } from './feature-sections/en-GB';
import type { Language } from './languages';

/** A screen's section of the strings: `locales/<feature>/<lang>.json`, under the key `<section>` (`bookingCard.title`). */
export type TranslationSection = keyof typeof featureSections;

/**
 * The strings of one language come in parts, each downloaded when first needed:
 * - `core`: the shared strings (`locales/<lang>.json`: app shell, login, errors, messages), before the first render;
 * - a section (`supportSearch`, `vehicles` …): one screen's strings, with the screen (its route's loader) or the lazy
 *   part that draws them; `features` is every section at once, for the screens that compose many features.
 * All stay in the one `translation` namespace, so keys (`bookingCard.title`) and their types do not change.
 */
export type TranslationPart = 'core' | 'features' | TranslationSection;

type Strings = Record<string, unknown>;

/** Each section's folder under `locales/`. */
const SECTION_FOLDERS: Record<TranslationSection, string> = {
  bookingCard: 'booking-card',
  bookingForm: 'booking-form',
  supportSearch: 'support-search',
  vehicles: 'vehicles',
  payments: 'payments',
  users: 'users',
  userActions: 'user-actions',
  companies: 'companies',
  pools: 'pools',
  eventLog: 'event-log',
  eventText: 'event-text',
  activeBookings: 'active-bookings',
  fleetMap: 'fleet-map',
  alarms: 'alarms',
  staff: 'staff',
  shortcuts: 'shortcuts',
};

export const TRANSLATION_SECTIONS = Object.keys(SECTION_FOLDERS) as TranslationSection[];

export const isTranslationSection = (value: string): value is TranslationSection => Object.hasOwn(SECTION_FOLDERS, value);

const CORE: Record<Language, () => Promise<Strings>> = {
  de: () => import('../../locales/de.json').then((module) => module.default),
  'en-GB': () => import('../../locales/en-GB.json').then((module) => module.default),
  nb: () => import('../../locales/nb.json').then((module) => module.default),
  sv: () => import('../../locales/sv.json').then((module) => module.default),
};

/** One chunk per section and language (the namespaces of customer-notes and saved-views have their own loaders). */
const SECTION_FILES = import.meta.glob<Strings>(['../../locales/*/*.json', '!**/customer-notes/*', '!**/saved-views/*'], {
  import: 'default',
});

function loadSection(section: TranslationSection, language: Language): Promise<Strings> {
  const file = SECTION_FILES[`../../locales/${SECTION_FOLDERS[section]}/${language}.json`];
  if (!file) return Promise.reject(new Error(`No strings for ${section} in ${language}`));
  return file().then((strings) => ({ [section]: strings }));
}

/** Downloads the parts of languages into an i18next instance, each once, and remembers which parts the app asked for. */
export function translationLoader(i18n: I18n) {
  const loads = new Map<string, Promise<void>>();
  const wanted = new Set<TranslationPart>();

  function load(part: TranslationPart, language: Language): Promise<void> {
    if (part === 'features') return Promise.all(TRANSLATION_SECTIONS.map((section) => load(section, language))).then(() => undefined);
    wanted.add(part);
    const key = `${language}:${part}`;
    let loading = loads.get(key);
    if (!loading) {
      loading = (part === 'core' ? CORE[language]() : loadSection(part, language)).then((strings) => {
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
    /** Whether a part is in, in `language`. */
    has: (part: TranslationSection, language: Language) => loads.has(`${language}:${part}`),
    /** Every part the app has asked for so far, in `language`: what a switch to that language needs first. */
    loadWanted: (language: Language) => Promise.all([...wanted].map((part) => load(part, language))).then(() => undefined),
  };
}
