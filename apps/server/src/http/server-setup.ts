import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fastifyHelmet from '@fastify/helmet';
import { MESSAGE_IDS, MESSAGES } from '@fleetdesk/contract';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { REQUEST_ID_HEADER, requestIdOf } from '../logger.ts';
import { contentSecurityPolicyDirectives } from './content-security-policy.ts';
import { envelope, sendError } from './errors.ts';

/** HSTS for answers that came over https: a year, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Liveness and readiness probes come every few seconds: no request lines for them (what goes wrong is still logged). */
const PROBE_PATHS = new Set(['/api/health', '/api/ready']);
const isProbe = (url: string) => PROBE_PATHS.has(url.split('?', 1)[0] ?? url);

/**
 * The longest path parameter the router matches. The longest legal ids are user names of 100 characters, which
 * percent-encode to at most 900 (3 UTF-8 bytes each); a longer parameter is no id that can exist and answers the 404
 * envelope (FST_ERR_MAX_PARAM_LENGTH) instead of Fastify's default limit of 100 and its bare 414.
 */
export const MAX_PARAM_LENGTH = 1024;

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers or request line over 16 KiB, a malformed
 * request line or header, a request that never completes): the server's 'clientError'. The answer is the §8
 * envelope too, written straight to the socket, with `Connection: close`, and the socket is closed (the parser
 * cannot go on). Nothing is written when the client has gone or a response is already under way on the socket.
 */
export function writeClientError(error: Error & { code?: string }, socket: Socket, logger: FastifyBaseLogger) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, messageId, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, MESSAGE_IDS.headersTooLarge, MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, MESSAGE_IDS.requestTimeout, MESSAGES.requestTimeout]
        : [400, MESSAGE_IDS.malformedRequest, MESSAGES.malformedRequest];
  logger.debug({ code: error.code, status }, 'client error');
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(envelope(status, messageId, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The Fastify options every server instance shares: the one logger (request lines carry `reqId`, probes have none),
 * request ids from X-Request-Id (sanitised) or a new UUID, the proxy setting and the body limit; every route with or
 * without a trailing slash and path parameters up to MAX_PARAM_LENGTH; and the §8 envelope for the errors Fastify
 * and Node answer before any route or hook runs (a bad percent-encoding, an over-long parameter, a request Node's
 * parser refuses). docs/decisions/0042-hardened-api.md.
 */
export function fastifyServerOptions(config: Config, logger: FastifyBaseLogger): FastifyServerOptions {
  return {
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: (request) => isProbe(request.url) }),
    genReqId: requestIdOf,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // No hook runs for these (there is no route yet): the request id and no-store are set here.
    frameworkErrors: (error, request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id).header('Cache-Control', 'no-store');
      void sendError(reply, error);
    },
    clientErrorHandler: (error, socket) => writeClientError(error, socket, logger),
  };
}

/**
 * Secure defaults for every answer: helmet's headers with the console's Content-Security-Policy, X-Frame-Options DENY,
 * Referrer-Policy same-origin; HSTS only on https (request.protocol, which honours X-Forwarded-Proto when
 * TRUST_PROXY=true), never on plain http where it would be ignored or, behind a misconfigured proxy, wrong; the
 * request id echoed in X-Request-Id; `Cache-Control: no-store` on /api.
 */
export async function registerServerDefaults(app: FastifyInstance, config: Config) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(config) },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
