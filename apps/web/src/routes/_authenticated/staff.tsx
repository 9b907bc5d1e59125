import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { StaffPage, validateStaffSearch } from '@/features/staff';
import { loadTranslations } from '@/lib/i18n/i18n';

/** /staff: the operator's staff accounts (issue 13), ADMIN only; ?q= is the filter text, ?status= active or disabled. */
export const Route = createFileRoute('/_authenticated/staff')({
  validateSearch: validateStaffSearch,
  // The screen's strings (every section: its parts compose several features), before it shows.
  loader: () => loadTranslations('features'),
  component: StaffRoute,
});

function StaffRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  return <StaffPage search={search} onSearchChange={(next) => void navigate({ to: '/staff', search: next, replace: true })} />;
}
