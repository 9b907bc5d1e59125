import { AppHrefLink } from '@/components/app-href-link';

/** A link to the user page (/users/{username}, a route of the users feature). */
export function UserLink({ username }: { username: string }) {
  return <AppHrefLink href={`/users/${encodeURIComponent(username)}`}>{username}</AppHrefLink>;
}
