import type { Language } from '@fleetdesk/contract';
import de from '../../locales/de.json';
import enGB from '../../locales/en-GB.json';
import nb from '../../locales/nb.json';
import sv from '../../locales/sv.json';

/** British English is the reference: its keys type `t()` and the other languages fall back to it. */
export type Translation = typeof enGB;

export const resources = {
  de: { translation: de },
  'en-GB': { translation: enGB },
  nb: { translation: nb },
  sv: { translation: sv },
} satisfies Record<Language, { translation: unknown }>;
