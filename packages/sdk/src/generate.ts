import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/**
 * What the SDK generates from the served OpenAPI document (GET /v1/openapi.json): the types of every
 * route and webhook (openapi-typescript), the routes that take an Idempotency-Key, and the event types.
 * `npm run sdk:generate` writes them; a test in `npm test` fails when they differ from the service's.
 */
export interface GeneratedFiles {
  'openapi.generated.ts': string;
  'operations.generated.ts': string;
}

const BANNER = '// Generated from the served OpenAPI document by `npm run sdk:generate`. Do not edit.\n';

export async function generateSdkFiles(served: unknown): Promise<GeneratedFiles> {
  const doc = structuredClone(served) as OpenAPI3 & { webhooks?: Record<string, unknown> };
  const keyed: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, { parameters?: Parameter[] }>)) {
      const key = operation.parameters?.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
      if (!key) continue;
      keyed.push(`${method.toUpperCase()} ${path}`);
      // The client fills it in (a caller may still pass one), so callers are not made to.
      key.required = false;
    }
  }
  const types = astToString(await openapiTS(doc, { alphabetize: true }));
  const events = Object.keys(doc.webhooks ?? {}).sort();
  const operations = [
    '/** The routes that take an Idempotency-Key: the client gives each call one unless the caller does. */',
    `export const KEYED_OPERATIONS: ReadonlySet<string> = new Set(${JSON.stringify(keyed.sort(), null, 2)});`,
    '',
    '/** The event types the document describes; any other X-Webhook-Event is unknown (spec 6.1 rule 7). */',
    `export const WEBHOOK_EVENT_TYPES = ${JSON.stringify(events, null, 2)} as const;`,
    '',
  ].join('\n');
  return { 'openapi.generated.ts': BANNER + types, 'operations.generated.ts': BANNER + operations };
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
}
