import { ok, rejected, type Result } from '../../errors/index.js';
import type { Page } from '../../lib/page.js';
import type { TenantCtx } from '../context.js';
import { listEnabledMarkets, type MarketRecord, type MarketStatus } from './market-repo.js';
import { SLUG_PATTERN } from './model/slug.js';

/** Cursors are opaque to clients: here the last slug of the page, base64url-encoded. */
function encodeMarketCursor(slug: string): string {
  return Buffer.from(`m:${slug}`).toString('base64url');
}

function decodeMarketCursor(cursor: string): string | null {
  const text = Buffer.from(cursor, 'base64url').toString();
  const slug = text.startsWith('m:') ? text.slice(2) : '';
  return SLUG_PATTERN.test(slug) ? slug : null;
}

/** GET /v1/markets: markets enabled for the tenant, ordered by slug, one page at a time. */
export async function listMarkets(
  ctx: TenantCtx,
  page: { status?: MarketStatus; limit: number; cursor?: string },
): Promise<Result<Page<MarketRecord>>> {
  const afterSlug = page.cursor === undefined ? null : decodeMarketCursor(page.cursor);
  if (afterSlug === null && page.cursor !== undefined) {
    return rejected('validation_failed', 'cursor is not a cursor this list gave out.');
  }
  const rows = await listEnabledMarkets(ctx.db, ctx.tenantEnv, {
    afterSlug,
    limit: page.limit + 1,
    status: page.status,
  });
  const items = rows.slice(0, page.limit);
  return ok({ items, nextCursor: rows.length > page.limit ? encodeMarketCursor(items[items.length - 1]!.slug) : null });
}
