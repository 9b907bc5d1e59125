import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth';
import { optionalString } from '@/lib/router/search-params';

export interface LoginSearch {
  /** The page to return to after login; validated before use. */
  redirect?: string;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({ redirect: optionalString(search.redirect) }),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}
