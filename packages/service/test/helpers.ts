import { inject } from 'vitest';
import { expect } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { startService, type RunningService, type StartOptions } from '../src/service.js';
import { systemContextOf, type Ctx, type SystemActor } from '../src/domains/context.js';
import type { Environment } from '../src/db/schema.js';
import { SCOPES, type Scope } from '../src/domains/api-keys/model/scopes.js';
import type { Db } from '../src/db/connection.js';

/** Test secrets: at least 32 bytes and distinct, as the service demands of any it is given. */
export const ADMIN_TOKEN = 'test-platform-admin-token-0123456789abcdef';
export const WIDGET_SECRET = 'test-widget-session-secret-0123456789abcdef';

export interface Response {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  /** Sent as is, instead of JSON.stringify(body). */
  rawBody?: string;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** Gives up (a rejection, an unknown outcome) after this long, as a client with a timeout does. */
  timeoutMs?: number;
}

/** One HTTP request over real TCP. */
export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  let body: string | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const signal = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
  const res = await fetch(`${base}${path}`, { method, headers, body, signal });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export interface TestService extends RunningService {
  db: Db;
  /** A system context on this service's pool and clock, for calling jobs' verbs directly. */
  system(job?: string): Ctx<SystemActor>;
  platform(method: string, path: string, body?: unknown): Promise<Response>;
  api(environment: Environment, method: string, path: string, options?: CallOptions): Promise<Response>;
}

/** The service on the run's test database, listeners on free loopback ports. */
export async function startTestService(
  options: Omit<StartOptions, 'announce'> & { env?: Record<string, string> } = {},
): Promise<TestService> {
  const config = loadConfig({
    DATABASE_URL: inject('databaseUrl'),
    SANDBOX_PORT: '0',
    LIVE_PORT: '0',
    PLATFORM_PORT: '0',
    PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN,
    WIDGET_SESSION_SECRET: WIDGET_SECRET,
    DB_POOL_SIZE: '10',
    LOG_LEVEL: 'silent',
    RUN_WORKERS: '0',
    ...options.env,
  });
  const { env: _env, ...ports } = options;
  const service = await startService(config, ports);
  return {
    ...service,
    db: service.deps.db,
    system: (job = 'test') => systemContextOf(service.deps, job),
    platform: (method, path, body) => call(service.urls.platform, method, path, { key: ADMIN_TOKEN, body }),
    api: (environment, method, path, callOptions) => call(service.urls[environment], method, path, callOptions),
  };
}

export interface TestTenant {
  tenantId: string;
  sandboxKey: string;
  liveKey: string;
}

/** A fresh tenant with one all-scopes key per environment (or the scopes asked for). */
export async function createTenant(service: TestService, scopes: readonly Scope[] = SCOPES): Promise<TestTenant> {
  const tenant = await service.platform('POST', '/platform/v1/tenants', { name: `tenant ${Math.random()}` });
  expect(tenant.status).toBe(201);
  const keyFor = async (environment: Environment) => {
    const res = await service.platform('POST', `/platform/v1/tenants/${tenant.json.id}/api-keys`, {
      environment,
      scopes,
    });
    expect(res.status).toBe(201);
    return res.json.api_key as string;
  };
  return { tenantId: tenant.json.id, sandboxKey: await keyFor('sandbox'), liveKey: await keyFor('live') };
}

let counter = 0;
/** A key unique in this run. */
export function uniqueKey(prefix = 'key'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}`;
}

/**
 * The ledger invariant for every user of a tenant: the sum of its transactions equals its balance, and
 * replaying them in order never goes below zero and matches each balance_after.
 */
export async function expectLedgerInvariant(db: Db, tenantId: string): Promise<void> {
  const rows = await sql<{
    user_id: string;
    balance_minor: bigint;
    amount_minor: bigint | null;
    balance_after_minor: bigint | null;
  }>`
    select u.id as user_id, u.balance_minor, t.amount_minor, t.balance_after_minor
    from users u left join transactions t on t.user_id = u.id
    where u.tenant_id = ${tenantId}
    order by u.id, t.seq`.execute(db);
  const running = new Map<string, bigint>();
  const balance = new Map<string, bigint>();
  for (const row of rows.rows) {
    balance.set(row.user_id, row.balance_minor);
    if (row.amount_minor === null) continue;
    const next = (running.get(row.user_id) ?? 0n) + row.amount_minor;
    expect(next >= 0n, `user ${row.user_id} went below zero`).toBe(true);
    expect(next).toBe(row.balance_after_minor);
    running.set(row.user_id, next);
  }
  for (const [userId, b] of balance)
    expect(running.get(userId) ?? 0n, `user ${userId}: sum of transactions = balance`).toBe(b);
}

export async function registerUser(
  service: TestService,
  key: string,
  externalUserId: string,
  environment: Environment = 'sandbox',
) {
  const res = await service.api(environment, 'PUT', `/v1/users/${externalUserId}`, { key, body: { status: 'active' } });
  expect([200, 201]).toContain(res.status);
  return res;
}

export async function sync(
  service: TestService,
  key: string,
  body: Record<string, unknown>,
  idempotencyKey = uniqueKey('sync'),
  environment: Environment = 'sandbox',
) {
  return service.api(environment, 'POST', '/v1/balance-sync', { key, body, idempotencyKey });
}

/** Every error body is the envelope (docs/operator-api.md, "Errors") with the X-Request-Id of its response. */
export function expectEnvelope(res: Response, code: string, status?: number): void {
  if (status !== undefined) expect(res.status).toBe(status);
  expect(res.json).toMatchObject({
    error: code,
    message: expect.any(String),
    request_id: expect.any(String),
    source: expect.any(String),
  });
  expect(Object.keys(res.json).sort()).toEqual(['details', 'error', 'message', 'request_id', 'source', 'ts']);
  expect(res.json.ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  expect(res.headers.get('x-request-id')).toBe(res.json.request_id);
}

/** Sends `count` requests, 16 at a time, and returns their answers in order. */
export async function burst(count: number, send: (i: number) => Promise<Response>): Promise<Response[]> {
  const answers: Response[] = [];
  for (let i = 0; i < count; i += 16) {
    const batch = Array.from({ length: Math.min(16, count - i) }, (_, j) => send(i + j));
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}
