import {
  formatMessage,
  issueMessageRef,
  MESSAGE_IDS,
  MESSAGES,
  withMessageRef,
  type ErrorEnvelope,
  type ErrorItem,
  type MessageKey,
} from '@fleetdesk/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { describeDatabaseError, isDatabaseUnavailable } from '../db/sql-state.ts';

/**
 * The one server error: a messageId, an HTTP status and optional error items.
 * The error handler turns every thrown error into the §8 envelope.
 */
export class AppError extends Error {
  constructor(
    readonly messageId: string,
    readonly httpCode: number,
    message: string,
    readonly errors: ErrorItem[] = [],
  ) {
    super(message);
    this.name = 'AppError';
  }

  static of(messageId: string, httpCode: number, key: MessageKey, params?: Record<string, string | number>, errors: ErrorItem[] = []) {
    return new AppError(messageId, httpCode, formatMessage(key, params), errors);
  }
  static notFound(messageId: string = MESSAGE_IDS.notFound, key: MessageKey = 'notFound') {
    return AppError.of(messageId, 404, key);
  }
  static unauthorized() {
    return AppError.of(MESSAGE_IDS.unauthorized, 401, 'unauthorized');
  }
  static forbidden() {
    return AppError.of(MESSAGE_IDS.forbidden, 403, 'forbidden');
  }
  static invalidInput(errors: ErrorItem[], message: string = MESSAGES.validationFailed) {
    return new AppError(MESSAGE_IDS.invalidInput, 400, message, errors);
  }
}

/** 503: the database is away (connection lost or refused, a timeout) or not ready yet; the client may try again. */
export const unavailableEnvelope = (errors: ErrorItem[] = []): ErrorEnvelope =>
  envelope(503, MESSAGE_IDS.unavailable, MESSAGES.serviceUnavailable, errors);

/**
 * The §8 envelope. Every error item carries its message key and params (docs/decisions/0059): items built with
 * `fieldError` have them already; an item whose text is a contract text without placeholders gets its key here.
 */
export function envelope(httpCode: number, messageId: string, message: string, errors: ErrorItem[] = []): ErrorEnvelope {
  return { httpCode, messageId, message, errors: errors.map(withMessageRef) };
}

type FixedError = { status: number; messageId: string; key: MessageKey };
const fixed = (status: number, messageId: string, key: MessageKey): FixedError => ({ status, messageId, key });

/**
 * Fastify's (and its plugins') own refusals by error code: each a 4xx envelope with a fixed text of the catalogue
 * (FIXED_MESSAGE_KEYS, so the console shows it translated). docs/decisions/0042-hardened-api.md.
 */
