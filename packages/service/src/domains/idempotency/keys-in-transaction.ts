import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { KeyScope } from './idempotency-repo.js';
import { claimOf, type Claim } from './model/claim.js';

/**
 * Keys claimed and answered inside the transaction of their work, with no reservation committed first:
 * the path of batched trades, where a separate commit per request would cost more than the trade. A
 * transaction-scoped advisory lock on the key stands for the reservation: held exactly while the work
 * is in flight, released by its commit or rollback (or by the death of its connection), so a duplicate
 * that finds it held is really in flight and gets idempotency_key_in_progress.
 */
export interface KeyRef {
  scope: KeyScope;
  key: string;
  requestHash: Buffer;
}

/** 'free' when the key is the caller's to use: never stored, or an old reservation that expired unfinished. */
export type KeyClaim = Claim | 'free';

/** A key's advisory lock name: its whole scope and the key, unambiguously (PostgreSQL text holds no NUL). */
const lockName = (refs: readonly KeyRef[]) =>
  refs.map((r) => JSON.stringify([r.scope.tenantId, r.scope.environment, r.scope.principal, r.scope.operation, r.key]));

/**
 * Takes each key's advisory lock without waiting, then reads the stored rows in a statement of its own,
 * whose snapshot follows the locks: a holder that committed before we got its lock is seen as done.
 */
export async function claimKeysInTransaction(tx: Executor, refs: readonly KeyRef[], now: Date): Promise<KeyClaim[]> {
  if (refs.length === 0) return [];
  const locks = await sql<{ got: boolean }>`
    select pg_try_advisory_xact_lock(hashtextextended(l.name, 0)) as got
    from unnest(${lockName(refs)}::text[]) with ordinality as l(name, n) order by l.n`.execute(tx);
  const stored = await sql<{
    n: string;
    request_hash: Buffer;
    state: 'in_progress' | 'done';
    locked_until: Date;
    created_at: Date;
    response_status: number | null;
    response_body: string | null;
  }>`
    select r.n, k.request_hash, k.state, k.locked_until, k.created_at, k.response_status, k.response_body
    from unnest(${refs.map((r) => r.scope.tenantId)}::uuid[], ${refs.map((r) => r.scope.environment)}::text[],
                ${refs.map((r) => r.scope.principal)}::text[], ${refs.map((r) => r.scope.operation)}::text[],
                ${refs.map((r) => r.key)}::text[]) with ordinality as r(tenant_id, environment, principal, operation, key, n)
    join idempotency_keys k on k.tenant_id = r.tenant_id and k.environment = r.environment
      and k.principal = r.principal and k.operation = r.operation and k.key = r.key`.execute(tx);
  const byIndex = new Map(stored.rows.map((row) => [Number(row.n) - 1, row]));
  return refs.map((ref, i): KeyClaim => {
    if (!locks.rows[i]!.got) return { kind: 'in_progress', retryAfterSeconds: 1 };
    const row = byIndex.get(i);
    if (!row) return 'free';
    const claim = claimOf(
      {
        requestHash: row.request_hash,
        state: row.state,
        lockedUntil: row.locked_until,
        createdAt: row.created_at,
        responseStatus: row.response_status,
        responseBody: row.response_body,
      },
      ref.requestHash,
      now,
    );
    // An unfinished reservation of the reserve-first path whose lock ran out never committed work.
    const lapsed = row.state === 'in_progress' && row.locked_until < now;
    return lapsed && claim.kind === 'in_progress' ? 'free' : claim;
  });
}

export interface StoredKeyAnswer extends KeyRef {
  status: number;
  body: string;
}

/**
 * Stores answers of keys this transaction claimed as free, done at once, as a part of the statement that
 * writes their work (returning one row per key written). checkKeysStored then rolls the work back when a
 * key turns out to be taken after all, which the advisory lock rules out, rather than doubling it.
 */
export function storeKeyAnswersSql(answers: readonly StoredKeyAnswer[], now: Date): RawBuilder<{ key: string }> {
  return sql<{ key: string }>`
    insert into idempotency_keys
      (tenant_id, environment, principal, operation, key, request_hash, state, holder, locked_until,
       response_status, response_body, created_at)
    select a.tenant_id, a.environment, a.principal, a.operation, a.key, a.hash, 'done', gen_random_uuid(), ${now},
           a.status, a.body, ${now}
    from unnest(${answers.map((a) => a.scope.tenantId)}::uuid[], ${answers.map((a) => a.scope.environment)}::text[],
                ${answers.map((a) => a.scope.principal)}::text[], ${answers.map((a) => a.scope.operation)}::text[],
                ${answers.map((a) => a.key)}::text[], ${answers.map((a) => a.requestHash)}::bytea[],
                ${answers.map((a) => a.status)}::int[], ${answers.map((a) => a.body)}::text[])
      as a(tenant_id, environment, principal, operation, key, hash, status, body)
    on conflict (tenant_id, environment, principal, operation, key) do update
      set request_hash = excluded.request_hash, state = 'done', holder = excluded.holder,
          locked_until = excluded.locked_until, response_status = excluded.response_status,
          response_body = excluded.response_body, created_at = excluded.created_at
      where idempotency_keys.state = 'in_progress' and idempotency_keys.locked_until < ${now}
    returning key`;
}

/** Every answer must have been written: a key taken by another request means the work must not commit. */
export function checkKeysStored(expected: number, written: number): void {
  if (written !== expected) {
    throw new Error('an idempotency key was taken while its advisory lock was held; the work is rolled back');
  }
}
