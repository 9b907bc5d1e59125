import { findUnsafeText, MESSAGES, type UnsafeTextIssue } from '@fleetdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The input guard (issue 14; docs/decisions/0042-hardened-api.md), written once: text with NUL or an unpaired
 * surrogate never reaches a service or the database. One preValidation hook checks every route's path parameters,
 * query string and parsed body (JSON at any depth, keys included) before its schema runs; the few inputs read
 * elsewhere (multipart fields and file names, CSV cells, the Basic-auth user name, X-Token-Issuer) go through
 * `unsafeTextErrors`/`assertSafeText` below, the same check. Integers are the contract's job (`ZIntId`, `ZDbInt`).
 */

/** The guard's field errors for `value` (any parsed input), named from `field` in the envelope's style. */
export function unsafeTextErrors(value: unknown, field = ''): UnsafeTextIssue[] {
  return findUnsafeText(value, field).map((issue) => ({ field: issue.field || 'body', message: issue.message }));
}

/** 400 `errorId.apigw.invalid.input` naming the fields, when `value` holds text the guard refuses. */
export function assertSafeText(value: unknown, field = ''): void {
  const errors = unsafeTextErrors(value, field);
  if (errors.length > 0) throw AppError.invalidInput(errors, MESSAGES.validationFailed);
}

/** Everything a route reads from the request line and body, in the order its schema would report it. */
export const unsafeRequestInput = (request: FastifyRequest): UnsafeTextIssue[] => [
  ...unsafeTextErrors(request.params),
  ...unsafeTextErrors(request.query),
  ...unsafeTextErrors(request.body),
];

/** Registers the guard for every route of `app` (call before the routes are added). */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const errors = unsafeRequestInput(request);
    if (errors.length > 0) throw AppError.invalidInput(errors, MESSAGES.validationFailed);
  });
}