const FASTIFY_CLIENT_ERRORS: Record<string, FixedError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: fixed(400, MESSAGE_IDS.malformedJson, 'malformedJson'),
  FST_ERR_CTP_EMPTY_JSON_BODY: fixed(400, MESSAGE_IDS.emptyJsonBody, 'emptyJsonBody'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: fixed(415, MESSAGE_IDS.unsupportedMediaType, 'unsupportedMediaType'),
  FST_ERR_CTP_BODY_TOO_LARGE: fixed(413, MESSAGE_IDS.bodyTooLarge, 'bodyTooLarge'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: fixed(400, MESSAGE_IDS.malformedRequest, 'malformedRequest'),
  FST_ERR_CTP_INVALID_TYPE: fixed(415, MESSAGE_IDS.unsupportedMediaType, 'unsupportedMediaType'),
  FST_ERR_VALIDATION: fixed(400, MESSAGE_IDS.invalidInput, 'validationFailed'),
  // Bad percent-encoding in the path (`/api/users/%`, `/api/bookings/%FF%FE`).
  FST_ERR_BAD_URL: fixed(400, MESSAGE_IDS.badUrl, 'badUrl'),
  // A path parameter longer than the router's maxParamLength, far beyond the longest id that can exist.
  FST_ERR_MAX_PARAM_LENGTH: fixed(404, MESSAGE_IDS.notFound, 'notFound'),
  // Multipart bodies beyond their limits (the form helpers catch most of these with their own field errors).
  FST_REQ_FILE_TOO_LARGE: fixed(413, MESSAGE_IDS.bodyTooLarge, 'bodyTooLarge'),
  FST_PARTS_LIMIT: fixed(413, MESSAGE_IDS.bodyTooLarge, 'bodyTooLarge'),
  FST_FILES_LIMIT: fixed(413, MESSAGE_IDS.bodyTooLarge, 'bodyTooLarge'),
  FST_FIELDS_LIMIT: fixed(413, MESSAGE_IDS.bodyTooLarge, 'bodyTooLarge'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: fixed(415, MESSAGE_IDS.unsupportedMediaType, 'unsupportedMediaType'),
  FST_PROTO_VIOLATION: fixed(400, MESSAGE_IDS.malformedRequest, 'malformedRequest'),
  // The client hung up while its body was being read: nobody reads the answer, but it is a 400, not a 500.
  ECONNRESET: fixed(400, MESSAGE_IDS.malformedRequest, 'malformedRequest'),
  ECONNABORTED: fixed(400, MESSAGE_IDS.malformedRequest, 'malformedRequest'),
};

/** Other 4xx of the framework or Node, by status, when the code is not one of the above. */
const CLIENT_ERRORS_BY_STATUS: Record<number, FixedError> = {
  400: fixed(400, MESSAGE_IDS.malformedRequest, 'malformedRequest'),
  404: fixed(404, MESSAGE_IDS.notFound, 'notFound'),
  405: fixed(405, MESSAGE_IDS.methodNotAllowed, 'methodNotAllowed'),
  408: fixed(408, MESSAGE_IDS.requestTimeout, 'requestTimeout'),
  413: fixed(413, MESSAGE_IDS.bodyTooLarge, 'bodyTooLarge'),
  414: fixed(414, MESSAGE_IDS.headersTooLarge, 'headersTooLarge'),
  415: fixed(415, MESSAGE_IDS.unsupportedMediaType, 'unsupportedMediaType'),
  431: fixed(431, MESSAGE_IDS.headersTooLarge, 'headersTooLarge'),
};

const fixedEnvelope = ({ status, messageId, key }: FixedError): ErrorEnvelope => envelope(status, messageId, MESSAGES[key]);

export function toEnvelope(error: unknown, request: FastifyRequest): ErrorEnvelope {
  if (error instanceof AppError) return envelope(error.httpCode, error.messageId, error.message, error.errors);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => {
      const base = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const context = (error as FastifyError).validationContext ?? '';
      const message = v.message ?? MESSAGES.invalid;
      // fastify-type-provider-zod keeps the zod issue's code as `keyword` and its other properties in `params`.
      const ref = issueMessageRef({ ...(v.params as Record<string, unknown>), code: v.keyword, message });
      return { field: base || context, ...ref, message };
    });
    return envelope(400, MESSAGE_IDS.invalidInput, MESSAGES.validationFailed, errors);
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
    return envelope(500, MESSAGE_IDS.internal, MESSAGES.genericError);
  }
  const fe = error as Partial<FastifyError>;
  const byCode = fe.code ? FASTIFY_CLIENT_ERRORS[fe.code] : undefined;
  if (byCode) return fixedEnvelope(byCode);
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const byStatus = CLIENT_ERRORS_BY_STATUS[fe.statusCode];
    return byStatus ? fixedEnvelope(byStatus) : envelope(fe.statusCode, MESSAGE_IDS.invalidInput, fe.message ?? MESSAGES.invalid);
  }
  // After the 4xx cases: a client that hangs up mid-body is a 400 (Fastify sets statusCode), not a database outage.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ cause: describeDatabaseError(error) }, 'database unavailable');
    return unavailableEnvelope();
  }
  request.log.error({ err: error }, 'unexpected error');
  return envelope(500, MESSAGE_IDS.internal, MESSAGES.genericError);
}

/** Seconds a client (or a proxy) should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

export function sendError(reply: FastifyReply, error: unknown) {
  const body = toEnvelope(error, reply.request);
  if (body.httpCode === 503) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
  return reply.status(body.httpCode).type('application/json').send(body);
}
