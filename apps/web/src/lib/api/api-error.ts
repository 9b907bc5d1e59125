import { MESSAGE_IDS, type ErrorEnvelope } from '@fleetdesk/contract';

/** A non-2xx answer of the API, carrying the server's error envelope (spec §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly envelope: ErrorEnvelope;

  constructor(status: number, envelope: ErrorEnvelope) {
    super(envelope.message);
    this.name = 'ApiError';
    this.status = status;
    this.envelope = envelope;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The envelope of a response, or one built from the status when the body is not an envelope. The envelope's schema
 * (and zod) loads with the first error, not with the login page (issue 15).
 */
export async function envelopeFromBody(status: number, statusText: string, body: unknown): Promise<ErrorEnvelope> {
  if (body !== null && typeof body === 'object') {
    const { isErrorEnvelope } = await import('./envelope-schema');
    if (isErrorEnvelope(body)) return body;
  }
  return {
    httpCode: status,
    // A proxy in front of the server answers 502-504 without an envelope while the server is away.
    messageId: status === 401 ? MESSAGE_IDS.unauthorized : status >= 502 && status <= 504 ? MESSAGE_IDS.unavailable : MESSAGE_IDS.internal,
    message: statusText || `HTTP ${status}`,
    errors: [],
  };
}
