import { formatMessage, MESSAGE_IDS, MESSAGES, type ErrorEnvelope, type ErrorItem, type MessageKey } from '@fleetdesk/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

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

export function envelope(httpCode: number, messageId: string, message: string, errors: ErrorItem[] = []): ErrorEnvelope {
  return { httpCode, messageId, message, errors };
}

/** Maps Fastify's own error codes (bad JSON, wrong content type, too large, ...) to 4xx envelopes. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid content length' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: 'Invalid content type' },
  FST_ERR_VALIDATION: { status: 400, message: MESSAGES.validationFailed },
};

export function toEnvelope(error: unknown, request: FastifyRequest): ErrorEnvelope {
  if (error instanceof AppError) return envelope(error.httpCode, error.messageId, error.message, error.errors);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => {
      const base = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const context = (error as FastifyError).validationContext ?? '';
      return { field: base || context, message: v.message ?? MESSAGES.invalid };
    });
    return envelope(400, MESSAGE_IDS.invalidInput, MESSAGES.validationFailed, errors);
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
    return envelope(500, MESSAGE_IDS.internal, MESSAGES.genericError);
  }
  const fe = error as Partial<FastifyError>;
  if (fe.code && FASTIFY_CLIENT_ERRORS[fe.code]) {
    const { status, message } = FASTIFY_CLIENT_ERRORS[fe.code]!;
    return envelope(status, MESSAGE_IDS.invalidInput, message);
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return envelope(fe.statusCode, MESSAGE_IDS.invalidInput, fe.message ?? MESSAGES.invalid);
  }
  request.log.error({ err: error }, 'unexpected error');
  return envelope(500, MESSAGE_IDS.internal, MESSAGES.genericError);
}

export function sendError(reply: FastifyReply, error: unknown) {
  const body = toEnvelope(error, reply.request);
  return reply.status(body.httpCode).type('application/json').send(body);
}
