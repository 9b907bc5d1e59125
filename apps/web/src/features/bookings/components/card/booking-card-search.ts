import { optionalString } from '@/lib/router/search-params';

/** A switch in the URL: present as `=1`, absent otherwise. */
export type SearchFlag = 1;

/**
 * The query parameters of /booking/{bid} (spec §2), read and written through the router so that links and
 * reloads restore the card: edit and adjustValues open those modes; user is kept (the page a card was opened
 * from); addFee, comment, amount, type and vatIncluded prefill the add-fee dialog of the payments screen and
 * are kept until it reads them.
 */
export interface BookingCardSearch {
  edit?: SearchFlag;
  adjustValues?: SearchFlag;
  user?: string;
  addFee?: SearchFlag;
  comment?: string;
  amount?: number;
  type?: string;
  vatIncluded?: boolean;
}

const TRUE_VALUES: readonly unknown[] = [true, 1, '1', 'true', 'set', 'yes', ''];
const FALSE_VALUES: readonly unknown[] = [false, 0, '0', 'false', 'no'];

/** `?edit`, `?edit=1`, `?edit=true` and `?edit=set` all switch a mode on. */
export function searchFlag(value: unknown): SearchFlag | undefined {
  return TRUE_VALUES.includes(value) ? 1 : undefined;
}

export function searchBoolean(value: unknown): boolean | undefined {
  if (TRUE_VALUES.includes(value) && value !== '') return true;
  if (FALSE_VALUES.includes(value)) return false;
  return undefined;
}

export function searchNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value.trim().replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : undefined;
}

export function validateBookingCardSearch(search: Record<string, unknown>): BookingCardSearch {
  return {
    edit: searchFlag(search.edit),
    adjustValues: searchFlag(search.adjustValues),
    user: optionalString(search.user),
    addFee: searchFlag(search.addFee),
    comment: optionalString(search.comment),
    amount: searchNumber(search.amount),
    type: optionalString(search.type),
    vatIncluded: searchBoolean(search.vatIncluded),
  };
}
