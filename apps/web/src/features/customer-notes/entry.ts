/** The notes and contacts UI in one chunk, with what loads its strings (see lazy.tsx). */
export { loadCustomerNotesStrings } from './strings';
export { ContactsPanel } from './components/contacts-panel';
export { CustomerTimeline } from './components/customer-timeline';
export { LastChange } from './components/last-change';
export { LogContactButton } from './components/log-contact';
export { NotesPanel } from './components/notes-panel';
export { PinnedNotesBanner } from './components/pinned-notes-banner';
export { SearchNotes } from './components/search-notes';
