import { z } from 'zod';
import { ok, rejected, type Result } from '../errors/index.js';

/** List query parameters shared by every list: `limit` (default 50, at most 500) and `cursor`. */
export const PageQuery = {
  limit: z.coerce.number().int().min(1).max(500).default(50).describe('At most 500; default 50.'),
  cursor: z.string().max(128).optional().describe('next_cursor of the previous page.'),
};

export function pageOf<T>(item: z.ZodType<T>) {
  return z.object({
    data: z.array(item),
    next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page.'),
  });
}

/** The largest value of a PostgreSQL bigint: sequence positions never pass it. */
export const MAX_BIGINT = 2n ** 63n - 1n;

/** Cursors are opaque to clients: a position in a sequence, base64url-encoded. */
export function encodeCursor(seq: bigint): string {
  return Buffer.from(`s${seq}`).toString('base64url');
}

/**
 * The position a cursor names, null for the first page. A text this service did not give out is
 * validation_failed, and so is a position past the bigint range, which no list ever reaches.
 */
export function readCursor(cursor: string | undefined, name = 'cursor'): Result<bigint | null> {
  if (cursor === undefined) return ok(null);
  const match = /^s(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const seq = match ? BigInt(match[1]!) : null;
  if (seq === null || seq > MAX_BIGINT)
    return rejected('validation_failed', `${name} is not a cursor this list gave out.`);
  return ok(seq);
}

/** One page of a list: its items, and where the next page starts (null on the last). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The page of rows read with limit + 1 (the extra row says whether more follow). */
export function pageFrom<T>(rows: readonly T[], limit: number, seqOf: (row: T) => bigint): Page<T> {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? encodeCursor(seqOf(items[items.length - 1]!)) : null };
}

/** A page on the wire: {"data":[…],"next_cursor"}, the shape of every list. */
export function presentPage<T, W>(page: Page<T>, present: (item: T) => W): { data: W[]; next_cursor: string | null } {
  return { data: page.items.map(present), next_cursor: page.nextCursor };
}
