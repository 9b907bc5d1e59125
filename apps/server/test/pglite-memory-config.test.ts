import { describe, expect, it } from 'vitest';
import { loadConfig, pgliteSharedBuffers } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { sql } from 'drizzle-orm';

/** PGLITE_SHARED_BUFFERS: PGlite's page cache, which stays resident once filled (bench/README.md, memory). */
describe('PGLITE_SHARED_BUFFERS', () => {
  it('defaults to 16MB and takes PostgreSQL size units within 128kB … 1GB', () => {
    expect(pgliteSharedBuffers({})).toBe('16MB');
    expect(pgliteSharedBuffers({ PGLITE_SHARED_BUFFERS: '' })).toBe('16MB');
    expect(pgliteSharedBuffers({ PGLITE_SHARED_BUFFERS: '64MB' })).toBe('64MB');
    expect(pgliteSharedBuffers({ PGLITE_SHARED_BUFFERS: '512kB' })).toBe('512kB');
    expect(pgliteSharedBuffers({ PGLITE_SHARED_BUFFERS: '1GB' })).toBe('1GB');
    // Out of range or malformed: the default, and loadConfig refuses it at start.
    for (const bad of ['64kB', '2GB', '16 mb', '16', 'lots']) {
      expect(pgliteSharedBuffers({ PGLITE_SHARED_BUFFERS: bad })).toBe('16MB');
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad })).toThrow(/PGLITE_SHARED_BUFFERS/);
    }
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '32MB' }).PGLITE_SHARED_BUFFERS).toBe('32MB');
  });

  it('reaches the embedded PostgreSQL', async () => {
    const db = await openDatabase({ dataDir: 'memory://', pgliteSharedBuffers: '8MB' });
    try {
      const result = (await db.db.execute(sql`show shared_buffers`)) as unknown as { rows: Array<{ shared_buffers: string }> };
      expect(result.rows[0]?.shared_buffers).toBe('8MB');
    } finally {
      await db.close();
    }
  });
});
