import { Suspense, lazy, useSyncExternalStore } from 'react';
import { isSnackbarHostRequested, subscribeSnackbarHostRequest } from './snackbars';

const SnackbarProviderHost = lazy(() => import('./snackbar-provider-host'));

/** Mounts notistack's provider once the first toast is asked for (see snackbars.ts). */
export function SnackbarHost() {
  const requested = useSyncExternalStore(subscribeSnackbarHostRequest, isSnackbarHostRequested, isSnackbarHostRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarProviderHost />
    </Suspense>
  );
}
