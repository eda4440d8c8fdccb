import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTenant, startTestService, type TestService } from './helpers.js';
import { expectFits } from './schema-fit.js';
import { ERROR_CATALOG, ERROR_CODES } from '../src/errors/index.js';
import { installErrorHandling } from '../src/http/errors.js';
import { OPERATION_IDS } from '../src/http/openapi-operations.js';
import { userProjectTsconfig } from '../../sdk/test/readme-blocks.js';
import type { ServiceDeps } from '../src/deps.js';
import { FakeClock } from '../src/lib/clock.js';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

describe('the API reference at /v1/openapi.json', () => {
  it('is served on both tenant listeners without a key', async () => {
    for (const listener of ['sandbox', 'live'] as const) {
      const res = await service.api(listener, 'GET', '/v1/openapi.json');
      expect(res.status).toBe(200);
      expect(res.json.openapi).toBe('3.1.0');
    }
  });

  it('gives every operation an operationId of the form resource.verb, each once, and lists no route it does not serve', async () => {
    const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
    const seen: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { operationId?: string }>>)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
        expect(operation.operationId, `${method.toUpperCase()} ${path}`).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
        seen.push(`${method.toUpperCase()} ${path}`);
      }
    }
    const ids = seen.map((route) => OPERATION_IDS[route]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(OPERATION_IDS).sort()).toEqual(seen.sort());
  });

  it('names every error code of the catalog with its status, and every code it names exists', async () => {
    const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
    const envelope = doc.components.schemas.ErrorEnvelope;
    expect([...envelope.properties.error.enum].sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      expect(doc.components['x-error-catalog'][code]).toEqual(ERROR_CATALOG[code]);
      expect(envelope.description).toContain(`| ${ERROR_CATALOG[code].status} | ${code} |`);
    }
    // Codes a route documents are catalog codes, under their catalog status.
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        for (const [status, response] of Object.entries<any>(op.responses ?? {})) {
          if (Number(status) < 400) continue;
          for (const code of String(response.description).split(', ')) {
            expect(ERROR_CODES, `${method} ${path} ${status}`).toContain(code);
            expect(ERROR_CATALOG[code as keyof typeof ERROR_CATALOG].status).toBe(Number(status));
          }
        }
      }
    }
  });

  it('documents every operator route', async () => {
    const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
    const documented = new Set(
      Object.entries<any>(doc.paths).flatMap(([path, item]) =>
        Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    for (const route of service.routes.sandbox.filter(
      (r) => r.url.startsWith('/v1/') && r.url !== '/v1/openapi.json',
    )) {
      const path = route.url.replace(/:([a-z_]+)/g, '{$1}');
      expect(documented, `${route.method} ${path}`).toContain(`${route.method} ${path}`);
    }
    expect(JSON.stringify(doc.paths['/v1/balance-sync'].post.parameters)).toContain('idempotency-key');
    // Every route is under a declared tag, so the reference shows it in its section.
    const declared = doc.tags.map((tag: { name: string }) => tag.name);
    for (const item of Object.values<any>(doc.paths))
      for (const op of Object.values<any>(item)) expect(declared).toEqual(expect.arrayContaining(op.tags));
  });
});

