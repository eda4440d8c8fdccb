import type { Db } from '../../db/connection.js';
import { ApiError } from '../../errors/index.js';
import { listEnabledMarkets, type MarketRecord, type MarketStatus } from './market-repo.js';
import { SLUG_PATTERN } from './schemas.js';

/** Cursors are opaque to clients: here the last slug of the page, base64url-encoded. */
export function encodeMarketCursor(slug: string): string {
  return Buffer.from(`m:${slug}`).toString('base64url');
}

export function decodeMarketCursor(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  const text = Buffer.from(cursor, 'base64url').toString();
  const slug = text.startsWith('m:') ? text.slice(2) : '';
  if (!SLUG_PATTERN.test(slug)) throw new ApiError('validation_failed', 'cursor is not a cursor this list gave out.');
  return slug;
}

/** Markets enabled for the tenant, ordered by slug, one page at a time. */
export async function listMarkets(
  deps: { db: Db },
  tenantId: string,
  page: { status?: MarketStatus; limit: number; cursor?: string },
): Promise<{ markets: MarketRecord[]; nextCursor: string | null }> {
  const rows = await listEnabledMarkets(deps.db, tenantId, {
    afterSlug: decodeMarketCursor(page.cursor),
    limit: page.limit + 1,
    status: page.status,
  });
  const markets = rows.slice(0, page.limit);
  return {
    markets,
    nextCursor: rows.length > page.limit ? encodeMarketCursor(markets[markets.length - 1]!.slug) : null,
  };
}
