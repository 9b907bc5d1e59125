import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

/**
 * The toasts, without notistack in the first load (issue 15): notistack and its provider download with the first
 * notification (snackbar-host.tsx), and what is shown before they are in waits here and then shows in order. Call
 * these instead of notistack's own enqueueSnackbar / closeSnackbar, which do nothing until a provider is mounted.
 */
export interface SnackbarApi {
  enqueueSnackbar: (message: SnackbarMessage, options?: OptionsObject) => SnackbarKey;
  closeSnackbar: (key?: SnackbarKey) => void;
}

let mounted: SnackbarApi | undefined;
let waiting: Array<(api: SnackbarApi) => void> = [];
let requested = false;
const listeners = new Set<() => void>();

/** Shows a toast (notistack's options); the first one also loads the toasts' code. */
export function showSnackbar(message: SnackbarMessage, options: OptionsObject): void {
  if (mounted) {
    mounted.enqueueSnackbar(message, options);
    return;
  }
  waiting.push((api) => api.enqueueSnackbar(message, options));
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
}

/** Closes one toast, or all of them without a key. Nothing to do while none was ever shown. */
export function closeSnackbars(key?: SnackbarKey): void {
  mounted?.closeSnackbar(key);
}

/** For SnackbarHost: whether a toast asked for the provider yet, and a way to hear when one does. */
export const isSnackbarHostRequested = (): boolean => requested;
export function subscribeSnackbarHostRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For the provider, once mounted: shows what waited. Returns what to run when it unmounts. */
export function snackbarProviderMounted(api: SnackbarApi): () => void {
  mounted = api;
  const shown = waiting;
  waiting = [];
  shown.forEach((show) => show(api));
  return () => {
    if (mounted === api) mounted = undefined;
  };
}
