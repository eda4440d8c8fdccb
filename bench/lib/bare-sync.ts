import { randomUUID } from 'node:crypto';
import { createDb, createPool as createServicePool, type Db } from '../../packages/service/src/db/connection.js';
import { authenticateApiKey } from '../../packages/service/src/domains/api-keys/index.js';
import type { TenantEnv } from '../../packages/service/src/domains/context.js';
import { completeKeys, fingerprint, reserveKeys } from '../../packages/service/src/domains/idempotency/index.js';
import { lockUsers, post, postEntries } from '../../packages/service/src/domains/ledger/index.js';
import { ENTRY_TYPE_BY_DIRECTION, insertSyncRecords } from '../../packages/service/src/domains/sync/index.js';
import { formatAmount, parseAmount } from '../../packages/service/src/lib/money.js';
import { randomMovement, type Movement } from './movements.js';
import { runClosedLoops, type LoopsResult } from './closed-loops.js';

/*
 * The statements one applied POST /v1/balance-sync sends, taken from the service's own repos (so they
 * cannot drift): the key lookup and the idempotency reservation on the pool, then begin, the user lock,
 * the ledger insert+update, the balance_syncs insert, the key completion and commit on one connection.
 * Kysely compiles each statement (microseconds); there is no HTTP, JSON, zod, verb or runner around them.
 */

/** Statements per applied sync, for the report. */
export const STATEMENTS_PER_SYNC = 8;

const LOCK_SECONDS = 30;

/** One balance sync as the service sends it to the database, minus everything above the repos. */
async function syncOnce(db: Db, apiKey: string, idempotencyKey: string, movement: Movement): Promise<void> {
  const now = new Date();
  const key = await authenticateApiKey(db, apiKey, 'sandbox', now);
  if (!key.ok) throw new Error('api key not found');
  const tenantEnv: TenantEnv = key.value.tenantEnv;
  const scope = { ...tenantEnv, principal: 'operator', operation: 'balance_sync' };
  const holder = randomUUID();
  const requestHash = fingerprint({ ...movement });
  const claims = await reserveKeys(db, scope, [{ key: idempotencyKey, requestHash }], holder, now, LOCK_SECONDS);
  if (claims.get(idempotencyKey) !== 'reserved') throw new Error(`key ${idempotencyKey} not reserved`);
  await db.transaction().execute(async (tx) => {
    const user = (await lockUsers(tx, tenantEnv, [movement.external_user_id])).get(movement.external_user_id);
    if (!user) throw new Error(`user ${movement.external_user_id} not found`);
    const amount = parseAmount(movement.amount)!;
    const signed = movement.direction === 'credit' ? amount : -amount;
    const posting = post(user.balance, signed);
    const transactionId = posting.ok ? randomUUID() : null;
    if (posting.ok) {
      const entry = {
        id: transactionId!,
        userId: user.id,
        entryType: ENTRY_TYPE_BY_DIRECTION[movement.direction],
        amount: signed,
        balanceAfter: posting.balanceAfter,
        reversesTransactionId: null,
        positionId: null,
      };
      await postEntries(tx, tenantEnv, [entry], now);
    }
    const record = {
      id: randomUUID(),
      userId: user.id,
      idempotencyKey,
      direction: movement.direction,
      amount,
      resultingBalance: null,
      outcome: posting.ok ? ('applied' as const) : ('would_overdraw' as const),
      transactionId,
      ledgerBalance: posting.ok ? posting.balanceAfter : user.balance,
    };
    await insertSyncRecords(tx, tenantEnv, [record], now);
    const answer = posting.ok
      ? {
          status: 200,
          body: JSON.stringify({ transaction_id: transactionId, balance: formatAmount(posting.balanceAfter) }),
        }
      : { status: 409, body: '{"error":"would_overdraw"}' };
    await completeKeys(tx, scope, holder, [{ key: idempotencyKey, ...answer }]);
  });
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

export interface BareResult extends LoopsResult {
  syncs: number;
}

/** `connections` loops, each running syncOnce back to back on a pool of as many connections. */
export async function runBareSync(options: BareOptions): Promise<BareResult> {
  // The service's pool settings (int8 as bigint); an idle connection dropped by the server is ignored.
  const pool = createServicePool(options.databaseUrl, options.connections);
  const db = createDb(pool);
  try {
    const result = await runClosedLoops(options.connections, options.durationS, () =>
      syncOnce(db, options.apiKey, options.nextKey(), randomMovement(options.userIds)),
    );
    options.onLoopsDone?.();
    return { ...result, syncs: result.done };
  } finally {
    await pool.end();
  }
}
