import { ADMIN_TOKEN, type ServiceProcess } from './service-process.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { keyMaker, STARTING_BALANCE } from './movements.js';

export interface BenchTenant {
  tenantId: string;
  apiKey: string;
}

async function request(
  url: string,
  method: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? (JSON.parse(text) as any) : null };
}

function expectStatus(what: string, res: { status: number; text: string }, ...ok: number[]): void {
  if (!ok.includes(res.status))
    throw new Error(`${what}: expected ${ok.join(' or ')}, got ${res.status} ${res.text.slice(0, 500)}`);
}

/** A tenant and a sandbox key through the platform API (docs/platform-api.md). */
export async function createBenchTenant(service: Pick<ServiceProcess, 'platformUrl'>): Promise<BenchTenant> {
  const tenant = await request(`${service.platformUrl}/platform/v1/tenants`, 'POST', ADMIN_TOKEN, {
    name: `bench ${Date.now()}`,
  });
  expectStatus('POST /platform/v1/tenants', tenant, 201);
  const key = await request(
    `${service.platformUrl}/platform/v1/tenants/${tenant.json.id}/api-keys`,
    'POST',
    ADMIN_TOKEN,
    {
      environment: 'sandbox',
      scopes: ['write:sync', 'write:positions', 'read:reports'],
    },
  );
  expectStatus('POST /platform/v1/tenants/{id}/api-keys', key, 201);
  // The benches measure the service, not the limiter: the raisable tenant limits go as high as allowed.
  // End-user limits cannot be raised (docs/operator-api.md, "Rate limits"), so widget load spreads over enough users.
  const raised = await request(
    `${service.platformUrl}/platform/v1/tenants/${tenant.json.id}/rate-limits`,
    'PUT',
    ADMIN_TOKEN,
    {
      balance_sync: 1_000_000,
      positions: 1_000_000,
      default: 1_000_000,
    },
  );
  expectStatus('PUT /platform/v1/tenants/{id}/rate-limits', raised, 200);
  return { tenantId: tenant.json.id as string, apiKey: key.json.api_key as string };
}

/** PUT /v1/users/{id} for every user, a few at a time, then one credit of STARTING_BALANCE each by batch. */
export async function registerAndFund(
  service: Pick<ServiceProcess, 'sandboxUrl'>,
  tenant: BenchTenant,
  ids: readonly string[],
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      let res = await request(`${service.sandboxUrl}/v1/users/${id}`, 'PUT', tenant.apiKey, { status: 'active' });
      // user_sync is 3,000 a minute and cannot be raised: a bench with more users waits its turn.
      while (res.status === 429) {
        await sleep(1000 * Number(res.headers.get('retry-after') ?? 1));
        res = await request(`${service.sandboxUrl}/v1/users/${id}`, 'PUT', tenant.apiKey, { status: 'active' });
      }
      expectStatus(`PUT /v1/users/${id}`, res, 200, 201);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));

  const key = keyMaker('fund');
  for (let from = 0; from < ids.length; from += 500) {
    const items = ids.slice(from, from + 500).map((id) => ({
      idempotency_key: key(),
      external_user_id: id,
      direction: 'credit',
      amount: STARTING_BALANCE,
    }));
    const res = await request(
      `${service.sandboxUrl}/v1/balance-sync/batch`,
      'POST',
      tenant.apiKey,
      { items },
      { 'idempotency-key': key() },
    );
    expectStatus('POST /v1/balance-sync/batch (starting balances)', res, 200);
    const refused = (res.json.results as { status: number }[]).filter((r) => r.status !== 200);
    if (refused.length > 0)
      throw new Error(`starting balances: ${refused.length} items refused, first ${JSON.stringify(refused[0])}`);
  }
}

/**
 * A stake limit over the day, the week and the month for each of `ids` (docs/operator-api.md, "Player
 * limits"), each high enough never to refuse a bench open, so that a phase measures what judging them costs.
 */
export async function setPlayerLimits(
  service: Pick<ServiceProcess, 'sandboxUrl'>,
  tenant: BenchTenant,
  ids: readonly string[],
): Promise<void> {
  const limits = { stake_per_day: '100000.00', stake_per_week: '500000.00', stake_per_month: '1000000.00' };
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const res = await request(`${service.sandboxUrl}/v1/users/${id}/limits`, 'PUT', tenant.apiKey, limits);
      expectStatus(`PUT /v1/users/${id}/limits`, res, 200);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}
