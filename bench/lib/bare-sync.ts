import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { randomMovement, type Movement } from './movements.js';
import { latencyOf, type Latency } from './stats.js';

/*
 * The statements one applied POST /v1/balance-sync sends, copied from the service (keep in step with it):
 *   authenticate-api-key.ts   the key lookup                (pool, autocommit)
 *   idempotency-repo.ts       reserveKeys insert            (pool, autocommit)
 *   apply-balance-syncs.ts    begin … commit on one pooled connection (kysely's transaction()):
 *     ledger-repo.ts          lockUsers select … for update
 *     ledger-repo.ts          postEntries insert+update CTE
 *     sync-repo.ts            insertSyncRecords insert
 *     idempotency-repo.ts     completeKeys update
 * Text is what kysely compiles (each ${} a new $n, in order); values are bound the same way (node-postgres,
 * unnamed statements), so the server does the same parsing and planning work per request.
 */

const AUTH_SQL =
  'select "api_keys"."id", "api_keys"."tenant_id", "api_keys"."environment", "api_keys"."scopes", "tenants"."status" ' +
  'from "api_keys" inner join "tenants" on "tenants"."id" = "api_keys"."tenant_id" ' +
  'where "api_keys"."key_hash" = $1 and "api_keys"."revoked_at" is null';

const RESERVE_SQL = `
    insert into idempotency_keys
      (tenant_id, environment, operation, key, request_hash, state, holder, locked_until, created_at)
    select $1, $2, $3, r.key, r.hash, 'in_progress', $4, $5, $6
    from unnest($7::text[], $8::bytea[]) as r(key, hash)
    on conflict (tenant_id, environment, operation, key) do update
      set request_hash = excluded.request_hash, holder = excluded.holder,
          locked_until = excluded.locked_until, created_at = excluded.created_at
      where idempotency_keys.state = 'in_progress' and idempotency_keys.locked_until < $9
    returning key`;

const LOCK_SQL =
  'select "id", "external_user_id", "status", "balance_minor" from "users" ' +
  'where "tenant_id" = $1 and "environment" = $2 and "external_user_id" in ($3) order by "id" for update';

const POST_SQL = `
    with inserted as (
      insert into transactions
        (id, tenant_id, environment, user_id, entry_type, amount_minor, balance_after_minor,
         reverses_transaction_id, position_id, created_at)
      select e.id, $1, $2, e.user_id, e.entry_type, e.amount, e.balance_after,
             e.reverses, e.position_id, $3
      from unnest($4::uuid[], $5::uuid[],
                  $6::text[], $7::bigint[],
                  $8::bigint[], $9::uuid[],
                  $10::uuid[])
        with ordinality as e(id, user_id, entry_type, amount, balance_after, reverses, position_id, n)
      order by e.n
      returning 1
    )
    update users set balance_minor = b.balance, updated_at = $11
    from unnest($12::uuid[], $13::bigint[]) as b(id, balance)
    where users.id = b.id`;

const RECORD_SQL = `
    insert into balance_syncs
      (id, tenant_id, environment, user_id, idempotency_key, direction, amount_minor, resulting_balance_minor,
       outcome, transaction_id, ledger_balance_minor, flagged_for_reconciliation, created_at)
    select r.id, $1, $2, r.user_id, r.key, r.direction, r.amount, r.resulting,
           r.outcome, r.transaction_id, r.ledger_balance, r.outcome = 'would_overdraw', $3
    from unnest($4::uuid[], $5::uuid[],
                $6::text[], $7::text[],
                $8::bigint[], $9::bigint[],
                $10::text[], $11::uuid[],
                $12::bigint[])
      as r(id, user_id, key, direction, amount, resulting, outcome, transaction_id, ledger_balance)`;

const COMPLETE_SQL = `
    update idempotency_keys k
    set state = 'done', response_status = c.status, response_body = c.body
    from unnest($1::text[], $2::int[],
                $3::text[]) as c(key, status, body)
    where k.tenant_id = $4 and k.environment = $5
      and k.operation = $6 and k.key = any($1::text[]) and k.key = c.key and k.state = 'in_progress'
    returning k.key, k.holder`;

/** Statements per applied sync, for the report. */
export const STATEMENTS_PER_SYNC = 8;

