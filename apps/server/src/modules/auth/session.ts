import type { StaffRole } from '@fleetdesk/contract';

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
}
