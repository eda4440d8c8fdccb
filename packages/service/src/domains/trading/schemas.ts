import { z } from 'zod';
import { AMOUNT_DESCRIPTION, formatAmount } from '../../lib/money.js';
import { positiveAmountText } from '../../lib/amount-text.js';
import { formatPrice, parsePrice, Slug } from '../markets/index.js';
import { ExternalUserId } from '../users/index.js';
import type { CloseQuoteView } from './quote-close.js';
import type { OpenQuoteView } from './quote-open.js';
import { formatShares } from '../positions/index.js';
import { PlainText } from '../../lib/text.js';

const PRICE_PATTERN = /^(0(\.[0-9]{1,6})?|1(\.0{1,6})?)$/;
const priceLimit = z.string().regex(PRICE_PATTERN, 'must be a decimal string from 0 to 1 with at most 6 decimals');
const stake = positiveAmountText();
const actingUserField = ExternalUserId.optional().describe(
  "Required with the API key; with a session token it is the session's user.",
);
const OutcomeId = z.uuid().describe('An outcome of the market.');

export const OpenPositionBody = z
  .object({
    external_user_id: actingUserField,
    market_slug: Slug,
    outcome_id: OutcomeId,
    stake: stake.describe(`Amount debited at open. ${AMOUNT_DESCRIPTION}`),
    max_price: priceLimit.describe('The open fails with 409 price_moved when the price at open would be above it.'),
  })
  .strict();
export type OpenPositionBody = z.infer<typeof OpenPositionBody>;

export const ClosePositionBody = z
  .object({
    min_price: priceLimit.describe('The close fails with 409 price_moved when the close price would be below it.'),
  })
  .strict();

export const CloseQuote = z.object({
  position_id: z.uuid(),
  proceeds: z.string(),
  close_price: z.string(),
  quoted_at: z.string(),
});

export const OpenQuoteBody = z.object({
  market_slug: Slug,
  outcome_id: OutcomeId,
  stake: stake.describe(`The stake to price. ${AMOUNT_DESCRIPTION}`),
});

export const OpenQuote = z.object({
  market_slug: z.string(),
  outcome_id: z.uuid(),
  stake: z.string(),
  shares: z.string().describe('Shares the stake would buy now, 8 decimals.'),
  price: z.string().describe('stake / shares rounded up to 6 decimals: what max_price is held against.'),
  max_stake: z
    .string()
    .describe(
      "The most one open may stake on this market (its max_stake_per_position). A user's open stake on the " +
        'market is capped too: an open past that cap answers stake_limit_exceeded with details.remaining.',
    ),
  quoted_at: z.string(),
});

export function presentOpenQuote(quote: OpenQuoteView): z.infer<typeof OpenQuote> {
  return {
    market_slug: quote.marketSlug,
    outcome_id: quote.outcomeId,
    stake: formatAmount(quote.stake),
    shares: formatShares(quote.shares),
    price: formatPrice(quote.priceMicro),
    max_stake: formatAmount(quote.maxStake),
    quoted_at: quote.quotedAt.toISOString(),
  };
}

export const PlaceOrderBody = z
  .object({
    external_user_id: actingUserField,
    market_slug: Slug,
    outcome_id: OutcomeId,
    stake: stake.describe(
      `Amount debited when the order fills (nothing is debited at placement). ${AMOUNT_DESCRIPTION}`,
    ),
    limit_price: z
      .string()
      .refine((text) => (parsePrice(text) ?? 0n) > 0n, {
        message: 'must be a decimal string above 0 and at most 1, with at most 6 decimals',
      })
      .describe(
        'The order fills when the price at open for its stake is at or below this price: above 0, at most 1, at most 6 decimals.',
      ),
    expires_at: z.iso
      .datetime()
      .optional()
      .describe(
        'RFC 3339 UTC with a Z, in the future. From then on the order is expired. Absent: the order does not expire.',
      ),
  })
  .strict();
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>;

export function presentCloseQuote(quote: CloseQuoteView): z.infer<typeof CloseQuote> {
  return {
    position_id: quote.positionId,
    proceeds: formatAmount(quote.proceeds),
    close_price: formatPrice(quote.closePriceMicro),
    quoted_at: quote.quotedAt.toISOString(),
  };
}

/** Suspend and reopen take an optional reason, kept in the audit log. */
export const MarketStatusBody = z
  .object({
    reason: PlainText.min(1)
      .max(500)
      .optional()
      .describe('Why, for whoever reads the audit log later (1 to 500 characters).'),
  })
  .strict();
