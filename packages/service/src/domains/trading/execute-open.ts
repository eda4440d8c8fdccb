import { newId } from '../../lib/ids.js';
import { formatAmount } from '../../lib/money.js';
import type { Ctx, TenantEnv } from '../context.js';
import { recordEvents } from '../events/index.js';
import { postEntries, type LockedUser } from '../ledger/index.js';
import { formatPrice, saveMarketState, type MarketForTrade } from '../markets/index.js';
import { insertPosition, type PositionView } from '../positions/index.js';
import type { OpenQuote } from '../markets/model/quotes.js';

export interface OpenWrite {
  tenantEnv: TenantEnv;
  /** Locked by the caller, market first and then user: the lock order of every trade. */
  market: MarketForTrade;
  user: LockedUser;
  outcomeId: string;
  stake: bigint;
  /** What openRules decided: the quote and the balance after the debit. */
  quote: OpenQuote;
  balanceAfter: bigint;
  openedVia: 'api_key' | 'session' | 'order';
  orderId: string | null;
}

/**
 * Writes an open that openRules accepted, in the caller's transaction: the debit, the position, the
 * market's new state and price point, and position.opened for a widget session (an order's fill sends
 * order.filled instead). Opens through the API and limit-order fills both come through here.
 */
export async function executeOpen(ctx: Ctx, open: OpenWrite): Promise<PositionView> {
  const { market, user, tenantEnv, quote, now } = { ...open, now: ctx.now };
  const positionId = newId();
  const transactionId = newId();
  const debit = {
    id: transactionId,
    userId: user.id,
    entryType: 'position_open_debit',
    amount: -open.stake,
    balanceAfter: open.balanceAfter,
    reversesTransactionId: null,
    positionId,
  };
  await postEntries(ctx.db, tenantEnv, [debit], now);
  user.balance = open.balanceAfter;
  await insertPosition(
    ctx.db,
    tenantEnv,
    {
      id: positionId,
      userId: user.id,
      marketId: market.id,
      outcomeId: open.outcomeId,
      stake: open.stake,
      shares: quote.shares,
      priceMicro: quote.priceMicro,
      openTransactionId: transactionId,
      openedVia: open.openedVia,
      orderId: open.orderId,
    },
    now,
  );
  market.q = quote.qAfter;
  await saveMarketState(ctx.db, market.id, market.q, market.b, now);
  if (open.openedVia === 'session') {
    const data = {
      position_id: positionId,
      external_user_id: user.externalUserId,
      market_slug: market.slug,
      outcome_id: open.outcomeId,
      stake: formatAmount(open.stake),
      price: formatPrice(quote.priceMicro),
      open_transaction_id: transactionId,
    };
    await recordEvents(ctx.db, [{ scope: tenantEnv, type: 'position.opened', data }], now);
  }
  return {
    id: positionId,
    externalUserId: user.externalUserId,
    marketSlug: market.slug,
    outcomeId: open.outcomeId,
    state: 'open',
    stake: open.stake,
    shares: quote.shares,
    priceMicro: quote.priceMicro,
    payout: null,
    closePriceMicro: null,
    openTransactionId: transactionId,
    settlementTransactionId: null,
    openedAt: now,
    closedAt: null,
    settledAt: null,
  };
}
