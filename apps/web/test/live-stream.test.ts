import { QueryClient } from '@tanstack/react-query';
import type { LiveChange } from '@fleetdesk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveRefresher, isTouched, touchedBy } from '@/lib/live/live-refresh';
import { liveState, setLiveState, whileStreamDown } from '@/lib/live/live-state';
import { createSseParser, startLiveStream, type LiveState } from '@/lib/live/live-stream';

const change = (over: Partial<LiveChange>): LiveChange => ({
  id: 1,
  type: 'BOOKING_EVENT',
  typeGroup: 'BOOKING',
  occurred: '2026-03-10T07:05:00.000Z',
  bid: null,
  vin: null,
  affectedUsername: null,
  actingUsername: 'support',
  ...over,
});

/** A response whose body the test writes, chunk by chunk, like a server that keeps the stream open. */
function streamingResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

afterEach(() => {
  setLiveState('off');
  vi.useRealTimers();
});

describe('the SSE parser', () => {
  it('splits messages on blank lines, across chunks and line endings, and skips comments', () => {
    const seen: unknown[] = [];
    const parse = createSseParser((m) => seen.push(m));
    parse('retry: 3000\n\n: ping\n\nevent: ready\nid: t7\ndata: {"position":"t7"}\n');
    expect(seen).toEqual([]);
    parse('\nevent: change\r\nid: 8\r\ndata: {"id":');
    parse('8}\r\n\r\n');
    expect(seen).toEqual([
      { event: 'ready', id: 't7', data: '{"position":"t7"}' },
      { event: 'change', id: '8', data: '{"id":8}' },
    ]);
  });
});

describe('the live stream', () => {
  it('sends the session headers, reports live on ready, passes changes on, and resumes from the last id after a drop', async () => {
    const first = streamingResponse();
    const second = streamingResponse();
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const states: LiveState[] = [];
    const changes: LiveChange[] = [];
    const saved: string[] = [];
    const stop = startLiveStream({
      headers: () => ({ Authorization: 'AUTH-TOKEN t1' }),
      onChange: (c) => changes.push(c),
      onReset: () => undefined,
      onState: (s) => states.push(s),
      fetch,
      backoff: { first: 10, max: 10 },
      position: { load: () => undefined, save: (id) => saved.push(id) },
    });
    first.write('event: ready\nid: t41\ndata: {"position":"t41"}\n\n');
    first.write(`event: change\nid: t42\ndata: ${JSON.stringify(change({ id: 42, bid: 'BID1' }))}\n\n`);
    await vi.waitFor(() => expect(changes.map((c) => c.id)).toEqual([42]));
    expect(states).toEqual(['connecting', 'live']);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/stream');
    expect(init?.headers).toMatchObject({ Authorization: 'AUTH-TOKEN t1', 'X-Fleetdesk-Background': '1' });
    expect(init?.headers).not.toHaveProperty('Last-Event-ID');

    first.end();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(states).toContain('reconnecting');
    expect(fetch.mock.calls[1]![1]?.headers).toMatchObject({ 'Last-Event-ID': 't42' });
    // The replay starts at a transaction, so it can repeat a change the tab already has: that one is skipped.
    second.write('event: ready\nid: t42\ndata: {"position":"t42"}\n\n');
    second.write(`event: change\nid: t42\ndata: ${JSON.stringify(change({ id: 42, bid: 'BID1' }))}\n\n`);
    second.write(`event: change\nid: t43\ndata: ${JSON.stringify(change({ id: 40, bid: 'BID2' }))}\n\n`);
    await vi.waitFor(() => expect(changes.map((c) => c.id)).toEqual([42, 40]));
    expect(states.at(-1)).toBe('live');
    expect(saved).toEqual(['t41', 't42', 't42', 't42', 't43']);
    stop();
    expect(states.at(-1)).toBe('off');
  });

  it('resumes from where the previous page of the tab left off', async () => {
    const open = streamingResponse();
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(open.response);
    const stop = startLiveStream({
      headers: () => ({}),
      onChange: () => undefined,
      onReset: () => undefined,
      onState: () => undefined,
      fetch,
      position: { load: () => 't97', save: () => undefined },
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]![1]?.headers).toMatchObject({ 'Last-Event-ID': 't97' });
    stop();
  });

  it('stops for good on a 4xx (signed out, no stream here) and leaves the screens polling', async () => {
    // Fake timers: a retry would come after the backoff (1 s, at most 30 s); a minute passes without one.
    vi.useFakeTimers();
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response('{}', { status: 401 }));
    const states: LiveState[] = [];
    startLiveStream({ headers: () => ({}), onChange: () => undefined, onReset: () => undefined, onState: (s) => states.push(s), fetch });
    await vi.waitFor(() => expect(states.at(-1)).toBe('off'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toBe('off');
  });

  it('reports reset messages so the screens refetch', async () => {
    const open = streamingResponse();
    const onReset = vi.fn();
    const stop = startLiveStream({
      headers: () => ({}),
      onChange: () => undefined,
      onReset,
      onState: () => undefined,
      fetch: vi.fn().mockResolvedValue(open.response),
    });
    open.write('event: reset\ndata: {}\n\n');
    await vi.waitFor(() => expect(onReset).toHaveBeenCalledTimes(1));
    stop();
  });
});

describe('polling while the stream is down', () => {
  it('polls at the given interval unless the stream is live', () => {
    const interval = whileStreamDown(30_000);
    expect(liveState()).toBe('off');
    expect(interval()).toBe(30_000);
    setLiveState('live');
    expect(interval()).toBe(false);
    setLiveState('reconnecting');
    expect(interval()).toBe(30_000);
  });
});

describe('what a change refreshes', () => {
  it('names the queries of its booking, vehicle and user, the lists of its type group and the history', () => {
    const touched = touchedBy([change({ typeGroup: 'VEHICLE', type: 'VEHICLE_STATUS', vin: 'VIN1', bid: 'BID1', affectedUsername: 'kari' })]);
    expect(isTouched(['vehicles', 'status', { vin: 'VIN1' }], touched)).toBe(true);
    expect(isTouched(['vehicles', 'statusFor', { vins: ['VIN0', 'VIN1'] }], touched)).toBe(true);
    expect(isTouched(['bookings', 'get', { bid: 'BID1' }], touched)).toBe(true);
    expect(isTouched(['users', 'detail', { username: 'kari' }], touched)).toBe(true);
    expect(isTouched(['alarms', 'list', {}], touched)).toBe(true);
    expect(isTouched(['events', 'search', {}], touched)).toBe(true);
    expect(isTouched(['vehicles', 'status', { vin: 'VIN2' }], touched)).toBe(false);
    expect(isTouched(['payments', 'list', {}], touched)).toBe(false);
    expect(isTouched(['staff', 'list', {}], touched)).toBe(false);
  });

  it('gathers a burst of changes into one refresh of what they touch', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    client.setQueryData(['vehicles', 'status', { vin: 'VIN1' }], {});
    client.setQueryData(['vehicles', 'status', { vin: 'VIN2' }], {});
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const refresher = createLiveRefresher(client, 1_000);
    for (let id = 1; id <= 50; id++) refresher.add(change({ id, type: 'HEARTBEAT', typeGroup: 'HEARTBEAT', vin: 'VIN1' }));
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(['vehicles', 'status', { vin: 'VIN1' }])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['vehicles', 'status', { vin: 'VIN2' }])?.isInvalidated).toBe(false);
    refresher.stop();
  });
});
