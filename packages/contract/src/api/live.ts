import { z } from 'zod';
import { ZIsoDateTime } from '../entities.ts';
import { ZEventType, ZEventTypeGroup } from '../enums.ts';

/**
 * GET /api/stream (issue 20 point 1; docs/decisions/0070-live-stream.md): one Server-Sent Events stream per browser
 * tab, read with `fetch` so that the session travels in the Authorization header as on every other call. The event log
 * is the change feed: every event the operator's log gains (a booking change, a command result, a vehicle status, an
 * alarm, a payment step, a note) arrives as one `change` message. The SSE id is the stream's position (`t` and a
 * transaction id, docs/decisions/0081-live-stream-commit-order.md), not the event id: ids are taken at insert and
 * committed in another order. A client that reconnects sends the last position it saw as `Last-Event-ID` and gets what
 * it missed, in id order, possibly with changes it already has (it skips those by id); when it missed more than
 * LIVE_REPLAY_LIMIT it gets one `reset` message instead and refetches what it shows. A comment line every
 * LIVE_HEARTBEAT_MS keeps proxies from closing the connection; a stream whose session ends is closed by the server.
 */
export const LIVE_STREAM_PATH = '/api/stream';
export const LIVE_HEARTBEAT_MS = 20_000;
export const LIVE_REPLAY_LIMIT = 1_000;

/** The data of a `change` message: what changed and where, for the web to refresh the queries showing it. */
export const ZLiveChange = z.object({
  id: z.number().int(),
  type: ZEventType,
  typeGroup: ZEventTypeGroup,
  occurred: ZIsoDateTime,
  bid: z.string().nullable(),
  vin: z.string().nullable(),
  affectedUsername: z.string().nullable(),
  actingUsername: z.string().nullable(),
});
export type LiveChange = z.infer<typeof ZLiveChange>;

/** The SSE event names of the stream: a change, or "refetch everything" after a gap too long to replay. */
export const LIVE_MESSAGE_TYPES = ['change', 'reset'] as const;
export type LiveMessageType = (typeof LIVE_MESSAGE_TYPES)[number];
