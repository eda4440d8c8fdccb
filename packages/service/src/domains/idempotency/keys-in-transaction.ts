import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import type { TenantEnv } from '../context.js';
import { claimOf, type Claim } from './model/claim.js';

/*
 * The one idempotency mechanism (docs/architecture.md, "Idempotency"), and the only SQL of idempotency_keys besides the purge:
 * keys are claimed and answered inside the transaction of their work (an engine round, or keyedWork), with
 * no reservation committed first. A transaction-scoped advisory lock on the key stands for the
 * reservation: held exactly while the work is in flight, released by its commit or rollback (or by the
 * death of its connection), so a duplicate that finds it held is really in flight and gets
 * idempotency_key_in_progress. The one takeover rule: an in_progress row (no path writes one now; a
 * database kept from an earlier version may hold some) whose lock ran out never committed work, so its
 * key is free.
 */

/** Whose keys these are and of which operation (keys are per tenant environment and principal: docs/operator-api.md, "Balance sync"). */
export interface KeyScope extends TenantEnv {
  /** 'operator' for API-key requests, 'user:<external_user_id>' for one end user's session requests. */
  readonly principal: string;
  readonly operation: string;
}

export interface KeyRef {
  scope: KeyScope;
  key: string;
  requestHash: Buffer;
}

/** 'free' when the key is the caller's to use: never stored, or an old reservation that expired unfinished. */
export type KeyClaim = Claim | 'free';

/**
 * A key's one name: its whole scope and the key, unambiguously. It names the key's advisory lock, and in
 * the write engine the key while it is queued or running in this process.
 */
export const keyName = (r: KeyRef) =>
  JSON.stringify([r.scope.tenantId, r.scope.environment, r.scope.principal, r.scope.operation, r.key]);

/**
 * Takes each key's advisory lock without waiting and reads its stored row after the lock, in one round
 * trip (migration 0014: the read's snapshot must follow the lock, which one plain statement cannot do).
 */
export async function claimKeysInTransaction(tx: Executor, refs: readonly KeyRef[], now: Date): Promise<KeyClaim[]> {
  if (refs.length === 0) return [];
  const { rows } = await prepared(sql<{
    got: boolean;
    stored_hash: Buffer | null;
    stored_state: 'in_progress' | 'done' | null;
    stored_locked_until: Date | null;
    stored_created_at: Date | null;
    stored_status: number | null;
    stored_body: string | null;
  }>`
    select got, stored_hash, stored_state, stored_locked_until, stored_created_at, stored_status, stored_body
    from claim_idempotency_keys(
      ${refs.map(keyName)}::text[], ${refs.map((r) => r.scope.tenantId)}::uuid[],
      ${refs.map((r) => r.scope.environment)}::text[], ${refs.map((r) => r.scope.principal)}::text[],
      ${refs.map((r) => r.scope.operation)}::text[], ${refs.map((r) => r.key)}::text[])
    order by item_n`).execute(tx);
  return refs.map((ref, i): KeyClaim => {
    const row = rows[i]!;
    if (!row.got) return { kind: 'in_progress', retryAfterSeconds: 1 };
    if (row.stored_state === null) return 'free';
    const stored = {
      requestHash: row.stored_hash!,
      state: row.stored_state,
      lockedUntil: row.stored_locked_until!,
      createdAt: row.stored_created_at!,
      responseStatus: row.stored_status,
      responseBody: row.stored_body,
    };
    // An unfinished in_progress row whose lock ran out never committed work: the
    // key is free whatever body it was reserved for (as storeKeyAnswersSql sees it).
    if (stored.state === 'in_progress' && stored.lockedUntil < now) return 'free';
    return claimOf(stored, ref.requestHash, now);
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
