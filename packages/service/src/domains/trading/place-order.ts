import { ok, rejected, type Result } from '../../errors/index.js';
import { newId } from '../../lib/ids.js';
import { actingUser, type TenantCtx } from '../context.js';
import { insertOrder, type OrderView } from '../orders/index.js';
import { fillOrdersInBatch } from './batch/fill-orders.js';
import { lockTraders, traderKey } from './batch/lock-traders.js';
import { MarketBook } from './batch/market-book.js';
import { evaluateOrders } from './evaluate-orders.js';
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
 * placement stage), then the order is evaluated at once under the same locks, as a batch evaluates
 * orders, so the answer says filled when the market already satisfies the limit (or rejected when that
 * fill is refused). After the commit the market's other orders are evaluated (a fill moved the price).
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
  const traders = await lockTraders(ctx.db, market.id, [{ scope: tenantEnv, externalUserId: externalUserId.value }]);
  const user = traders.get(traderKey(tenantEnv, externalUserId.value));
  const placement = openRules({
    stage: 'placement',
    market,
    user: user ?? { externalUserId: externalUserId.value, missing: true },
    outcomeId: input.outcomeId,
    now,
  });
  if (!placement.ok) return { ok: false, rejection: tradeRejection(placement.rejection) };

  const id = newId();
  const placed = { ...input, id, userId: user!.id, marketId: market.id };
  const seq = await insertOrder(ctx.db, tenantEnv, placed, now);
  const order: OrderView = {
    ...input,
    id,
    seq,
    scope: tenantEnv,
    externalUserId: externalUserId.value,
    marketId: market.id,
    marketSlug: market.slug,
    status: 'open',
    fillPriceMicro: null,
    positionId: null,
    rejectCode: null,
    createdAt: now,
  };
  const book = new MarketBook(market, new Set([tenantEnv.tenantId]), traders, new Map(), now);
  await fillOrdersInBatch(ctx.db, book, [order]);
  await book.write(ctx.db);
  ctx.afterCommit((after) => evaluateOrders(after, { id: market.id }));
  const change = book.orderChange(id);
  return ok(change ? { ...order, ...change } : order);
}
