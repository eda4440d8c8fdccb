/**
 * A curl, a TypeScript (@pm/sdk) and a Python sample of every /v1 operation (the document's `x-codeSamples`,
 * which the reference pages show in tabs: docs/operator-api.md, "The API reference"), made from the
 * operation itself and its recorded example body, so that a reader can paste a call as Stripe's reference
 * lets them. The variables are the guides' (PM_BASE_URL, PM_API_KEY, PM_SESSION_TOKEN). The TypeScript
 * calls the SDK's resource methods, named by the operationId (docs/sdk.md): path parameters first in path
 * order, then the body (or a GET's query), then `{ idempotencyKey }` on a keyed route. The Python uses the
 * standard library alone, so it runs wherever python3 does.
 */

import { OPERATION_IDS } from './openapi-operations.js';

interface Parameter {
  in?: string;
  name?: string;
  required?: boolean;
  schema?: { maximum?: number };
}

interface Operation {
  operationId?: string;
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

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A value as a TypeScript literal in the house style: single quotes, bare keys, on one line when short. */
function tsLiteral(value: unknown, indent = ''): string {
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const inner = indent + '  ';
  const parts = Array.isArray(value)
    ? value.map((v) => tsLiteral(v, inner))
    : Object.entries(value).map(([k, v]) => `${IDENTIFIER.test(k) ? k : tsLiteral(k)}: ${tsLiteral(v, inner)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{ ', ' }'];
  if (parts.length === 0) return Array.isArray(value) ? '[]' : '{}';
  const flat = `${open}${parts.join(', ')}${close}`;
  if (flat.length + indent.length <= 72 && !flat.includes('\n')) return flat;
  return `${open.trim()}\n${parts.map((p) => `${inner}${p},`).join('\n')}\n${indent}${close.trim()}`;
}

/** A value as a Python literal: JSON's strings and numbers are Python's too; true, false, null are not. */
function pyLiteral(value: unknown, indent = ''): string {
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (value === null || value === undefined) return 'None';
  if (typeof value !== 'object') return JSON.stringify(value);
  const inner = indent + '    ';
  const parts = Array.isArray(value)
    ? value.map((v) => pyLiteral(v, inner))
    : Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pyLiteral(v, inner)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (parts.length === 0) return `${open}${close}`;
  const flat = `${open}${parts.join(', ')}${close}`;
  if (flat.length + indent.length <= 72 && !flat.includes('\n')) return flat;
  return `${open}\n${parts.map((p) => `${inner}${p},`).join('\n')}\n${indent}${close}`;
}

interface Call {
  method: string;
  /** The path with its parameters filled in, and the query if any: what curl and Python request. */
  url: string;
  operationId: string | undefined;
  pathValues: string[];
  query: Record<string, unknown> | undefined;
  credential: 'PM_API_KEY' | 'PM_SESSION_TOKEN' | null;
  key: string | null;
  body: unknown;
  /** What a success answers: JSON, nothing (204), or text (a CSV download, an event stream). */
  answer: 'json' | 'none' | 'text' | 'stream';
}

function sdkSample(call: Call): string {
  const args = call.pathValues.map((v) => tsLiteral(v));
  const payload = call.body ?? call.query;
  if (payload !== undefined) args.push(tsLiteral(payload));
  if (call.key) args.push(`{ idempotencyKey: ${tsLiteral(call.key)} }`);
  const [resource, verb] = (call.operationId ?? 'unnamed.call').split('.');
  const flat = args.join(', ');
  const list =
    flat.length + resource!.length + verb!.length < 60 && !flat.includes('\n')
      ? flat
      : `\n${args.map((a) => `  ${a.replaceAll('\n', '\n  ')},`).join('\n')}\n`;
  return [
    "import { createOperatorClient } from '@pm/sdk';",
    '',
    `const pm = createOperatorClient({ baseUrl: process.env.PM_BASE_URL!, credential: process.env.${call.credential ?? 'PM_API_KEY'}! });`,
    '',
    "// The answer's body; a refusal throws an ApiError (error.code, error.retry, error.action).",
    `const answer = await pm.${resource}.${verb}(${list});`,
    'console.log(answer);',
  ].join('\n');
}

function pythonSample(call: Call): string {
  const headers: string[] = [];
  if (call.credential) headers.push(`"Authorization": "Bearer " + os.environ["${call.credential}"]`);
  if (call.key) headers.push(`"Idempotency-Key": ${JSON.stringify(call.key)}`);
  if (call.body !== undefined) headers.push('"Content-Type": "application/json"');
  const lines = [
    'import json',
    'import os',
    'import urllib.error',
    'import urllib.request',
    '',
    ...(call.body === undefined ? [] : [`body = ${pyLiteral(call.body)}`]),
    'request = urllib.request.Request(',
    `    os.environ["PM_BASE_URL"] + ${JSON.stringify(call.url)},`,
    `    method="${call.method}",`,
    `    headers={${headers.length ? `\n${headers.map((h) => `        ${h},`).join('\n')}\n    ` : ''}},`,
    ...(call.body === undefined ? [] : ['    data=json.dumps(body).encode(),']),
    ')',
    'try:',
    '    with urllib.request.urlopen(request) as response:',
    ...{
      json: ['        print(response.status, json.load(response))'],
      none: ['        print(response.status)'],
      text: ['        print(response.status, response.read().decode())'],
      stream: [
        '        for line in response:  # server-sent events, one field a line',
        '            print(line.decode().rstrip())',
      ],
    }[call.answer],
    'except urllib.error.HTTPError as error:',
    '    # The error envelope: branch on its "error" code, quote its "request_id" to support.',
    '    print(error.code, json.load(error))',
  ];
  return lines.join('\n');
}

function answerOf(operation: Operation): Call['answer'] {
  const success = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
  const types = success.flatMap(([, r]) => Object.keys(r.content ?? {}));
  if (types.includes('text/event-stream')) return 'stream';
  if (types.length === 0) return 'none';
  return types.every((t) => t === 'application/json') ? 'json' : 'text';
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
      const filled = path.replace(/\{([a-z_]+)\}/g, (_, name: string) => params[name]!);
      // A list shows its page size, the one query parameter every reader meets first.
      const limit = (operation.parameters ?? []).find((p) => p.in === 'query' && p.name === 'limit');
      const required = (operation.parameters ?? []).filter((p) => p.in === 'query' && p.required);
      const given: Record<string, string | number> = Object.fromEntries(
        required.map((p) => [p.name!, paramValue(p.name === 'markets' ? 'slug' : p.name!, answer)]),
      );
      if (limit && (limit.schema?.maximum ?? 100) >= 10) given.limit = 10;
      const query = Object.keys(given).length > 0 ? given : undefined;
      const keyed = (operation.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key');
      const key = keyed ? (KEY_OF[`${verb} ${path}`] ?? 'request-1001') : null;
      const body = operation.requestBody?.content?.['application/json']?.example;
      const call: Call = {
        method: verb,
        url: query ? `${filled}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : filled,
        // From the table: the document gets its operationIds after its samples (app.ts's order of steps).
        operationId: operation.operationId ?? OPERATION_IDS[`${verb} ${path}`],
        // In path order, as the SDK's resource methods take them.
        pathValues: [...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => params[m[1]!]!),
        query,
        credential: credentialOf(operation),
        key,
        body,
        answer: answerOf(operation),
      };
      operation['x-codeSamples'] = [
        { lang: 'Shell', label: 'curl', source: curlSample(verb, call.url, call.credential, key, body) },
        { lang: 'TypeScript', label: 'TypeScript', source: sdkSample(call) },
        { lang: 'Python', label: 'Python', source: pythonSample(call) },
      ];
    }
  }
  return document;
}
