import { ok, rejected, type Result } from '../../errors/index.js';
import { encodeCursor, readCursor, type Page } from '../../lib/page.js';
import type { Ctx } from '../context.js';
import { countDeadLetterRows, listDeadLetterRows, type DeadLetterCount, type DeadLetterRow } from './delivery-repo.js';
import { filterProblem, type DeadLetterFilter } from './model/dead-letter-filter.js';

/** A page of dead letters, with where the page before it ends (null on the first). */
export interface DeadLetterListing extends Page<DeadLetterRow> {
  previousCursor: string | null;
}

/**
 * GET /platform/v1/dead-letters and the panel's list: the dead letters a filter matches, oldest event
 * first, a page at a time by keyset (a cursor is an event position, so resends and new dead letters
 * between pages never repeat or skip a row that stays). `cursor` continues after a page; `before` goes
 * back to the page before one (the panel's Previous link).
 */
export async function listDeadLetters(
  ctx: Ctx,
  query: { filter: DeadLetterFilter; limit: number; cursor?: string; before?: string },
): Promise<Result<DeadLetterListing>> {
  const problem = filterProblem(query.filter);
  if (problem) return rejected('validation_failed', problem);
  const after = readCursor(query.cursor);
  if (!after.ok) return after;
  const before = readCursor(query.before, 'before');
  if (!before.ok) return before;
  const { filter, limit } = query;
  if (before.value !== null) {
    const rows = await listDeadLetterRows(ctx.db, {
      filter,
      now: ctx.now,
      afterSeq: null,
      beforeSeq: before.value,
      limit,
    });
    const items = rows.slice(0, limit).reverse();
    return ok({
      items,
      nextCursor: encodeCursor(
        items.length > 0 ? items[items.length - 1]!.eventSeq : before.value > 0n ? before.value - 1n : 0n,
      ),
      previousCursor: rows.length > limit ? encodeCursor(items[0]!.eventSeq) : null,
    });
  }
  const rows = await listDeadLetterRows(ctx.db, { filter, now: ctx.now, afterSeq: after.value, limit });
  const items = rows.slice(0, limit);
  return ok({
    items,
    nextCursor: rows.length > limit ? encodeCursor(items[items.length - 1]!.eventSeq) : null,
    // A page reached by a cursor has a page before it: it ends where this one starts.
    previousCursor: after.value === null ? null : encodeCursor(items[0]?.eventSeq ?? after.value + 1n),
  });
}

/** How many dead letters a filter matches, in all and per tenant environment (the list's count, a bulk resend's preview). */
export async function countDeadLetters(
  ctx: Ctx,
  filter: DeadLetterFilter,
): Promise<Result<{ total: number; byTenant: DeadLetterCount[] }>> {
  const problem = filterProblem(filter);
  if (problem) return rejected('validation_failed', problem);
  const byTenant = await countDeadLetterRows(ctx.db, filter, ctx.now);
  return ok({ total: byTenant.reduce((sum, c) => sum + c.count, 0), byTenant });
}
