import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, startTestService, type Response, type TestService } from './helpers.js';
import { validOf, type Schema } from './fuzz/schema-arbitrary.js';
import type { Operation } from './fuzz/documented-answers.js';
import { fundedUser, sessionFor } from './trading-helpers.js';

/**
 * A refusal says the rule in words (docs/operator-api.md, "Errors"): for every operation of the served
 * OpenAPI document, each body field and query parameter that has a rule (a type, a pattern, an enum, a
 * limit) is sent a value that breaks it, the rest of the request well-formed. The answer must be 400 (or
 * a code the route documents), the envelope, a message naming the field, no regular expression anywhere
 * in it, and at most one issue per field. The walk reuses openapi-fuzz.test.ts's reading of the document.
 */

/** Routes not walked here, and why (as openapi-fuzz.test.ts). */
const LEFT_OUT = new Set(['GET /v1/widget/stream']);

/** Text that reads as a regular expression, which a person cannot act on. */
const REGEX_LOOKING = /\^|\$|\[0-9\]|\\d|\(\?:/;

interface BadCase {
  /** The field as the answer should name it (its last path segment). */
  field: string;
  /** The JSON pointer of the field in the body or query. */
  pointer: string;
  value: unknown;
  why: string;
}

let service: TestService;
let apiKey: string;
let user: string;
let operations: Operation[];

beforeAll(async () => {
  service = await startTestService();
  const tenant = await createTenant(service);
  apiKey = tenant.sandboxKey;
  // Far above what the walk sends, so that the limiter does not hide a refusal behind 429.
  const raised = await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/rate-limits`, {
    balance_sync: 1_000_000,
    positions: 1_000_000,
    default: 1_000_000,
  });
  expect(raised.status, raised.text).toBe(200);
  user = await fundedUser(service, apiKey, 'words');
  const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
  operations = Object.entries<Record<string, Omit<Operation, 'method' | 'path'>>>(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) =>
      path.startsWith('/v1/') && !LEFT_OUT.has(`${method.toUpperCase()} ${path}`) ? [{ ...op, method, path }] : [],
    ),
  );
}, 60_000);

afterAll(async () => {
  await service?.stop();
});

/** One value the schema accepts, the same every run. */
function sampleOf(schema: Schema): unknown {
  return fc.sample(validOf(schema, { external_user_id: [user] }), { numRuns: 1, seed: 20261130 })[0];
}

/** Values the generator may get wrong for a route (its pattern allows a price the route refuses): fixed ones. */
const FIXED: Record<string, unknown> = {
  limit_price: '0.50',
  max_price: '0.99',
  stake: '1.00',
  amount: '1.00',
  webhook_url: 'https://hooks.example.com/words',
  allowed_origins: ['https://shop.example.com'],
};

/** A well-formed body: generated from the schema, with the fixed values for the fields that have one. */
function wellFormed(schema: Schema): unknown {
  const body = sampleOf(schema);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const properties = present(schema).properties ?? {};
  for (const [name, value] of Object.entries(FIXED))
    if (name in properties) (body as Record<string, unknown>)[name] = value;
  return body;
}

/** The schema without a null option: the rule a present value must keep. */
function present(schema: Schema): Schema {
  if (schema.anyOf) return present(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!);
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.find((t) => t !== 'null') };
  return schema;
}

/** Values that break one rule of the schema each; `asText` for a query value, which is always text. */
function badValuesOf(raw: Schema, asText: boolean): { value: unknown; why: string }[] {
  const schema = present(raw);
  const bad: { value: unknown; why: string }[] = [];
  if (schema.enum) bad.push({ value: 'no-such-choice', why: 'enum' });
  switch (schema.type) {
    case 'string': {
      if (!asText) bad.push({ value: 12345, why: 'type' });
      if (schema.pattern) {
        const re = new RegExp(schema.pattern);
        const breaking = ['12.345', '-1.00', 'Not Valid!', ' ', '1e5'].find(
          (text) => !re.test(text) && text.length <= (schema.maxLength ?? 100),
        );
        if (breaking !== undefined) bad.push({ value: breaking, why: 'pattern' });
      }
      if (schema.format === 'uuid') bad.push({ value: 'not-a-uuid', why: 'format' });
      if (schema.format === 'date-time') bad.push({ value: 'yesterday', why: 'format' });
      if (schema.format === 'uri') bad.push({ value: 'not a url', why: 'format' });
      if (schema.maxLength !== undefined) bad.push({ value: 'a'.repeat(schema.maxLength + 1), why: 'maxLength' });
      if (schema.minLength !== undefined && schema.minLength > 0 && !asText) bad.push({ value: '', why: 'minLength' });
      break;
    }
    case 'integer':
    case 'number': {
      bad.push({ value: asText ? 'many' : 'many', why: 'type' });
      if (schema.type === 'integer') bad.push({ value: asText ? '1.5' : 1.5, why: 'integer' });
      if (schema.minimum !== undefined) bad.push({ value: schema.minimum - 1, why: 'minimum' });
      if (schema.maximum !== undefined) bad.push({ value: schema.maximum + 1, why: 'maximum' });
      break;
    }
    case 'boolean':
      bad.push({ value: asText ? 'perhaps' : 'yes', why: 'type' });
      break;
    case 'array':
      if (!asText) {
        bad.push({ value: 'not-a-list', why: 'type' });
        if (schema.minItems !== undefined && schema.minItems > 0) bad.push({ value: [], why: 'minItems' });
      }
      break;
    case 'object':
      if (!asText) bad.push({ value: 'not-an-object', why: 'type' });
      break;
  }
  return bad.map((b) => ({ ...b, value: asText ? String(b.value) : b.value }));
}

/** Bad cases for the body's fields, one level into objects (outcomes' titles, a form's nested fields). */
function bodyCases(schema: Schema, pointer = ''): BadCase[] {
  const object = present(schema);
  if (object.type !== 'object' || !object.properties) return [];
  return Object.entries(object.properties).flatMap(([name, property]) => {
    const own = badValuesOf(property, false).map((b) => ({ field: name, pointer: `${pointer}/${name}`, ...b }));
    const inner = present(property);
    const nested =
      pointer === '' && inner.type === 'object'
        ? bodyCases(inner, `/${name}`)
        : pointer === '' && inner.type === 'array' && inner.items && present(inner.items).type === 'object'
          ? bodyCases(inner.items, `/${name}/0`)
          : [];
    return [...own, ...nested];
  });
}

/** The body with the value at the pointer replaced (made from well-formed parts where missing). */
function withValue(body: unknown, schema: Schema, pointer: string, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const parts = pointer.split('/').slice(1);
  let node: Record<string, unknown> = copy;
  let node_schema = present(schema);
  for (const part of parts.slice(0, -1)) {
    const child = /^\d+$/.test(part) ? node_schema.items! : node_schema.properties![part]!;
    if (node[part] === undefined || node[part] === null) node[part] = sampleOf(present(child));
    if (Array.isArray(node[part]) && (node[part] as unknown[]).length === 0)
      (node[part] as unknown[]).push(sampleOf(present(present(child).items!)));
    node = node[part] as Record<string, unknown>;
    node_schema = present(child);
  }
  node[parts.at(-1)!] = value;
  return copy;
}

function credentialFor(op: Operation, sessionToken: string): string | undefined {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.includes('apiKey')) return apiKey;
  if (schemes.length > 0) return sessionToken;
  return undefined;
}

function pathOf(op: Operation): string {
  return (op.parameters ?? [])
    .filter((p) => p.in === 'path')
    .reduce((text, p) => text.replace(`{${p.name}}`, encodeURIComponent(String(sampleOf(p.schema)))), op.path);
}

/** What the answer to a bad value must be; the failures as text, none when it is right. */
function judge(op: Operation, res: Response, bad: BadCase, location: string): string[] {
  const problems: string[] = [];
  if (res.status !== 400) {
    const documented = op.responses[String(res.status)]?.description.split(', ') ?? [];
    if (res.status >= 500 || !documented.includes(res.json?.error)) problems.push(`status ${res.status}`);
    return problems; // a documented refusal before validation (a route's own code) says its own words
  }
  const keys = Object.keys(res.json ?? {}).sort();
  if (keys.join() !== 'details,error,message,request_id,source,ts') return ['not the envelope'];
  if (res.json.error !== 'validation_failed') return problems; // a route's own documented 400
  if (!String(res.json.message).includes(bad.field)) problems.push(`message does not name ${bad.field}`);
  if (REGEX_LOOKING.test(JSON.stringify({ message: res.json.message, details: res.json.details })))
    problems.push('regex-looking text');
  const issues: { location: string; path: string; message: string }[] = res.json.details?.issues ?? [];
  const counts = new Map<string, number>();
  for (const issue of issues)
    counts.set(`${issue.location} ${issue.path}`, (counts.get(`${issue.location} ${issue.path}`) ?? 0) + 1);
  for (const [where, count] of counts) if (count > 1) problems.push(`${count} issues for ${where}`);
  // The field's own issue is there, under its path (the message above names it).
  if (!issues.some((i) => i.location === location && i.path.startsWith(bad.pointer)))
    problems.push(`no issue at ${location} ${bad.pointer}`);
  return problems;
}

describe('every refusal of a bad field says the rule in words', () => {
  it('walks every operation of /v1/openapi.json', async () => {
    expect(operations.length).toBeGreaterThan(35);
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      let sessionToken = await sessionFor(service, apiKey, user);
      const bodySchema = op.requestBody?.content['application/json']?.schema;
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      const headers = (op.parameters ?? []).filter((p) => p.in === 'header');
      const goodBody = bodySchema ? wellFormed(bodySchema) : undefined;
      const cases: { bad: BadCase; location: string; query: string; body: unknown }[] = [];
      if (bodySchema) {
        for (const bad of bodyCases(bodySchema))
          cases.push({
            bad,
            location: 'body',
            query: '',
            body: withValue(goodBody, bodySchema, bad.pointer, bad.value),
          });
      }
      for (const p of query) {
        for (const b of badValuesOf(p.schema, true)) {
          cases.push({
            bad: { field: p.name, pointer: `/${p.name}`, ...b },
            location: 'querystring',
            query: `?${new URLSearchParams({ [p.name]: String(b.value) })}`,
            body: goodBody,
          });
        }
      }
      for (const { bad, location, query: search, body } of cases) {
        const send = () =>
          call(service.urls.sandbox, op.method.toUpperCase(), `${pathOf(op)}${search}`, {
            key: credentialFor(op, sessionToken),
            headers: Object.fromEntries(
              headers
                .filter((h) => h.name.toLowerCase() !== 'idempotency-key')
                .map((h) => [h.name, String(sampleOf(h.schema))]),
            ),
            ...(headers.some((h) => h.name.toLowerCase() === 'idempotency-key')
              ? { idempotencyKey: randomUUID() }
              : {}),
            ...(body === undefined ? {} : { body }),
          });
        let res = await send();
        if (res.status === 429) {
          // The widget's tiers count per end user: a fresh session, as a second user would have.
          sessionToken = await sessionFor(service, apiKey, await fundedUser(service, apiKey, 'words'));
          res = await send();
        }
        sent += 1;
        if (process.env.WORDS_DUMP) console.log(`${res.status} ${res.json?.message}`);
        const problems = judge(op, res, bad, location);
        if (problems.length > 0)
          failures.push(
            `${op.method.toUpperCase()} ${op.path} ${location} ${bad.pointer}=${JSON.stringify(bad.value)} (${bad.why}): ${problems.join('; ')} → ${res.status} ${res.text.slice(0, 400)}`,
          );
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);
});

describe('money in words', () => {
  const sync = (body: Record<string, unknown>) =>
    call(service.urls.sandbox, 'POST', '/v1/balance-sync', { key: apiKey, idempotencyKey: randomUUID(), body });

  it('an amount with three decimals is one issue, the rule in words, not also "above zero"', async () => {
    const res = await sync({ external_user_id: user, direction: 'credit', amount: '12.345' });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toBe('validation_failed');
    expect(res.json.message).toBe(
      'Invalid body: amount must be a decimal string with at most two decimal places, such as "12.34" (no sign).',
    );
    expect(res.json.details.issues).toEqual([
      {
        location: 'body',
        path: '/amount',
        message: 'must be a decimal string with at most two decimal places, such as "12.34" (no sign)',
      },
    ]);
  });

  it('a negative resulting_balance, zero and a JSON number each say their own rule', async () => {
    const negative = await sync({
      external_user_id: user,
      direction: 'credit',
      amount: '1.00',
      resulting_balance: '-5.00',
    });
    expect(negative.status).toBe(400);
    expect(negative.json.message).toBe(
      'Invalid body: resulting_balance must be a decimal string with at most two decimal places, such as "12.34" (no sign).',
    );
    expect(negative.json.details.issues).toHaveLength(1);
    const zero = await sync({ external_user_id: user, direction: 'credit', amount: '0.00' });
    expect(zero.json.message).toBe('Invalid body: amount must be above zero.');
    const number = await sync({ external_user_id: user, direction: 'credit', amount: 12.5 });
    expect(number.json.message).toBe(
      'Invalid body: amount must be a decimal string, such as "12.34", not a JSON number.',
    );
    const missing = await sync({ external_user_id: user, direction: 'credit' });
    expect(missing.json.message).toBe('Invalid body: amount is required.');
  });

  it('a batch item says it in the same words', async () => {
    const res = await call(service.urls.sandbox, 'POST', '/v1/balance-sync/batch', {
      key: apiKey,
      idempotencyKey: randomUUID(),
      body: {
        items: [{ idempotency_key: randomUUID(), external_user_id: user, direction: 'debit', amount: '12.345' }],
      },
    });
    expect(res.status, res.text).toBe(200);
    const item = res.json.results[0];
    expect(item.status).toBe(400);
    expect(item.body.message).toBe(
      'Invalid item: amount must be a decimal string with at most two decimal places, such as "12.34" (no sign).',
    );
    expect(item.body.details.issues).toHaveLength(1);
  });

  it('the OpenAPI document says every rule in words; a pattern is only a schema pattern', async () => {
    const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
    const worded: string[] = [];
    const unworded: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'description' && typeof value === 'string' && REGEX_LOOKING.test(value))
          worded.push(`${where}: ${value}`);
        else walk(value, `${where}/${key}`);
      }
    };
    walk(doc.paths, '#/paths');
    walk(doc.components, '#/components');
    // A request field with a pattern (not a format such as uuid) says its rule in words beside it: in its
    // own description, its parameter's, or that of the optional field holding it.
    const patterned = (schema: Record<string, unknown>, described: boolean, where: string): void => {
      const own = described || typeof schema.description === 'string';
      if (typeof schema.pattern === 'string' && schema.format === undefined && !own) unworded.push(where);
      for (const [key, value] of Object.entries(schema)) {
        if (key === 'anyOf' && Array.isArray(value)) value.forEach((v, i) => patterned(v, own, `${where}/anyOf/${i}`));
        else if (key === 'properties' && value && typeof value === 'object')
          for (const [name, p] of Object.entries(value))
            patterned(p as Record<string, unknown>, false, `${where}/${name}`);
        else if (key === 'items' && value && typeof value === 'object')
          patterned(value as Record<string, unknown>, false, `${where}/items`);
      }
    };
    for (const [path, item] of Object.entries<Record<string, Operation>>(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const body = op.requestBody?.content['application/json']?.schema;
        if (body) patterned(body as unknown as Record<string, unknown>, false, `${method} ${path} body`);
        for (const p of op.parameters ?? [])
          patterned(
            p.schema as unknown as Record<string, unknown>,
            Boolean((p as { description?: string }).description),
            `${method} ${path} ${p.name}`,
          );
      }
    }
    walk(doc.paths, '#/paths');
    walk(doc.components, '#/components');
    expect(worded, worded.join('\n')).toEqual([]);
    expect(unworded, `patterns without words: ${unworded.join('\n')}`).toEqual([]);
    const amount = doc.paths['/v1/balance-sync'].post.requestBody.content['application/json'].schema.properties.amount;
    expect(amount.description).toMatch(/decimal string with at most two decimals/i);
    expect(amount.pattern).toBeDefined();
  });
});

describe('a refused webhook URL says how to allow it where that is true', () => {
  const put = (environment: 'sandbox' | 'live', key: string, webhook_url: string) =>
    service.api(environment, 'PUT', '/v1/tenant/settings', { key, body: { webhook_url } });

  it('the sandbox: http or loopback with the ALLOW_INSECURE_WEBHOOKS hint', async () => {
    const tenant = await createTenant(service);
    const http = await put('sandbox', tenant.sandboxKey, 'http://hooks.example.com/pm');
    expect(http.status).toBe(400);
    expect(http.json.error).toBe('validation_failed');
    expect(http.json.message).toBe(
      'Invalid body: webhook_url must use https. For local development, start the service with ' +
        'ALLOW_INSECURE_WEBHOOKS=1 to allow http and loopback URLs.',
    );
    expect(http.json.details.issues).toHaveLength(1);
    const loopback = await put('sandbox', tenant.sandboxKey, 'https://127.0.0.1:8080/pm');
    expect(loopback.json.message).toMatch(
      /^Invalid body: webhook_url must not point at a loopback address\. For local development/,
    );
    // A scheme the flag does not allow either: the rule alone.
    const ftp = await put('sandbox', tenant.sandboxKey, 'ftp://hooks.example.com/pm');
    expect(ftp.json.message).toBe('Invalid body: webhook_url must be a full URL, such as "https://example.com/hooks".');
    const settings = await service.api('sandbox', 'GET', '/v1/tenant/settings', { key: tenant.sandboxKey });
    expect(settings.json.webhook_url).toBeNull();
  });

  it('live: the rule and where live events go, no development flag', async () => {
    const tenant = await createTenant(service);
    const res = await put('live', tenant.liveKey, 'http://localhost:3000/pm');
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(
      'Invalid body: webhook_url must use https. Live events go only to https on a public host; try a local ' +
        'receiver with the sandbox environment instead.',
    );
    expect(res.json.message).not.toContain('ALLOW_INSECURE_WEBHOOKS');
  });
});
