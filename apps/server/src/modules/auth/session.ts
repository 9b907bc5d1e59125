import { BACKGROUND_REQUEST_HEADER, type StaffRole } from '@fleetdesk/contract';

/** Who is acting: the staff member of a console session (or a system process). */
export interface Actor {
  username: string;
  fleet: string;
}

/** A resolved console session (attached to each authenticated request). */
export interface RequestSession extends Actor {
  sessionId: number;
  userId: number;
  role: StaffRole;
  expiresAt: Date;
  /** The session's last use, after this request counted (or not) as one: what a refresh carries over. */
  lastUsedAt: Date;
}

/** The idle rule a session is resolved under (docs/decisions/0039-staff-accounts.md). */
export interface SessionCheck {
  /** A session unused for longer than this has ended (SESSION_IDLE_MINUTES). */
  idleMs: number;
  /** A request the browser made on its own (X-Fleetdesk-Background: 1): authenticated, but no use. */
  background?: boolean;
}

/** The last use is written at most once in this long per session, so reads do not write on every request. */
export const LAST_USE_GRANULARITY_MS = 60_000;

/** The contract's background header as Node presents it (lower case). */
const BACKGROUND_HEADER = BACKGROUND_REQUEST_HEADER.toLowerCase();

/** Whether a request says it was made by the browser on its own (`X-Fleetdesk-Background: 1`). */
export function isBackgroundRequest(headers: Record<string, string | string[] | undefined>): boolean {
  const value = headers[BACKGROUND_HEADER];
  return (Array.isArray(value) ? value[0] : value)?.trim() === '1';
}

/** The session check of a request under the configured idle limit. */
export function sessionCheckOf(idleMinutes: number, headers: Record<string, string | string[] | undefined>): SessionCheck {
  return { idleMs: idleMinutes * 60_000, background: isBackgroundRequest(headers) };
}
