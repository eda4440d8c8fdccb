import { tenantEnvOf } from '../tenant-env.js';
import type { Principal } from '../../http/auth.js';
import { ApiError, type RequestContext } from '../../errors/index.js';
import { formatAmount } from '../../lib/money.js';
import { isUuid, newId } from '../../lib/ids.js';
import type { StoredAnswer } from '../idempotency/answers.js';
import { fingerprint } from '../idempotency/model/fingerprint.js';
import { reject, runIdempotent, type IdempotentDeps } from '../idempotency/run-idempotent.js';
import { recordEvents } from '../events/event-repo.js';
import { lockUsers, postEntries } from '../ledger/ledger-repo.js';
import { post } from '../ledger/model/balance.js';
import { lockMarketById, saveMarketState, type MarketForTrade } from '../markets/market-repo.js';
import { formatPrice, parsePrice, quoteClose } from '../markets/model/quotes.js';
import { evaluateOrdersAfter } from '../orders/evaluate-orders.js';
import { tradingRejection } from './model/open-rules.js';
import { findPosition, markClosed, type PositionRow } from './position-repo.js';
import { recordRejection } from './rejection-repo.js';
import { errorOf } from './rejection-error.js';
import { presentPosition } from './schemas.js';

export const POSITION_CLOSE_OPERATION = 'position_close';

const notFound = (id: string) => new ApiError('not_found', `No position ${id}.`);
const terminal = (p: PositionRow) =>
  new ApiError('position_terminal', `The position is ${p.state}; only an open position can be closed.`);

/** The position a principal may act on: a session sees only its own user's positions. */
export async function positionFor(
  db: Parameters<typeof findPosition>[0],
  principal: Principal,
  id: string,
  lock = false,
): Promise<PositionRow> {
  const position = isUuid(id) ? await findPosition(db, tenantEnvOf(principal), id, lock) : null;
  if (!position || (principal.kind === 'session' && position.externalUserId !== principal.externalUserId))
    throw notFound(id);
  return position;
}

/** What a close would pay now, and the market it would move; throws for a position or market that cannot close. */
export function closeTerms(market: MarketForTrade | null, position: PositionRow, now: Date) {
  if (position.state !== 'open') throw terminal(position);
  if (!market) throw new ApiError('validation_failed', 'The market is no longer available to this tenant.');
  const trading = tradingRejection(market, now);
  if (trading) throw errorOf(trading);
  const index = market.outcomes.findIndex((o) => o.id === position.outcomeId);
  const quote = quoteClose(market.q, market.b, index, position.shares);
  if (!quote.ok)
    throw new ApiError('validation_failed', `The market maker cannot buy these shares back now (${quote.code}).`);
  return quote;
}

/**
 * POST /v1/positions/{id}/close: sells the position's shares back to the market maker. Like an open, a
 * rejected close does not spend its key and is recorded; a repeated close with a new key is 409
 * position_terminal and sends nothing.
 */
export async function closePosition(
  deps: IdempotentDeps,
  principal: Principal,
  context: RequestContext,
  key: string,
  positionId: string,
  minPrice: string,
): Promise<StoredAnswer> {
  const scope = tenantEnvOf(principal);
  const fields = { position_id: positionId, min_price: minPrice };
  const minPriceMicro = parsePrice(minPrice)!;
  let owner: string | null = null;
  return runIdempotent(
    deps,
    { ...scope, operation: POSITION_CLOSE_OPERATION },
    context,
    { key, requestHash: fingerprint(fields) },
    async (tx, now) => {
      const seen = await positionFor(tx, principal, positionId);
      owner = seen.externalUserId;
      // Lock order of every trade: the market row, then the position and its user.
      const market = await lockMarketById(tx, scope.tenantId, seen.marketId);
      const position = await positionFor(tx, principal, positionId, true);
      const user = (await lockUsers(tx, scope, [position.externalUserId])).get(position.externalUserId)!;
      let quote: ReturnType<typeof closeTerms>;
      try {
        quote = closeTerms(market, position, now);
      } catch (error) {
        reject(error as ApiError);
      }
      if (user.status === 'blocked') reject(errorOf({ code: 'user_blocked' }));
      if (quote.closePriceMicro < minPriceMicro)
        reject(errorOf({ code: 'price_moved', priceMicro: quote.closePriceMicro }));

      const transactionId = newId();
      const posting = post(user.balance, quote.proceedsMinor);
      if (!posting.ok) throw new Error('a credit cannot overdraw');
      await postEntries(
        tx,
        scope,
        [
          {
            id: transactionId,
            userId: user.id,
            entryType: 'position_close_credit',
            amount: quote.proceedsMinor,
            balanceAfter: posting.balanceAfter,
            reversesTransactionId: null,
            positionId,
          },
        ],
        now,
      );
      const via = principal.kind;
      await markClosed(
        tx,
        positionId,
        { payout: quote.proceedsMinor, closePriceMicro: quote.closePriceMicro, transactionId, via },
        now,
      );
      await saveMarketState(tx, market!.id, quote.qAfter, market!.b, now);
      if (via === 'session') {
        await recordEvents(
          tx,
          [
            {
              scope,
              type: 'position.closed',
              data: {
                position_id: positionId,
                external_user_id: position.externalUserId,
                market_slug: position.marketSlug,
                outcome_id: position.outcomeId,
                payout: formatAmount(quote.proceedsMinor),
                close_price: formatPrice(quote.closePriceMicro),
                settlement_transaction_id: transactionId,
              },
            },
          ],
          now,
        );
      }
      const closed = {
        ...position,
        state: 'closed' as const,
        payout: quote.proceedsMinor,
        closePriceMicro: quote.closePriceMicro,
        settlementTransactionId: transactionId,
        closedAt: now,
      };
      return { status: 200, body: JSON.stringify(presentPosition(closed)) };
    },
    async (error, now) => {
      // A close of a position that is not there (or not the session's) names no user to record it for.
      if (owner === null) return;
      await recordRejection(
        deps.db,
        scope,
        { externalUserId: owner, action: 'close', positionId, code: error.code, request: fields },
        now,
      );
    },
  ).then((answer) => evaluateOrdersAfter(deps, answer));
}
