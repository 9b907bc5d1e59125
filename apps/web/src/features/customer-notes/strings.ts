import { namespaceLoader } from '@/lib/i18n/namespace-loader';

/**
 * The notes and contacts strings (`locales/customer-notes/<lang>.json`, i18next namespace `customerNotes`) download
 * with the notes UI, not with the console's first load (docs/decisions/0061-notes-and-contacts.md).
 */
export const CUSTOMER_NOTES_NS = 'customerNotes';

/** The strings in the UI language; later switches of language bring theirs too. */
export const loadCustomerNotesStrings = namespaceLoader(CUSTOMER_NOTES_NS, {
  de: () => import('../../locales/customer-notes/de.json'),
  'en-GB': () => import('../../locales/customer-notes/en-GB.json'),
  nb: () => import('../../locales/customer-notes/nb.json'),
  sv: () => import('../../locales/customer-notes/sv.json'),
});
