import { LIVE_HEARTBEAT_MS, LIVE_REPLAY_LIMIT, LIVE_STREAM_PATH, ZErrorEnvelope, type LiveChange, type LiveMessageType } from '@fleetdesk/contract';
import { and, eq, gt, isNull, max } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { events, sessions } from '../../db/schema.ts';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { changesAfter, type LiveHub } from './hub.ts';

/** `Last-Event-ID`: the id of the last change the client saw, sent back when it reconnects. */
const ZStreamHeaders = z.object({
  'last-event-id': z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional()),
});

/** One SSE message: `event`, then `id` when it moves the client's position, then the data on one line. */
const message = (type: LiveMessageType | 'ready', data: unknown, id?: number) =>
  `event: ${type}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;

/** The newest event id of the operator: where a stream without `Last-Event-ID` starts. */
async function lastEventIdOf(db: Db, fleet: string): Promise<number> {
  const [row] = await db
    .select({ id: max(events.id) })
    .from(events)
    .where(eq(events.fleetId, fleet));
  return row?.id ?? 0;
}

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
              'Server-Sent Events (text/event-stream): `ready` {lastEventId}, then `change` messages (LiveChange, id = event id) and `reset` after a gap too long to replay',
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
      // replay is out, and send none of them twice.
      let replaying = true;
      const replayed = new Set<number>();
      const held: LiveChange[] = [];
      const sendChange = (change: LiveChange) => write(message('change', change, change.id));
      const unsubscribe = hub.subscribe({
        fleet: session.fleet,
        send: (change) => (replaying ? held.push(change) : sendChange(change)),
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
        const missed = resumeAfter === undefined ? undefined : await changesAfter(db, session.fleet, resumeAfter, LIVE_REPLAY_LIMIT + 1);
        if (resumeAfter !== undefined && missed && missed.length <= LIVE_REPLAY_LIMIT) {
          write(message('ready', { lastEventId: resumeAfter }, resumeAfter));
          for (const change of missed) {
            replayed.add(change.id);
            sendChange(change);
          }
        } else {
          // A new stream, or a gap too long to replay: start from now (after a gap, the client refetches first).
          if (missed) write(message('reset', {}));
          const position = await lastEventIdOf(db, session.fleet);
          write(message('ready', { lastEventId: position }, position));
        }
        for (const change of held.splice(0).sort((a, b) => a.id - b.id)) if (!replayed.has(change.id)) sendChange(change);
        replaying = false;
      } catch (err) {
        request.log.error({ err }, 'live stream: could not start');
        close();
        res.end();
      }
    },
  );
}
