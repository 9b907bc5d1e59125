import { BATCH_FILE_FIELD, BATCH_FILE_MAX_BYTES, fieldError, messageRef, MESSAGES, type ErrorItem } from '@fleetdesk/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { unsafeTextErrors } from '../../http/input-guard.ts';

/** Limits handed to the multipart parser: one file part, a couple of short fields. */
export const BATCH_FORM_LIMITS = {
  fileSize: BATCH_FILE_MAX_BYTES,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: 256,
} as const;

export interface BatchUpload {
  bytes: Buffer;
  filename: string;
  /** The companyId form field, when sent in the body instead of the query string. */
  companyIdField: string | undefined;
}

export const notMultipart = () =>
  AppError.invalidInput([fieldError(BATCH_FILE_FIELD, 'csvOnly')], 'The users file must be sent as multipart/form-data with the file part "file"');

/** The multipart parser's own words (English) as `{detail}`; one item without a field, its text also the envelope's. */
const unreadableForm = (detail: string) => {
  const item = messageRef('formDataUnreadable', { detail });
  return AppError.invalidInput([item], item.message);
};
const tooLarge = () =>
  AppError.invalidInput(
    [fieldError(BATCH_FILE_FIELD, 'fileTooLarge', { max: BATCH_FILE_MAX_BYTES / 1024 })],
    `The file is larger than ${BATCH_FILE_MAX_BYTES / 1024} KB. Split it into smaller files.`,
  );
const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** Reads the multipart body: the .csv file part and an optional companyId field (other parts are drained and ignored). */
export async function readBatchUpload(request: FastifyRequest): Promise<BatchUpload> {
  if (!request.isMultipart()) throw notMultipart();
  let file: { bytes: Buffer; filename: string } | null = null;
  let companyIdField: string | undefined;
  let oversize = false;
  // The input guard (http/input-guard.ts) for what the multipart parser hands over: field values and file names.
  const unsafe: ErrorItem[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        unsafe.push(...unsafeTextErrors(part.value, part.fieldname));
        if (part.fieldname === 'companyId' && typeof part.value === 'string') companyIdField = part.value;
        continue;
      }
      unsafe.push(...unsafeTextErrors(part.filename, `${part.fieldname}.filename`));
      try {
        const bytes = await part.toBuffer();
        if (part.fieldname === BATCH_FILE_FIELD) file = { bytes, filename: part.filename ?? '' };
      } catch (error) {
        if (errorCode(error) !== 'FST_REQ_FILE_TOO_LARGE') throw error;
        oversize = true;
      }
    }
  } catch (error) {
    const code = errorCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') oversize = true;
    else if (code === 'FST_FILES_LIMIT') throw AppError.invalidInput([fieldError(BATCH_FILE_FIELD, 'oneFileOnly')]);
    else if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw unreadableForm('too many fields');
    else throw unreadableForm(error instanceof Error ? error.message : 'malformed multipart data');
  }
  if (unsafe.length > 0) throw AppError.invalidInput(unsafe);
  if (oversize) throw tooLarge();
  if (!file) throw AppError.invalidInput([fieldError(BATCH_FILE_FIELD, 'required')], 'Choose a .csv file of users to import');
  // §5: batch import accepts .csv files only (by name; browsers send varying content types for .csv).
  if (!/\.csv$/i.test(file.filename.trim())) throw AppError.invalidInput([fieldError(BATCH_FILE_FIELD, 'csvOnly')], MESSAGES.csvOnly);
  return { ...file, companyIdField };
}
