import type { FastifyInstance } from 'fastify';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The methods that have a route for this concrete URL (the router's own match: parameters, trailing slash and query
 * string as a request would be routed). Empty when no route matches the path at all. The not-found handler answers
 * 405 with them in `Allow` when a request used another method on a known path (docs/decisions/0042-hardened-api.md).
 */
export function allowedMethods(app: FastifyInstance, url: string): string[] {
  return METHODS.filter((method) => app.findRoute({ method, url }) !== null);
}
