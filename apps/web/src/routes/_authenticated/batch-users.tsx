import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { BatchUsersPage } from '@/features/companies';
import { loadTranslations } from '@/lib/i18n/i18n';

/** /batch-users: the batch creation screen (§2 leaves its route unnamed; docs/decisions/0031). ?company= is the chosen company. */
export const Route = createFileRoute('/_authenticated/batch-users')({
  validateSearch: (search: Record<string, unknown>): { company?: number } => {
    const company = Number(search.company);
    return Number.isInteger(company) && company > 0 ? { company } : {};
  },
  // The screen's strings (every section: its parts compose several features), before it shows.
  loader: () => loadTranslations('features'),
  component: BatchUsersRoute,
});

function BatchUsersRoute() {
  const { company } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <BatchUsersPage
      companyId={company}
      onCompanyChange={(next) => void navigate({ to: '/batch-users', search: next === undefined ? {} : { company: next }, replace: true })}
    />
  );
}
