import { ok, rejected, type Result } from '../../errors/index.js';
import type { Page } from '../../lib/page.js';
import type { TenantCtx } from '../context.js';
import { isSlug, type MarketRecord } from '../markets/index.js';
import { sandboxOnly } from './sandbox-only.js';
import { listOwnedMarkets } from './test-market-repo.js';

/** Cursors are opaque to clients: here the last slug of the page, base64url-encoded. */
const encodeCursor = (slug: string) => Buffer.from(`t:${slug}`).toString('base64url');

function decodeCursor(cursor: string): string | null {
  const text = Buffer.from(cursor, 'base64url').toString();
  const slug = text.startsWith('t:') ? text.slice(2) : '';
  return isSlug(slug) ? slug : null;
}

/** GET /v1/sandbox/markets: the caller's test markets, any status, ordered by slug, a page at a time. */
export async function listTestMarkets(
  ctx: TenantCtx,
  page: { limit: number; cursor?: string },
): Promise<Result<Page<MarketRecord>>> {
  const allowed = sandboxOnly(ctx);
  if (!allowed.ok) return allowed;
  const afterSlug = page.cursor === undefined ? null : decodeCursor(page.cursor);
  if (afterSlug === null && page.cursor !== undefined) {
    return rejected('validation_failed', 'cursor is not a cursor this list gave out.');
  }
  const rows = await listOwnedMarkets(ctx.db, ctx.tenantEnv.tenantId, { afterSlug, limit: page.limit + 1 });
  const items = rows.slice(0, page.limit);
  return ok({ items, nextCursor: rows.length > page.limit ? encodeCursor(items[items.length - 1]!.slug) : null });
}
