import type { Db } from '../../db/connection.js';
import type { Principal } from '../../http/auth.js';
import type { Clock } from '../../lib/clock.js';
import { formatAmount } from '../../lib/money.js';
import { lockMarketById } from '../markets/market-repo.js';
import { formatPrice } from '../markets/model/quotes.js';
import { closeTerms, positionFor } from './close-position.js';

/**
 * POST /v1/positions/{id}/close-quote: what a close would pay now. Changes nothing, so it takes no
 * Idempotency-Key; it reads the market under its lock so the quote matches a close at that instant.
 */
export async function quoteClosePosition(deps: { db: Db; clock: Clock }, principal: Principal, positionId: string) {
  const position = await positionFor(deps.db, principal, positionId);
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock.now();
    const market = await lockMarketById(tx, principal.tenantId, position.marketId);
    const quote = closeTerms(market, position, now);
    return {
      position_id: position.id,
      proceeds: formatAmount(quote.proceedsMinor),
      close_price: formatPrice(quote.closePriceMicro),
      quoted_at: now.toISOString(),
    };
  });
}
