import { randomUUID } from 'node:crypto';
import { createDb, createPool as createServicePool, type Db } from '../../packages/service/src/db/connection.js';
import { authenticateApiKey } from '../../packages/service/src/domains/api-keys/index.js';
import { fingerprint } from '../../packages/service/src/domains/idempotency/index.js';
import { callApplyBalanceSyncs, ENTRY_TYPE_BY_DIRECTION } from '../../packages/service/src/domains/sync/index.js';
import { parseAmount } from '../../packages/service/src/lib/money.js';
import { randomMovement, type Movement } from './movements.js';
import { runClosedLoops, type LoopsResult } from './closed-loops.js';
import type { Observation } from './observe.js';
import { loopPhase, type Phase } from './report.js';
import { fmt } from './stats.js';

/*
 * The statements one POST /v1/balance-sync sends, taken from the service's own repos (so they cannot
 * drift): the key lookup on the pool, then the one call of apply_balance_syncs (migration 0013) that
 * claims the key, applies, records and stores the answer, committing on its own. Kysely compiles each
 * statement (microseconds); there is no HTTP, JSON body, zod, verb or presenter around them (the stored
 * answers are fixed strings of the same size).
 */

/** Statements per applied sync, for the report. */
export const STATEMENTS_PER_SYNC = 2;

const PLACEHOLDER = 'balance-00000000000000000000000000000000';

/** One balance sync as the service sends it to the database, minus everything above the repos. */
async function syncOnce(db: Db, apiKey: string, idempotencyKey: string, movement: Movement): Promise<void> {
  const now = new Date();
  const key = await authenticateApiKey(db, apiKey, 'sandbox', now);
  if (!key.ok) throw new Error('api key not found');
  const scope = { ...key.value.tenantEnv, principal: 'operator', operation: 'balance_sync' };
  const transactionId = randomUUID();
  const [result] = await callApplyBalanceSyncs(db, scope, now, PLACEHOLDER, [
    {
      key: idempotencyKey,
      requestHash: fingerprint({ ...movement }),
      externalUserId: movement.external_user_id,
      direction: movement.direction,
      entryType: ENTRY_TYPE_BY_DIRECTION[movement.direction],
      amount: parseAmount(movement.amount)!,
      resultingBalance: null,
      transactionId,
      recordId: randomUUID(),
      applied: { status: 200, body: JSON.stringify({ transaction_id: transactionId, balance: PLACEHOLDER }) },
      overdrawn: {
        status: 409,
        body: '{"error":"would_overdraw","balance":"balance-00000000000000000000000000000000"}',
      },
    },
  ]);
  if (result!.outcome !== 'answered') throw new Error(`key ${idempotencyKey}: ${result!.outcome}`);
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

/** The bare ceiling as a phase of the report. */
export function barePhase(clients: number, r: BareResult, seen: Observation): Phase {
  return loopPhase('bare SQL ceiling', 'syncs', clients, r, 1, seen, [
    `${r.syncs} syncs in ${fmt(r.elapsedS, 2)} s (${fmt((r.syncs * STATEMENTS_PER_SYNC) / r.elapsedS, 0)} statements/s)`,
  ]);
}
