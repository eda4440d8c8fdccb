import { z } from 'zod';
import { AMOUNT_DESCRIPTION, AMOUNT_PATTERN, formatAmount, parseAmount } from '../../lib/money.js';
import { PageQuery, pageOf } from '../../http/pagination.js';
import { ExternalUserId } from '../users/schemas.js';
import { formatPrice, SHARE_SCALE } from '../markets/model/quotes.js';
import type { PositionState } from '../../db/schema.js';

const PRICE_PATTERN = /^(0(\.[0-9]{1,6})?|1(\.0{1,6})?)$/;
const priceLimit = z.string().regex(PRICE_PATTERN, 'must be a decimal string from 0 to 1 with at most 6 decimals');
const stake = z
  .string()
  .regex(AMOUNT_PATTERN)
  .refine((text) => parseAmount(text)! > 0n, { message: 'stake must be above zero' })
  .describe(AMOUNT_DESCRIPTION);

export const OpenPositionBody = z.object({
  external_user_id: ExternalUserId.optional().describe(
    "Required with the API key; with a session token it is the session's user.",
  ),
  market_slug: z.string().min(1).max(64),
  outcome_id: z.string().min(1).max(64).describe('An outcome of the market (uuid).'),
  stake: stake.describe(`Amount debited at open. ${AMOUNT_DESCRIPTION}`),
  max_price: priceLimit.describe('The open fails with 409 price_moved when the price at open would be above it.'),
});
export type OpenPositionBody = z.infer<typeof OpenPositionBody>;

export const ClosePositionBody = z.object({
  min_price: priceLimit.describe('The close fails with 409 price_moved when the close price would be below it.'),
});

export const PositionParams = z.object({ id: z.string().max(64) });

export const PositionState_ = z.enum(['open', 'closed', 'settled_win', 'settled_loss', 'voided']);

export const Position = z.object({
  id: z.uuid(),
  external_user_id: z.string(),
  market_slug: z.string(),
  outcome_id: z.uuid(),
  state: PositionState_,
  stake: z.string(),
  shares: z.string().describe('Shares the market maker gave for the stake, 8 decimals.'),
  price: z.string().describe('Price at open: stake / shares rounded up to 6 decimals.'),
  payout: z.string().nullable().describe('Close proceeds, settlement payout or refund; null until there is one.'),
  close_price: z.string().nullable().describe('Proceeds / shares, 6 decimals; null unless closed.'),
  open_transaction_id: z.uuid(),
  settlement_transaction_id: z.uuid().nullable(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  settled_at: z.string().nullable(),
});
export type Position = z.infer<typeof Position>;

export const CloseQuote = z.object({
  position_id: z.uuid(),
  proceeds: z.string(),
  close_price: z.string(),
  quoted_at: z.string(),
});

export const PositionListQuery = z.object({
  external_user_id: ExternalUserId.optional(),
  market_slug: z.string().max(64).optional(),
  state: PositionState_.optional(),
  ...PageQuery,
});
export const PositionPage = pageOf(Position);

export const RejectionListQuery = z.object({ external_user_id: ExternalUserId.optional(), ...PageQuery });
export const PositionRejection = z.object({
  id: z.uuid(),
  external_user_id: z.string(),
  action: z.enum(['open', 'close']),
  position_id: z.uuid().nullable(),
  error: z.string().describe('The error code the attempt got.'),
  request: z.record(z.string(), z.unknown()).describe("The request's fields."),
  created_at: z.string(),
});
export const RejectionPage = pageOf(PositionRejection);

export function formatShares(units: bigint): string {
  return `${units / SHARE_SCALE}.${(units % SHARE_SCALE).toString().padStart(8, '0')}`;
}

/** A position row with the names operators know it by. */
export interface PositionView {
  id: string;
  externalUserId: string;
  marketSlug: string;
  outcomeId: string;
  state: PositionState;
  stake: bigint;
  shares: bigint;
  priceMicro: bigint;
  payout: bigint | null;
  closePriceMicro: bigint | null;
  openTransactionId: string;
  settlementTransactionId: string | null;
  openedAt: Date;
  closedAt: Date | null;
  settledAt: Date | null;
}

export function presentPosition(p: PositionView): Position {
  return {
    id: p.id,
    external_user_id: p.externalUserId,
    market_slug: p.marketSlug,
    outcome_id: p.outcomeId,
    state: p.state,
    stake: formatAmount(p.stake),
    shares: formatShares(p.shares),
    price: formatPrice(p.priceMicro),
    // decisions part 3: the payout of a settled_loss is "0", everywhere.
    payout: p.payout === null ? null : p.state === 'settled_loss' ? '0' : formatAmount(p.payout),
    close_price: p.closePriceMicro === null ? null : formatPrice(p.closePriceMicro),
    open_transaction_id: p.openTransactionId,
    settlement_transaction_id: p.settlementTransactionId,
    opened_at: p.openedAt.toISOString(),
    closed_at: p.closedAt?.toISOString() ?? null,
    settled_at: p.settledAt?.toISOString() ?? null,
  };
}
