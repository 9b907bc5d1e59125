import {
  DAMAGE_IMAGE_MAX_MB,
  fieldError,
  issueMessageRef,
  messageRef,
  MESSAGES,
  ZDamageReportFields,
  type DamageReportFields,
  type ErrorItem,
} from '@fleetdesk/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { unsafeTextErrors } from '../../http/input-guard.ts';
import { DAMAGE_IMAGE_MAX_BYTES, InvalidImageError, processDamagePhoto, type DamagePhoto } from './photo.ts';

/** Limits handed to the multipart parser: one file, a handful of short fields. */
export const REPORT_FORM_LIMITS = {
  fileSize: DAMAGE_IMAGE_MAX_BYTES,
  files: 1,
  fields: 10,
  parts: 12,
  /** Bytes; a longer value is cut here and then fails the 80-character rule anyway. */
  fieldSize: 4096,
} as const;

const TEXT_FIELDS = ['description_operator', 'description_en'] as const;

interface RawReportForm {
  fields: Partial<Record<(typeof TEXT_FIELDS)[number], string>>;
  image: Buffer | null;
  imageTooLarge: boolean;
  /** The input guard's field errors (http/input-guard.ts): NUL or an unpaired surrogate in a field or a file name. */
  unsafe: ErrorItem[];
}

export const notMultipart = () =>
  AppError.invalidInput([{ field: 'image', message: MESSAGES.imageRequired }], 'The damage report must be sent as multipart/form-data');

/** The multipart parser's own words (English) as `{detail}`; one item without a field, its text also the envelope's. */
const unreadableForm = (detail: string) => {
  const item = messageRef('formDataUnreadable', { detail });
  return AppError.invalidInput([item], item.message);
};

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** Reads the multipart body: the two text fields and the `image` file part (other parts are drained and ignored). */
async function readReportForm(request: FastifyRequest): Promise<RawReportForm> {
  if (!request.isMultipart()) throw notMultipart();
  const form: RawReportForm = { fields: {}, image: null, imageTooLarge: false, unsafe: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        form.unsafe.push(...unsafeTextErrors(part.value, part.fieldname));
        const name = TEXT_FIELDS.find((f) => f === part.fieldname);
        if (name && form.fields[name] === undefined && typeof part.value === 'string') form.fields[name] = part.value;
        continue;
      }
      form.unsafe.push(...unsafeTextErrors(part.filename, `${part.fieldname}.filename`));
      try {
        const data = await part.toBuffer();
        if (part.fieldname === 'image' && data.length > 0) form.image = data;
      } catch (error) {
        if (errorCode(error) !== 'FST_REQ_FILE_TOO_LARGE') throw error;
        form.imageTooLarge = true;
      }
    }
  } catch (error) {
    const code = errorCode(error);
    // The size error is raised once more when the form ends; the parts before it were already read.
    if (code === 'FST_REQ_FILE_TOO_LARGE') form.imageTooLarge = true;
    else if (code === 'FST_FILES_LIMIT') throw AppError.invalidInput([fieldError('image', 'oneImageOnly')]);
    else if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw unreadableForm('too many fields');
    else throw unreadableForm(error instanceof Error ? error.message : 'malformed multipart data');
  }
  return form;
}

export interface DamageReportInput {
  fields: DamageReportFields;
  photo: DamagePhoto;
}

/**
 * The §5 damage form, checked as a whole so every problem comes back at once: both descriptions (1–80
 * characters) and a readable image of at most DAMAGE_IMAGE_MAX_MB. Anything else is a 400 in the envelope.
 */
export async function parseDamageReport(request: FastifyRequest): Promise<DamageReportInput> {
  const form = await readReportForm(request);
  // Text the database cannot store is refused before anything else is looked at (the image is never processed).
  if (form.unsafe.length > 0) throw AppError.invalidInput(form.unsafe);
  const errors: ErrorItem[] = [];
  const parsed = ZDamageReportFields.safeParse(form.fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors.push({ field: issue.path.map(String).join('.') || 'form', ...issueMessageRef(issue), message: issue.message });
    }
  }
  let photo: DamagePhoto | null = null;
  if (form.imageTooLarge) errors.push(fieldError('image', 'imageTooLarge', { max: DAMAGE_IMAGE_MAX_MB }));
  else if (!form.image) errors.push({ field: 'image', message: MESSAGES.imageRequired });
  else {
    try {
      photo = await processDamagePhoto(form.image);
    } catch (error) {
      if (!(error instanceof InvalidImageError)) throw error;
      request.log.info({ reason: error.message }, 'damage photo refused');
      errors.push({ field: 'image', message: MESSAGES.imageInvalid });
    }
  }
  if (!parsed.success || !photo) {
    const only = errors.length === 1 ? errors[0] : undefined;
    throw AppError.invalidInput(errors, only?.field === 'image' ? only.message : MESSAGES.validationFailed);
  }
  return { fields: parsed.data, photo };
}
