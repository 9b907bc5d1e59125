import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { namespaceLoader, type NamespaceFiles } from '@/lib/i18n/namespace-loader';

const files = (greeting: Record<string, string>, fail: Set<string> = new Set()) => {
  const calls: string[] = [];
  const file = (language: keyof typeof greeting) => () => {
    calls.push(language);
    if (fail.has(language)) {
      fail.delete(language);
      return Promise.reject(new Error('offline'));
    }
    return Promise.resolve({ default: { hello: greeting[language] } });
  };
  const loaders = { de: file('de'), 'en-GB': file('en-GB'), nb: file('nb'), sv: file('sv') } as NamespaceFiles;
  return { loaders, calls };
};
const GREETING = { de: 'Hallo', 'en-GB': 'Hello', nb: 'Hei', sv: 'Hej' };
/** The greeting of the namespace in the UI language, as a screen would read it. */
const greeting = (ns: string): unknown => i18n.getResource(i18n.language, ns, 'hello');

afterEach(async () => {
  await i18n.changeLanguage('en-GB');
});

describe('namespaceLoader', () => {
  it('loads the UI language once, and the new language after a switch', async () => {
    const { loaders, calls } = files(GREETING);
    const load = namespaceLoader('testGreeting', loaders);
    await i18n.changeLanguage('nb');
    await load();
    await load();
    expect(calls).toEqual(['nb']);
    expect(greeting('testGreeting')).toBe('Hei');

    await i18n.changeLanguage('sv');
    await vi.waitFor(() => expect(greeting('testGreeting')).toBe('Hej'));
    expect(calls).toEqual(['nb', 'sv']);
  });

  it('tries a failed download again on the next call', async () => {
    const { loaders, calls } = files(GREETING, new Set(['de']));
    const load = namespaceLoader('testGreetingRetry', loaders);
    await i18n.changeLanguage('de');
    await expect(load()).rejects.toThrow('offline');
    await load();
    expect(calls).toEqual(['de', 'de']);
    expect(greeting('testGreetingRetry')).toBe('Hallo');
  });
});
