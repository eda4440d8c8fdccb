import type { Tx } from '../../db/connection.js';
import { newId } from '../../lib/ids.js';
import type { TenantEnv } from '../tenant-env.js';
import { recordEvents } from '../events/event-repo.js';
import { postEntries, type LockedUser } from '../ledger/ledger-repo.js';
import { post } from '../ledger/model/balance.js';
import { saveMarketState, type MarketForTrade } from '../markets/market-repo.js';
import { formatPrice, quoteOpen } from '../markets/model/quotes.js';
import { formatAmount } from '../../lib/money.js';
import { insertPosition, openStakeOnMarket } from './position-repo.js';
import { stakeRejection, tradingRejection, type Rejection } from './model/open-rules.js';
import type { PositionView } from './schemas.js';

export interface OpenRequest {
  scope: TenantEnv;
  /** Locked by the caller (market first, then user: the lock order of every trade). */
  market: MarketForTrade;
  user: LockedUser;
  outcomeId: string;
  stake: bigint;
  maxPriceMicro: bigint;
  openedVia: 'api_key' | 'session' | 'order';
  orderId: string | null;
}

export type OpenResult = { ok: true; position: PositionView } | { ok: false; rejection: Rejection };

/**
 * Opens a position inside the caller's transaction: every rule of spec 4.1, then the debit, the position,
 * the market's new state and price point, and position.opened for a widget session. Opens through the
 * API and limit-order fills both come through here.
 */
export async function executeOpen(tx: Tx, request: OpenRequest, now: Date): Promise<OpenResult> {
  const { market, user, scope } = request;
  const rejected = (rejection: Rejection): OpenResult => ({ ok: false, rejection });
  const outcomeIndex = market.outcomes.findIndex((o) => o.id === request.outcomeId);
  if (outcomeIndex < 0)
    return rejected({
      code: 'validation_failed',
      message: `The market ${market.slug} has no outcome ${request.outcomeId}.`,
    });
  const trading = tradingRejection(market, now);
  if (trading) return rejected(trading);
  if (user.status === 'blocked') return rejected({ code: 'user_blocked' });
  const caps = {
    maxStakePerPosition: market.maxStakePerPosition,
    maxOpenStakePerUser: market.maxOpenStakePerUser,
    openStake: await openStakeOnMarket(tx, user.id, market.id),
  };
  const overCap = stakeRejection(request.stake, caps);
  if (overCap) return rejected(overCap);
  const quote = quoteOpen(market.q, market.b, outcomeIndex, request.stake);
  if (!quote.ok)
    return rejected({ code: 'validation_failed', message: `The market maker cannot fill this stake (${quote.code}).` });
  if (quote.priceMicro > request.maxPriceMicro) return rejected({ code: 'price_moved', priceMicro: quote.priceMicro });
  const posting = post(user.balance, -request.stake);
  if (!posting.ok) return rejected({ code: 'would_overdraw', balance: posting.balance });

  const positionId = newId();
  const transactionId = newId();
  await postEntries(
    tx,
    scope,
    [
      {
        id: transactionId,
        userId: user.id,
        entryType: 'position_open_debit',
        amount: -request.stake,
        balanceAfter: posting.balanceAfter,
        reversesTransactionId: null,
        positionId,
      },
    ],
    now,
  );
  user.balance = posting.balanceAfter;
  await insertPosition(
    tx,
    scope,
    {
      id: positionId,
      userId: user.id,
      marketId: market.id,
      outcomeId: request.outcomeId,
      stake: request.stake,
      shares: quote.shares,
      priceMicro: quote.priceMicro,
      openTransactionId: transactionId,
      openedVia: request.openedVia,
      orderId: request.orderId,
    },
    now,
  );
  market.q = quote.qAfter;
  await saveMarketState(tx, market.id, market.q, market.b, now);
  if (request.openedVia === 'session') {
    await recordEvents(
      tx,
      [
        {
          scope,
          type: 'position.opened',
          data: {
            position_id: positionId,
            external_user_id: user.externalUserId,
            market_slug: market.slug,
            outcome_id: request.outcomeId,
            stake: formatAmount(request.stake),
            price: formatPrice(quote.priceMicro),
            open_transaction_id: transactionId,
          },
        },
      ],
      now,
    );
  }
  return {
    ok: true,
    position: {
      id: positionId,
      externalUserId: user.externalUserId,
      marketSlug: market.slug,
      outcomeId: request.outcomeId,
      state: 'open',
      stake: request.stake,
      shares: quote.shares,
      priceMicro: quote.priceMicro,
      payout: null,
      closePriceMicro: null,
      openTransactionId: transactionId,
      settlementTransactionId: null,
      openedAt: now,
      closedAt: null,
      settledAt: null,
    },
  };
}
