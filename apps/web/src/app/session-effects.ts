import type { QueryClient } from '@tanstack/react-query';
import { closeSnackbars } from '@/lib/notifications/snackbars';
import { forgetListReturn } from '@/lib/router/list-return';
import type { SessionStore } from '@/lib/session/session-store';
import { isOpenPath } from './open-routes';
import type { AppRouter } from './router';

/**
 * Resets the app when a session ends (spec §4): the query cache is dropped and the user goes to the login
 * page. After a logout (here or in another tab) that is all; when the session ran out or the server
 * refused the token, the login page brings the user back to where they were.
 */
export function connectSessionToApp(session: SessionStore, router: AppRouter, queryClient: QueryClient): () => void {
  return session.onEnd((reason) => {
    queryClient.clear();
    closeSnackbars();
    // The next staff member's back links do not lead to this one's searches.
    if (reason !== 'expired' && reason !== 'unauthorized') forgetListReturn();
    const { pathname, href } = router.state.location;
    if (isOpenPath(pathname)) return;
    const comeBack = reason === 'expired' || reason === 'unauthorized';
    void router.navigate({ to: '/login', search: comeBack ? { redirect: href } : {}, replace: comeBack });
  });
}
