import { z } from 'zod';
import { formatAmount } from '../../lib/money.js';
import { PageQuery, pageOf } from '../../lib/page.js';
import { formatPrice } from '../markets/index.js';
import { ExternalUserId } from '../users/index.js';
import type { OrderView } from './order-repo.js';

export const ORDER_STATUSES = ['open', 'filled', 'expired', 'rejected', 'cancelled'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);

export const OrderParams = z.object({ id: z.string().max(64) });

export const Order = z.object({
  id: z.uuid(),
  status: OrderStatusSchema.describe(
    'open, then filled, expired, rejected (a fill the open rules refused) or cancelled; those never change.',
  ),
  external_user_id: z.string(),
  market_slug: z.string(),
  outcome_id: z.uuid(),
  stake: z.string(),
  limit_price: z.string().describe('Six decimals.'),
  fill_price: z
    .string()
    .nullable()
    .describe('The price at open of the position the fill opened (at or below limit_price); null unless filled.'),
  position_id: z.uuid().nullable().describe('The position the fill opened; null unless filled.'),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  reject_code: z
    .string()
    .nullable()
    .describe(
      'Why the fill was refused, as the error code an open would have had (would_overdraw, user_blocked, stake_limit_exceeded, validation_failed); null unless rejected.',
    ),
});
export type Order = z.infer<typeof Order>;

export const OrderListQuery = z.object({
  external_user_id: ExternalUserId.optional(),
  status: OrderStatusSchema.optional(),
  ...PageQuery,
});
export const OrderPage = pageOf(Order);

export function presentOrder(o: OrderView): Order {
  return {
    id: o.id,
    status: o.status,
    external_user_id: o.externalUserId,
    market_slug: o.marketSlug,
    outcome_id: o.outcomeId,
    stake: formatAmount(o.stake),
    limit_price: formatPrice(o.limitPriceMicro),
    fill_price: o.fillPriceMicro === null ? null : formatPrice(o.fillPriceMicro),
    position_id: o.positionId,
    expires_at: o.expiresAt?.toISOString() ?? null,
    created_at: o.createdAt.toISOString(),
    reject_code: o.status === 'rejected' ? o.rejectCode : null,
  };
}
