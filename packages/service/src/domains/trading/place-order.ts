import { ok, rejected, type Result } from '../../errors/index.js';
import { newId } from '../../lib/ids.js';
import { actingUser, type TenantCtx } from '../context.js';
import { lockUsers } from '../ledger/index.js';
import { insertOrder, type OrderView } from '../orders/index.js';
import { evaluateOrders } from './evaluate-orders.js';
import { fillOrder } from './fill-order.js';
import { lockMarketForTrade } from './market-lock.js';
import { openRules } from './model/open-rules.js';
import { tradeRejection } from './model/trade-rejection.js';

export interface OrderInput {
  externalUserId?: string;
  marketSlug: string;
  outcomeId: string;
  stake: bigint;
  limitPriceMicro: bigint;
  expiresAt: Date | null;
}

/**
 * POST /v1/orders: places a limit order in the caller's transaction. Nothing is debited here; the stake
 * is debited when the order fills. The placement checks the market and the user (openRules at the
 * placement stage), then the order is evaluated at once under the same locks, so the answer says filled
 * when the market already satisfies the limit (or rejected when that fill is refused). After the commit
 * the market's other orders are evaluated (a fill at once moved the price).
 */
export async function placeOrder(ctx: TenantCtx, input: OrderInput): Promise<Result<OrderView>> {
  const externalUserId = actingUser(ctx, input.externalUserId);
  if (!externalUserId.ok) return externalUserId;
  const { tenantEnv, now } = ctx;
  if (input.expiresAt !== null && input.expiresAt <= now) {
    return rejected('validation_failed', 'expires_at must be in the future.');
  }
  // Lock order of every trade: the market row, then the user row.
  const market = await lockMarketForTrade(ctx.db, tenantEnv.tenantId, { slug: input.marketSlug });
  if (!market) return rejected('validation_failed', `No market "${input.marketSlug}" is available to this tenant.`);
  const user = (await lockUsers(ctx.db, tenantEnv, [externalUserId.value])).get(externalUserId.value);
  const placement = openRules({
    stage: 'placement',
    market,
    user: user ?? { externalUserId: externalUserId.value, missing: true },
    outcomeId: input.outcomeId,
    now,
  });
  if (!placement.ok) return { ok: false, rejection: tradeRejection(placement.rejection) };

  const order = { ...input, id: newId(), scope: tenantEnv, externalUserId: externalUserId.value };
  const seq = await insertOrder(ctx.db, tenantEnv, { ...order, userId: user!.id, marketId: market.id }, now);
  const resolution = await fillOrder(ctx, market, order, async () => user);
  const filled = resolution.status === 'filled' ? resolution : null;
  ctx.afterCommit((after) => evaluateOrders(after, { id: market.id }));
  return ok({
    ...order,
    seq,
    marketId: market.id,
    marketSlug: market.slug,
    status: resolution.status,
    fillPriceMicro: filled?.fillPriceMicro ?? null,
    positionId: filled?.positionId ?? null,
    rejectCode: resolution.status === 'rejected' ? resolution.code : null,
    createdAt: now,
  });
}
