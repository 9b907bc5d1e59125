import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@fleetdesk/contract';
import { resources } from '@/lib/i18n/resources';
import { detectLanguage, matchLanguage } from '@/lib/i18n/languages';

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

// The merged resources: shared strings plus every feature's section.
const english = flatten(resources['en-GB'].translation as unknown as Tree);
const others = {
  de: flatten(resources.de.translation as unknown as Tree),
  nb: flatten(resources.nb.translation as unknown as Tree),
  sv: flatten(resources.sv.translation as unknown as Tree),
};

describe('locales', () => {
  it('has a non-trivial British English reference', () => {
    expect(english.size).toBeGreaterThan(100);
  });

  describe.each(Object.entries(others))('%s', (language, translations) => {
    it('has every British English key, as a non-empty text, and no extra key', () => {
      const missing = [...english.keys()].filter((key) => !translations.get(key)?.trim());
      const extra = [...translations.keys()].filter((key) => !english.has(key));
      expect(missing).toEqual([]);
      expect(extra).toEqual([]);
    });

    it('keeps the same {{placeholders}} as British English', () => {
      const mismatched = [...english].filter(([key, text]) => {
        const translated = translations.get(key) ?? '';
        return placeholders(translated).join() !== placeholders(text).join();
      });
      expect(mismatched.map(([key]) => key)).toEqual([]);
    });

    it('is a real translation, not a copy of English', () => {
      // Names (languages, the product) and patterns ("{{field}}: {{message}}") read the same in every language.
      const identical = [...english].filter(([key, text]) => translations.get(key) === text).map(([key]) => key);
      expect(identical.length / english.size).toBeLessThan(0.1);
      expect(translations.get('messages.wrongCredentials')).not.toBe(english.get('messages.wrongCredentials'));
      expect(translations.get('menu.activeBookings')).not.toBe(english.get('menu.activeBookings'));
      expect(language).not.toBe('en-GB');
    });
  });

  it('translates every message of the contract in all four languages, British English word for word', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(english.get(`messages.${key}`), key).toBe(text);
      for (const translations of Object.values(others)) expect(translations.get(`messages.${key}`), key).toBeTruthy();
    }
  });

  it('names each language in itself in every locale', () => {
    for (const translations of [english, ...Object.values(others)]) {
      expect(translations.get('languages.de')).toBe('Deutsch');
      expect(translations.get('languages.en-GB')).toBe('English (UK)');
      expect(translations.get('languages.nb')).toBe('Norsk bokmål');
      expect(translations.get('languages.sv')).toBe('Svenska');
    }
  });
});

describe('language choice', () => {
  it('keeps a stored choice', () => {
    expect(detectLanguage('sv', ['de-DE'])).toBe('sv');
  });

  it('otherwise takes the first browser language it has', () => {
    expect(detectLanguage(null, ['fr-FR', 'nn-NO', 'de'])).toBe('nb');
    expect(detectLanguage('xx', ['de-AT'])).toBe('de');
    expect(detectLanguage(null, ['en-US'])).toBe('en-GB');
  });

  it('falls back to British English', () => {
    expect(detectLanguage(null, [])).toBe('en-GB');
    expect(detectLanguage(null, ['fi-FI'])).toBe('en-GB');
  });

  it('maps Norwegian tags onto Bokmål', () => {
    expect(matchLanguage('no')).toBe('nb');
    expect(matchLanguage('nb-NO')).toBe('nb');
    expect(matchLanguage('sv_FI')).toBe('sv');
  });
});
