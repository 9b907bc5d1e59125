import type { Language } from '@fleetdesk/contract';
import de from '../../locales/de.json';
import enGB from '../../locales/en-GB.json';
import nb from '../../locales/nb.json';
import sv from '../../locales/sv.json';
import { featureSections as deSections } from './feature-sections/de';
import { featureSections as enGBSections } from './feature-sections/en-GB';
import { featureSections as nbSections } from './feature-sections/nb';
import { featureSections as svSections } from './feature-sections/sv';

/**
 * One `translation` namespace per language: the shared strings of `locales/<lang>.json`, plus one
 * section per feature from `locales/<feature>/<lang>.json` (so features keep their strings apart).
 * British English is the reference: its keys type `t()` and the other languages fall back to it.
 *
 * Every language at once, for the types and the tests: the app itself downloads only the strings of the UI language,
 * the shared ones first and the screens' sections after login (translations.ts).
 */
const enGBTranslation = { ...enGB, ...enGBSections };
export type Translation = typeof enGBTranslation;

export const resources = {
  de: { translation: { ...de, ...deSections } },
  'en-GB': { translation: enGBTranslation },
  nb: { translation: { ...nb, ...nbSections } },
  sv: { translation: { ...sv, ...svSections } },
} satisfies Record<Language, { translation: unknown }>;
