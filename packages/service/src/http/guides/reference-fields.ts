import { escapeHtml } from './guide-page.js';

/**
 * A JSON schema of the served document said in words for the reference pages (docs/operator-api.md, "The
 * API reference"): type, format and limits as a reader asks for them ("1 to 64 characters", "one of
 * credit, debit"), the pattern kept only as a small detail, since a regular expression is the last thing
 * a reader should have to decode.
 */
export interface Schema {
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: boolean | Schema;
}

/** The amount pattern of the money model (docs/guides/money-model.md): up to 13 digits and two places. */
const AMOUNT = /\{1,2\}\)\)\?\$$/;

const FORMATS: Record<string, string> = {
  uuid: 'a UUID',
  'date-time': 'an RFC 3339 date-time',
  date: 'a date (YYYY-MM-DD)',
  uri: 'a URL',
  email: 'an email address',
};

const code = (value: unknown) =>
  `<code>${escapeHtml(typeof value === 'string' ? value : JSON.stringify(value))}</code>`;

/** The alternatives of a schema without the `null` one, and whether null is one of them. */
function nullable(schema: Schema): { schema: Schema; orNull: boolean } {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const rest = options.filter((s) => s.type !== 'null');
    if (rest.length === 1)
      return {
        schema: { ...rest[0], description: schema.description ?? rest[0]!.description },
        orNull: rest.length < options.length,
      };
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const rest = schema.type.filter((t) => t !== 'null');
    return { schema: { ...schema, type: rest.length === 1 ? rest[0] : rest }, orNull: true };
  }
  return { schema, orNull: false };
}

/** The type in a word or two: "string", "array of objects", "integer or null". */
export function typeWords(given: Schema): string {
  const { schema, orNull } = nullable(given);
  const alternatives = schema.anyOf ?? schema.oneOf;
  let word: string;
  if (alternatives) word = [...new Set(alternatives.map((s) => typeWords(s)))].join(' or ');
  else if (schema.type === 'array') word = `array of ${plural(schema.items ? typeWords(schema.items) : 'values')}`;
  else if (Array.isArray(schema.type)) word = schema.type.join(' or ');
  else word = schema.type ?? (schema.properties ? 'object' : 'any');
  return orNull ? `${word} or null` : word;
}

const plural = (word: string) => (/^(string|integer|number|boolean|object)$/.test(word) ? `${word}s` : word);

const range = (min: number | undefined, max: number | undefined, unit: string) => {
  if (min !== undefined && max !== undefined)
    return min === max ? `exactly ${min} ${unit}` : `${min} to ${max} ${unit}`;
  if (max !== undefined) return `at most ${max} ${unit}`;
  if (min !== undefined && min > 0) return `at least ${min} ${unit}`;
  return undefined;
};

/** The limits of a value in words, each a short phrase; HTML. */
export function limitWords(given: Schema): string[] {
  const { schema } = nullable(given);
  const words: string[] = [];
  if (schema.format && FORMATS[schema.format]) words.push(FORMATS[schema.format]!);
  if (schema.pattern && AMOUNT.test(schema.pattern)) words.push('a decimal string with up to two places');
  else if (schema.type === 'string' && /\btwo decimals\b/i.test(schema.description ?? ''))
    words.push('a decimal string with two places');
  if (schema.const !== undefined) words.push(`always ${code(schema.const)}`);
  if (schema.enum) words.push(`one of ${schema.enum.map(code).join(', ')}`);
  const characters = range(schema.minLength, schema.maxLength, 'characters');
  if (characters) words.push(characters);
  const items = range(schema.minItems, schema.maxItems, 'items');
  if (items) words.push(items);
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  if (min !== undefined && max !== undefined) words.push(`from ${min} to ${max}`);
  else if (min !== undefined) words.push(`${schema.exclusiveMinimum !== undefined ? 'more than' : 'at least'} ${min}`);
  else if (max !== undefined) words.push(`${schema.exclusiveMaximum !== undefined ? 'less than' : 'at most'} ${max}`);
  if (schema.default !== undefined) words.push(`default ${code(schema.default)}`);
  if (schema.type === 'array' && schema.items) {
    const inner = limitWords(schema.items);
    if (inner.length > 0) words.push(`each ${inner.join(', ')}`);
  }
  return words;
}

/** The pattern, unless the format or the words above already say it all (a UUID's long expression). */
export function patternOf(given: Schema): string | undefined {
  const { schema } = nullable(given);
  if (!schema.pattern || schema.format === 'uuid') return undefined;
  return schema.pattern;
}

export interface Field {
  /** The dotted path: `items[].amount`. */
  name: string;
  depth: number;
  schema: Schema;
  required: boolean;
}

/**
 * A schema's fields, depth first: an object's properties, an array of objects' item properties under
 * `name[]`. Deep enough for every body of the document (three levels), and bounded for any.
 */
export function fieldsOf(schema: Schema | undefined, prefix = '', depth = 0): Field[] {
  if (!schema || depth > 4) return [];
  const { schema: plain } = nullable(schema);
  const object = plain.type === 'array' ? plain.items : plain;
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const inner = nullable(property).schema;
    const nested = inner.type === 'array' ? `${path}[].` : `${path}.`;
    return [
      { name: path, depth, schema: property, required: required.has(name) },
      ...fieldsOf(property, nested, depth + 1),
    ];
  });
}
