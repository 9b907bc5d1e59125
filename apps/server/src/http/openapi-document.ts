import fastifySwagger, { type FastifyDynamicSwaggerOptions, type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import { ZErrorEnvelope } from '@fleetdesk/contract';
import type { FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { VERSION } from '../modules/config/routes.ts';
import type { App } from './context.ts';
import {
  componentRef,
  declareRequiredRecordKeys,
  dropSafeIntegerBounds,
  refName,
  registerContractComponents,
  tidyComponentSchemas,
} from './openapi-components.ts';
import { isJsonObject, operationsOf, toJson, type JsonObject, type JsonValue } from './openapi-json.ts';
import { OPENAPI_TAGS, openapiPathOf, operationIdOf } from './openapi-operations.ts';
import { acceptsNoBody, publishOptionalBodies } from './openapi-optional-bodies.ts';
import { SECURITY_SCHEMES, SESSION_SECURITY } from './openapi-security.ts';
import { OPENAPI_DOCUMENT_PATH, registerApiReference } from './openapi-reference-page.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The multipart/form-data body of a route that reads its parts itself (uploads): published in the OpenAPI
     * document as the request body; Fastify does not validate it (the route's own form reader does).
     */
    multipartBody?: z.ZodObject;
  }
}

/**
 * The OpenAPI document at /api/openapi.json (docs/decisions/0041-openapi-document.md), generated from the contract's
 * zod schemas that the routes register: @fastify/swagger collects the routes, fastify-type-provider-zod turns their
 * schemas into JSON Schema with named components (openapi-components.ts), and the passes here add what the routes
 * need not repeat: operationIds (openapi-operations.ts), `security: []` on public routes, multipart bodies, response
 * descriptions and the §8 error envelope as one `ErrorEnvelope` component on every error response. Registers
 * @fastify/swagger (before any route, so that it sees them all), the document's route and the reference page.
 */
export async function registerOpenApi(app: App, config: Pick<Config, 'publicUrl' | 'HELPDESK_WIDGET_URL' | 'MAP_TILE_URL'>): Promise<void> {
  await app.register(fastifySwagger, openapiOptions(config));
  app.get(OPENAPI_DOCUMENT_PATH, { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await registerApiReference(app, config);
}

/** The document's frame (info, servers, tags, security) and the passes that fill it. */
function openapiOptions(config: Pick<Config, 'publicUrl'>): FastifyDynamicSwaggerOptions {
  registerContractComponents();
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Fleetdesk API',
        version: VERSION,
        description: [
          'The `/api` of the Fleetdesk support console (spec §7). Every error answers the envelope of spec §8,',
          '`{httpCode, messageId, message, errors}` (the `ErrorEnvelope` schema).',
          '',
          'Log in with `POST /api/auth` and HTTP Basic credentials; send the returned token as `Authorization: AUTH-TOKEN <token>`',
          '(or, after single sign-on, `Authorization: Bearer <ID token>` with `X-Token-Issuer`).',
        ].join('\n'),
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: config.publicUrl, description: 'This server (PUBLIC_URL)' }],
      tags: [...OPENAPI_TAGS],
      components: { securitySchemes: SECURITY_SCHEMES },
      security: SESSION_SECURITY.map((requirement) => ({ ...requirement })),
    },
    ...documentTransforms(),
  };
}

const zodRouteTransform = createJsonSchemaTransform({});
const zodComponents = createJsonSchemaTransformObject({});

/**
 * The two passes @fastify/swagger runs when the document is first asked for: `transform` per route, then
 * `transformObject` over the whole; they share what only the routes know (which bodies may be left out).
 */
function documentTransforms(): { transform: SwaggerTransform; transformObject: SwaggerTransformObject } {
  const optionalBodies = new Set<string>();

  /**
   * Per route: the zod schemas as JSON Schema, then the operationId, `security: []` for a public route
   * (`config: { public: true }`) that does not name its own, the multipart body of an upload, and whether the body
   * may be left out (its schema accepts no body).
   */
  const transform: SwaggerTransform = (input) => {
    const { multipartBody, ...routeSchema } = input.schema ?? {};
    const result = zodRouteTransform({ ...input, schema: routeSchema });
    const schema: FastifySchema = { ...result.schema };
    if (schema.hide) return result;
    const methods = (Array.isArray(input.route.method) ? input.route.method : [input.route.method]).filter((m) => m !== 'HEAD');
    const operationId = (schema.operationId ??= operationIdOf(methods[0] ?? 'GET', openapiPathOf(result.url)));
    if (!schema.security && input.route.config?.public) schema.security = [];
    if (multipartBody) {
      const form = zodRouteTransform({ ...input, schema: { body: multipartBody } }).schema.body;
      schema.body = { content: { 'multipart/form-data': { schema: form } } };
    }
    if (acceptsNoBody(routeSchema.body)) optionalBodies.add(operationId);
    return { schema, url: result.url };
  };

  /** The whole document: components from the registry, then responses and bodies completed and components tidied. */
  const transformObject: SwaggerTransformObject = (input) => {
    const document = toJson(zodComponents(input));
    if (!isJsonObject(document)) throw new Error('The OpenAPI document is not an object');
    const envelope = z.globalRegistry.get(ZErrorEnvelope)?.id;
    if (!envelope) throw new Error('ZErrorEnvelope has no component name');
    for (const { operation } of operationsOf(document)) completeResponses(operation, envelope);
    publishOptionalBodies(document, optionalBodies);
    tidyComponentSchemas(document);
    declareRequiredRecordKeys(document);
    dropSafeIntegerBounds(document);
    return document;
  };

  return { transform, transformObject };
}

