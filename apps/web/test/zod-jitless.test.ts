import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('configureZodBeforeItLoads', () => {
  // In a process of its own: zod must not have loaded before the setting is made (as in the browser's first load).
  it('makes zod run without eval when it is set before zod first loads', () => {
    const script = `
      import { configureZodBeforeItLoads } from './apps/web/src/lib/zod-jitless.ts';
      configureZodBeforeItLoads();
      const { z } = await import('zod');
      let evals = 0;
      const RealFunction = globalThis.Function;
      globalThis.Function = new Proxy(RealFunction, { construct(target, args) { evals++; return Reflect.construct(target, args); }, apply(target, self, args) { evals++; return Reflect.apply(target, self, args); } });
      const parsed = z.object({ a: z.string() }).parse({ a: 'x' });
      console.log(JSON.stringify({ jitless: z.config().jitless, parsed, evals }));
    `;
    const out = execFileSync(path.join(repoRoot, 'node_modules/.bin/tsx'), ['--input-type=module', '-e', script], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '{}')).toEqual({ jitless: true, parsed: { a: 'x' }, evals: 0 });
  });
});
