import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/**
 * What the SDK generates from the served OpenAPI document (GET /v1/openapi.json): the types of every
 * route and webhook (openapi-typescript), the routes that take an Idempotency-Key, the error catalog's
 * retry advice and action per code, the event types, and the resource methods' table (each operationId
 * with its method, path and parameters: `pm.balanceSync.create(…)`). `npm run sdk:generate` writes them; a test in
 * `npm test` fails when they differ from the service's.
 */
export interface GeneratedFiles {
  'openapi.generated.ts': string;
  'operations.generated.ts': string;
  'resources.generated.ts': string;
}

const BANNER = '// Generated from the served OpenAPI document by `npm run sdk:generate`. Do not edit.\n';

/**
 * The calls that move money: their Idempotency-Key stays required in the types, so leaving it out is a
 * compile error, and the client never makes one up. Only the caller knows which of its own movements
 * (a deposit, a bet slip) a call stands for, so only the caller can give the key that makes a re-run
 * after a crash replay instead of moving the money twice. Every other keyed route may get a fresh key.
 */
export const KEY_REQUIRED = [
  'POST /v1/balance-sync',
  'POST /v1/balance-sync/batch',
  'POST /v1/positions',
  'POST /v1/positions/{id}/close',
  'POST /v1/orders',
  // The order cancel, should it ever take a key (today DELETE /v1/orders/{id} takes none).
  'DELETE /v1/orders/{id}',
] as const;

export async function generateSdkFiles(served: unknown): Promise<GeneratedFiles> {
  const doc = structuredClone(served) as OpenAPI3 & {
    webhooks?: Record<string, unknown>;
    components?: { 'x-error-catalog'?: Record<string, CatalogEntry> };
  };
  const keyed: string[] = [];
  const required: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      const key = operation.parameters?.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
      if (!key) continue;
      const route = `${method.toUpperCase()} ${path}`;
      keyed.push(route);
      if ((KEY_REQUIRED as readonly string[]).includes(route)) required.push(route);
      // The client fills the others in (a caller may still pass one), so callers are not made to.
      key.required = required.includes(route);
    }
  }
  const types = astToString(await openapiTS(doc, { alphabetize: true }));
  const events = Object.keys(doc.webhooks ?? {}).sort();
  const catalog = Object.fromEntries(
    Object.entries(doc.components?.['x-error-catalog'] ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, entry]) => [code, { status: entry.status, retry: entry.retry ?? 'no', action: entry.action ?? '' }]),
  );
  const operations = [
    '/** The routes that take an Idempotency-Key: the client gives each call one unless the caller does. */',
    `export const KEYED_OPERATIONS: ReadonlySet<string> = new Set(${JSON.stringify(keyed.sort(), null, 2)});`,
    '',
    '/** The keyed routes that move money: the caller must give the key (a compile error otherwise). */',
    `export const KEY_REQUIRED_OPERATIONS: ReadonlySet<string> = new Set(${JSON.stringify(required.sort(), null, 2)});`,
    '',
    '/** The event types the document describes; any other X-Webhook-Event is unknown: answer 2xx, ignore it. */',
    `export const WEBHOOK_EVENT_TYPES = ${JSON.stringify(events, null, 2)} as const;`,
    '',
    '/**',
    " * Each error code of the catalog (the document's x-error-catalog): its status, whether and how to send",
    ' * the request again (same_key: as it was; new_key: once the cause is fixed, under a new key; no), and',
    ' * what the operator does about it.',
    ' */',
    `export const ERROR_CATALOG: Readonly<Record<string, { status: number; retry: 'same_key' | 'new_key' | 'no'; action: string }>> = ${JSON.stringify(catalog, null, 2)};`,
    '',
  ].join('\n');
  return {
    'openapi.generated.ts': BANNER + types,
    'operations.generated.ts': BANNER + operations,
    'resources.generated.ts': BANNER + resourcesFile(doc.paths ?? {}, required),
  };
}

/**
 * The table of the resource methods (`pm.balanceSync.create(…)`, docs/sdk.md): each operationId
 * (`<resource>.<verb>`) with its method and path, its path parameters in the path's order, whether it takes
 * a JSON body and a query (each `required`, `optional` or null), its Idempotency-Key (`required`: the
 * caller's, by type; `optional`: made by the client when not given; null: none) and how its 2xx is read.
 */
function resourcesFile(paths: Record<string, unknown>, keyRequired: string[]): string {
  const entries: [string, ResourceOperation][] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method) || !operation.operationId) continue;
      const route = `${method.toUpperCase()} ${path}`;
      const parameters = operation.parameters ?? [];
      const query = parameters.filter((p) => p.in === 'query');
      const keyed = parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
      const json = success.every(([, r]) => Object.keys(r.content ?? {}).every((t) => t.endsWith('/json')));
      entries.push([
        operation.operationId,
        {
          method: method.toUpperCase(),
          path,
          pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
          body: operation.requestBody ? (operation.requestBody.required ? 'required' : 'optional') : null,
          query: query.length === 0 ? null : query.some((p) => p.required) ? 'required' : 'optional',
          key: keyed ? (keyRequired.includes(route) ? 'required' : 'optional') : null,
          parseAs: json ? 'json' : 'stream',
        },
      ]);
    }
  }
  entries.sort(([a], [b]) => a.localeCompare(b));
  const rows = entries.map(([id, entry]) => `  ${JSON.stringify(id)}: ${JSON.stringify(entry)},`);
  return [
    '/**',
    ' * Every operation by its operationId (`<resource>.<verb>`): what `pm.<resource>.<verb>(…)` calls. Path',
    ' * parameters come first, in `pathParams` order; then the JSON body (`body`) or the query (`query`); then',
    " * the options, whose idempotencyKey `key` says about. `parseAs: 'stream'` is an answer that is not JSON.",
    ' */',
    'export const RESOURCE_OPERATIONS = {',
    ...rows,
    '} as const;',
    '',
  ].join('\n');
}

interface ResourceOperation {
  method: string;
  path: string;
  pathParams: string[];
  body: 'required' | 'optional' | null;
  query: 'required' | 'optional' | null;
  key: 'required' | 'optional' | null;
  parseAs: 'json' | 'stream';
}

interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
}

interface CatalogEntry {
  status: number;
  retry?: 'same_key' | 'new_key' | 'no';
  action?: string;
}
