import { z } from 'zod';
import { BID_PATTERN, PHONE_PATTERN, PIN_PATTERN } from '../limits.ts';
import { MESSAGES } from '../messages.ts';

/**
 * The instants a request may name (issue 14; docs/decisions/0042-hardened-api.md §6). PostgreSQL's `timestamptz`
 * refuses year 0000, and anything past 9999 as JavaScript writes it (`+010000-…`): both answered 500, the latter also
 * for a time the server moves past 9999 (a pool's window ends the day after its start). Both bounds leave centuries
 * of room for that arithmetic.
 */
export const TIME_MIN_ISO = '1900-01-01T00:00:00.000Z';
export const TIME_MAX_ISO = '8999-12-31T23:59:59.999Z';
export const TIME_OUT_OF_RANGE_MESSAGE = MESSAGES.timeOutOfRange;
const TIME_MIN_MS = Date.parse(TIME_MIN_ISO);
const TIME_MAX_MS = Date.parse(TIME_MAX_ISO);
const ZIsoDateTimeText = z.iso.datetime({ offset: true });

/**
 * Spec §3 entities. Timestamps travel as ISO-8601 strings with an offset. Parsing one (a request, on the server) also
 * checks TIME_MIN_ISO … TIME_MAX_ISO; writing one (`z.encode`: the server's response serialisation) checks the format
 * only, so that a time the server derives from an edge of the range (a window a day or a year wide) still goes out.
 */
export const ZIsoDateTime = z.codec(ZIsoDateTimeText, ZIsoDateTimeText, {
  decode: (value, ctx) => {
    const ms = Date.parse(value);
    if (!(ms >= TIME_MIN_MS && ms <= TIME_MAX_MS)) ctx.issues.push({ code: 'custom', message: TIME_OUT_OF_RANGE_MESSAGE, input: value });
    return value;
  },
  encode: (value) => value,
});
export const ZInterval = z.object({ start: ZIsoDateTime, end: ZIsoDateTime });
export type Interval = z.infer<typeof ZInterval>;
export const ZOptionalInterval = z.object({ start: ZIsoDateTime.nullable(), end: ZIsoDateTime.nullable() });

export const ZBid = z.string().regex(BID_PATTERN);
export const ZPinCode = z.string().regex(PIN_PATTERN);
export const ZPhone = z.string().regex(PHONE_PATTERN);
export const ZMoney = z.number();
