import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { UserPage, userQueryOptions, validateUserPageSearch, type UserPageSearch } from '@/features/users';
import { loadTranslations } from '@/lib/i18n/i18n';

/**
 * /users/{username}: the user page (§2). `?edit=true` opens the edit form, `?tab=` the tab; a user name change moves to
 * the new address, replacing the old entry in the history (§4).
 */
export const Route = createFileRoute('/_authenticated/users/$username')({
  validateSearch: validateUserPageSearch,
  loader: ({ context, params }) => {
    // Starts the request while the route's code loads; the page shows its own loading, error and 404 states.
    void context.queryClient.prefetchQuery(userQueryOptions(params.username));
    // The screen's strings (every section: its parts compose several features), before it shows.
    return loadTranslations('features');
  },
  component: UserRoute,
});

function UserRoute() {
  const { username } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate();
  return (
    <UserPage
      key={username}
      username={username}
      search={search}
      onSearchChange={(next: UserPageSearch, options) =>
        void navigate({ to: '/users/$username', params: { username }, search: next, replace: options?.replace })
      }
      onRenamed={(renamed, next) => void navigate({ to: '/users/$username', params: { username: renamed }, search: next, replace: true })}
    />
  );
}
