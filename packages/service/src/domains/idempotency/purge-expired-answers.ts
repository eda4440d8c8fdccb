import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { KEYED_OPERATIONS } from './operations.js';

const BATCH = 1_000;

/**
 * Deletes stored answers past their replay window, in bounded batches (short transactions) until a
 * batch comes back short, so one run clears the backlog however large; returns how many.
 */
export async function purgeExpiredAnswers(ctx: Ctx): Promise<number> {
  let purged = 0;
  for (const [operation, { replayDays }] of Object.entries(KEYED_OPERATIONS)) {
    if (replayDays === null) continue;
    const cutoff = new Date(ctx.now.getTime() - replayDays * 86_400_000);
    for (;;) {
      // SKIP LOCKED: several processes may run this job at once without waiting on each other.
      const result = await sql`
        delete from idempotency_keys where ctid in (
          select ctid from idempotency_keys
          where operation = ${operation} and state = 'done' and created_at < ${cutoff}
          limit ${BATCH} for update skip locked)`.execute(ctx.db);
      const deleted = Number(result.numAffectedRows ?? 0n);
      purged += deleted;
      if (deleted < BATCH) break;
    }
  }
  return purged;
}
