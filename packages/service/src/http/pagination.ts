import { z } from 'zod';
import { ApiError } from '../errors/index.js';

/** List query parameters shared by every list (decisions part 4). */
export const PageQuery = {
  limit: z.coerce.number().int().min(1).max(500).default(50).describe('At most 500; default 50.'),
  cursor: z.string().max(64).optional().describe('next_cursor of the previous page.'),
};

export function pageOf<T>(item: z.ZodType<T>) {
  return z.object({
    data: z.array(item),
    next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page.'),
  });
}

/** Cursors are opaque to clients: a position in a sequence, base64url-encoded. */
export function encodeCursor(seq: bigint): string {
  return Buffer.from(`s${seq}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): bigint | null {
  if (cursor === undefined) return null;
  const match = /^s(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new ApiError('validation_failed', 'cursor is not a cursor this list gave out.');
  return BigInt(match[1]!);
}
