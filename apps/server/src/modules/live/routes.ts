import { LIVE_HEARTBEAT_MS, LIVE_REPLAY_LIMIT, LIVE_STREAM_PATH, ZErrorEnvelope, type LiveChange, type LiveMessageType } from '@fleetdesk/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { changesSince, formatPosition, snapshotBounds, type LiveHub, type LivePosition } from './hub.ts';

/**
 * `Last-Event-ID`: the position of the last message the client saw (`t` and a transaction id), sent back when it
 * reconnects. A bare number is a position from before migration 0017 (an event id): the stream starts afresh with
 * `reset`.
 */
const ZStreamHeaders = z.object({
  'last-event-id': z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .max(21)
      .regex(/^(t\d{1,20}|\d{1,16})$/, 'Not a stream position')
      .optional(),
  ),
});

/** One SSE message: `event`, then `id` (the stream's position) when it has one, then the data on one line. */
const message = (type: LiveMessageType | 'ready', data: unknown, position?: LivePosition) =>
  `event: ${type}\n${position === undefined ? '' : `id: ${formatPosition(position)}\n`}data: ${JSON.stringify(data)}\n\n`;

/** Whether the session the stream was opened with is still open (not logged out, revoked or expired). */
async function sessionStillOpen(db: Db, sessionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}

/**
 * GET /api/stream (issue 20 point 1; contract in packages/contract/src/api/live.ts; docs/decisions/0070-live-stream.md):
 * the operator's changes as Server-Sent Events. It opens with `ready` (carrying the position as its id), replays what
 * a reconnecting client missed after its `Last-Event-ID` (or sends `reset` when that is more than LIVE_REPLAY_LIMIT),
 * then pushes each change as it is committed, through any server copy.
 */
export function registerLiveRoutes(app: App, { db }: AppContext, hub: LiveHub) {
  app.get(
    LIVE_STREAM_PATH,
    {
      schema: {
        tags: ['events'],
        summary:
          "The operator's changes, live, as Server-Sent Events (text/event-stream): `ready`, then a `change` per new event of the log; send `Last-Event-ID` to resume",
        headers: ZStreamHeaders,
        produces: ['text/event-stream'],
        response: {
          200: z
            .string()
            .describe(
              'Server-Sent Events (text/event-stream): `ready` {position}, then `change` messages (LiveChange; the SSE id is the stream position to send back as Last-Event-ID) and `reset` after a gap too long to replay',
            ),
          400: ZErrorEnvelope,
          401: ZErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const resumeAfter = request.headers['last-event-id'];
      const res = reply.hijack().raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Content-Type-Options': 'nosniff',
        // Proxies (nginx) must pass each message on at once.
        'X-Accel-Buffering': 'no',
      });
      let open = true;
      const write = (text: string) => {
        if (open) res.write(text);
      };

      // Subscribe before reading the position, so nothing committed in between is lost; hold live changes until the
      // replay is out, and send none of them twice. The position only moves forward.
      let replaying = true;
      let position: LivePosition | undefined;
      const replayed = new Set<number>();
      const held: { change: LiveChange; reached: LivePosition | undefined }[] = [];
      const advance = (reached: LivePosition | undefined) => {
        if (reached !== undefined && (position === undefined || reached > position)) position = reached;
      };
      const sendChange = (change: LiveChange, reached: LivePosition | undefined) => {
        advance(reached);
        write(message('change', change, position));
      };
      const unsubscribe = hub.subscribe({
        fleet: session.fleet,
        send: (change, reached) => (replaying ? held.push({ change, reached }) : sendChange(change, reached)),
        reset: () => write(message('reset', {})),
        end: () => res.end(),
      });

      const heartbeat = setInterval(() => {
        write(': ping\n\n');
        sessionStillOpen(db, session.sessionId).then(
          (stillOpen) => (stillOpen ? undefined : res.end()),
          () => undefined,
        );
      }, LIVE_HEARTBEAT_MS);
      heartbeat.unref();
      const close = () => {
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
      };
      res.on('close', close);

      try {
        write('retry: 3000\n\n');
        // The bounds are read before the events: every transaction below `xmin` has finished, so what it wrote is in
        // the replay (or was sent before the client's position), and the stream may move on to `xmin`.
        const bounds = await snapshotBounds(db);
        const since = resumeAfter?.startsWith('t') ? BigInt(resumeAfter.slice(1)) : undefined;
        const missed = since === undefined || since > bounds.xmax ? undefined : await changesSince(db, session.fleet, since, LIVE_REPLAY_LIMIT + 1);
        if (since !== undefined && missed && missed.length <= LIVE_REPLAY_LIMIT) {
          advance(since);
          write(message('ready', { position: formatPosition(since) }, position));
          for (const change of missed) {
            replayed.add(change.id);
            sendChange(change, undefined);
          }
          advance(bounds.xmin);
        } else {
          // A new stream, or a gap too long to replay, or a position this database never gave (an older server's, or
          // before a restore): start from now; after a gap the client refetches first.
          if (resumeAfter !== undefined) write(message('reset', {}));
          advance(bounds.xmin);
          write(message('ready', { position: formatPosition(bounds.xmin) }, position));
        }
        for (const { change, reached } of held.splice(0).sort((x, y) => x.change.id - y.change.id)) {
          if (replayed.has(change.id)) advance(reached);
          else sendChange(change, reached);
        }
        replaying = false;
      } catch (err) {
        request.log.error({ err }, 'live stream: could not start');
        close();
        res.end();
      }
    },
  );
}
