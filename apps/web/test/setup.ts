import { configure } from '@testing-library/react';
import { loadTranslations } from '@/lib/i18n/i18n';
import { LANGUAGES } from '@/lib/i18n/languages';

// findBy… and waitFor wait up to 5 s instead of 1 s: whole-app renders on a loaded 2-core CI machine can take longer
// than a second to settle. A test that waits for something that never comes still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// The app downloads its strings per language and part (main.tsx before the first render, the routes behind the login
// for the screens' sections); tests render screens without those steps, so every part of every language is here first.
await Promise.all(LANGUAGES.flatMap((language) => [loadTranslations('core', language), loadTranslations('features', language)]));
