import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { StaffPage, validateStaffSearch } from '@/features/staff';

/** /staff: the operator's staff accounts (issue 13), ADMIN only; ?q= is the filter text, ?status= active or disabled. */
export const Route = createFileRoute('/_authenticated/staff')({
  validateSearch: validateStaffSearch,
  component: StaffRoute,
});

function StaffRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  return <StaffPage search={search} onSearchChange={(next) => void navigate({ to: '/staff', search: next, replace: true })} />;
}
