import { lazy, Suspense, type ComponentType } from 'react';

/**
 * The notes and contacts UI, downloaded with its strings when first shown: nothing of it (not even the strings'
 * loader) is in the first load of /login or /support (docs/decisions/0043-fast-first-load.md, 0061-notes-and-contacts.md).
 */
const loadEntry = () => import('./entry').then(async (entry) => (await entry.loadCustomerNotesStrings(), entry));
type Entry = Awaited<ReturnType<typeof loadEntry>>;

function lazyComponent<P extends object>(pick: (entry: Entry) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(() => loadEntry().then((entry) => ({ default: pick(entry) })));
  function Loaded(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Loaded;
}

export const NotesPanel = lazyComponent((entry) => entry.NotesPanel);
export const PinnedNotesBanner = lazyComponent((entry) => entry.PinnedNotesBanner);
export const LogContactButton = lazyComponent((entry) => entry.LogContactButton);
export const ContactsPanel = lazyComponent((entry) => entry.ContactsPanel);
export const CustomerTimeline = lazyComponent((entry) => entry.CustomerTimeline);
export const LastChange = lazyComponent((entry) => entry.LastChange);
export const SearchNotes = lazyComponent((entry) => entry.SearchNotes);
