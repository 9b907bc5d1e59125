import { z } from 'zod';

/**
 * The server error envelope of spec §8: {httpCode, messageId, message, errors}.
 * Clients map it to notifications by messageId:
 *  - MESSAGE_IDS.validationList ('core.validation.validation.error.exist'): each error's message is listed;
 *  - MESSAGE_IDS.invalidInput ('errorId.apigw.invalid.input'): each field and its message is shown;
 *  - ids starting with PAYMENT_EXCEPTION_PREFIX: a translated message, else the general payment error;
 *  - otherwise `message`.
 */
export const ZErrorItem = z.object({
  field: z.string().optional(),
  messageId: z.string().optional(),
  message: z.string(),
  /** Booking rule violations: whether staff may override them (§4 override step). */
  overridable: z.boolean().optional(),
  ruleName: z.string().optional(),
  /** Batch import per-line errors. */
  line: z.number().int().optional(),
  username: z.string().optional(),
});
export type ErrorItem = z.infer<typeof ZErrorItem>;

export const ZErrorEnvelope = z.object({
  httpCode: z.number().int(),
  messageId: z.string(),
  message: z.string(),
  errors: z.array(ZErrorItem),
});
export type ErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

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
  damageNotFound: 'errorId.core.damage.notFound',
  damageAlreadyFixed: 'errorId.core.damage.alreadyFixed',
  alarmNotFound: 'errorId.core.alarm.notFound',
  alarmAlreadyHandled: 'errorId.core.alarm.alreadyHandled',
  paymentNotFound: 'errorId.core.payment.notFound',
  fleetNotFound: 'errorId.core.fleet.notFound',
  notSupported: 'errorId.core.booking.notSupported',
  conflict: 'errorId.core.conflict',
  internal: 'errorId.core.internal',
} as const;
export type MessageId = (typeof MESSAGE_IDS)[keyof typeof MESSAGE_IDS];

export const isErrorEnvelope = (value: unknown): value is ErrorEnvelope => ZErrorEnvelope.safeParse(value).success;
