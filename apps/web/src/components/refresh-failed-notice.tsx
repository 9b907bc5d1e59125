import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';

/** What a screen needs of a query to choose between its data, its load error and this notice. */
interface LoadedQuery {
  isError: boolean;
  isFetching: boolean;
  data: unknown;
  error: unknown;
  dataUpdatedAt: number;
  refetch: () => unknown;
}

/**
 * Whether a screen shows its load error instead of its data: when nothing has loaded yet, or the record is gone (404).
 * Never for a failed refresh of data already on the screen (a live update's refetch during a database failover, say):
 * replacing the screen by an error would close its dialogs and drop what the staff member was typing. The data stays,
 * with RefreshFailedNotice above it.
 */
export function showsLoadError(query: Pick<LoadedQuery, 'isError' | 'data' | 'error'>): boolean {
  return query.isError && (query.data === undefined || (isApiError(query.error) && query.error.status === 404));
}

/** A refresh of the shown data failed: it says since when the data is shown, and offers to try again. */
export function RefreshFailedNotice({ query }: { query: LoadedQuery }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!query.isError || showsLoadError(query)) return null;
  return (
    <Alert
      severity="warning"
      variant="outlined"
      data-testid="refresh-failed"
      action={
        <Button color="inherit" size="small" disabled={query.isFetching} onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      }
    >
      {t('common.refreshFailed', { time: format.dateTime(query.dataUpdatedAt) })}
    </Alert>
  );
}
