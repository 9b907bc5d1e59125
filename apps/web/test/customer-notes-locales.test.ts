import { describe, expect, it } from 'vitest';
import de from '../src/locales/customer-notes/de.json';
import enGB from '../src/locales/customer-notes/en-GB.json';
import nb from '../src/locales/customer-notes/nb.json';
import sv from '../src/locales/customer-notes/sv.json';

// The notes and contacts strings are their own i18next namespace, loaded with their UI (features/customer-notes), so the
// checks of the shared locales (i18n.test.ts) do not see them: the same checks here.
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else flatten(value, path).forEach((text, nested) => entries.set(nested, text));
  }
  return entries;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

const english = flatten(enGB);

describe.each(Object.entries({ de, nb, sv }))('customer notes strings in %s', (_language, strings) => {
  const translations = flatten(strings);

  it('has every British English key, as a non-empty text, and no extra key', () => {
    expect([...english.keys()].filter((key) => !translations.get(key)?.trim())).toEqual([]);
    expect([...translations.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('keeps the same {{placeholders}}', () => {
    const mismatched = [...english].filter(([key, text]) => placeholders(translations.get(key) ?? '').join() !== placeholders(text).join());
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('is a real translation, not a copy of English', () => {
    const identical = [...english].filter(([key, text]) => translations.get(key) === text && placeholders(text).length === 0);
    expect(identical.length / english.size).toBeLessThan(0.15);
    expect(translations.get('contact.open')).not.toBe(english.get('contact.open'));
  });
});
