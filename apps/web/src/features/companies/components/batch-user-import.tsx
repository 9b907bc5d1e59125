import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BATCH_COLUMNS,
  BATCH_FILE_MAX_BYTES,
  BATCH_MAX_LINES,
  BATCH_REQUIRED_COLUMNS,
  type BatchCreateResponse,
  type ErrorItem,
} from '@fleetdesk/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { isApiError } from '@/lib/api/api-error';
import { serverFieldMessageText, serverMessageText } from '@/lib/i18n/server-message';
import { notifySuccess, notifyWarning } from '@/lib/notifications/notify';
import { useCreateUserBatch } from '../api/companies-api';
import { base64ToBytes, saveFile } from '../download-file';

export interface BatchUserImportProps {
  /** A top-level company of the operator (the API refuses others). */
  companyId: number;
}

/** §5: batch import accepts .csv files only (the name decides; browsers differ on the content type). */
export const isCsvFileName = (name: string) => name.toLowerCase().endsWith('.csv');

/**
 * Batch user creation (§2, §5, §8; issue 6 point 7), shared by the company page and the batch creation screen: upload
 * a .csv, then the created count as a message, the failed count as a warning, the per-line errors, and the failed
 * lines as a .csv to correct and upload again. For every staff role (§6: support staff batch create users).
 */
export function BatchUserImport({ companyId }: BatchUserImportProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useCreateUserBatch(companyId);
  const result = upload.data;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    upload.reset();
    if (chosen && !isCsvFileName(chosen.name)) {
      setFile(null);
      setFileError(t('companies.batch.csvOnly'));
    } else if (chosen && chosen.size > BATCH_FILE_MAX_BYTES) {
      setFile(null);
      setFileError(t('companies.batch.tooLarge', { size: BATCH_FILE_MAX_BYTES / 1024 }));
    } else {
      setFile(chosen);
      setFileError(null);
    }
  };

  const onUpload = () => {
    if (!file) {
      setFileError(t('companies.batch.chooseFirst'));
      return;
    }
    upload.mutate(file, {
      onSuccess: (answer) => {
        // §8: a message with the created count, a warning with the failed count.
        notifySuccess(t('messages.batchUsersCreated', { count: answer.createdCount }));
        if (answer.failedCount > 0) notifyWarning(t('messages.batchUsersFailed', { count: answer.failedCount }));
        setFile(null);
        if (inputRef.current) inputRef.current.value = '';
      },
    });
  };

  const downloadTemplate = () => saveFile([`${BATCH_COLUMNS.join(';')}\r\n`], 'users-template.csv');

  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="subtitle1" component="h3">
          {t('companies.batch.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('companies.batch.intro', { required: BATCH_REQUIRED_COLUMNS.join(', '), lines: BATCH_MAX_LINES, size: BATCH_FILE_MAX_BYTES / 1024 })}{' '}
          <Link component="button" type="button" variant="body2" onClick={downloadTemplate} sx={{ verticalAlign: 'baseline' }}>
            {t('companies.batch.template')}
          </Link>
        </Typography>
      </Box>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          onChange={onFile}
          disabled={upload.isPending}
          aria-label={t('companies.batch.file')}
          style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
          data-testid="batch-file-input"
        />
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => inputRef.current?.click()} disabled={upload.isPending}>
          {t('companies.batch.choose')}
        </Button>
        <Typography
          variant="body2"
          color={file ? 'text.primary' : 'text.secondary'}
          sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}
          aria-live="polite"
        >
          {file ? t('companies.batch.chosen', { name: file.name }) : t('companies.batch.noFile')}
        </Typography>
        <Button variant="contained" onClick={onUpload} disabled={!file} loading={upload.isPending}>
          {t('companies.batch.upload')}
        </Button>
      </Stack>

      {fileError && (
        <Alert severity="error" role="alert">
          {fileError}
        </Alert>
      )}
      {upload.isPending && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('companies.batch.uploading')}
          </Typography>
          <LinearProgress aria-label={t('companies.batch.uploading')} />
        </Box>
      )}
      {upload.isError && <UploadError error={upload.error} />}
      {result && <BatchResult result={result} />}
    </Stack>
  );
}

function UploadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!isApiError(error))
    return (
      <Alert severity="error" role="alert">
        {t('messages.genericError')}
      </Alert>
    );
  const { message, errors } = error.envelope;
  // The envelope's message is English (docs/decisions/0059): the title is the item that words it by id, when there is
  // one, else a translated "could not be imported" above the items.
  const headline = errors.find((item) => item.messageId && item.message === message);
  const listed = errors.filter((item) => item !== headline);
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{headline ? serverMessageText(headline, t) : t('companies.batch.uploadFailed')}</AlertTitle>
      {listed.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {listed.map((item, index) => (
            <li key={`${item.field}-${index}`}>{uploadItemText(item, t)}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

/** An item of a refused upload: "field: message", or "Line 3: message" for a line of the file without a field. */
function uploadItemText(item: ErrorItem, t: TFunction): string {
  if (!item.field && item.line !== undefined) return t('companies.batch.lineMessage', { line: item.line, message: serverMessageText(item, t) });
  return serverFieldMessageText(item, t);
}

function BatchResult({ result }: { result: BatchCreateResponse }) {
  const { t } = useTranslation();
  const download = () => {
    if (!result.remaningUsersFileBytes) return;
    saveFile([base64ToBytes(result.remaningUsersFileBytes)], result.remainingUsersFileName ?? 'remaining-users.csv');
  };
  return (
    <Stack spacing={1.5} data-testid="batch-result">
      <Alert severity="success" role="status">
        {t('messages.batchUsersCreated', { count: result.createdCount })} {t('companies.batch.readAs', { encoding: result.fileEncoding })}
      </Alert>
      {result.failedCount > 0 && (
        <Alert
          severity="warning"
          action={
            result.remaningUsersFileBytes ? (
              <Button color="inherit" size="small" startIcon={<DownloadIcon />} onClick={download}>
                {t('companies.batch.downloadRemaining')}
              </Button>
            ) : undefined
          }
        >
          {t('messages.batchUsersFailed', { count: result.failedCount })}
        </Alert>
      )}
      {result.notCreatedUsers.length > 0 && <BatchErrors lines={result.notCreatedUsers} />}
    </Stack>
  );
}

type NotCreatedLine = BatchCreateResponse['notCreatedUsers'][number];

/** The lines that were not imported: line number, user name and the server's messages for that line. */
function BatchErrors({ lines }: { lines: readonly NotCreatedLine[] }) {
  const { t } = useTranslation();
  const columns = useMemo<DataTableColumn<NotCreatedLine>[]>(
    () => [
      { field: 'line', headerName: t('companies.batch.line'), width: 90, sortable: false, valueGetter: (_, line) => String(line.line) },
      {
        field: 'username',
        headerName: t('companies.batch.username'),
        minWidth: 180,
        flex: 0.6,
        sortable: false,
        valueGetter: (_, line) => line.username || '—',
        renderCell: ({ value }) => <Box sx={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{value as string}</Box>,
      },
      {
        field: 'message',
        headerName: t('companies.batch.message'),
        minWidth: 240,
        flex: 1.4,
        sortable: false,
        valueGetter: (_, line) => line.errors.map((e) => serverFieldMessageText(e.field === 'line' ? { ...e, field: undefined } : e, t)).join('; '),
        renderCell: ({ value }) => <Box sx={{ whiteSpace: 'normal' }}>{value as string}</Box>,
      },
    ],
    [t],
  );
  const empty = useMemo(() => ({ title: t('companies.batch.errorsTable') }), [t]);
  return (
    <DataTable<NotCreatedLine>
      id="batch-import-errors"
      label={t('companies.batch.errorsTable')}
      rows={lines}
      columns={columns}
      getRowId={(line) => line.line}
      empty={empty}
      exportFileName={t('companies.batch.errorsTable')}
      rowAttributes={() => ({ 'data-testid': 'batch-error-line' })}
      autoRowHeight
    />
  );
}
