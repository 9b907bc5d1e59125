import type { StatusReport } from './types.ts';

/**
 * Collects status reports that arrive one at a time (the MQTT adapter: one report per message) and hands them to the
 * handler in batches, so that a batch is written with a few multi-row statements instead of a transaction per report
 * (issue 20 point 2; docs/decisions/0084-telematics-status-events.md).
 *
 * - A batch is handed over when the buffer holds `maxBatch` vehicles, or `maxDelayMs` after the first report entered
 *   the empty buffer, whichever comes first.
 * - One batch at a time: while one is being written the next collects (back-pressure instead of concurrent writes).
 *   When the write ends, what has collected is handed over at once if it is full or its delay has passed.
 * - A report of a vehicle already in the buffer is merged into its entry (mergeStatusReports: the newer report's fields
 *   win, as the handler merges a batch), so the buffer never holds more entries than there are vehicles, however far
 *   the database falls behind.
 */
export interface StatusBatcherOptions {
  /** Writes one batch (TelematicsHandler.onStatus). */
  deliver(reports: StatusReport[]): Promise<void>;
  /** Vehicles per batch. */
  maxBatch?: number;
  /** The longest a report waits in the buffer while nothing is being written. */
  maxDelayMs?: number;
  /** A batch that could not be written (it is not retried: the vehicles' next reports tell the truth again). */
  onError(err: unknown, reports: number): void;
}

export interface StatusBatcher {
  add(report: StatusReport): void;
  /** Hands over everything buffered, and resolves when every batch has been written. */
  drain(): Promise<void>;
  /** Vehicles in the buffer, not yet handed over. */
  readonly buffered: number;
  /** Whether a batch is being written now. */
  readonly busy: boolean;
}

export const STATUS_BATCH_DEFAULTS = { maxBatch: 500, maxDelayMs: 100 } as const;

export function createStatusBatcher(opts: StatusBatcherOptions): StatusBatcher {
  const maxBatch = Math.max(1, Math.floor(opts.maxBatch ?? STATUS_BATCH_DEFAULTS.maxBatch));
  const maxDelayMs = Math.max(0, opts.maxDelayMs ?? STATUS_BATCH_DEFAULTS.maxDelayMs);
  const buffer = new Map<string, StatusReport>();
  let timer: NodeJS.Timeout | null = null;
  /** The buffer is full or its delay has passed: hand it over as soon as no batch is being written. */
  let due = false;
  let writing: Promise<void> | null = null;

  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const pump = () => {
    if (writing || !due || buffer.size === 0) return;
    const batch: StatusReport[] = [];
    for (const [vin, report] of buffer) {
      if (batch.length >= maxBatch) break;
      batch.push(report);
      buffer.delete(vin);
    }
    // What stays behind was full or overdue with the rest: it goes as soon as this batch is written.
    due = buffer.size > 0;
    clearTimer();
    writing = new Promise<void>((resolve) => resolve(opts.deliver(batch)))
      .catch((err: unknown) => opts.onError(err, batch.length))
      .finally(() => {
        writing = null;
        pump();
      });
  };

  return {
    add(report) {
      const before = buffer.get(report.vin);
      // A known vehicle keeps its place in the Map: batches take the vehicles in the order they first reported.
      buffer.set(report.vin, before ? mergeStatusReports(before, report) : report);
      if (buffer.size >= maxBatch) due = true;
      else if (buffer.size === 1 && !due && !timer) {
        timer = setTimeout(() => {
          timer = null;
          due = true;
          pump();
        }, maxDelayMs);
      }
      pump();
    },
    async drain() {
      clearTimer();
      due = true;
      pump();
      while (writing) await writing;
    },
    get buffered() {
      return buffer.size;
    },
    get busy() {
      return writing !== null;
    },
  };
}

/**
 * Two reports of one vehicle as one, `later` having arrived after `earlier`: the newer one's fields, time and alarm
 * conditions win. The newer is the one with the later `occurred`; a report without one was sent just now, so when
 * either has none the one that arrived later is the newer, and the merged report has its time (none: now).
 */
export function mergeStatusReports(earlier: StatusReport, later: StatusReport): StatusReport {
  const inOrder = !earlier.occurred || !later.occurred || Date.parse(earlier.occurred) <= Date.parse(later.occurred);
  const [older, newer] = inOrder ? [earlier, later] : [later, earlier];
  const a = older.alarms;
  const b = newer.alarms;
  const raised = new Set([...a.raised.filter((n) => !b.cleared.includes(n)), ...b.raised]);
  const cleared = new Set([...a.cleared.filter((n) => !b.raised.includes(n)), ...b.cleared]);
  return {
    vin: later.vin,
    ...(newer.occurred ? { occurred: newer.occurred } : {}),
    status: { ...older.status, ...newer.status },
    alarms: { raised: [...raised], cleared: [...cleared] },
  };
}
