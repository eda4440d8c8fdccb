import { sql } from 'kysely';
import type { ServiceDeps } from '../deps.js';
import type { Job } from './runner.js';
import { BALANCE_SYNC_OPERATION } from '../domains/sync/apply-balance-syncs.js';
import { BALANCE_SYNC_BATCH_OPERATION } from '../domains/sync/apply-balance-sync-batch.js';

/** How long a stored answer is replayed, per operation (spec 8.2). Operations not listed are kept for ever. */
export const REPLAY_WINDOW_DAYS: Record<string, number> = {
  [BALANCE_SYNC_OPERATION]: 90,
  [BALANCE_SYNC_BATCH_OPERATION]: 90,
};

const BATCH = 1_000;

/** Deletes stored answers past their replay window, a bounded batch per pass; returns how many. */
export async function purgeIdempotencyKeys(deps: Pick<ServiceDeps, 'db' | 'clock'>): Promise<number> {
  let purged = 0;
  for (const [operation, days] of Object.entries(REPLAY_WINDOW_DAYS)) {
    const cutoff = new Date(deps.clock.now().getTime() - days * 86_400_000);
    // SKIP LOCKED: several processes may run this job at once without waiting on each other.
    const result = await sql`
      delete from idempotency_keys where ctid in (
        select ctid from idempotency_keys
        where operation = ${operation} and state = 'done' and created_at < ${cutoff}
        limit ${BATCH} for update skip locked)`.execute(deps.db);
    purged += Number(result.numAffectedRows ?? 0n);
  }
  return purged;
}

export const purgeIdempotencyKeysJob: Job = {
  name: 'purge-idempotency-keys',
  intervalMs: 60 * 60 * 1000,
  run: purgeIdempotencyKeys,
};
