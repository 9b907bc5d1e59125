import type { MessageKey } from './messages.ts';

/**
 * The message ids of the §8 error envelope (its schema: error-envelope.ts). Free of zod, so that the console's first
 * load can name them without downloading zod (issue 15).
 */

export const PAYMENT_EXCEPTION_PREFIX = 'errorId.core.PaymentException.';

export const MESSAGE_IDS = {
  validationList: 'core.validation.validation.error.exist',
  invalidInput: 'errorId.apigw.invalid.input',
  unauthorized: 'errorId.auth.unauthorized',
  wrongCredentials: 'errorId.auth.wrongCredentials',
  loginDenied: 'errorId.auth.loginDenied',
  tooManyAttempts: 'errorId.auth.tooManyAttempts',
  passwordLoginNotAllowed: 'errorId.auth.passwordLoginNotAllowed',
  passwordResetInvalid: 'errorId.auth.passwordResetInvalid',
  forbidden: 'errorId.core.forbidden',
  notFound: 'errorId.core.notFound',
  routeNotFound: 'errorId.core.routeNotFound',
  bookingNotFound: 'errorId.core.booking.notFound',
  userNotFound: 'errorId.core.user.notFound',
  userActionNotAllowed: 'errorId.core.user.actionNotAllowed',
  usernameTaken: 'errorId.core.user.usernameTaken',
  vehicleNotFound: 'errorId.core.vehicle.notFound',
  noHitsForVehicles: 'errorId.core.vehicle.noHits',
  commandNotFound: 'errorId.core.vehicle.commandNotFound',
  commandReasonRequired: 'errorId.core.vehicle.reasonRequired',
  commandNotAvailable: 'errorId.core.vehicle.commandNotAvailable',
  vehicleOutOfService: 'errorId.core.vehicle.outOfService',
  vehicleInService: 'errorId.core.vehicle.inService',
  outOfServicePlanChanged: 'errorId.core.vehicle.outOfServicePlanChanged',
  damageNotFound: 'errorId.core.damage.notFound',
  damageAlreadyFixed: 'errorId.core.damage.alreadyFixed',
  alarmNotFound: 'errorId.core.alarm.notFound',
  alarmAlreadyHandled: 'errorId.core.alarm.alreadyHandled',
  paymentNotFound: 'errorId.core.payment.notFound',
  noteNotFound: 'errorId.core.note.notFound',
  savedViewNotFound: 'errorId.core.savedView.notFound',
  contactNotFound: 'errorId.core.contact.notFound',
  fleetNotFound: 'errorId.core.fleet.notFound',
  notSupported: 'errorId.core.booking.notSupported',
  conflict: 'errorId.core.conflict',
  internal: 'errorId.core.internal',
  /** The database (or another service the server needs) does not answer: try again in a moment (503). */
  unavailable: 'errorId.core.unavailable',
  /** Staff accounts (issue 13). */
  accountDisabled: 'errorId.auth.accountDisabled',
  staffNotFound: 'errorId.core.staff.notFound',
  staffCannotDisableSelf: 'errorId.core.staff.cannotDisableSelf',
  staffLastAdmin: 'errorId.core.staff.lastAdmin',
  staffAlreadyEnabled: 'errorId.core.staff.alreadyEnabled',
  staffAlreadyDisabled: 'errorId.core.staff.alreadyDisabled',
  staffNoEmail: 'errorId.core.staff.noEmail',
  staffDisabled: 'errorId.core.staff.disabled',
  /** The framework's own refusals (issue 14): the request never reached a route's handler. */
  methodNotAllowed: 'errorId.apigw.methodNotAllowed',
  badUrl: 'errorId.apigw.request.badUrl',
  malformedRequest: 'errorId.apigw.request.malformed',
  malformedJson: 'errorId.apigw.request.malformedJson',
  emptyJsonBody: 'errorId.apigw.request.emptyBody',
  unsupportedMediaType: 'errorId.apigw.request.unsupportedMediaType',
  bodyTooLarge: 'errorId.apigw.request.bodyTooLarge',
  headersTooLarge: 'errorId.apigw.request.headersTooLarge',
  requestTimeout: 'errorId.apigw.request.timeout',
} as const;
export type MessageId = (typeof MESSAGE_IDS)[keyof typeof MESSAGE_IDS];

