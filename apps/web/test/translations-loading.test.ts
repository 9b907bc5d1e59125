import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '@/lib/i18n/resources';
import { featureSections as svSections } from '@/lib/i18n/feature-sections/sv';
import { TRANSLATION_SECTIONS, translationLoader } from '@/lib/i18n/translations';

/** A fresh i18next without strings, as the app starts (lib/i18n/i18n.ts). */
function emptyI18n() {
  const i18n = i18next.createInstance();
  void i18n.init({ resources: {}, lng: 'sv', fallbackLng: 'en-GB', initAsync: false, interpolation: { escapeValue: false } });
  return i18n;
}

describe('downloading the strings per language and part', () => {
  it("brings the shared strings first, and the screens' sections only when asked for", async () => {
    const i18n = emptyI18n();
    const loader = translationLoader(i18n);
    expect(i18n.t('common.loading')).toBe('common.loading');

    await loader.load('core', 'sv');
    expect(i18n.t('common.loading')).toBe(resources.sv.translation.common.loading);
    expect(i18n.t('menu.support')).toBe(resources.sv.translation.menu.support);
    expect(i18n.exists('pools.sidebar.label')).toBe(false);
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false);

    await loader.load('features', 'sv');
    expect(i18n.t('pools.sidebar.label')).toBe(resources.sv.translation.pools.sidebar.label);
    // Both parts together are the language's whole resources, nothing more and nothing less.
    expect(i18n.getResourceBundle('sv', 'translation')).toEqual(resources.sv.translation);
  });

  it('downloads a part of a language once, however often it is asked for', async () => {
    const loader = translationLoader(emptyI18n());
    const first = loader.load('pools', 'nb');
    expect(loader.load('pools', 'nb')).toBe(first);
    await first;
    expect(loader.load('pools', 'nb')).toBe(first);
    expect(loader.has('pools', 'nb')).toBe(true);
    expect(loader.has('pools', 'sv')).toBe(false);
  });

  it("brings one screen's section on its own, under its key, and every section for 'features'", async () => {
    const i18n = emptyI18n();
    const loader = translationLoader(i18n);
    await loader.load('supportSearch', 'sv');
    expect(i18n.getResourceBundle('sv', 'translation')).toEqual({ supportSearch: svSections.supportSearch });
    await loader.load('features', 'sv');
    expect(i18n.getResourceBundle('sv', 'translation')).toEqual(svSections);
    expect(Object.keys(svSections).sort()).toEqual([...TRANSLATION_SECTIONS].sort());
  });

  it('gives a language switch every part asked for so far: the shared strings on the login page, all after login', async () => {
    const i18n = emptyI18n();
    const loader = translationLoader(i18n);
    await loader.load('core', 'sv');
    await loader.loadWanted('de');
    expect(i18n.t('common.loading', { lng: 'de' })).toBe(resources.de.translation.common.loading);
    expect(i18n.exists('pools.sidebar.label', { lng: 'de' })).toBe(false);

    await loader.load('features', 'sv');
    await loader.loadWanted('nb');
    expect(i18n.getResourceBundle('nb', 'translation')).toEqual(resources.nb.translation);
  });
});
