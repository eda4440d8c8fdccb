import { z } from 'zod';
import type { SavedMarket as SavedMarketRow } from './saved-market-repo.js';

export const SavedMarketParams = z.object({ market_slug: z.string().max(200) });

export const SavedMarket = z.object({
  market_slug: z.string(),
  saved_at: z.string().describe('When the market was first saved (RFC 3339 UTC).'),
});

export const SavedMarketList = z.object({ data: z.array(SavedMarket).describe('Newest first; at most 50.') });

export function presentSavedMarket(s: SavedMarketRow): z.infer<typeof SavedMarket> {
  return { market_slug: s.marketSlug, saved_at: s.savedAt.toISOString() };
}
