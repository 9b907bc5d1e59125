import { SEARCH_NOTES_LIMIT, type SearchNote, type SearchPinnedNote } from '@fleetdesk/contract';
import { and, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notes } from '../../db/schema.ts';
import { escapeLike } from '../../lib/search-terms.ts';
import type { Actor } from '../auth/index.ts';
import { selectNotes, subjectKey, type NoteRow } from '../notes/index.ts';

/**
 * Internal notes in the support search (issue 18 point 2; docs/decisions/0061-notes-and-contacts.md): the notes whose
 * text contains the phrase, and the pinned notes of the hits on the answer's first pages (so a collapsed hit shows its
 * banner without a request of its own). The operator's notes only.
 */

const EXCERPT = 200;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

/** The note's subject with the label a hit shows: the customer's name, the BID, the registration. */
function subjectOf(row: NoteRow): { subjectType: SearchNote['subjectType']; subjectId: string; subjectLabel: string } | null {
  const subjectId = subjectKey(row);
  if (!subjectId) return null;
  const { subjectType } = row.note;
  const subjectLabel =
    subjectType === 'USER' ? `${row.familyName}, ${row.givenName}` : subjectType === 'VEHICLE' ? (row.registrationNumber ?? subjectId) : subjectId;
  return { subjectType, subjectId, subjectLabel };
}

/** The notes containing the phrase (3 characters or more), pinned first, then newest. */
export async function matchingNotes(db: Db, actor: Actor, phrase: string | null): Promise<SearchNote[]> {
  if (!phrase || phrase.length < 3) return [];
  const rows = await selectNotes(db)
    .where(and(eq(notes.fleetId, actor.fleet), ilike(notes.text, `%${escapeLike(phrase)}%`)))
    .orderBy(desc(notes.pinned), desc(notes.createdAt), desc(notes.id))
    .limit(SEARCH_NOTES_LIMIT);
  return rows.flatMap((row) => {
    const subject = subjectOf(row);
    return subject
      ? [
          {
            id: row.note.id,
            ...subject,
            text: excerpt(row.note.text),
            pinned: row.note.pinned,
            createdBy: row.note.createdBy,
            createdAt: row.note.createdAt.toISOString(),
          },
        ]
      : [];
  });
}

/** The pinned notes of these users, bookings and vehicles (row ids), newest first. */
export async function pinnedNotesOf(
  db: Db,
  actor: Actor,
  ids: { users: readonly number[]; bookings: readonly number[]; vehicles: readonly number[] },
): Promise<SearchPinnedNote[]> {
  const subjects: SQL[] = [];
  if (ids.users.length) subjects.push(inArray(notes.userId, [...ids.users]));
  if (ids.bookings.length) subjects.push(inArray(notes.bookingId, [...ids.bookings]));
  if (ids.vehicles.length) subjects.push(inArray(notes.vehicleId, [...ids.vehicles]));
  if (!subjects.length) return [];
  const rows = await selectNotes(db)
    .where(and(eq(notes.fleetId, actor.fleet), eq(notes.pinned, true), or(...subjects)))
    .orderBy(desc(notes.createdAt), desc(notes.id));
  return rows.flatMap((row) => {
    const subject = subjectOf(row);
    return subject
      ? [{ subjectType: subject.subjectType, subjectId: subject.subjectId, text: excerpt(row.note.text), createdBy: row.note.createdBy }]
      : [];
  });
}
