import { useCallback, useState } from 'react';
import { useSession } from '@/lib/session/session';
import { readTablePreferences, writeTablePreferences, type TablePreferences } from './table-preferences';

/**
 * One table's remembered state for the signed-in staff member, with a setter that merges and stores. Screens read
 * `pageSize` and `sort` from it as their defaults when the URL names none; DataTable keeps columns and density.
 */
export function useTablePreferences(table: string): [TablePreferences, (change: Partial<TablePreferences>) => void] {
  const staff = useSession()?.user.username ?? 'anonymous';
  const [state, setState] = useState(() => ({ staff, table, preferences: readTablePreferences(staff, table) }));
  // Another staff member signed in (or another table): read theirs.
  const current = state.staff === staff && state.table === table ? state : { staff, table, preferences: readTablePreferences(staff, table) };
  if (current !== state) setState(current);
  const update = useCallback((change: Partial<TablePreferences>) => {
    setState((previous) => {
      const preferences = { ...previous.preferences, ...change };
      writeTablePreferences(previous.staff, previous.table, preferences);
      return { ...previous, preferences };
    });
  }, []);
  return [current.preferences, update];
}