const INT8_OID = 20;
const LOCK_SECONDS = 30;
const sha256 = (text: string) => createHash('sha256').update(text).digest();
const formatMinor = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
const toMinor = (amount: string) => {
  const [units, fraction = ''] = amount.split('.');
  return BigInt(units!) * 100n + BigInt(fraction.padEnd(2, '0'));
};

/** The service's pool settings (db/connection.ts): int8 arrives as bigint. */
function createPool(url: string, max: number): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (value: string) => BigInt(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
}

/** One balance sync as the service would send it, minus HTTP, JSON, zod and kysely. */
async function syncOnce(pool: pg.Pool, apiKey: string, idempotencyKey: string, movement: Movement): Promise<void> {
  const now = new Date();
  const auth = await pool.query(AUTH_SQL, [sha256(apiKey)]);
  const principal = auth.rows[0] as { tenant_id: string; environment: string } | undefined;
  if (!principal) throw new Error('api key not found');
  const { tenant_id: tenantId, environment } = principal;
  const holder = randomUUID();
  const requestHash = sha256(JSON.stringify(movement));
  const lockedUntil = new Date(now.getTime() + LOCK_SECONDS * 1000);
  const reserved = await pool.query(RESERVE_SQL, [
    tenantId,
    environment,
    'balance_sync',
    holder,
    lockedUntil,
    now,
    [idempotencyKey],
    [requestHash],
    now,
  ]);
  if (reserved.rows.length !== 1) throw new Error(`key ${idempotencyKey} not reserved`);

  const client = await pool.connect();
  try {
    await client.query('begin');
    const locked = await client.query(LOCK_SQL, [tenantId, environment, movement.external_user_id]);
    const user = locked.rows[0] as { id: string; balance_minor: bigint } | undefined;
    if (!user) throw new Error(`user ${movement.external_user_id} not found`);
    const amount = toMinor(movement.amount);
    const after = user.balance_minor + (movement.direction === 'credit' ? amount : -amount);
    const applied = after >= 0n;
    const transactionId = applied ? randomUUID() : null;
    if (applied) {
      await client.query(POST_SQL, [
        tenantId,
        environment,
        now,
        [transactionId],
        [user.id],
        [`balance_sync_${movement.direction}`],
        [movement.direction === 'credit' ? amount : -amount],
        [after],
        [null],
        [null],
        now,
        [user.id],
        [after],
      ]);
    }
    await client.query(RECORD_SQL, [
      tenantId,
      environment,
      now,
      [randomUUID()],
      [user.id],
      [idempotencyKey],
      [movement.direction],
      [amount],
      [null],
      [applied ? 'applied' : 'would_overdraw'],
      [transactionId],
      [applied ? after : user.balance_minor],
    ]);
    const answer = applied
      ? { status: 200, body: JSON.stringify({ transaction_id: transactionId, balance: formatMinor(after) }) }
      : { status: 409, body: '{"error":"would_overdraw"}' };
    const completed = await client.query(COMPLETE_SQL, [
      [idempotencyKey],
      [answer.status],
      [answer.body],
      tenantId,
      environment,
      'balance_sync',
    ]);
    if (completed.rows.length !== 1 || completed.rows[0].holder !== holder) throw new Error('reservation lost');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export interface BareOptions {
  databaseUrl: string;
  apiKey: string;
  userIds: readonly string[];
  connections: number;
  durationS: number;
  nextKey(): string;
  /** Called when the loops are done, before the pool closes (its backends exit, taking their CPU counters). */
  onLoopsDone?(): void;
}

export interface BareResult {
  elapsedS: number;
  syncs: number;
  errors: number;
  firstError: string | null;
  latency: Latency;
}

/** `connections` loops, each running syncOnce back to back on a pool of as many connections. */
export async function runBareSync(options: BareOptions): Promise<BareResult> {
  const pool = createPool(options.databaseUrl, options.connections);
  pool.on('error', () => {}); // an idle connection dropped by the server: the next query reports it
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const end = started + options.durationS * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        await syncOnce(pool, options.apiKey, options.nextKey(), randomMovement(options.userIds));
        latencies.push(performance.now() - t0);
      } catch (error) {
        errors++;
        firstError ??= (error as Error).message;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, loop));
    options.onLoopsDone?.();
  } finally {
    await pool.end();
  }
  return {
    elapsedS: (performance.now() - started) / 1000,
    syncs: latencies.length,
    errors,
    firstError,
    latency: latencyOf(latencies),
  };
}
