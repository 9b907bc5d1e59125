import { createFileRoute } from '@tanstack/react-router';
import { PostLoginPage } from '@/features/auth';
import { optionalString } from '@/lib/router/search-params';

export interface PostLoginSearch {
  issuer?: string;
  token?: string;
  username?: string;
  expirationTime?: string;
  redirect?: string;
  error?: string;
}

export const Route = createFileRoute('/postLogin')({
  validateSearch: (search: Record<string, unknown>): PostLoginSearch => ({
    issuer: optionalString(search.issuer),
    token: optionalString(search.token),
    username: optionalString(search.username),
    expirationTime: optionalString(search.expirationTime),
    redirect: optionalString(search.redirect),
    error: optionalString(search.error),
  }),
  component: PostLoginRoute,
});

function PostLoginRoute() {
  const search = Route.useSearch();
  return <PostLoginPage {...search} />;
}
