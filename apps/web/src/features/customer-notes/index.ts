/** Internal notes and logged contacts (issue 18 points 2 and 3): lazy components, loaded with their strings when shown. */
export { ContactsPanel, LogContactButton, NotesPanel, PinnedNotesBanner } from './lazy';
