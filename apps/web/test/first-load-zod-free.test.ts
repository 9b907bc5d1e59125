import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the contract modules of the first load', () => {
  // The modules the console's first load imports from the contract must not import zod (issue 15): a zod schema in
  // one of them would bring zod into the login page's download.
  it('live in modules that do not import zod', () => {
    const src = path.resolve(import.meta.dirname, '../../../packages/contract/src');
    const zodFree = [
      'values.ts',
      'limits.ts',
      'errors.ts',
      'messages.ts',
      'rules/login.ts',
      'rules/event-search.ts',
      'rules/pool-filter.ts',
      'rules/zoned-time.ts',
    ];
    for (const file of zodFree) {
      const text = readFileSync(path.join(src, file), 'utf8');
      expect(text, file).not.toMatch(/^import (?!type )[^;]*from 'zod/m);
      // Their own imports are type-only or other zod-free modules.
      for (const [, target] of text.matchAll(/^import (?!type )[^;]*from '(\.[^']*)';/gm)) {
        const resolved = path.relative(src, path.resolve(path.dirname(path.join(src, file)), target ?? ''));
        expect(zodFree, `${file} imports ${resolved}`).toContain(resolved);
      }
    }
  });
});
