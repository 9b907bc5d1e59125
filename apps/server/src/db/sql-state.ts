/** Whether a database error (or one it wraps, as drizzle does in `cause`) carries the given SQLSTATE. */
export function hasSqlState(err: unknown, state: string): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    if ((e as { code?: unknown }).code === state) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** 23505: a unique index refused a duplicate. */
export const isUniqueViolation = (err: unknown) => hasSqlState(err, '23505');
/** 23P01: an exclusion constraint refused an overlap (bookings_no_double_allocation). */
export const isExclusionViolation = (err: unknown) => hasSqlState(err, '23P01');
