import dayjs from 'dayjs';

/** The value format of <input type="datetime-local">, in the browser's time zone. */
const LOCAL_INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';

/** An ISO instant as a datetime-local input value; '' for none. */
export function toLocalInput(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(LOCAL_INPUT_FORMAT) : '';
}

/** A datetime-local input value as an ISO-8601 instant (UTC, with its Z offset); undefined when blank or invalid. */
export function fromLocalInput(value: string): string | undefined {
  if (!value.trim()) return undefined;
  const date = dayjs(value);
  return date.isValid() ? date.toISOString() : undefined;
}
