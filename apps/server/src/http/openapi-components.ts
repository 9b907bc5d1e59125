import * as contract from '@fleetdesk/contract';
import { z } from 'zod';
import { isJsonObject, type JsonObject, type JsonValue } from './openapi-json.ts';

/**
 * Named component schemas for the OpenAPI document (docs/decisions/0041-openapi-document.md), from the contract
 * itself: every object, enum, union, record or recursive (lazy) schema the contract exports becomes the component
 * named after its export (`ZBooking` → `Booking`), through zod's global registry, which fastify-type-provider-zod
 * turns into `$ref`s. A schema exported under several names takes the shortest (`ZBooking`, not its aliases
 * `ZBookingResponse`, `ZBillingResponse`); a schema that names itself with `.meta({ id })` keeps that name. Query and
 * path parameter schemas (`…Query`, `…Params`) stay inline: OpenAPI lists them as parameters, not as a body. So do
 * exports named `…Input`, whose names would collide with the `XInput` variants described below.
 * Registering is idempotent (tests build many apps in one process) and changes no validation.
 */
export function registerContractComponents(): void {
  const exported: [string, z.ZodType][] = [];
  for (const [name, value] of Object.entries(contract)) if (name.startsWith('Z') && value instanceof z.ZodType) exported.push([name, value]);
  exported.sort(([a], [b]) => a.length - b.length || a.localeCompare(b));
  for (const [name, schema] of exported) {
    if (INLINE_NAME.test(name) || !COMPONENT_KINDS.has(schema._zod.def.type)) continue;
    const meta = z.globalRegistry.get(schema);
    if (meta?.id) continue;
    const id = name.slice(1);
    if (z.globalRegistry._idmap.has(id)) continue;
    z.globalRegistry.add(schema, { ...meta, id });
  }
}

const INLINE_NAME = /(Query|Params|Input)$/;
const COMPONENT_KINDS = new Set(['object', 'enum', 'union', 'record', 'lazy', 'intersection']);

const SCHEMA_REF = '#/components/schemas/';
/** fastify-type-provider-zod publishes each registered schema twice: `X` as serialised (output) and `XInput` as parsed. */
const INPUT_SUFFIX = 'Input';

/**
 * Tidies the component schemas once fastify-type-provider-zod has added them: an `XInput` identical to `X` is merged
 * into it; an `XInput` whose `X` is never used takes the plain name (a request body is `BookingCreateRequest`, not
 * `BookingCreateRequestInput`); components nothing refers to are dropped; the rest are sorted by name.
 */
export function tidyComponentSchemas(document: JsonObject): void {
  const components = document.components;
  if (!isJsonObject(components) || !isJsonObject(components.schemas)) return;
  const schemas = components.schemas;
  // Merge identical input/output pairs; merging nested ones first can make their parents identical, so repeat.
  for (;;) {
    const used = usedComponents(document, schemas);
    const merge = new Map<string, string>();
    for (const name of used) {
      const output = outputNameOf(name);
      if (output && used.has(output) && stableStringify(schemas[name]) === stableStringify(schemas[output])) merge.set(name, output);
    }
    if (merge.size === 0) break;
    rewriteRefs(document, merge);
  }
  const used = usedComponents(document, schemas);
  const rename = new Map<string, string>();
  for (const name of used) {
    const output = outputNameOf(name);
    if (output && !used.has(output)) rename.set(name, output);
  }
  for (const [from, to] of rename) schemas[to] = schemas[from]!;
  rewriteRefs(document, rename);
  const kept = usedComponents(document, schemas);
  const tidy: JsonObject = {};
  for (const name of [...kept].sort()) tidy[name] = schemas[name]!;
  components.schemas = tidy;
}

/**
 * zod publishes a record keyed by an enum (every key present) as `required` names with `additionalProperties`; lint
 * tools want required properties declared, so each is listed under `properties` with the value schema.
 */
export function declareRequiredRecordKeys(node: JsonValue): void {
  if (Array.isArray(node)) {
    node.forEach(declareRequiredRecordKeys);
    return;
  }
  if (!isJsonObject(node)) return;
  const { required, additionalProperties } = node;
  if (Array.isArray(required) && isJsonObject(additionalProperties)) {
    const properties = isJsonObject(node.properties) ? node.properties : {};
    for (const key of required) if (typeof key === 'string' && !(key in properties)) properties[key] = structuredClone(additionalProperties);
    node.properties = properties;
  }
  Object.values(node).forEach(declareRequiredRecordKeys);
}

/**
 * zod bounds every `z.number().int()` by the safe-integer range (±2^53 − 1). Published, that range says nothing a
 * client can use and turns every example id into -9007199254740991, so those two bounds are left out.
 */
export function dropSafeIntegerBounds(node: JsonValue): void {
  if (Array.isArray(node)) {
    node.forEach(dropSafeIntegerBounds);
    return;
  }
  if (!isJsonObject(node)) return;
  if (node.type === 'integer') {
    if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
    if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
  }
  Object.values(node).forEach(dropSafeIntegerBounds);
}

export const componentRef = (name: string): JsonObject => ({ $ref: `${SCHEMA_REF}${name}` });

export function refName(node: JsonValue | undefined): string | undefined {
  return isJsonObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith(SCHEMA_REF) ? node.$ref.slice(SCHEMA_REF.length) : undefined;
}

const outputNameOf = (name: string) => (name.endsWith(INPUT_SUFFIX) ? name.slice(0, -INPUT_SUFFIX.length) : undefined);

/** The component schemas reachable from everything but the component schemas themselves (paths, security, …). */
function usedComponents(document: JsonObject, schemas: JsonObject): Set<string> {
  const used = new Set<string>();
  const pending: string[] = [];
  const visit = (node: JsonValue | undefined) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (isJsonObject(node)) {
      const name = refName(node);
      if (name && !used.has(name)) {
        used.add(name);
        pending.push(name);
      }
      Object.values(node).forEach(visit);
    }
  };
  for (const [key, value] of Object.entries(document)) {
    if (key !== 'components') visit(value);
  }
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) visit(schemas[name]);
  return used;
}

function rewriteRefs(node: JsonValue, names: ReadonlyMap<string, string>): void {
  if (Array.isArray(node)) node.forEach((child) => rewriteRefs(child, names));
  else if (isJsonObject(node)) {
    const name = refName(node);
    const renamed = name === undefined ? undefined : names.get(name);
    if (renamed) node.$ref = `${SCHEMA_REF}${renamed}`;
    Object.values(node).forEach((child) => rewriteRefs(child, names));
  }
}

function stableStringify(node: JsonValue | undefined): string {
  if (Array.isArray(node)) return `[${node.map(stableStringify).join(',')}]`;
  if (isJsonObject(node)) {
    return `{${Object.keys(node)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableStringify(node[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(node ?? null);
}
