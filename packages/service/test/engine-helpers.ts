import pg from 'pg';
import { sql } from 'kysely';
import { expect, inject } from 'vitest';
import { uniqueKey, type Response, type TestService, type TestTenant } from './helpers.js';
import type { TestMarket } from './trading-helpers.js';

/**
 * What the write engine's tests (engine-*.test.ts, issue 28) share: rows held from a connection of the
 * test's own, as a settlement or another process's round would hold them; a request whose settling is
 * observable, so a test can say "answered while that one is still pending" by order, not by time; and
 * the operator requests they send.
 */

/** A connection of the test's own to the run's database, ended by `end`. */
export async function ownConnection(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  return client;
}

export interface Held {
  /** Rolls the holding transaction back and ends its connection. */
  release(): Promise<void>;
}

/** Holds rows with `select … for update` in an open transaction until `release`. */
export async function holdRows(query: string, params: unknown[]): Promise<Held> {
  const client = await ownConnection();
  await client.query('begin');
  const { rowCount } = await client.query(query, params);
  expect(rowCount, `${query} holds a row`).toBeGreaterThan(0);
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await client.query('rollback');
      await client.end();
    },
  };
}

/** The market's row, as a settlement holds it. */
export const holdMarket = (slug: string) => holdRows('select 1 from markets where slug = $1 for update', [slug]);

/** The user's row, as a settlement (or another process's round) holds it. */
export const holdUser = (tenant: TestTenant, externalUserId: string, environment = 'sandbox') =>
  holdRows('select 1 from users where tenant_id = $1 and environment = $2 and external_user_id = $3 for update', [
    tenant.tenantId,
    environment,
    externalUserId,
  ]);

/** A request in flight whose settling can be asked about without waiting for it. */
export interface Pending {
  promise: Promise<Response>;
  settled(): boolean;
}

export function pending(promise: Promise<Response>): Pending {
  let done = false;
  const tracked = promise.finally(() => (done = true));
  // A failure is reported where the test awaits it, not as an unhandled rejection meanwhile.
  tracked.catch(() => {});
  return { promise: tracked, settled: () => done };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `promise`, or a failure naming `what` after `ms`: a generous bound, so that a command stalled behind a
 * held row fails the test with a reason (and lets the row go) instead of hanging until the test's timeout.
 */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Rate limits out of the way: these tests are about the engine, not the limiter. */
export async function raiseLimits(service: TestService, tenant: TestTenant): Promise<void> {
  const raised = await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/rate-limits`, {
    balance_sync: 1_000_000,
    positions: 1_000_000,
  });
  expect(raised.status, raised.text).toBe(200);
}

export interface OpenBody {
  external_user_id: string;
  market_slug: string;
  outcome_id: string;
  stake: string;
  max_price: string;
}

export function openBody(market: TestMarket, user: string, stake: string, index = 0, maxPrice = '1'): OpenBody {
  return {
    external_user_id: user,
    market_slug: market.slug,
    outcome_id: market.outcomes[index]!.id,
    stake,
    max_price: maxPrice,
  };
}

export function postOpen(service: TestService, tenant: TestTenant, body: OpenBody, key = uniqueKey('open')) {
  return service.api('sandbox', 'POST', '/v1/positions', { key: tenant.sandboxKey, idempotencyKey: key, body });
}

export function postClose(service: TestService, tenant: TestTenant, id: string, minPrice: string, key: string) {
  return service.api('sandbox', 'POST', `/v1/positions/${id}/close`, {
    key: tenant.sandboxKey,
    idempotencyKey: key,
    body: { min_price: minPrice },
  });
}

export function postSync(
  service: TestService,
  tenant: TestTenant,
  body: Record<string, unknown>,
  key = uniqueKey('sync'),
) {
  return service.api('sandbox', 'POST', '/v1/balance-sync', { key: tenant.sandboxKey, idempotencyKey: key, body });
}

export function postBatch(service: TestService, tenant: TestTenant, items: unknown[], key = uniqueKey('batch')) {
  return service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
    key: tenant.sandboxKey,
    idempotencyKey: key,
    body: { items },
  });
}

export async function balanceOf(service: TestService, tenant: TestTenant, user: string): Promise<string> {
  const res = await service.api('sandbox', 'GET', `/v1/users/${user}`, { key: tenant.sandboxKey });
  expect(res.status, res.text).toBe(200);
  return res.json.balance as string;
}

/** The ledger rows of a tenant after `afterSeq`, in seq order. */
export async function ledgerOf(service: TestService, tenantId: string, afterSeq = 0n) {
  const { rows } = await sql<{
    seq: bigint;
    id: string;
    external_user_id: string;
    entry_type: string;
    amount_minor: bigint;
    balance_after_minor: bigint;
    position_id: string | null;
  }>`
    select t.seq, t.id, u.external_user_id, t.entry_type, t.amount_minor, t.balance_after_minor, t.position_id
    from transactions t join users u on u.id = t.user_id
    where t.tenant_id = ${tenantId} and t.seq > ${afterSeq}
    order by t.seq`.execute(service.db);
  return rows.map((r) => ({ ...r, seq: BigInt(r.seq) }));
}

/** The highest ledger seq of a tenant so far (0 when it has none). */
export async function lastSeqOf(service: TestService, tenantId: string): Promise<bigint> {
  const { rows } = await sql<{ seq: string | null }>`
    select max(seq)::text as seq from transactions where tenant_id = ${tenantId}`.execute(service.db);
  return BigInt(rows[0]!.seq ?? '0');
}

/** A market's q as stored (float8[]: exact round trip). */
export async function qOf(service: TestService, slug: string): Promise<number[]> {
  const { rows } = await sql<{ q: number[] }>`select q from markets where slug = ${slug}`.execute(service.db);
  return rows[0]!.q;
}

/** How many positions a market holds. */
export async function positionCount(service: TestService, slug: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from positions p join markets m on m.id = p.market_id where m.slug = ${slug}`.execute(
    service.db,
  );
  return rows[0]!.n;
}
