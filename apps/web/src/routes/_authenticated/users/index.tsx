import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { UsersPage, validateUsersSearch, type UsersSearch } from '@/features/users';
import { loadTranslations } from '@/lib/i18n/i18n';

/** /users: the user search (§2), its inputs, page and page size in the URL; the suspicious and pending-deletion lists. */
export const Route = createFileRoute('/_authenticated/users/')({
  validateSearch: validateUsersSearch,
  // The screen's strings (every section: its parts compose several features), before it shows.
  loader: () => loadTranslations('features'),
  component: UsersRoute,
});

function UsersRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const onSearchChange = (next: UsersSearch, options?: { replace?: boolean }) =>
    void navigate({ to: '/users', search: next, replace: options?.replace });
  return <UsersPage search={search} onSearchChange={onSearchChange} />;
}
