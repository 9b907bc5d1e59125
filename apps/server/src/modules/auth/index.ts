/** The public surface of this module (docs/decisions/0049-import-boundaries.md): other modules import only from here. */
export type { Actor, RequestSession } from './session.ts';
export { hashPassword } from './password.ts';
export { passwordMail } from './password-mail.ts';
export { issuePasswordToken, passwordLink, requestPasswordReset, revokeUserSessions, type AuthSettings } from './service.ts';
