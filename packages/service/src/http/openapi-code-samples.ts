/**
 * A curl and an @pm/sdk sample of every /v1 operation in the reference (Redoc's `x-codeSamples`), made from
 * the operation itself and its recorded example body, so that a reader can paste a call as Stripe's
 * reference lets them. The variables are the guides' (PM_BASE_URL, PM_API_KEY, PM_SESSION_TOKEN).
 */

interface Parameter {
  in?: string;
  name?: string;
}

interface Operation {
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
  'x-codeSamples'?: { lang: string; label: string; source: string }[];
}
type Document = { paths?: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'put', 'post', 'delete']);

/** Keys made from the operator's own record, as the guides teach. */
const KEY_OF: Record<string, string> = {
  'POST /v1/balance-sync': 'deposit-5001',
  'POST /v1/balance-sync/batch': 'deposit-batch-17',
  'POST /v1/positions': 'bet-8412',
  'POST /v1/positions/{id}/close': 'cashout-8412',
  'POST /v1/orders': 'order-8412',
};

/** A path parameter's value: from the example answer when it has the field, else a plausible one. */
function paramValue(name: string, answer: Record<string, unknown> | undefined): string {
  const field = name === 'slug' ? (answer?.market_slug ?? answer?.slug) : answer?.[name];
  if (typeof field === 'string' && /^[A-Za-z0-9._~-]+$/.test(field)) return field;
  if (name === 'external_user_id') return 'user-4711';
  if (name === 'slug' || name === 'market_slug') return 'world-cup-final';
  return '11414749-853e-47d5-a144-cf39e2b0d3a1';
}

function successExample(operation: Operation): Record<string, unknown> | undefined {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const example = response.content?.['application/json']?.example;
    if (status.startsWith('2') && typeof example === 'object' && example !== null)
      return example as Record<string, unknown>;
  }
  return undefined;
}

/** The credential a sample sends: the API key where the route takes one, else the session token. */
function credentialOf(operation: Operation): 'PM_API_KEY' | 'PM_SESSION_TOKEN' | null {
  const schemes = (operation.security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.includes('apiKey')) return 'PM_API_KEY';
  if (schemes.includes('sessionToken')) return 'PM_SESSION_TOKEN';
  return null;
}

const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

function curlSample(method: string, url: string, credential: string | null, key: string | null, body: unknown): string {
  const lines = [`curl -X ${method} "$PM_BASE_URL${url}"`];
  if (credential) lines.push(`-H "Authorization: Bearer $${credential}"`);
  if (key) lines.push(`-H 'Idempotency-Key: ${key}'`);
  if (body !== undefined) lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuoted(JSON.stringify(body))}`);
  return lines.join(' \\\n  ');
}

function sdkSample(
  method: string,
  path: string,
  params: Record<string, string>,
  key: string | null,
  body: unknown,
): string {
  const init: string[] = [];
  const parts: string[] = [];
  if (Object.keys(params).length > 0) parts.push(`path: ${JSON.stringify(params)}`);
  if (key) parts.push(`header: { 'idempotency-key': '${key}' }`);
  if (parts.length > 0) init.push(`params: { ${parts.join(', ')} }`);
  if (body !== undefined) init.push(`body: ${JSON.stringify(body, null, 2).replaceAll('\n', '\n  ')}`);
  const args = init.length === 0 ? `'${path}'` : `'${path}', {\n  ${init.join(',\n  ')},\n}`;
  return [
    `const { data, error } = await pm.${method}(${args});`,
    'if (error) throw error; // an ApiError: error.code, error.retry, error.action',
  ].join('\n');
}

export function withCodeSamples<T>(document: T): T {
  for (const [path, item] of Object.entries((document as Document).paths ?? {})) {
    if (!path.startsWith('/v1/')) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const verb = method.toUpperCase();
      const answer = successExample(operation);
      const names = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name!);
      const params = Object.fromEntries(names.map((name) => [name, paramValue(name, answer)]));
      const url = path.replace(/\{([a-z_]+)\}/g, (_, name: string) => params[name]!);
      const keyed = (operation.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key');
      const key = keyed ? (KEY_OF[`${verb} ${path}`] ?? 'request-1001') : null;
      const body = operation.requestBody?.content?.['application/json']?.example;
      operation['x-codeSamples'] = [
        { lang: 'Shell', label: 'curl', source: curlSample(verb, url, credentialOf(operation), key, body) },
        { lang: 'TypeScript', label: '@pm/sdk', source: sdkSample(verb, path, params, key, body) },
      ];
    }
  }
  return document;
}