const ENVELOPE_TEXT = 'the error envelope (§8)';
/** Response descriptions by status, for the responses whose schema gives none. */
const STATUS_DESCRIPTIONS: Readonly<Record<string, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Found: a redirect (see Location)',
  400: `Bad request: ${ENVELOPE_TEXT}, its \`errors\` naming each field`,
  401: `No session, an expired one, or wrong credentials: ${ENVELOPE_TEXT}`,
  403: `Not allowed for the session's role: ${ENVELOPE_TEXT}`,
  404: `Not found (another operator's record is not found either): ${ENVELOPE_TEXT}`,
  409: `Conflict with the record's current state: ${ENVELOPE_TEXT}`,
  413: `The body is too large: ${ENVELOPE_TEXT}`,
  415: `Unsupported content type: ${ENVELOPE_TEXT}`,
  429: `Too many attempts, try again later: ${ENVELOPE_TEXT}`,
  500: `Unexpected error: ${ENVELOPE_TEXT}`,
  503: `Service unavailable (the database is away; see Retry-After): ${ENVELOPE_TEXT}`,
  '4XX': `A request the server cannot read (bad encoding, headers too large, …): ${ENVELOPE_TEXT}`,
  default: `Any other error (e.g. 503 while the database is away): ${ENVELOPE_TEXT}`,
};

const isErrorStatus = (status: string) => status === 'default' || /^[45]/.test(status);
const JSON_MEDIA = 'application/json';
const FRAMEWORK_DESCRIPTION = 'Default Response';

/**
 * Completes an operation's responses: a description from the status where the schema gave none; every error response
 * as the `ErrorEnvelope` component in JSON (also for routes that produce files); 400 where the operation takes input,
 * 401 where it needs a session, a `4XX` where it lists no client error, and `default` for any other error; a file
 * response (non-JSON, no schema) as binary; statuses in order.
 */
function completeResponses(operation: JsonObject, envelope: string) {
  const responses: JsonObject = isJsonObject(operation.responses) ? operation.responses : {};
  const errorResponse = (status: string): JsonObject => ({
    description: STATUS_DESCRIPTIONS[status] ?? ENVELOPE_TEXT,
    content: { [JSON_MEDIA]: { schema: componentRef(envelope) } },
  });
  const takesInput = (Array.isArray(operation.parameters) && operation.parameters.length > 0) || operation.requestBody !== undefined;
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  if (takesInput && !responses['400']) responses['400'] = errorResponse('400');
  if (!isPublic && !responses['401']) responses['401'] = errorResponse('401');
  if (!Object.keys(responses).some((status) => status.startsWith('4'))) responses['4XX'] = errorResponse('4XX');
  responses.default ??= errorResponse('default');
  for (const [status, response] of Object.entries(responses)) {
    if (!isJsonObject(response)) continue;
    if (typeof response.description !== 'string' || response.description === FRAMEWORK_DESCRIPTION) {
      response.description = STATUS_DESCRIPTIONS[status] ?? (isErrorStatus(status) ? ENVELOPE_TEXT : 'OK');
    }
    const content = isJsonObject(response.content) ? response.content : undefined;
    if (!content) continue;
    if (isErrorStatus(status)) {
      if (Object.values(content).some((media) => isJsonObject(media) && refName(media.schema) === envelope)) {
        response.content = { [JSON_MEDIA]: { schema: componentRef(envelope) } };
      }
      continue;
    }
    for (const [type, media] of Object.entries(content)) {
      if (type !== JSON_MEDIA && isJsonObject(media) && isEmptySchema(media.schema)) media.schema = { type: 'string', format: 'binary' };
    }
  }
  operation.responses = sortResponses(responses);
}

/** A schema that says nothing about the value (how zod publishes a Buffer), descriptions aside. */
const isEmptySchema = (schema: JsonValue | undefined) => isJsonObject(schema) && Object.keys(schema).every((key) => key === 'description');

/** The statuses in numeric order (JavaScript lists integer keys first anyway), then the ranges (`4XX`), `default` last. */
function sortResponses(responses: JsonObject): JsonObject {
  const rank = (status: string) => (status === 'default' ? 2 : /^\d+$/.test(status) ? 0 : 1);
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)));
}
