import { expect } from 'vitest';
import type { Response } from '../helpers.js';
import { expectFits } from '../schema-fit.js';
import type { Schema } from './schema-arbitrary.js';

/**
 * What the fuzz test holds every answer to: an error in the envelope with a code its route documents
 * under that status, a success with a documented status, content type and a body fitting its schema.
 */

/** A route of the served OpenAPI document, as the fuzz test reads it. */
export interface Operation {
  method: string;
  path: string;
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
  security?: Record<string, string[]>[];
}

export function expectDocumentedError(op: Operation, res: Response, context: string): void {
  expect(Object.keys(res.json ?? {}).sort(), `not the envelope: ${context}`).toEqual(
    ['details', 'error', 'message', 'request_id', 'source', 'ts'].sort(),
  );
  const documented = op.responses[String(res.status)]?.description.split(', ') ?? [];
  expect(documented, `${res.json.error} is not documented under ${res.status}: ${context}`).toContain(res.json.error);
}

export function expectDocumentedSuccess(op: Operation, res: Response, context: string): void {
  const response = op.responses[String(res.status)];
  expect(response, `status ${res.status} is not documented: ${context}`).toBeDefined();
  if (res.status === 204) {
    // fetch never shows a 204's body; the headers say whether one was announced.
    expect(res.headers.get('content-length') ?? '0', `a 204 announcing a body: ${context}`).toBe('0');
    expect(res.headers.get('content-type'), `a 204 with a content type: ${context}`).toBeNull();
    return;
  }
  if (!response!.content) return; // documented without a body
  // The schema of the content type the answer has (a report downloads as CSV or as JSON text).
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const schema = response!.content[type]?.schema;
  expect(schema, `content type "${type}" is not documented: ${context}`).toBeDefined();
  expectFits(schema!, schema!.type === 'string' ? res.text : res.json, context);
}
