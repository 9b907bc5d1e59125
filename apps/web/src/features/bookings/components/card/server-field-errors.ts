import type { ErrorItem } from '@fleetdesk/contract';
import { isApiError } from '@/lib/api/api-error';

/**
 * The field errors of a 400 answer that belong to a form's fields (§5: server field errors are shown on the
 * matching fields), by form field name. `fields` maps the server's field names onto the form's.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: Record<string, F>): { field: F; message: string }[] {
  if (!isApiError(error) || error.status !== 400) return [];
  return error.envelope.errors.flatMap((item: ErrorItem) => {
    const field = item.field ? fields[item.field] : undefined;
    return field ? [{ field, message: item.message }] : [];
  });
}

/** The messages of a 400 answer's error list that no field of the form shows. */
export function serverListErrors(error: unknown, fields: Record<string, string>): string[] {
  if (!isApiError(error) || error.status !== 400) return [];
  return error.envelope.errors.filter((item) => !item.field || !fields[item.field]).map((item) => item.message);
}
