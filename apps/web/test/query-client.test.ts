import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query/query-client';

/** Runs one mutation through the client's mutation cache, as useMutation does. */
async function runMutation(client: ReturnType<typeof createQueryClient>, mutationFn: () => Promise<unknown>) {
  const mutation = client.getMutationCache().build(client, { mutationFn });
  await mutation.execute(undefined).catch(() => undefined);
}

describe('the query client', () => {
  it('marks the timeline and the event log stale after any successful change, and leaves other data alone', async () => {
    const client = createQueryClient();
    client.setQueryData(['timeline', 'last', { username: 'demo.active' }], { id: 'e1' });
    client.setQueryData(['events', 'search', { bid: 'BID1' }], { results: [] });
    client.setQueryData(['bookings', 'get', { bid: 'BID1' }], { bid: 'BID1' });

    await runMutation(client, () => Promise.resolve('credited'));

    expect(client.getQueryState(['timeline', 'last', { username: 'demo.active' }])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['events', 'search', { bid: 'BID1' }])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['bookings', 'get', { bid: 'BID1' }])?.isInvalidated).toBe(false);
  });

  it('leaves the history as it is when a change fails', async () => {
    const client = createQueryClient();
    client.setQueryData(['timeline', 'last', { username: 'demo.active' }], { id: 'e1' });

    await runMutation(client, () => Promise.reject(new Error('refused')));

    expect(client.getQueryState(['timeline', 'last', { username: 'demo.active' }])?.isInvalidated).toBe(false);
  });
});
