import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZContact,
  ZContactAssigneesResponse,
  ZContactListResponse,
  ZCustomerTimelineResponse,
  ZNote,
  ZNoteListResponse,
  ZUserBookingsResponse,
  type ContactCreateRequest,
  type ContactUpdateRequest,
  type NoteCreateRequest,
  type NoteSubjectType,
  type NoteUpdateRequest,
} from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';

export interface NoteSubject {
  subjectType: NoteSubjectType;
  /** The user name, bid or VIN. */
  subjectId: string;
}

/** Query keys: `['notes', op, params]` and `['contacts', op, params]`; a change invalidates its resource. */
export const notesKeys = {
  all: () => queryKeyPrefix('notes'),
  list: (subject: NoteSubject) => queryKey('notes', 'list', { ...subject }),
  pinned: (subject: NoteSubject) => queryKey('notes', 'pinned', { ...subject }),
};
export const contactKeys = {
  all: () => queryKeyPrefix('contacts'),
  ofUser: (username: string) => queryKey('contacts', 'ofUser', { username }),
  assignees: () => queryKey('contacts', 'assignees', {}),
  bookings: (username: string) => queryKey('contacts', 'bookings', { username }),
};

/** GET /api/notes: the subject's notes, pinned first. */
export const notesQueryOptions = (subject: NoteSubject) =>
  queryOptions({
    queryKey: notesKeys.list(subject),
    queryFn: ({ signal }) => apiClient.request('/notes', { query: { ...subject }, schema: ZNoteListResponse, signal }),
  });

/** GET /api/notes?pinned=true: what the banner shows. */
export const pinnedNotesQueryOptions = (subject: NoteSubject) =>
  queryOptions({
    queryKey: notesKeys.pinned(subject),
    queryFn: ({ signal }) => apiClient.request('/notes', { query: { ...subject, pinned: 'true' }, schema: ZNoteListResponse, signal }),
    staleTime: 30_000,
  });

export const useNotes = (subject: NoteSubject) => useQuery(notesQueryOptions(subject));
export const usePinnedNotes = (subject: NoteSubject) => useQuery(pinnedNotesQueryOptions(subject));

/**
 * A note or contact changed: its lists. The customer timelines that show the change (an event there) are refreshed
 * by the query client after every change (`HISTORY_RESOURCES` in lib/query/query-client.ts).
 */
function useInvalidateNotes() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: notesKeys.all() });
}
function useInvalidateContacts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: contactKeys.all() });
}

export function useCreateNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: (body: NoteCreateRequest) => apiClient.request('/notes', { method: 'POST', body, schema: ZNote }),
    onSuccess: invalidate,
  });
}

export function useUpdateNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: ({ id, ...body }: NoteUpdateRequest & { id: number }) => apiClient.request(`/notes/${id}`, { method: 'PATCH', body, schema: ZNote }),
    onSuccess: invalidate,
  });
}

export function useDeleteNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiClient.request(`/notes/${id}`, { method: 'DELETE' });
    },
    onSuccess: invalidate,
  });
}

const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;

/** GET /api/contacts?username=: the customer's logged contacts, newest first. */
export const useUserContacts = (username: string) =>
  useQuery({
    queryKey: contactKeys.ofUser(username),
    queryFn: ({ signal }) => apiClient.request('/contacts', { query: { username }, schema: ZContactListResponse, signal }),
  });

/** GET /api/contacts/assignees: whom a contact may be assigned to. */
export const useContactAssignees = () =>
  useQuery({
    queryKey: contactKeys.assignees(),
    queryFn: ({ signal }) => apiClient.request('/contacts/assignees', { schema: ZContactAssigneesResponse, signal }),
    staleTime: 5 * 60_000,
  });

const DAY_MS = 86_400_000;

/** The customer's bookings a contact may be about: those of the last half year and the next three months. */
export const useContactBookings = (username: string) =>
  useQuery({
    queryKey: contactKeys.bookings(username),
    queryFn: ({ signal }) =>
      apiClient.request(`${userPath(username)}/bookings`, {
        query: {
          startDate: new Date(Date.now() - 180 * DAY_MS).toISOString(),
          endDate: new Date(Date.now() + 90 * DAY_MS).toISOString(),
          state: ['ACTIVE', 'INACTIVE', 'FINISHED', 'CANCELLED'],
          limit: 100,
        },
        schema: ZUserBookingsResponse,
        signal,
      }),
  });

/** How far back the actions a contact may be resolved with go. */
const RESOLUTION_CANDIDATE_DAYS = 7;

/**
 * The actions a contact may be resolved with: the customer's payment actions and remote commands of the last 7 days,
 * newest first (GET /api/users/{username}/timeline?kind=payment,command&from=…; the server checks the chosen one).
 * Keyed under `timeline`, so a change that invalidates the timelines brings it up to date.
 */
export const useResolutionCandidates = (username: string) =>
  useQuery({
    queryKey: queryKey('timeline', 'resolutionCandidates', { username }),
    queryFn: ({ signal }) =>
      apiClient.request(`${userPath(username)}/timeline`, {
        query: { kind: 'payment,command', from: new Date(Date.now() - RESOLUTION_CANDIDATE_DAYS * DAY_MS).toISOString(), limit: '50' },
        schema: ZCustomerTimelineResponse,
        signal,
      }),
    select: (page) => page.results,
  });

export function useLogContact(username: string) {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (body: ContactCreateRequest) => apiClient.request(`${userPath(username)}/contacts`, { method: 'POST', body, schema: ZContact }),
    onSuccess: invalidate,
  });
}

export function useUpdateContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: ({ id, ...body }: ContactUpdateRequest & { id: number }) =>
      apiClient.request(`/contacts/${id}`, { method: 'PATCH', body, schema: ZContact }),
    onSuccess: invalidate,
  });
}
