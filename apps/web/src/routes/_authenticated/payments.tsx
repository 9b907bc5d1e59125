import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PaymentsPage, validatePaymentsSearch, type PaymentsSearch } from '@/features/payments';
import { loadTranslations } from '@/lib/i18n/i18n';

/**
 * /payments: the payments screen the state stores imply (§2; path chosen in docs/decisions/0023). Filters, the open
 * payment (order) and the user view (user) live in the URL.
 */
export const Route = createFileRoute('/_authenticated/payments')({
  validateSearch: validatePaymentsSearch,
  // The screen's strings (every section: its parts compose several features), before it shows.
  loader: () => loadTranslations('features'),
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const onSearchChange = (next: PaymentsSearch, options?: { replace?: boolean }) =>
    void navigate({ to: '/payments', search: next, replace: options?.replace });
  return <PaymentsPage search={search} onSearchChange={onSearchChange} />;
}