/**
 * Message ids whose text is always the same message (no parameters): clients show the message of that key in
 * the staff member's language instead of the server's English `message`.
 */
export const FIXED_MESSAGE_KEYS: Partial<Record<MessageId, MessageKey>> = {
  [MESSAGE_IDS.unauthorized]: 'unauthorized',
  [MESSAGE_IDS.forbidden]: 'forbidden',
  [MESSAGE_IDS.routeNotFound]: 'routeNotFound',
  [MESSAGE_IDS.wrongCredentials]: 'wrongCredentials',
  [MESSAGE_IDS.loginDenied]: 'loginDenied',
  [MESSAGE_IDS.tooManyAttempts]: 'tooManyAttempts',
  [MESSAGE_IDS.passwordLoginNotAllowed]: 'passwordLoginNotAllowed',
  [MESSAGE_IDS.passwordResetInvalid]: 'passwordResetInvalid',
  [MESSAGE_IDS.bookingNotFound]: 'bookingNotFound',
  [MESSAGE_IDS.userNotFound]: 'userNotFound',
  [MESSAGE_IDS.damageNotFound]: 'damageNotFound',
  [MESSAGE_IDS.alarmNotFound]: 'alarmNotFound',
  [MESSAGE_IDS.commandNotFound]: 'commandNotFound',
  [MESSAGE_IDS.paymentNotFound]: 'paymentNotFound',
  [MESSAGE_IDS.noteNotFound]: 'noteNotFound',
  [MESSAGE_IDS.savedViewNotFound]: 'savedViewNotFound',
  [MESSAGE_IDS.contactNotFound]: 'contactNotFound',
  [MESSAGE_IDS.internal]: 'genericError',
  [MESSAGE_IDS.unavailable]: 'serviceUnavailable',
  [MESSAGE_IDS.accountDisabled]: 'accountDisabled',
  [MESSAGE_IDS.staffNotFound]: 'staffNotFound',
  [MESSAGE_IDS.staffCannotDisableSelf]: 'staffCannotDisableSelf',
  [MESSAGE_IDS.staffLastAdmin]: 'staffLastAdmin',
  [MESSAGE_IDS.staffAlreadyEnabled]: 'staffAlreadyEnabled',
  [MESSAGE_IDS.staffAlreadyDisabled]: 'staffAlreadyDisabled',
  [MESSAGE_IDS.staffNoEmail]: 'staffNoEmail',
  [MESSAGE_IDS.staffDisabled]: 'staffDisabled',
  [MESSAGE_IDS.methodNotAllowed]: 'methodNotAllowed',
  [MESSAGE_IDS.badUrl]: 'badUrl',
  [MESSAGE_IDS.malformedRequest]: 'malformedRequest',
  [MESSAGE_IDS.malformedJson]: 'malformedJson',
  [MESSAGE_IDS.emptyJsonBody]: 'emptyJsonBody',
  [MESSAGE_IDS.unsupportedMediaType]: 'unsupportedMediaType',
  [MESSAGE_IDS.bodyTooLarge]: 'bodyTooLarge',
  [MESSAGE_IDS.headersTooLarge]: 'headersTooLarge',
  [MESSAGE_IDS.requestTimeout]: 'requestTimeout',
};

/** The message key of an envelope's id when its text never varies (see FIXED_MESSAGE_KEYS). */
export function fixedMessageKey(messageId: string): MessageKey | undefined {
  return (FIXED_MESSAGE_KEYS as Record<string, MessageKey | undefined>)[messageId];
}
