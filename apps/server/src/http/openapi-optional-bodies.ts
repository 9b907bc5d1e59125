import { isJsonObject, operationsOf, type JsonObject } from './openapi-json.ts';

/**
 * Whether a route's body schema accepts a request without a body (Fastify validates the missing body as `undefined`):
 * e.g. the optional `{reason}` of the booking actions, where the spec's query parameter still works. A schema that
 * cannot be checked without running async refinements counts as requiring its body.
 */
export function acceptsNoBody(schema: unknown): boolean {
  if (!isSafeParseable(schema)) return false;
  try {
    return schema.safeParse(undefined).success;
  } catch {
    return false;
  }
}

const isSafeParseable = (schema: unknown): schema is { safeParse(value: unknown): { success: boolean } } =>
  typeof schema === 'object' && schema !== null && 'safeParse' in schema && typeof schema.safeParse === 'function';

/**
 * @fastify/swagger marks every request body as required; the operations whose body may be left out are published
 * with `required: false`.
 */
export function publishOptionalBodies(document: JsonObject, operationIds: ReadonlySet<string>): void {
  for (const { operation } of operationsOf(document)) {
    if (isJsonObject(operation.requestBody) && typeof operation.operationId === 'string' && operationIds.has(operation.operationId)) {
      operation.requestBody.required = false;
    }
  }
}
