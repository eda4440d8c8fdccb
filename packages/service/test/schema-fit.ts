import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';

/** The served document's schemas are JSON Schema 2020-12 (OpenAPI 3.1); formats such as uuid are checked. */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

/** Asserts that `value` fits `schema`, naming `where` and what did not fit when it does not. */
export function expectFits(schema: object, value: unknown, where: string): void {
  const validate = ajv.compile(schema);
  expect(validate(value), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}
