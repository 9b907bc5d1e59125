import { createFileRoute, redirect } from '@tanstack/react-router';
import { preloadConsoleShell } from '@/app/layout/root-layout';
import { configQueryOptions } from '@/features/config';
import { fleetQueryOptions } from '@/features/fleets';
import { hasCredentials } from '@/lib/session/session-schema';

/** Every route below needs a session (spec §2); without one the user logs in and comes back here. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    if (!hasCredentials(context.session.getSession())) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  // What the login pages do without, downloaded beside the screen's own code: the console's shell and side menu. Each
  // screen's route loads the strings it draws. The shell's data (the console's settings, the operator) is asked for
  // at the same time, not once the shell has rendered (decision 0043: the request waterfall).
  // Not split (unlike the screens' loaders): it must start before the screen's chunks queue up (decision 0043).
  codeSplitGroupings: [['component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(configQueryOptions());
    const fleet = context.session.getSession()?.user.fleet;
    if (fleet) void context.queryClient.prefetchQuery(fleetQueryOptions(fleet));
    return preloadConsoleShell();
  },
});
