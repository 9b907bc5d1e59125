import 'i18next';
import type { Translation } from './resources';
import type customerNotes from '../../locales/customer-notes/en-GB.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /** `customerNotes`: strings loaded with the notes UI (features/customer-notes/strings.ts). */
    resources: { translation: Translation; customerNotes: typeof customerNotes };
  }
}
