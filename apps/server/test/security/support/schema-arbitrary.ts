import fc from 'fast-check';
import { z } from 'zod';

/**
 * Generators derived from the shared zod schemas (issue 7, fuzzing): the schema is turned into
 * JSON Schema with zod 4's own `z.toJSONSchema` (input side, so defaults and transforms do not
 * get in the way), and the JSON Schema into a fast-check arbitrary. On top of values the schema
 * accepts, the fuzzers mix in hostile values: wrong types, boundary and out-of-range numbers,
 * injection strings, NUL bytes, unknown privileged fields and malformed raw bodies.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: Json[];
  const?: Json;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Strings that have broken web shops before: injection, encodings, control characters. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; select pg_sleep(5)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\r\nSet-Cookie: admin=1',
  '\u202Egnp.exe',
  '\uFEFFbom',
  '\uD800',
  'ﬀ𝕏😀'.repeat(40),
  'x'.repeat(10_001),
  '1e309',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '2147483648',
  '9007199254740993',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '{"$gt":""}',
  '${7*7}{{7*7}}',
  '%s%s%s%n',
  '\\',
];

/** Numbers at and past the edges of JavaScript, zod and PostgreSQL integer types. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1.5,
  0.1 + 0.2,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  Number.EPSILON,
];

/** Any value of any JSON type, weighted towards the ones above. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<Json>(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom<Json>(...HOSTILE_NUMBERS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Json>(null, true, false, [], {}, [1, 2], { $gt: '' }, [[[]]]),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
);

/** Fields a client might slip in to raise its role, set a price, stock or status, or act as someone else. */
export const PRIVILEGED_FIELDS: Record<string, Json> = {
  roleId: 1,
  role: 'admin',
  isAdmin: true,
  userId: 1,
  id: 1,
  statusId: 7,
  offerPrice: 0.01,
  price: 0,
  maximumRetailPrice: 0,
  quantity: 999_999,
  unitsSold: 0,
  totalOrderValue: 0,
  tokenVersion: 0,
  providerName: 'Google',
  passwordHash: 'x',
  isActive: false,
};

const INT32_MAX = 2147483647;

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(
    schema.minimum ?? Number.MIN_SAFE_INTEGER,
    schema.exclusiveMinimum === undefined ? Number.MIN_SAFE_INTEGER : schema.exclusiveMinimum + 1,
  );
  const max = Math.min(
    schema.maximum ?? Number.MAX_SAFE_INTEGER,
    schema.exclusiveMaximum === undefined ? Number.MAX_SAFE_INTEGER : schema.exclusiveMaximum - 1,
  );
  const inRange = (n: number) => n >= min && n <= max;
  const edges = [min, max, 0, 1, 2, -1, 10, 100, INT32_MAX, INT32_MAX + 1].filter(inRange);
  const small = fc.integer({ min: Math.max(min, -3), max: Math.max(Math.min(max, 60), min) });
  return fc.oneof(
    { weight: 6, arbitrary: small },
    { weight: 2, arbitrary: fc.constantFrom(...edges) },
    {
      weight: 1,
      arbitrary: fc.maxSafeInteger().map((n) => Math.min(max, Math.max(min, n))),
    },
  );
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e7;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e7;
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 2_000_000 }).map((n) => n / 100) },
    { weight: 2, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  );
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 300;
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
  const plain = fc.string({ minLength, maxLength: Math.min(maxLength, 40) });
  const edges = fc.constantFrom(
    'a'.repeat(Math.max(minLength, 1)),
    'a'.repeat(maxLength),
    'a'.repeat(maxLength + 1),
    ' '.repeat(Math.max(minLength, 1)),
  );
  if (schema.pattern) {
    const matching = fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
    return fc.oneof(
      { weight: 6, arbitrary: matching },
      { weight: 1, arbitrary: plain },
      { weight: 1, arbitrary: edges },
    );
  }
  return fc.oneof(
    { weight: 6, arbitrary: plain },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: 60 }) },
    { weight: 1, arbitrary: edges },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  );
}

