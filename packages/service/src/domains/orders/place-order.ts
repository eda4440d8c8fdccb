import { tenantEnvOf } from '../tenant-env.js';
import { ApiError, type RequestContext } from '../../errors/index.js';
import type { Principal } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { parseAmount } from '../../lib/money.js';
import type { StoredAnswer } from '../idempotency/answers.js';
import { fingerprint } from '../idempotency/model/fingerprint.js';
import { reject, runIdempotent, type IdempotentDeps } from '../idempotency/run-idempotent.js';
import { lockUsers } from '../ledger/ledger-repo.js';
import { lockMarketForTrade } from '../markets/market-repo.js';
import { parsePrice } from '../markets/model/quotes.js';
import { tradingRejection } from '../positions/model/open-rules.js';
import { actingUser } from '../positions/principal-user.js';
import { errorOf } from '../positions/rejection-error.js';
import { evaluateOrdersAfter } from './evaluate-orders.js';
import { insertOrder } from './order-repo.js';
import { resolveOrder } from './resolve-order.js';
import { presentOrder, type PlaceOrderBody } from './schemas.js';

export const ORDER_PLACE_OPERATION = 'order_place';

/**
 * POST /v1/orders: places a limit order. Nothing is debited here; the stake is debited when the order
 * fills. The order is evaluated at once in the placement's transaction (under the market's and the
 * user's locks, as an open takes them), so the answer says filled when the market already satisfies
 * the limit, and that answer is what the key replays. A refused placement does not spend its key and
 * is not recorded (like an open). After the commit, the market's other orders are evaluated (a fill
 * at once moved the price).
 */
export async function placeOrder(
  deps: IdempotentDeps,
  principal: Principal,
  context: RequestContext,
  key: string,
  body: PlaceOrderBody,
): Promise<StoredAnswer> {
  const scope = tenantEnvOf(principal);
  const externalUserId = actingUser(principal, body.external_user_id);
  const fields = {
    external_user_id: externalUserId,
    market_slug: body.market_slug,
    outcome_id: body.outcome_id,
    stake: body.stake,
    limit_price: body.limit_price,
    expires_at: body.expires_at ?? null,
  };
  const stake = parseAmount(body.stake)!;
  const limitPriceMicro = parsePrice(body.limit_price)!;
  const expiresAt = body.expires_at === undefined ? null : new Date(body.expires_at);
  const answer = await runIdempotent(
    deps,
    { ...scope, operation: ORDER_PLACE_OPERATION },
    context,
    { key, requestHash: fingerprint(fields) },
    async (tx, now) => {
      if (expiresAt !== null && expiresAt <= now)
        reject(new ApiError('validation_failed', 'expires_at must be in the future.'));
      // Lock order of every trade: the market row, then the user row.
      const market = await lockMarketForTrade(tx, scope.tenantId, body.market_slug);
      if (!market)
        reject(new ApiError('validation_failed', `No market "${body.market_slug}" is available to this tenant.`));
      if (!market.outcomes.some((o) => o.id === body.outcome_id)) {
        reject(new ApiError('validation_failed', `The market ${market.slug} has no outcome ${body.outcome_id}.`));
      }
      const trading = tradingRejection(market, now);
      if (trading) reject(errorOf(trading));
      const user = (await lockUsers(tx, scope, [externalUserId])).get(externalUserId);
      if (!user) reject(new ApiError('unknown_user', `No user "${externalUserId}" is registered.`));
      if (user.status === 'blocked') reject(errorOf({ code: 'user_blocked' }));

      const order = {
        id: newId(),
        scope,
        externalUserId,
        outcomeId: body.outcome_id,
        stake,
        limitPriceMicro,
        expiresAt,
      };
      const seq = await insertOrder(tx, scope, { ...order, userId: user.id, marketId: market.id }, now);
      const resolution = await resolveOrder(tx, market, order, async () => user, now);
      const filled = resolution.status === 'filled' ? resolution : null;
      const view = {
        ...order,
        seq,
        marketId: market.id,
        marketSlug: market.slug,
        status: resolution.status,
        fillPriceMicro: filled?.fillPriceMicro ?? null,
        positionId: filled?.positionId ?? null,
        rejectCode: resolution.status === 'rejected' ? resolution.code : null,
        createdAt: now,
      };
      return { status: 201, body: JSON.stringify(presentOrder(view)) };
    },
  );
  return evaluateOrdersAfter(deps, answer);
}
