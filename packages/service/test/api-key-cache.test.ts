import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { KEY_CACHE_BOUND_MS } from '../src/domains/api-keys/index.js';
import { createTenant, startTestService, type TestService, type TestTenant } from './helpers.js';

/**
 * API keys cached per process, invalidated by NOTIFY (docs/operator-api.md, "Authentication and the users"): two
 * services on one database,
 * as two processes of a deployment are. The second one's connections carry an application_name, so its
 * LISTEN connection can be told from the first's.
 */
const B_NAME = `key-cache-b-${process.pid}`;
let a: TestService;
let b: TestService;

beforeAll(async () => {
  a = await startTestService();
  const url = new URL(inject('databaseUrl'));
  url.searchParams.set('application_name', B_NAME);
  b = await startTestService({ env: { DATABASE_URL: url.toString() } });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

/** The status of a request with the key on a service's sandbox listener (a read any scope set allows). */
const statusOn = async (service: TestService, key: string) =>
  (await service.api('sandbox', 'GET', '/v1/users/nobody', { key })).status;

/** Polls until the service refuses the key, and says how long that took (or fails after `withinMs`). */
async function refusedWithin(service: TestService, key: string, withinMs: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start <= withinMs) {
    const status = await statusOn(service, key);
    if (status === 401 || status === 403) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect.fail(`the key was still accepted after ${withinMs} ms`);
}

const sandboxKeyId = async (tenant: TestTenant) =>
  ((await a.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`)).json.api_keys as any[]).find(
    (k) => k.environment === 'sandbox',
  ).id as string;

/** Revokes a key behind every cache's back: no trigger fires in a session replaying replicated changes. */
async function revokeSilently(keyId: string): Promise<void> {
  await a.db.transaction().execute(async (tx) => {
    await sql`set local session_replication_role = replica`.execute(tx);
    await sql`update api_keys set revoked_at = now() where id = ${keyId}`.execute(tx);
  });
}

/** B's LISTEN connections for key changes: counted, or ended as the server ends a lost connection. */
async function bListening(what: 'count' | 'kill'): Promise<number> {
  const act = what === 'kill' ? sql`pg_terminate_backend(pid)` : sql`pid`;
  const { rows } = await sql<{ n: number }>`
    select count(${act})::int as n from pg_stat_activity
    where application_name = ${B_NAME} and query = 'listen api_key_changes'`.execute(a.db);
  return rows[0]!.n;
}

/** A tenant whose sandbox key both services have cached (the LISTEN connections being up). */
async function keyCachedByBoth(): Promise<TestTenant & { keyId: string }> {
  const tenant = await createTenant(a);
  for (const service of [a, b]) expect(await statusOn(service, tenant.sandboxKey)).toBe(404);
  return { ...tenant, keyId: await sandboxKeyId(tenant) };
}

describe('the API key cache', () => {
  it('refuses a key revoked through one process at once there, and in the other within the notification', async () => {
    const tenant = await keyCachedByBoth();
    expect((await a.platform('DELETE', `/platform/v1/api-keys/${tenant.keyId}`)).status).toBe(204);
    expect(await statusOn(a, tenant.sandboxKey)).toBe(401);
    expect(await refusedWithin(b, tenant.sandboxKey, 2_000)).toBeLessThan(2_000);
  });

  it('refuses the keys of a tenant suspended through the other process', async () => {
    const tenant = await keyCachedByBoth();
    expect((await b.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/suspend`)).status).toBe(200);
    expect(await statusOn(b, tenant.sandboxKey)).toBe(401);
    await refusedWithin(a, tenant.sandboxKey, 2_000);
  });

  it('serves a cached key without reading it, for at most KEY_CACHE_BOUND_MS when notifications are lost', async () => {
    const tenant = await keyCachedByBoth();
    const cachedAt = Date.now();
    await revokeSilently(tenant.keyId);
    // No notification: the cache answers (a request costs no key lookup)…
    expect(await statusOn(b, tenant.sandboxKey)).toBe(404);
    // …until its bound.
    await refusedWithin(b, tenant.sandboxKey, KEY_CACHE_BOUND_MS + 1_000);
    expect(Date.now() - cachedAt).toBeLessThanOrEqual(KEY_CACHE_BOUND_MS + 1_000);
  }, 15_000);

  it('drops the whole cache when its LISTEN connection is lost', async () => {
    const tenant = await keyCachedByBoth();
    await revokeSilently(tenant.keyId);
    expect(await statusOn(b, tenant.sandboxKey)).toBe(404);
    expect(await bListening('kill')).toBe(1);
    // Well inside the bound: the drop, not the bound, refuses it.
    expect(await refusedWithin(b, tenant.sandboxKey, 2_000)).toBeLessThan(KEY_CACHE_BOUND_MS / 2);
    // …and the cache works again once the connection is back: a revocation still reaches B.
    for (let i = 0; i < 100 && (await bListening('count')) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const other = await keyCachedByBoth();
    expect((await a.platform('DELETE', `/platform/v1/api-keys/${other.keyId}`)).status).toBe(204);
    await refusedWithin(b, other.sandboxKey, 2_000);
  });
});
