import { readFileSync } from 'node:fs';

/**
 * Examples of every /v1 route's request and answer in the OpenAPI document (issue 15): real ones, recorded
 * from a run of the service by the SDK's route walk (packages/sdk/test/client.test.ts, written by `npm run
 * sdk:generate`), so they are never out of step with what the service sends.
 */
export interface RecordedExample {
  request?: unknown;
  status: number;
  response: unknown;
}

const FILE = new URL('./api-examples.generated.json', import.meta.url);

function recorded(): Record<string, RecordedExample> {
  try {
    return JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, RecordedExample>;
  } catch {
    return {};
  }
}

/** A server-sent events answer cannot be recorded as JSON: its example is written here. */
const STREAM_EXAMPLE = [
  ': fresh',
  '',
  'id: 8412.3',
  'event: prices',
  'data: {"market_slug":"world-cup-final","ts":"2026-06-01T12:00:00.000Z","outcomes":[{"id":"0b6f3c1e-5d0a-4a53-9f0e-8a1c2b3d4e5f","price":"0.523810"},{"id":"6d1a7b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d","price":"0.476190"}]}',
  '',
  'id: 8412.3',
  'event: balance',
  'data: {"balance":"95.00"}',
  '',
  '',
].join('\n');

interface Operation {
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

/** Sets the media-type `example` of each operation's request body and success answer. */
export function withExamples<T>(document: T): T {
  const examples = recorded();
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const example = examples[`${method.toUpperCase()} ${path}`];
      const json = operation.requestBody?.content?.['application/json'];
      if (json && example?.request !== undefined) json.example = example.request;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const stream = response.content?.['text/event-stream'];
        if (stream) stream.example = STREAM_EXAMPLE;
        const answer = response.content?.['application/json'];
        if (answer && example && String(example.status) === status) answer.example = example.response;
      }
    }
  }
  return document;
}
