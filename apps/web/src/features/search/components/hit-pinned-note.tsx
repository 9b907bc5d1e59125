import { createContext, useContext, type ReactNode } from 'react';
import PushPinIcon from '@mui/icons-material/PushPin';
import Typography from '@mui/material/Typography';
import type { SearchPinnedNote } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './result-section';

/** The pinned notes the search answer sent for its hits (issue 18 point 2). */
export const SearchPinnedNotesContext = createContext<readonly SearchPinnedNote[]>([]);

/** Adds a load-more page's pinned notes to those of the answer for the hits below. */
export function WithPinnedNotes({ notes, children }: { notes: readonly SearchPinnedNote[] | undefined; children: ReactNode }) {
  const outer = useContext(SearchPinnedNotesContext);
  if (!notes?.length) return children;
  return <SearchPinnedNotesContext value={[...outer, ...notes]}>{children}</SearchPinnedNotesContext>;
}

/**
 * A collapsed hit's pinned notes as one quiet line under its name: the newest note, and how many more. The whole text
 * is the line's tooltip; the record's own page shows them all as a banner.
 */
export function HitPinnedNote({ subjectType, subjectId }: Pick<SearchPinnedNote, 'subjectType' | 'subjectId'>) {
  const { t } = useTranslation();
  const notes = useContext(SearchPinnedNotesContext).filter((note) => note.subjectType === subjectType && note.subjectId === subjectId);
  const first = notes[0];
  if (!first) return null;
  return (
    <Typography
      variant="caption"
      component="div"
      data-testid="hit-pinned-note"
      title={notes.map((note) => note.text).join('\n')}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, maxWidth: 420, color: 'text.primary' }}
    >
      <PushPinIcon aria-hidden sx={{ fontSize: 14, color: 'warning.main', flexShrink: 0 }} />
      <span style={visuallyHidden}>{t('supportSearch.pinnedNote')}: </span>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{first.text}</span>
      {notes.length > 1 && <span style={{ flexShrink: 0 }}>{t('supportSearch.pinnedNoteMore', { count: notes.length - 1 })}</span>}
    </Typography>
  );
}
