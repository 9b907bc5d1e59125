import { useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/** A page of a keyset-paged list (§9: page size plus one extra row tells whether more exist). */
export interface CursorPage {
  moreResults: boolean;
  nextCursor: string | null;
}

export interface CursorPages<TPage extends CursorPage> {
  /** The page on screen; the previous one stays while the next loads. */
  page: TPage;
  /** 0-based. */
  index: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The next or previous page is on its way (the shown page is the one before). */
  loading: boolean;
  error: unknown;
  next: () => void;
  previous: () => void;
  retry: () => void;
}

/**
 * Previous/next paging over cursors. The first page is given (it came with the combined search); later pages are
 * fetched by their cursor, and the cursors seen so far make the way back.
 */
export function useCursorPages<TPage extends CursorPage, TKey extends QueryKey>(
  first: TPage,
  pageQuery: (cursor: string) => UseQueryOptions<TPage, Error, TPage, TKey>,
): CursorPages<TPage> {
  // cursors[i] opens page i + 1.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const query = useQuery({ ...pageQuery(cursor ?? ''), enabled: cursor !== undefined, placeholderData: keepPreviousData });

  const onFirst = cursor === undefined;
  const fetched = !onFirst && query.data !== undefined ? query.data : undefined;
  const loading = !onFirst && (query.isPlaceholderData || query.isPending) && !query.isError;
  // While a page loads, the one before stays on screen (the first page, when nothing else is cached).
  const page = fetched ?? first;
  const current = loading ? undefined : page;

  return {
    page,
    index: cursors.length,
    hasPrevious: cursors.length > 0,
    hasNext: Boolean(current?.moreResults && current.nextCursor),
    loading,
    error: onFirst ? null : query.error,
    next: () => {
      if (current?.moreResults && current.nextCursor) setCursors([...cursors, current.nextCursor]);
    },
    previous: () => setCursors(cursors.slice(0, -1)),
    retry: () => void query.refetch(),
  };
}
