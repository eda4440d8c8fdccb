import fc from 'fast-check';

/** The part of JSON Schema (2020-12, as OpenAPI 3.1 carries it) that the service's document uses. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  format?: string;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

/** Arrays stay short: a fuzz run is about shapes, not volume (a batch of 500 is the benches' business). */
const MAX_ITEMS = 4;

/**
 * Values a property of this name should mostly take: things that exist (a registered user, an open
 * market), so that well-formed requests reach the work behind the refusals.
 */
export type Known = Record<string, readonly string[]>;

/** Values the schema accepts, as fast-check generates them. */
export function validOf(schema: Schema, known: Known = {}): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => validOf(option, known)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validOf({ ...schema, type }, known)));
  switch (types[0]) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validOf(schema.items ?? {}, known), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    case 'object':
      return objectOf(schema, known);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 40;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= max);
  }
  return fc.string({ minLength: min, maxLength: Math.min(max, min + 40) });
}

function objectOf(schema: Schema, known: Known): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const valueOf = (name: string, property: Schema) =>
    known[name]?.length
      ? fc.oneof({ arbitrary: fc.constantFrom(...known[name]), weight: 3 }, { arbitrary: validOf(property), weight: 1 })
      : validOf(property, known);
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueOf(name, property)])),
    { requiredKeys: schema.required ?? [] },
  );
  // A map (no properties, additionalProperties a schema): a few entries under names it allows.
  if (Object.keys(properties).length === 0 && typeof schema.additionalProperties === 'object') {
    const names = schema.propertyNames ? stringOf(schema.propertyNames) : fc.string({ minLength: 1, maxLength: 12 });
    return fc.dictionary(names, validOf(schema.additionalProperties), { maxKeys: MAX_ITEMS });
  }
  return record as fc.Arbitrary<Record<string, unknown>>;
}

/** A value of the wrong kind for any schema: what a careless or hostile client sends. */
export const anything: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'null', '\u0000', '../..', '%00', "' or 1=1 --", 'x'.repeat(5_000)),
  fc.constantFrom(-1, 0, 1.5, 2 ** 53, -(2 ** 63), Number.MAX_VALUE, true, null, [], {}),
);

/**
 * A body the schema should refuse, or nearly so: one property dropped, one replaced by anything, one
 * unknown added, or another value entirely.
 */
export function brokenOf(schema: Schema, known: Known = {}): fc.Arbitrary<unknown> {
  const valid = validOf(schema, known);
  const names = Object.keys(schema.properties ?? {});
  const mutations: fc.Arbitrary<unknown>[] = [anything];
  if (names.length > 0) {
    const name = fc.constantFrom(...names);
    mutations.push(
      fc.tuple(valid, name).map(([body, drop]) => omit(body, drop)),
      fc.tuple(valid, name, anything).map(([body, key, value]) => ({ ...(body as object), [key]: value })),
      fc.tuple(valid, fc.string({ minLength: 1, maxLength: 10 }), anything).map(([body, key, value]) => ({
        ...(body as object),
        [`x_${key}`]: value,
      })),
    );
  }
  return fc.oneof(...mutations);
}

function omit(body: unknown, name: string): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const { [name]: _dropped, ...rest } = body as Record<string, unknown>;
  return rest;
}
