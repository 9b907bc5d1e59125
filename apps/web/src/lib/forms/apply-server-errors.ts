import type { TFunction } from 'i18next';
import { isErrorEnvelope, type ErrorItem } from '@fleetdesk/contract';
import type { FieldPath, FieldValues, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api/api-error';
import { serverMessageText } from '@/lib/i18n/server-message';

/**
 * How the server's field paths (§8 `errors[].field`, dotted: `address.streetAddress`, `items.0.comment`) name a form's
 * fields:
 * - a list of the form's field names that the server spells the same way, or
 * - a record from server path to form field name;
 *   both match the whole path first, then its longest listed prefix (`emailDomains.1` → `emailDomains`);
 * - a function of the path (null or undefined: no field of the form takes it).
 *
 * Without a mapping the server's path is taken as the form's path (react-hook-form reads dotted paths the same way),
 * and an error is placed when the form holds a value there (when `getValues` is given).
 */
export type ServerFieldMap<TName extends string> =
  readonly TName[] | Readonly<Partial<Record<string, TName>>> | ((path: string) => TName | null | undefined);

export interface ServerErrorOptions<TName extends string> {
  fields?: ServerFieldMap<TName>;
  /** Only an answer with this HTTP status (or one of these) has its errors placed, e.g. 400. By default any. */
  status?: number | readonly number[];
}

/** One error put on a field: the form field, the message set there, and the server's item as it came. */
export interface PlacedServerError<TName extends string> {
  name: TName;
  message: string;
  item: ErrorItem;
}

export interface ServerErrorPlacement<TName extends string> {
  placed: PlacedServerError<TName>[];
  /** The errors of the answer no field takes (no field named, or one the form does not have), to show elsewhere. */
  unplaced: ErrorItem[];
}

const isErrorItem = (value: unknown): value is ErrorItem =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/**
 * The error list of a failed call: an ApiError (what the API client throws), an ErrorEnvelope, or the `errors` list of
 * one. Anything else (a network failure, an answer of another status than asked for) has none.
 */
export function serverErrorItems(source: unknown, status?: number | readonly number[]): ErrorItem[] {
  let code: number | undefined;
  let items: readonly unknown[];
  if (isApiError(source)) {
    code = source.status;
    items = source.envelope.errors;
  } else if (isErrorEnvelope(source)) {
    code = source.httpCode;
    items = source.errors;
  } else if (Array.isArray(source)) {
    items = source;
  } else {
    return [];
  }
  const wanted = status === undefined ? undefined : typeof status === 'number' ? [status] : status;
  if (wanted && code !== undefined && !wanted.includes(code)) return [];
  return items.filter(isErrorItem);
}

/** The path itself, then ever shorter prefixes: `items.0.comment`, `items.0`, `items`. */
function* pathAndPrefixes(path: string) {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length -= 1) yield parts.slice(0, length).join('.');
}

function lookUp<TName extends string>(fields: ServerFieldMap<TName>, path: string): TName | null {
  if (typeof fields === 'function') return fields(path) ?? null;
  for (const candidate of pathAndPrefixes(path)) {
    if (Array.isArray(fields)) {
      if ((fields as readonly string[]).includes(candidate)) return candidate as TName;
    } else if (Object.hasOwn(fields, candidate)) {
      const name = (fields as Readonly<Partial<Record<string, TName>>>)[candidate];
      if (name) return name;
    }
  }
  return null;
}

/**
 * Which form field each error of a failed call belongs to, without touching a form (the pure half of
 * applyServerErrors). `holds` says whether the form has a field at a path, for errors placed without a mapping.
 */
export function placeServerErrors<TName extends string>(
  source: unknown,
  options: ServerErrorOptions<TName> = {},
  holds: (path: string) => boolean = () => true,
): ServerErrorPlacement<TName> {
  const placement: ServerErrorPlacement<TName> = { placed: [], unplaced: [] };
  for (const item of serverErrorItems(source, options.status)) {
    const path = item.field?.trim();
    const name = !path ? null : options.fields ? lookUp(options.fields, path) : holds(path) ? (path as TName) : null;
    if (name) placement.placed.push({ name, message: item.message, item });
    else placement.unplaced.push(item);
  }
  return placement;
}

/** The part of a react-hook-form form (UseFormReturn) the errors are put on; getValues is optional. */
export interface ServerErrorForm<TValues extends FieldValues> {
  setError: UseFormSetError<TValues>;
  getValues?: UseFormGetValues<TValues>;
}

export interface ApplyServerErrorsOptions<TValues extends FieldValues> extends ServerErrorOptions<FieldPath<TValues>> {
  /** Word the server's messages in the staff member's language, by their message id and params (docs/decisions/0059). */
  t?: TFunction;
  /** Move the focus to the first field that got an error. */
  shouldFocus?: boolean;
}

/**
 * Puts the §8 field errors of a failed call on the form's fields (`setError`, type 'server'), and returns where each
 * went: `unplaced` are the errors no field takes, for the caller to show as a notification or a list. An error that is
 * not an API error places nothing and returns nothing.
 *
 *     onError: (error) => applyServerErrors(form, error, { fields: { 'address.city': 'city' }, status: 400, t })
 */
export function applyServerErrors<TValues extends FieldValues>(
  form: ServerErrorForm<TValues>,
  error: unknown,
  options: ApplyServerErrorsOptions<TValues> = {},
): ServerErrorPlacement<FieldPath<TValues>> {
  const valueAt = (path: string): unknown => form.getValues?.(path as FieldPath<TValues>);
  const holds = (path: string) => !form.getValues || valueAt(path) !== undefined;
  const { placed, unplaced } = placeServerErrors(error, options, holds);
  const { t } = options;
  const worded = placed.map((entry) => (t ? { ...entry, message: serverMessageText(entry.item, t, valueAt(entry.name)) } : entry));
  worded.forEach(({ name, message }, index) =>
    form.setError(name, { type: 'server', message }, { shouldFocus: options.shouldFocus === true && index === 0 }),
  );
  return { placed: worded, unplaced };
}
