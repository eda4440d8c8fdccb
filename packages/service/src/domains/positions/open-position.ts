import { tenantEnvOf } from '../tenant-env.js';
import type { Principal } from '../../http/auth.js';
import { ApiError, type RequestContext } from '../../errors/index.js';
import { parseAmount } from '../../lib/money.js';
import type { StoredAnswer } from '../idempotency/answers.js';
import { fingerprint } from '../idempotency/model/fingerprint.js';
import { reject, runIdempotent, type IdempotentDeps } from '../idempotency/run-idempotent.js';
import { lockUsers } from '../ledger/ledger-repo.js';
import { lockMarketForTrade } from '../markets/market-repo.js';
import { parsePrice } from '../markets/model/quotes.js';
import { evaluateOrdersAfter } from '../orders/evaluate-orders.js';
import { executeOpen } from './execute-open.js';
import { actingUser } from './principal-user.js';
import { recordRejection } from './rejection-repo.js';
import { errorOf } from './rejection-error.js';
import { presentPosition, type OpenPositionBody } from './schemas.js';

export const POSITION_OPEN_OPERATION = 'position_open';

/**
 * POST /v1/positions. A rejected open does not spend its key and is recorded as a rejected attempt;
 * an opened position's answer is replayed for its key with no time limit (spec 4.1, 8.2).
 */
export async function openPosition(
  deps: IdempotentDeps,
  principal: Principal,
  context: RequestContext,
  key: string,
  body: OpenPositionBody,
): Promise<StoredAnswer> {
  const scope = tenantEnvOf(principal);
  const externalUserId = actingUser(principal, body.external_user_id);
  const fields = {
    external_user_id: externalUserId,
    market_slug: body.market_slug,
    outcome_id: body.outcome_id,
    stake: body.stake,
    max_price: body.max_price,
  };
  const stake = parseAmount(body.stake)!;
  const maxPriceMicro = parsePrice(body.max_price)!;
  return runIdempotent(
    deps,
    { ...scope, operation: POSITION_OPEN_OPERATION },
    context,
    { key, requestHash: fingerprint(fields) },
    async (tx, now) => {
      // Lock order of every trade: the market row, then the user row.
      const market = await lockMarketForTrade(tx, scope.tenantId, body.market_slug);
      if (!market)
        reject(new ApiError('validation_failed', `No market "${body.market_slug}" is available to this tenant.`));
      const user = (await lockUsers(tx, scope, [externalUserId])).get(externalUserId);
      if (!user) reject(new ApiError('unknown_user', `No user "${externalUserId}" is registered.`));
      const result = await executeOpen(
        tx,
        {
          scope,
          market,
          user,
          outcomeId: body.outcome_id,
          stake,
          maxPriceMicro,
          openedVia: principal.kind,
          orderId: null,
        },
        now,
      );
      if (!result.ok) reject(errorOf(result.rejection));
      return { status: 201, body: JSON.stringify(presentPosition(result.position)) };
    },
    (error, now) =>
      recordRejection(
        deps.db,
        scope,
        { externalUserId, action: 'open', positionId: null, code: error.code, request: fields },
        now,
      ),
  ).then((answer) => evaluateOrdersAfter(deps, answer));
}