/** An arbitrary producing values the JSON Schema describes (with the edges of each range). */
export function arbitraryFromJsonSchema(schema: JsonSchema): fc.Arbitrary<Json> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(arbitraryFromJsonSchema));
  if (schema.allOf?.[0]) return arbitraryFromJsonSchema(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? arbitraryFromJsonSchema(schema.items) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 10, 10),
      }) as fc.Arbitrary<Json>;
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<Json>> = {};
      for (const [key, value] of Object.entries(properties))
        model[key] = arbitraryFromJsonSchema(value);
      return fc.record(model, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Json>;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  }
}

type JsonObject = { [key: string]: Json };

const isObject = (value: Json): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Objects shaped by the schema, then bent: one field replaced by a hostile value, one required
 * field dropped, privileged fields added, or the whole body replaced by any JSON value.
 */
export function hostileObjectArbitrary(
  schema: z.ZodType,
  options: { validWeight?: number; extraFields?: Record<string, Json> } = {},
): fc.Arbitrary<Json> {
  const json = jsonSchemaOf(schema);
  const valid = arbitraryFromJsonSchema(json);
  const keys = Object.keys(json.properties ?? {});
  const extras = { ...PRIVILEGED_FIELDS, ...options.extraFields };
  const withReplacedField = fc
    .tuple(valid, fc.constantFrom(...(keys.length ? keys : ['x'])), hostileValue)
    .map(([value, key, hostile]) => (isObject(value) ? { ...value, [key]: hostile } : value));
  const withDroppedField = fc
    .tuple(valid, fc.constantFrom(...(keys.length ? keys : ['x'])))
    .map(([value, key]) => {
      if (!isObject(value)) return value;
      const { [key]: _dropped, ...rest } = value;
      return rest;
    });
  const withExtraFields = fc
    .tuple(valid, fc.subarray(Object.keys(extras), { minLength: 1 }))
    .map(([value, picked]) =>
      isObject(value)
        ? { ...value, ...Object.fromEntries(picked.map((key) => [key, extras[key] ?? null])) }
        : value,
    );
  return fc.oneof(
    { weight: options.validWeight ?? 4, arbitrary: valid },
    { weight: 3, arbitrary: withReplacedField },
    { weight: 2, arbitrary: withDroppedField },
    { weight: 2, arbitrary: withExtraFields },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Raw JSON bodies no serializer would produce: broken syntax, prototype keys, deep nesting. */
export const RAW_JSON_BODIES: readonly string[] = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"string"',
  '12',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  '\uFEFF{}',
  '{"x":"\\ud800"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  '{"email":"a@b.co"}\u0000',
  'NaN',
];

/** Query strings from the schema: every value as text, some repeated, some raw and malformed. */
export function hostileQueryArbitrary(schema: z.ZodType): fc.Arbitrary<string> {
  const json = jsonSchemaOf(schema);
  const keys = Object.keys(json.properties ?? {});
  const toText = (value: Json): string =>
    typeof value === 'string' ? value : value === null ? '' : JSON.stringify(value);
  const fromObject = hostileObjectArbitrary(schema, { validWeight: 6 }).map((value) => {
    const params = new URLSearchParams();
    if (isObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (Array.isArray(item)) for (const each of item) params.append(key, toText(each));
        else params.append(key, toText(item));
      }
    }
    return params.toString();
  });
  const repeated = fc
    .tuple(
      fc.constantFrom(...(keys.length ? keys : ['x'])),
      fc.array(fc.string(), { maxLength: 4 }),
    )
    .map(([key, values]) => values.map((v) => `${key}=${encodeURIComponent(v)}`).join('&'));
  const raw = fc.constantFrom(
    '%',
    '%ZZ',
    '%00=%00',
    'a[b]=1&a[c]=2',
    '__proto__[isAdmin]=true',
    'constructor[prototype][x]=1',
    `${keys[0] ?? 'x'}=${'9'.repeat(400)}`,
    '&&&==&=',
    `${keys[0] ?? 'x'}[]=1`,
  );
  return fc.oneof(
    { weight: 8, arbitrary: fromObject },
    { weight: 1, arbitrary: repeated },
    { weight: 1, arbitrary: raw },
  );
}
