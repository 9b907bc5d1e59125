/**
 * The push bench's stream readers (push.ts), in worker threads of their own: reading hundreds of streams must not
 * delay the main thread's reading of the API's answers (the reference point of every latency), nor the other way round.
 * Each worker opens its streams (fetch, the session in the Authorization header, Server-Sent Events read from the body
 * as the console reads them), says `ready` when every stream has had its `ready` message, records when each change
 * arrives at each stream (milliseconds on the shared clock: performance.timeOrigin + performance.now()), and hands
 * its records over on `finish`.
 */
import { LIVE_STREAM_PATH, ZLiveChange, type LiveChange } from '@fleetdesk/contract';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, Worker, workerData } from 'node:worker_threads';

export interface WorkerInput {
  base: string;
  /** The Authorization value of each stream this worker opens. */
  authorizations: string[];
  /** The keys of the bench's changes (keyOf). */
  watching: string[];
}

export interface StreamRecord {
  /** [key, arrival time on the shared clock]. */
  arrivals: [string, number][];
  duplicates: number;
  outOfOrder: number;
  resets: number;
  others: number;
  ended: string | null;
}

export type ToWorker = { type: 'count' } | { type: 'finish' };
export type FromWorker =
  | { type: 'ready'; openMs: number }
  | { type: 'failed'; message: string }
  | { type: 'count'; delivered: number }
  | { type: 'result'; streams: StreamRecord[]; loopP99Ms: number; loopMaxMs: number };

/** The key of a change as it arrives: the note's event type and its subject (user name, bid or VIN). */
export function keyOf(change: Pick<LiveChange, 'type' | 'affectedUsername' | 'bid' | 'vin' | 'id'>): string {
  if (change.type === 'USER_ACTION') return `USER_ACTION:${change.affectedUsername}`;
  if (change.type === 'BOOKING_EVENT') return `BOOKING_EVENT:${change.bid}`;
  if (change.type === 'VEHICLE_ADMIN') return `VEHICLE_ADMIN:${change.vin}`;
  return `${change.type}:${change.id}`;
}

export const sharedNow = () => performance.timeOrigin + performance.now();

/** Starts a worker running this file (through tsx, as the bench itself runs). */
export function startPushWorker(input: WorkerInput): Worker {
  const self = JSON.stringify(import.meta.url);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${self}); });`, { eval: true, workerData: input });
}

/** One open stream: when each watched change arrived. */
class StreamClient {
  readonly arrivals = new Map<string, number>();
  duplicates = 0;
  outOfOrder = 0;
  resets = 0;
  others = 0;
  ended: string | null = null;
  private lastId = 0;
  readonly abort = new AbortController();
  readonly ready: Promise<void>;

  constructor(base: string, authorization: string, watching: Set<string>, onArrival: () => void) {
    let onReady: () => void = () => undefined;
    let onFail: (err: Error) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      onReady = resolve;
      onFail = reject;
    });
    void (async () => {
      try {
        const res = await fetch(`${base}${LIVE_STREAM_PATH}`, { headers: { authorization }, signal: this.abort.signal });
        if (res.status !== 200 || !res.body) throw new Error(`GET ${LIVE_STREAM_PATH}: ${res.status} ${await res.text()}`);
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          const at = sharedNow();
          if (done) {
            this.ended = 'the server ended the stream';
            onFail(new Error(this.ended)); // before `ready`: the stream never opened
            return;
          }
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = '';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data = line.slice(6);
            }
            if (event === 'ready') onReady();
            else if (event === 'reset') this.resets++;
            else if (event === 'change' && this.receive(ZLiveChange.parse(JSON.parse(data)), at, watching)) onArrival();
          }
        }
      } catch (err) {
        if (this.abort.signal.aborted) return;
        this.ended = err instanceof Error ? err.message : String(err);
        onFail(err instanceof Error ? err : new Error(this.ended));
      }
    })();
  }

  /** Records a change; true when it is a first arrival of one of the bench's changes. */
  private receive(change: LiveChange, at: number, watching: Set<string>): boolean {
    if (change.id < this.lastId) this.outOfOrder++;
    this.lastId = Math.max(this.lastId, change.id);
    const key = keyOf(change);
    if (!watching.has(key)) this.others++;
    else if (this.arrivals.has(key)) this.duplicates++;
    else {
      this.arrivals.set(key, at);
      return true;
    }
    return false;
  }

  record(): StreamRecord {
    const { duplicates, outOfOrder, resets, others, ended } = this;
    return { arrivals: [...this.arrivals], duplicates, outOfOrder, resets, others, ended };
  }
}

async function runWorker(input: WorkerInput) {
  const port = parentPort!;
  const send = (message: FromWorker) => port.postMessage(message);
  const watching = new Set(input.watching);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let delivered = 0;
  const streams: StreamClient[] = [];
  port.on('message', (message: ToWorker) => {
    if (message.type === 'count') send({ type: 'count', delivered });
    else {
      loop.disable();
      for (const s of streams) s.abort.abort();
      send({ type: 'result', streams: streams.map((s) => s.record()), loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6 });
      port.close();
    }
  });
  try {
    const started = performance.now();
    for (let i = 0; i < input.authorizations.length; i += 10) {
      const batch = input.authorizations.slice(i, i + 10).map((a) => new StreamClient(input.base, a, watching, () => delivered++));
      streams.push(...batch);
      await Promise.all(batch.map((s) => s.ready));
    }
    loop.enable();
    send({ type: 'ready', openMs: performance.now() - started });
  } catch (err) {
    send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  }
}

if (parentPort && (workerData as WorkerInput | undefined)?.authorizations) void runWorker(workerData as WorkerInput);
