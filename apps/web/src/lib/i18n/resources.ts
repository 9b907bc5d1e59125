import type { Language } from '@fleetdesk/contract';
import bookingCardDe from '../../locales/booking-card/de.json';
import bookingCardEnGB from '../../locales/booking-card/en-GB.json';
import bookingCardNb from '../../locales/booking-card/nb.json';
import bookingCardSv from '../../locales/booking-card/sv.json';
import bookingFormDe from '../../locales/booking-form/de.json';
import bookingFormEnGB from '../../locales/booking-form/en-GB.json';
import bookingFormNb from '../../locales/booking-form/nb.json';
import bookingFormSv from '../../locales/booking-form/sv.json';
import de from '../../locales/de.json';
import enGB from '../../locales/en-GB.json';
import nb from '../../locales/nb.json';
import sv from '../../locales/sv.json';

/**
 * One `translation` namespace per language: the shared strings of `locales/<lang>.json`, plus one
 * section per feature from `locales/<feature>/<lang>.json` (so features keep their strings apart).
 * British English is the reference: its keys type `t()` and the other languages fall back to it.
 */
const build = <C, BC, BF>(core: C, bookingCard: BC, bookingForm: BF) => ({ ...core, bookingCard, bookingForm });

const enGBTranslation = build(enGB, bookingCardEnGB, bookingFormEnGB);
export type Translation = typeof enGBTranslation;

export const resources = {
  de: { translation: build(de, bookingCardDe, bookingFormDe) },
  'en-GB': { translation: enGBTranslation },
  nb: { translation: build(nb, bookingCardNb, bookingFormNb) },
  sv: { translation: build(sv, bookingCardSv, bookingFormSv) },
} satisfies Record<Language, { translation: unknown }>;
