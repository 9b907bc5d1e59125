/** The customer workspace: timeline, internal notes and logged contacts (issue 18 points 1–3): lazy components, loaded with their strings when shown. */
export { useContactAssignees } from './api/notes-api';
export { ContactsPanel, CustomerTimeline, LastChange, LogContactButton, NotesPanel, PinnedNotesBanner, SearchNotes } from './lazy';
