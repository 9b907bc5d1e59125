import { NOTIFY_INFO_MS, NOTIFY_SUCCESS_MS, NOTIFY_WARNING_MS } from '@fleetdesk/contract';

export type NotificationVariant = 'success' | 'info' | 'warning' | 'error';

export interface AppNotification {
  variant: NotificationVariant;
  message: string;
  /** Stays until the user dismisses it. */
  persist?: boolean;
}

/**
 * How long each kind stays (spec §8): success and info 3 s, warnings 10 s. Errors that are not from a
 * server error list are not timed by the spec; they stay as long as warnings so they can be read.
 */
export const AUTO_HIDE_MS: Record<NotificationVariant, number> = {
  success: NOTIFY_SUCCESS_MS,
  info: NOTIFY_INFO_MS,
  warning: NOTIFY_WARNING_MS,
  error: NOTIFY_WARNING_MS,
};
