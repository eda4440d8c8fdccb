import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Environment } from '../src/db/schema.js';
import type { ReconciliationRun } from '../src/domains/reconciliation/index.js';
import { registerUser, sync, uniqueKey, type TestService, type TestTenant } from './helpers.js';

/** What the reconciliation test files share: users with sync histories, runs, and the lists. */

export interface Move {
  direction: 'credit' | 'debit';
  amount: string;
  resulting_balance?: string;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const keyOf = (tenant: TestTenant, environment: Environment) =>
  environment === 'sandbox' ? tenant.sandboxKey : tenant.liveKey;

export const ofTenant = (run: { discrepancies: any[] }, tenant: TestTenant) =>
  run.discrepancies.filter((d) => d.tenant_id === tenant.tenantId);
export const listedOf = (run: ReconciliationRun, tenant: TestTenant) =>
  run.listed.filter((d) => d.tenantId === tenant.tenantId);

/** The helpers bound to a file's service (each file runs one on a database of its own). */
export function reconciliationHelpers(serviceOf: () => TestService) {
  /** A registered user with these movements synced one by one, and the Idempotency-Key of each. */
  async function userWith(
    tenant: TestTenant,
    moves: Move[],
    options: { environment?: Environment; id?: string } = {},
  ): Promise<{ id: string; keys: string[] }> {
    const service = serviceOf();
    const { environment = 'sandbox', id = uniqueKey('recon') } = options;
    await registerUser(service, keyOf(tenant, environment), id, environment);
    const keys: string[] = [];
    for (const move of moves) {
      const key = uniqueKey('move');
      const res = await sync(service, keyOf(tenant, environment), { external_user_id: id, ...move }, key, environment);
      expect([200, 409], res.text).toContain(res.status);
      keys.push(key);
    }
    return { id, keys };
  }

  async function runNow(): Promise<any> {
    const res = await serviceOf().platform('POST', '/platform/v1/reconciliation/runs');
    expect(res.status, res.text).toBe(201);
    return res.json;
  }

  async function list(
    tenant: TestTenant,
    query = '',
    environment: Environment = 'sandbox',
    key = keyOf(tenant, environment),
  ) {
    return serviceOf().api(environment, 'GET', `/v1/reconciliation/discrepancies${query}`, { key });
  }

  async function listAll(tenant: TestTenant, query = '', environment: Environment = 'sandbox'): Promise<any[]> {
    const res = await list(tenant, `?limit=500${query}`, environment);
    expect(res.status, res.text).toBe(200);
    return res.json.data;
  }

  async function eventsOf(tenant: TestTenant): Promise<any[]> {
    const { rows } = await sql<{ data: any }>`
      select data from events where tenant_id = ${tenant.tenantId} and type = 'reconciliation.discrepancy'
      order by seq`.execute(serviceOf().db);
    return rows.map((r) => r.data);
  }

  return { userWith, runNow, list, listAll, eventsOf };
}
