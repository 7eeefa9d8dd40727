import fc from 'fast-check';
import { randomUUID } from 'node:crypto';

/** The part of JSON Schema (as the OpenAPI document writes it) these helpers read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

const filler = 'Sample value for a hostile input check. ';

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'email':
      return `sample-${randomUUID()}@example.com`;
    case 'uuid':
      return randomUUID();
    case 'date-time':
      return '2026-03-01T10:00:00.000Z';
    case 'date':
      return '2026-03-01';
    case 'uri':
    case 'url':
      return 'https://example.com/';
  }
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 24);
  const length = Math.min(max, Math.max(min, 24));
  return filler.repeat(Math.ceil(length / filler.length) + 1).slice(0, length);
}

function sampleNumber(schema: JsonSchema): number {
  if (schema.minimum !== undefined) return schema.minimum;
  if (schema.exclusiveMinimum !== undefined) return schema.exclusiveMinimum + 1;
  if (schema.maximum !== undefined) return Math.min(1, schema.maximum);
  return 1;
}

const types = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/**
 * A value the schema accepts, as far as JSON Schema can say: required
 * properties only, the first enum value, the shortest valid text. Rules
 * beyond the schema (cross-field checks, known ids) need an override.
 */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const usable = choices.find((choice) => !types(choice).includes('null')) ?? choices[0];
    return usable ? sampleOf(usable) : null;
  }
  if (schema.allOf?.length) return sampleOf(Object.assign({}, ...schema.allOf) as JsonSchema);
  const type = types(schema).find((name) => name !== 'null') ?? (schema.properties && 'object');
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'number':
    case 'integer':
      return sampleNumber(schema);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}));
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, sampleOf(schema.properties?.[key] ?? {})]),
      );
    default:
      return null;
  }
}

/** Text that has broken parsers, templates, queries and renderers before. */
export const hostileStrings = [
  '',
  ' ',
  '<img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  "'; DROP TABLE products; --",
  "' OR '1'='1",
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\uD800',
  '\u202Eevil',
  '😀'.repeat(200),
  'a'.repeat(10_000),
  '2026-02-30',
  '-1',
  'NaN',
  'null',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
];

const hostileNumbers = [0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2, -(2 ** 31) - 1, 2 ** 63];

/** Any JSON value, small. */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

/**
 * Payloads shaped like the schema (so they reach the code behind the
 * validation) with hostile values in every place, mixed with any JSON at
 * all (so the validation itself is tried).
 */
export function arbitraryOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const wild = depth > 3 ? fc.constant(null) : anyJson;
  const typed = typedArbitrary(schema, depth);
  return fc.oneof({ arbitrary: typed, weight: 5 }, { arbitrary: wild, weight: 1 });
}

function typedArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) {
    return fc.oneof(fc.constantFrom(...schema.enum), fc.constantFrom(...hostileStrings));
  }
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) {
    return fc.oneof(...choices.map((choice) => typedArbitrary(choice, depth)));
  }
  const type = types(schema).find((name) => name !== 'null') ?? (schema.properties && 'object');
  switch (type) {
    case 'string':
      return fc.oneof(
        fc.constantFrom(...hostileStrings),
        fc.string({ maxLength: 60 }),
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.constant(sampleString(schema)),
      );
    case 'number':
    case 'integer':
      return fc.oneof(fc.constantFrom(...hostileNumbers), fc.integer(), fc.double());
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1));
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, depth + 1), { maxLength: 6 });
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 10 }), anyJson);
      return fc.record(
        Object.fromEntries(keys.map((key) => [key, arbitraryOf(properties[key]!, depth + 1)])),
        { requiredKeys: [] },
      );
    }
    default:
      return anyJson;
  }
}
