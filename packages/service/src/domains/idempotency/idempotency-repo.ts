import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { TenantEnv } from '../context.js';
import { claimOf, type Claim } from './model/claim.js';

/** Whose keys these are and of which operation (decisions part 4: keys are per tenant environment and principal). */
export interface KeyScope extends TenantEnv {
  /** 'operator' for API-key requests, 'user:<external_user_id>' for one end user's session requests. */
  readonly principal: string;
  readonly operation: string;
}

export interface KeyRequest {
  key: string;
  requestHash: Buffer;
}

export interface Completion {
  key: string;
  status: number;
  body: string;
}

const inScope = (scope: KeyScope) => sql`tenant_id = ${scope.tenantId} and environment = ${scope.environment}
  and principal = ${scope.principal} and operation = ${scope.operation}`;

/**
 * Reserves keys for one holder in one statement. A key is taken when it is new, or when an earlier
 * reservation expired without its work committing (work and completion commit together, so an expired
 * in_progress row means nothing was applied). Every other key gets the claim that decides its answer.
 */
export async function reserveKeys(
  db: Executor,
  scope: KeyScope,
  requests: readonly KeyRequest[],
  holder: string,
  now: Date,
  lockSeconds: number,
): Promise<Map<string, Claim | 'reserved'>> {
  const result = new Map<string, Claim | 'reserved'>();
  if (requests.length === 0) return result;
  const lockedUntil = new Date(now.getTime() + lockSeconds * 1000);
  const reserved = await sql<{ key: string }>`
    insert into idempotency_keys
      (tenant_id, environment, principal, operation, key, request_hash, state, holder, locked_until, created_at)
    select ${scope.tenantId}, ${scope.environment}, ${scope.principal}, ${scope.operation}, r.key, r.hash,
           'in_progress', ${holder}, ${lockedUntil}, ${now}
    from unnest(${requests.map((r) => r.key)}::text[], ${requests.map((r) => r.requestHash)}::bytea[]) as r(key, hash)
    on conflict (tenant_id, environment, principal, operation, key) do update
      set request_hash = excluded.request_hash, holder = excluded.holder,
          locked_until = excluded.locked_until, created_at = excluded.created_at
      where idempotency_keys.state = 'in_progress' and idempotency_keys.locked_until < ${now}
    returning key`.execute(db);
  for (const row of reserved.rows) result.set(row.key, 'reserved');
  const others = requests.filter((r) => !result.has(r.key));
  if (others.length === 0) return result;
  const stored = await sql<{
    key: string;
    request_hash: Buffer;
    state: 'in_progress' | 'done';
    locked_until: Date;
    created_at: Date;
    response_status: number | null;
    response_body: string | null;
  }>`
    select key, request_hash, state, locked_until, created_at, response_status, response_body
    from idempotency_keys
    where ${inScope(scope)} and key = any(${others.map((r) => r.key)}::text[])`.execute(db);
  const byKey = new Map(stored.rows.map((row) => [row.key, row]));
  for (const request of others) {
    const row = byKey.get(request.key);
    // Deleted between the two statements (a released reservation): the client may simply retry.
    const claim: Claim = row
      ? claimOf(
          {
            requestHash: row.request_hash,
            state: row.state,
            lockedUntil: row.locked_until,
            createdAt: row.created_at,
            responseStatus: row.response_status,
            responseBody: row.response_body,
          },
          request.requestHash,
          now,
        )
      : { kind: 'in_progress', retryAfterSeconds: 1 };
    result.set(request.key, claim);
  }
  return result;
}

/**
 * Stores the responses of reserved keys inside the transaction of the work they describe. Throws when
 * a key is no longer held (its reservation expired and another request took it over), which rolls the
 * work back: that other request now owns the outcome.
 */
export async function completeKeys(
  tx: Executor,
  scope: KeyScope,
  holder: string,
  completions: readonly Completion[],
): Promise<void> {
  if (completions.length === 0) return;
  // Matched on the primary key alone (the any() gives the planner a key lookup rather than a join it
  // may plan as a scan of the operation's done keys) and the holder checked on the returned rows: a
  // filter on the per-request holder uuid misleads the planner into scanning the table.
  // Writing a row another holder took over is harmless, since the throw below rolls it back.
  const keys = completions.map((c) => c.key);
  const updated = await sql<{ key: string; holder: string }>`
    update idempotency_keys k
    set state = 'done', response_status = c.status, response_body = c.body
    from unnest(${keys}::text[], ${completions.map((c) => c.status)}::int[],
                ${completions.map((c) => c.body)}::text[]) as c(key, status, body)
    where k.tenant_id = ${scope.tenantId} and k.environment = ${scope.environment}
      and k.principal = ${scope.principal} and k.operation = ${scope.operation}
      and k.key = any(${keys}::text[]) and k.key = c.key and k.state = 'in_progress'
    returning k.key, k.holder`.execute(tx);
  if (updated.rows.length !== completions.length || updated.rows.some((row) => row.holder !== holder)) {
    throw new Error('an idempotency reservation expired before its work committed; the work is rolled back');
  }
}

/** Gives keys back unspent (for answers that must not spend them, such as unknown_user). */
export async function releaseKeys(
  db: Executor,
  scope: KeyScope,
  holder: string,
  keys: readonly string[],
): Promise<void> {
  if (keys.length === 0) return;
  await sql`
    delete from idempotency_keys
    where ${inScope(scope)} and key = any(${[...keys]}::text[]) and holder = ${holder} and state = 'in_progress'`.execute(
    db,
  );
}
