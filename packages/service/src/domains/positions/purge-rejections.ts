import { inBatches } from '../../lib/in-batches.js';
import type { Ctx } from '../context.js';
import { deleteRejectionsBefore } from './rejection-repo.js';

/** How long rejected open and close attempts (GET /v1/position-rejections) are kept. */
export const REJECTION_RETENTION_DAYS = 30;
const BATCH = 1_000;

/**
 * Deletes recorded rejections older than the retention (lib/in-batches.ts); returns how many.
 */
export async function purgeRejections(ctx: Ctx): Promise<number> {
  const cutoff = new Date(ctx.now.getTime() - REJECTION_RETENTION_DAYS * 86_400_000);
  return inBatches(BATCH, (limit) => deleteRejectionsBefore(ctx.db, cutoff, limit));
}
