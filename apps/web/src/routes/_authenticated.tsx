import { createFileRoute, redirect } from '@tanstack/react-router';
import { hasCredentials } from '@/lib/session/session-schema';

/** Every route below needs a session (spec §2); without one the user logs in and comes back here. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    if (!hasCredentials(context.session.getSession())) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
});