describe('what the reference says besides the schemas (issue 29)', () => {
  it('describes every success answer, never "Default Response"', async () => {
    const res = await service.api('sandbox', 'GET', '/v1/openapi.json');
    expect(res.text).not.toContain('Default Response');
    for (const [path, item] of Object.entries<any>(res.json.paths))
      for (const [method, op] of Object.entries<any>(item))
        for (const [status, response] of Object.entries<any>(op.responses))
          if (status.startsWith('2')) expect(response.description, `${method} ${path} ${status}`).toMatch(/\w{3}/);
  });

  it('gives every operation its rate limit, as x-rate-limit and in its description', async () => {
    const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
    const put = doc.paths['/v1/users/{external_user_id}'].put;
    expect(put['x-rate-limit']).toEqual({
      tier: 'user_sync',
      per_tenant_per_minute: 3000,
      per_end_user_per_minute: null,
    });
    expect(doc.paths['/v1/positions'].post['x-rate-limit']).toEqual({
      tier: 'positions',
      per_tenant_per_minute: 4500,
      per_end_user_per_minute: 10,
    });
    expect(doc.paths['/v1/positions'].post.description).toContain('**Rate limit:** tier `positions`, 4,500 requests');
    for (const [path, item] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(item)) {
        expect(op['x-rate-limit'], `${method} ${path}`).toBeDefined();
        if (op['x-rate-limit'].tier !== 'none')
          expect(op.description, `${method} ${path}`).toContain('**Rate limit:**');
      }
  });

  it('keeps <token>-like text as code, so a markdown reader does not drop it as an HTML tag', async () => {
    const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
    const outsideCode: string[] = [];
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'description' || key === 'summary') && typeof value === 'string') {
          const text = value.replace(/`[^`]*`/g, '');
          if (/<[A-Za-z][^<>]*>/.test(text)) outsideCode.push(value);
        } else if (key !== 'example') visit(value);
      }
    };
    visit(doc);
    expect(outsideCode).toEqual([]);
    expect(JSON.stringify(doc)).toContain('Bearer `<token>`');
  });

  it('has a title without a bare "(1)" and an introduction naming the guides and @pm/sdk', async () => {
    const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
    expect(doc.info.title).toBe('Prediction market operator API');
    expect(doc.info.version).toBe('v1');
    expect(doc.info.description).toContain('[quickstart](/docs/guides/quickstart)');
    expect(doc.info.description).toContain('`@pm/sdk`');
    expect(doc.info.description).not.toContain('packages/sdk');
  });
});

/** Every /v1 operation's x-codeSamples, by `METHOD /path`. */
async function codeSamples() {
  const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
  type Sample = { label: string; source: string };
  const samples = new Map<string, Sample[]>();
  for (const [path, item] of Object.entries(
    doc.paths as Record<string, Record<string, { 'x-codeSamples'?: Sample[] }>>,
  ))
    for (const [method, operation] of Object.entries(item))
      if (path.startsWith('/v1/')) samples.set(`${method.toUpperCase()} ${path}`, operation['x-codeSamples'] ?? []);
  return samples;
}

/** A sample run as a reader runs it, on a tenant of its own: the status it ends with, and what it printed. */
const SAMPLE_RUNS = ['PUT /v1/users/{external_user_id}', 'POST /v1/balance-sync', 'GET /v1/tenant', 'GET /v1/events'];

it('gives every /v1 operation a curl, a TypeScript and a Python sample, and the curl samples run as written', async () => {
  const samples = await codeSamples();
  for (const [operation, list] of samples)
    expect(
      list.map((s) => s.label),
      operation,
    ).toEqual(['curl', 'TypeScript', 'Python']);
  // The SDK's resource methods (docs/sdk.md): path parameters first, then the body or query, then the key.
  const sdk = (operation: string) => samples.get(operation)![1]!.source;
  expect(sdk('POST /v1/balance-sync')).toContain('await pm.balanceSync.create(');
  expect(sdk('POST /v1/balance-sync')).toContain("{ idempotencyKey: 'deposit-5001' }");
  expect(sdk('POST /v1/positions/{id}/close')).toMatch(
    /pm\.positions\.close\(\n {2}'[0-9a-f-]{36}',\n {2}\{ min_price: '0' \},\n {2}\{ idempotencyKey: 'cashout-8412' \},\n\)/,
  );
  expect(sdk('GET /v1/markets/{slug}')).toContain("pm.markets.retrieve('world-cup-final')");
  expect(sdk('GET /v1/events')).toContain('pm.events.list({ limit: 10 })');
  expect(sdk('GET /v1/widget/config')).toContain('process.env.PM_SESSION_TOKEN!');

  // A tenant of its own: register the sample's user, then credit it with the sample's own request.
  const tenant = await createTenant(service);
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    PM_BASE_URL: service.urls.sandbox,
    PM_API_KEY: tenant.sandboxKey,
  };
  for (const operation of SAMPLE_RUNS) {
    const curl = samples.get(operation)![0]!.source;
    // --norc: a node child's stdin is a socket, for which bash would read ~/.bashrc (see guides.test.ts).
    const { stdout } = await promisify(execFile)('bash', ['--norc', '-c', `${curl} -sS -w '\\n%{http_code}'`], {
      env,
    });
    const status = Number(stdout.trim().split('\n').at(-1));
    expect(status, `${operation}: ${stdout}`).toBeGreaterThanOrEqual(200);
    expect(status, `${operation}: ${stdout}`).toBeLessThan(300);
  }
});

it('runs the Python samples as written, with python3 and its standard library alone', async () => {
  const samples = await codeSamples();
  for (const [operation, list] of samples) {
    const python = list[2]!.source;
    expect(python, operation).not.toMatch(/^(import|from) (?!json$|os$|urllib\.error$|urllib\.request$)/m);
  }
  const tenant = await createTenant(service);
  // Only what a reader sets (no PYTHONPATH, no user site): the standard library is all there is.
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    PYTHONNOUSERSITE: '1',
    PM_BASE_URL: service.urls.sandbox,
    PM_API_KEY: tenant.sandboxKey,
  };
  for (const operation of SAMPLE_RUNS) {
    const python = samples.get(operation)![2]!.source;
    const { stdout } = await promisify(execFile)('python3', ['-I', '-c', python], { env });
    // The sample prints the status, then the answer (or the error envelope).
    const status = Number(stdout.split(' ')[0]);
    expect(status, `${operation}: ${stdout}`).toBeGreaterThanOrEqual(200);
    expect(status, `${operation}: ${stdout}`).toBeLessThan(300);
    if (operation === 'POST /v1/balance-sync') expect(stdout).toContain("'balance': '100.00'");
  }
});

it('type checks every TypeScript sample against @pm/sdk as a user’s project, and runs some as written', async () => {
  const samples = await codeSamples();
  const repo = fileURLToPath(new URL('../../../', import.meta.url));
  const work = await mkdtemp(path.join(tmpdir(), 'reference-ts-'));
  try {
    await writeFile(path.join(work, 'package.json'), '{ "private": true, "type": "module" }\n');
    await symlink(path.join(repo, 'node_modules'), path.join(work, 'node_modules'), 'dir');
    const files = new Map<string, string>();
    for (const [operation, list] of samples) {
      const file = `sample-${files.size}.ts`;
      files.set(operation, file);
      await writeFile(path.join(work, file), `${list[1]!.source}\nexport {};\n`);
    }
    const tsconfig = userProjectTsconfig('sample-*.ts');
    await writeFile(path.join(work, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');
    const typed = await promisify(execFile)('node', [tsc, '-p', work], { cwd: work }).catch((error) => error);
    const where = (output: string) =>
      output.replace(/sample-(\d+)\.ts/g, (name) => [...files].find(([, f]) => f === name)?.[0] ?? name);
    expect(typed.code ?? 0, where(`${typed.stdout ?? ''}${typed.stderr ?? ''}`)).toBe(0);

    const tenant = await createTenant(service);
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      PM_BASE_URL: service.urls.sandbox,
      PM_API_KEY: tenant.sandboxKey,
    };
    for (const operation of SAMPLE_RUNS) {
      const file = path.join(work, files.get(operation)!);
      const ran = await promisify(execFile)('node', ['--conditions=pm-sdk-source', '--import', 'tsx', file], {
        cwd: work,
        env,
      }).catch((error) => error);
      expect(ran.code ?? 0, `${operation}: ${ran.stdout ?? ''}${ran.stderr ?? ''}`).toBe(0);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}, 120_000);

describe('examples in the API reference', () => {
  it('shows every /v1 route with an example of its request body and of its answer, each fitting its schema', async () => {
    const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        const body = op.requestBody?.content?.['application/json'];
        if (body) {
          expect(body.example, `${where} request`).toBeDefined();
          expectFits(body.schema, body.example, `${where} request`);
        }
        const answers = Object.entries<any>(op.responses)
          .filter(([status]) => status.startsWith('2'))
          .flatMap(([status, r]) => Object.entries<any>(r.content ?? {}).map(([type, m]) => ({ status, type, ...m })));
        const shown = answers.filter((a) => a.example !== undefined);
        // A 204 has nothing to show; every other route shows at least one answer.
        if (answers.length > 0) expect(shown.length, `${where} answer`).toBeGreaterThan(0);
        for (const a of shown.filter((one) => one.type === 'application/json'))
          expectFits(a.schema, a.example, `${where} ${a.status}`);
      }
    }
  });
});

describe('an unexpected failure', () => {
  it('answers 500 internal_error in the envelope, without a stack trace or the error text', async () => {
    const app = Fastify();
    const deps = { clock: new FakeClock() } as unknown as ServiceDeps;
    installErrorHandling(app, deps, 'test-source');
    app.get('/boom', async () => {
      throw new Error('secret database detail');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({
      error: 'internal_error',
      details: null,
      source: 'test-source',
      ts: '2026-01-01T00:00:00.000Z',
    });
    expect(res.body).not.toContain('secret database detail');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('a PostgreSQL data error that slipped past validation', () => {
  it.each([
    ['22021', 'a NUL byte in text'],
    ['22P05', 'a lone surrogate'],
    ['22003', 'a number out of range'],
    ['22P02', 'text that is not a uuid'],
  ])('%s (%s) answers 400 validation_failed, not 500', async (code) => {
    const app = Fastify();
    installErrorHandling(app, { clock: new FakeClock() } as unknown as ServiceDeps, 'test-source');
    app.get('/db', async () => {
      throw Object.assign(new Error('database detail'), { code });
    });
    const res = await app.inject({ method: 'GET', url: '/db' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed' });
    expect(res.body).not.toContain('database detail');
  });
});
