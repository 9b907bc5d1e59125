import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStatusBatcher, mergeStatusReports, type StatusBatcherOptions } from '../src/integrations/telematics/status-batcher.ts';
import type { StatusReport } from '../src/integrations/telematics/types.ts';

/**
 * The MQTT adapter's status batching (issue 20 point 2), on fake timers: size or delay, whichever comes first; one batch
 * at a time while the next collects; reports of one vehicle merged; everything written on drain (the adapter's stop).
 */
const report = (vin: string, status: StatusReport['status'] = {}, alarms: Partial<StatusReport['alarms']> = {}): StatusReport => ({
  vin,
  status,
  alarms: { raised: alarms.raised ?? [], cleared: alarms.cleared ?? [] },
});

/** A handler whose writes end when the test says so. */
function recorder() {
  const batches: string[][] = [];
  const pending: (() => void)[] = [];
  let writing = 0;
  let mostAtOnce = 0;
  const deliver = (reports: StatusReport[]) => {
    batches.push(reports.map((r) => r.vin));
    writing++;
    mostAtOnce = Math.max(mostAtOnce, writing);
    return new Promise<void>((resolve) =>
      pending.push(() => {
        writing--;
        resolve();
      }),
    );
  };
  /** Ends the oldest write still running, and lets the batcher react. */
  const finishWrite = async () => {
    pending.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { batches, deliver, finishWrite, mostAtOnce: () => mostAtOnce };
}

describe('status batching', () => {
  beforeEach(() => {
    // Only the timers: the test clock keeps Date.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const options = (deliver: StatusBatcherOptions['deliver']): StatusBatcherOptions => ({
    deliver,
    maxBatch: 3,
    maxDelayMs: 100,
    onError: () => {},
  });

  it('hands a batch over as soon as it holds maxBatch vehicles, without waiting for the delay', () => {
    const r = recorder();
    const batcher = createStatusBatcher(options(r.deliver));
    batcher.add(report('A'));
    batcher.add(report('B'));
    expect(r.batches).toEqual([]);
    batcher.add(report('C'));
    expect(r.batches).toEqual([['A', 'B', 'C']]);
    expect(batcher.buffered).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('hands a smaller batch over maxDelayMs after its first report', async () => {
    const r = recorder();
    const batcher = createStatusBatcher(options(r.deliver));
    batcher.add(report('A'));
    await vi.advanceTimersByTimeAsync(60);
    batcher.add(report('B'));
    await vi.advanceTimersByTimeAsync(39);
    expect(r.batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.batches).toEqual([['A', 'B']]);
    // The next report starts a new delay of its own.
    await r.finishWrite();
    batcher.add(report('C'));
    await vi.advanceTimersByTimeAsync(99);
    expect(r.batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.batches).toEqual([['A', 'B'], ['C']]);
  });

  it('writes one batch at a time: the next collects meanwhile and goes when the write ends', async () => {
    const r = recorder();
    const batcher = createStatusBatcher(options(r.deliver));
    for (const vin of ['A', 'B', 'C']) batcher.add(report(vin));
    for (const vin of ['D', 'E', 'F', 'G', 'H']) batcher.add(report(vin));
    await vi.advanceTimersByTimeAsync(500);
    // Full and overdue, but the first batch is still being written.
    expect(r.batches).toEqual([['A', 'B', 'C']]);
    expect(batcher.buffered).toBe(5);
    expect(batcher.busy).toBe(true);
    await r.finishWrite();
    expect(r.batches).toEqual([
      ['A', 'B', 'C'],
      ['D', 'E', 'F'],
    ]);
    // What stayed behind was overdue with the rest: it goes when this write ends, without a new delay.
    await r.finishWrite();
    expect(r.batches.at(-1)).toEqual(['G', 'H']);
    await r.finishWrite();
    expect(r.mostAtOnce()).toBe(1);
    expect(batcher.busy).toBe(false);
  });

  it('hands over at once, when the write ends, a batch whose delay passed meanwhile', async () => {
    const r = recorder();
    const batcher = createStatusBatcher(options(r.deliver));
    for (const vin of ['A', 'B', 'C']) batcher.add(report(vin));
    batcher.add(report('D'));
    await vi.advanceTimersByTimeAsync(100);
    expect(r.batches).toHaveLength(1);
    await r.finishWrite();
    expect(r.batches).toEqual([['A', 'B', 'C'], ['D']]);
  });

  it('merges the reports of a vehicle still in the buffer: later fields and alarm conditions win', () => {
    const got: StatusReport[][] = [];
    const batcher = createStatusBatcher({ ...options(async (reports) => void got.push(reports)), maxBatch: 2 });
    batcher.add(report('A', { locked: true, fuelLevel: 40 }, { raised: ['FUEL'] }));
    batcher.add(report('A', { fuelLevel: 38 }, { cleared: ['FUEL'], raised: ['KEY_HOLDER'] }));
    expect(batcher.buffered).toBe(1);
    batcher.add(report('B'));
    expect(got).toEqual([[report('A', { locked: true, fuelLevel: 38 }, { raised: ['KEY_HOLDER'], cleared: ['FUEL'] }), report('B')]]);
  });

  it('writes what is buffered on drain and waits for the write in progress', async () => {
    const r = recorder();
    const batcher = createStatusBatcher(options(r.deliver));
    for (const vin of ['A', 'B', 'C', 'D']) batcher.add(report(vin));
    let drained = false;
    const draining = batcher.drain().then(() => (drained = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(r.batches).toEqual([['A', 'B', 'C']]);
    await r.finishWrite();
    expect(r.batches).toEqual([['A', 'B', 'C'], ['D']]);
    expect(drained).toBe(false);
    await r.finishWrite();
    await draining;
    expect(drained).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports a batch that failed and goes on with the next', async () => {
    const failures: number[] = [];
    const written: string[][] = [];
    const batcher = createStatusBatcher({
      deliver: async (reports) => {
        if (reports.some((x) => x.vin === 'BAD')) throw new Error('database away');
        written.push(reports.map((x) => x.vin));
      },
      maxBatch: 2,
      maxDelayMs: 100,
      onError: (_err, n) => failures.push(n),
    });
    batcher.add(report('BAD'));
    batcher.add(report('A'));
    batcher.add(report('B'));
    await vi.advanceTimersByTimeAsync(100);
    expect(failures).toEqual([2]);
    expect(written).toEqual([['B']]);
  });
});

describe('merging two reports of one vehicle', () => {
  const at = (iso: string, r: StatusReport): StatusReport => ({ ...r, occurred: iso });

  it('takes the later report as the newer when either has no time: one without counts as sent now', () => {
    // A vehicle's report (with its clock) and then one without a time: the merged report is as of now, so a stored
    // status newer than the first report's time does not make the second one stale.
    expect(mergeStatusReports(at('2026-11-30T10:00:00Z', report('A', { locked: false })), report('A', { locked: null, immobilized: true }))).toEqual(
      report('A', { locked: null, immobilized: true }),
    );
    expect(mergeStatusReports(report('A', { locked: false, odometer: 5 }), at('2026-11-30T10:00:00Z', report('A', { locked: true })))).toEqual(
      at('2026-11-30T10:00:00Z', report('A', { locked: true, odometer: 5 })),
    );
  });

  it('lets the report with the later time win when they arrive out of order', () => {
    const newer = at('2026-11-30T10:00:05Z', report('A', { locked: true, fuelLevel: 40 }, { raised: ['FUEL'] }));
    const older = at('2026-11-30T10:00:01Z', report('A', { locked: false, odometer: 7 }, { cleared: ['FUEL'] }));
    expect(mergeStatusReports(newer, older)).toEqual(
      at('2026-11-30T10:00:05Z', report('A', { locked: true, fuelLevel: 40, odometer: 7 }, { raised: ['FUEL'] })),
    );
  });
});
