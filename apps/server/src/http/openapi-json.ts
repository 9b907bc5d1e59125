/** The OpenAPI document as plain JSON, for the passes that finish it (openapi-document.ts). */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of a JSON-serialisable value as plain JSON (functions, undefined and symbols dropped). */
export function toJson(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}

/** Each operation of the document with its path and method. */
export function* operationsOf(document: JsonObject): Generator<{ path: string; method: string; operation: JsonObject }> {
  const paths = isJsonObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isJsonObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (HTTP_METHODS.has(method) && isJsonObject(operation)) yield { path, method, operation };
    }
  }
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
