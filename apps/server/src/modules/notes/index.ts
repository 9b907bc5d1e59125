export { selectNotes, subjectKey, type NoteRow } from './service.ts';
