import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';
import { withoutQueryParameters } from './db/sql-state.ts';

/**
 * The server's one logger: JSON lines (pino) on stdout, shared by Fastify (request lines carry `reqId`), main.ts and the
 * database module. Tokens, passwords and free-text reasons never reach it: URLs are logged with the values of
 * sensitive query parameters redacted, /postLogin without its query at all, and no headers.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: pino.DestinationStream): FastifyBaseLogger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    serializers: { req: serializeRequest, err: serializeError },
    // Fastify logs no headers; should a line ever carry them, the credentials stay out.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Query parameters whose values are secrets or personal free text (matched case-insensitively, anywhere). */
export const SENSITIVE_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'token',
  'password',
  'reason',
  'code',
  'state',
  'id_token',
  'access_token',
  'refresh_token',
]);
/** Paths whose whole query is a secret: the single-sign-on hand-over (/postLogin?issuer&token&username&expirationTime). */
const PATHS_WITH_SECRET_QUERY = new Set(['/postLogin']);
const REDACTED = '[redacted]';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** A request URL as it may be logged: /postLogin?[redacted], and `reason=[redacted]`-style values elsewhere. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const pathname = url.slice(0, queryStart);
  if (PATHS_WITH_SECRET_QUERY.has(pathname)) return `${pathname}?${REDACTED}`;
  const pairs = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SENSITIVE_QUERY_PARAMETERS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${pathname}?${pairs.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number } | null;
}

/** Fastify's request serializer (method, url, host, remote address), with the URL redacted. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's error serializer without the parameters of a failed query (drizzle puts them in the message and in `params`). */
function serializeError(err: Error) {
  const serialized = pino.stdSerializers.err(err);
  if (typeof serialized.message === 'string') serialized.message = withoutQueryParameters(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = withoutQueryParameters(serialized.stack);
  delete serialized.params;
  return serialized;
}

/** The request id header: taken from the caller (a proxy, a load balancer) when sane, and sent back on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_MAX_LENGTH = 64;

/**
 * Fastify's genReqId: the incoming X-Request-Id reduced to at most 64 characters of [A-Za-z0-9._-], or a new UUID when
 * there is none (or nothing of it is left).
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  const value = (Array.isArray(given) ? given[0] : given) ?? '';
  const sanitized = value.replace(/[^A-Za-z0-9._-]/g, '').slice(0, REQUEST_ID_MAX_LENGTH);
  return sanitized || randomUUID();
}
