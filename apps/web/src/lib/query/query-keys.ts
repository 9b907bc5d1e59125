/**
 * The one shape of query keys: `[resource, op, params]`. Features build theirs with `queryKey`, so that
 * `['bookings']` invalidates every booking query and `['bookings', 'get']` every single-booking query.
 */
export type QueryParams = Readonly<Record<string, unknown>>;

export const queryKey = <const R extends string, const O extends string, const P extends QueryParams>(
  resource: R,
  op: O,
  params: P,
): readonly [R, O, P] => [resource, op, params];

/** A prefix for invalidation: every query of a resource, or of one operation on it. */
export const queryKeyPrefix = <const R extends string, const O extends string>(resource: R, op?: O) =>
  op === undefined ? ([resource] as const) : ([resource, op] as const);
