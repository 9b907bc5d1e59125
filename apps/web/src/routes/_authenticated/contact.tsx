import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '@/features/contact';
import { loadTranslations } from '@/lib/i18n/i18n';

export const Route = createFileRoute('/_authenticated/contact')({
  // The screen's strings (every section: its parts compose several features), before it shows.
  loader: () => loadTranslations('features'),
  component: ContactPage,
});
