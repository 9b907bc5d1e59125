import { fieldError, type BookingGroup } from '@fleetdesk/contract';
import { AppError } from '../../http/errors.ts';

/**
 * Opaque keyset cursors of the search lists: the sort key of the last row shown, base64url JSON. Each carries its
 * list's kind so that a cursor of one list is refused by another; anything that does not decode is a 400.
 */
export type VehicleCursor = { k: 'v'; r: string; id: number };
export type UserCursor = { k: 'u'; n: string };
export type BookingCursor = { k: 'b'; g: BookingGroup; t: string; id: number };
type Cursor = VehicleCursor | UserCursor | BookingCursor;

export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

const invalidCursor = () => AppError.invalidInput([fieldError('cursor', 'invalidCursor')]);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isText = (v: unknown): v is string => typeof v === 'string';

function decode(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw invalidCursor();
}

export function decodeVehicleCursor(raw: string): VehicleCursor {
  const c = decode(raw);
  if (c.k === 'v' && isText(c.r) && isId(c.id)) return { k: 'v', r: c.r, id: c.id };
  throw invalidCursor();
}

export function decodeUserCursor(raw: string): UserCursor {
  const c = decode(raw);
  if (c.k === 'u' && isText(c.n)) return { k: 'u', n: c.n };
  throw invalidCursor();
}

export function decodeBookingCursor(raw: string, group: BookingGroup): BookingCursor {
  const c = decode(raw);
  if (c.k === 'b' && c.g === group && isText(c.t) && !Number.isNaN(Date.parse(c.t)) && isId(c.id)) return { k: 'b', g: group, t: c.t, id: c.id };
  throw invalidCursor();
}
