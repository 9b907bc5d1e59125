import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '@/features/auth';
import { optionalString } from '@/lib/router/search-params';

export interface ForgotPasswordSearch {
  username?: string;
}

export const Route = createFileRoute('/forgot-password')({
  validateSearch: (search: Record<string, unknown>): ForgotPasswordSearch => ({
    username: optionalString(search.username),
  }),
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const { username } = Route.useSearch();
  return <ForgotPasswordPage username={username} />;
}
