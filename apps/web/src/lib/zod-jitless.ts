/**
 * The Content-Security-Policy allows no eval, so zod must run without its compiled parsers and must not probe for eval
 * (each probe reports a CSP violation). zod 4 keeps its configuration in `globalThis.__zod_globalConfig` and takes an
 * object already there when it first loads (its way of sharing one configuration between copies of zod), so the
 * setting is made here, before zod loads, without importing zod: zod downloads with the first screen that checks an
 * answer, not with the login page (issue 15). apps/web/test/zod-jitless.test.ts checks that zod honours it.
 */
export function configureZodBeforeItLoads(): void {
  const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
}
