import 'i18next';
import type { Translation } from './resources';
import type customerNotes from '../../locales/customer-notes/en-GB.json';
import type savedViews from '../../locales/saved-views/en-GB.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /**
     * `customerNotes`: strings loaded with the notes UI (features/customer-notes/strings.ts); `savedViews`: with the
     * views control and queues (features/saved-views/strings.ts).
     */
    resources: { translation: Translation; customerNotes: typeof customerNotes; savedViews: typeof savedViews };
  }
}
