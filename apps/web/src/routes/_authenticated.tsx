import { createFileRoute, redirect } from '@tanstack/react-router';
import { preloadConsoleShell } from '@/app/layout/root-layout';
import { hasCredentials } from '@/lib/session/session-schema';

/** Every route below needs a session (spec §2); without one the user logs in and comes back here. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    if (!hasCredentials(context.session.getSession())) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  // What the login pages do without, downloaded beside the screen's own code: the console's shell and side menu. Each
  // screen's route loads the strings it draws.
  loader: () => preloadConsoleShell(),
});
