import type { Environment } from '../../db/schema.js';
import { ok, type Result } from '../../errors/index.js';
import { pageFrom, readCursor, type Page } from '../../lib/page.js';
import type { Ctx } from '../context.js';
import { listDeadLetterRows, type DeadLetterRow } from './delivery-repo.js';

/** GET /platform/v1/dead-letters: deliveries that ran out of retries, oldest event first. */
export async function listDeadLetters(
  ctx: Ctx,
  query: { tenantId?: string; environment?: Environment; limit: number; cursor?: string },
): Promise<Result<Page<DeadLetterRow>>> {
  const after = readCursor(query.cursor);
  if (!after.ok) return after;
  const rows = await listDeadLetterRows(ctx.db, { ...query, afterSeq: after.value });
  return ok(pageFrom(rows, query.limit, (row) => row.eventSeq));
}
