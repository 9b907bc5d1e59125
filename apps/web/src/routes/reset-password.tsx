import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth';
import { optionalString } from '@/lib/router/search-params';

export interface ResetPasswordSearch {
  token?: string;
}

/** The page of the mailed password-reset link; open like /login. */
export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => ({ token: optionalString(search.token) }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
