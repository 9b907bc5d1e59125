import { LIVE_STREAM_PATH, ZLiveChange, type LiveChange } from '@fleetdesk/contract';
import { expect } from 'vitest';
import { authToken } from './test-app.ts';

export interface Message {
  event: string;
  id?: string;
  data: unknown;
}

/** An open stream: its messages as they arrive, read with fetch as the console reads it. */
export class Stream {
  private buffer = '';
  private readonly queue: Message[] = [];
  private waiting: (() => void) | undefined;
  private constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly abort: AbortController,
  ) {
    void this.pump();
  }

  static async open(base: string, as: string, lastEventId?: string): Promise<Stream> {
    const abort = new AbortController();
    const res = await fetch(`${base}${LIVE_STREAM_PATH}`, {
      headers: { authorization: authToken(as), ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return new Stream(res.body!.getReader(), abort);
  }

  private async pump() {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await this.reader.read();
        if (done) return;
        this.buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          const block = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          const fields = new Map(
            block
              .split('\n')
              .flatMap((line) => (line.startsWith(':') ? [] : [[line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const])),
          );
          if (!fields.has('event')) continue;
          this.queue.push({ event: fields.get('event')!, id: fields.get('id'), data: JSON.parse(fields.get('data') ?? 'null') });
          this.waiting?.();
        }
      }
    } catch {
      // aborted
    }
  }

  /** The next message, waiting up to `ms`. */
  async next(ms = 5_000): Promise<Message> {
    const deadline = Date.now() + ms;
    while (!this.queue.length) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no message arrived');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, left);
      });
    }
    return this.queue.shift()!;
  }

  /** The next `change` messages, in order. */
  async changes(n: number): Promise<LiveChange[]> {
    const found: LiveChange[] = [];
    while (found.length < n) {
      const message = await this.next();
      if (message.event === 'change') {
        const change = ZLiveChange.parse(message.data);
        // The SSE id is the stream's position (a transaction), not the event id.
        expect(message.id).toMatch(/^t\d+$/);
        found.push(change);
      }
    }
    return found;
  }

  /** The next `change` message with the position it carries. */
  async nextChange(): Promise<{ change: LiveChange; id: string }> {
    for (;;) {
      const message = await this.next();
      if (message.event === 'change') return { change: ZLiveChange.parse(message.data), id: message.id! };
    }
  }

  /** The messages that arrive within `ms` (none expected, usually). */
  async drain(ms: number): Promise<Message[]> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.queue.splice(0);
  }

  close() {
    this.abort.abort();
  }
}
