import { fieldRejected, ok, type RequestContext } from '../../errors/index.js';
import { newId } from '../../lib/ids.js';
import { presenter } from '../../lib/present.js';
import { actingUser, type TenantCtx } from '../context.js';
import { answered, submitTo, userOnMarket, type KeyedRoute, type Handler, type StoredAnswer } from '../handler.js';
import { refusalAnswer } from '../idempotency/index.js';
import { NO_STANDING, type RoundLimits } from '../player-limits/index.js';
import { openRules } from '../trading/model/open-rules.js';
import { tradeRejection } from '../trading/model/trade-rejection.js';
import { fillOrders, type OrderState } from './fill-orders.js';
import type { OrderView } from './order-repo.js';
import { Order, presentOrder } from './schemas.js';

/** POST /v1/orders: 201 with the order as its placement left it (open, filled or rejected). */
export const PLACE_ROUTE: KeyedRoute<OrderView> = {
  operation: 'order_place',
  status: 201,
  present: presenter(Order, presentOrder),
};

export interface OrderInput {
  externalUserId: string | undefined;
  marketSlug: string;
  outcomeId: string;
  stake: bigint;
  limitPriceMicro: bigint;
  expiresAt: Date | null;
}

/** What a placement reads besides the market's orders: the player's limits, which a placement must fit. */
export interface PlaceState extends OrderState {
  limits: RoundLimits;
}

/**
 * A limit order placed. Nothing is debited at placement: it checks the market and the user (the open's
 * rules at the placement stage), then the market's orders are evaluated with it, so the answer says filled
 * when the market already satisfies the limit (or rejected when that fill is refused). 201 with the order;
 * a refused placement gives its key back.
 */
export const placeHandler: Handler<OrderInput, PlaceState> = {
  route: PLACE_ROUTE,
  needs: (input, { ctx }) => userOnMarket(ctx, input.externalUserId, input.marketSlug),
  apply(state, input, { ctx, request }) {
    const placed = place(state, ctx, input);
    if (!placed.ok) return { answer: refusalAnswer(placed.rejection, request, state.now), spend: false };
    return answered(PLACE_ROUTE, placed.value);
  },
};

function place(state: PlaceState, ctx: TenantCtx, input: OrderInput) {
  const acting = actingUser(ctx, input.externalUserId);
  if (!acting.ok) return acting;
  const scope = ctx.tenantEnv;
  if (input.expiresAt !== null && input.expiresAt <= state.now) {
    return fieldRejected('body', 'expires_at', 'expires_at must be in the future.');
  }
  const held = state.markets.tradedBy(scope, input.marketSlug);
  if (!held)
    return fieldRejected('body', 'market_slug', `No market "${input.marketSlug}" is available to this tenant.`);
  const user = state.balances.user(scope, acting.value);
  const placement = openRules({
    stage: 'placement',
    market: held.market,
    user: user ?? { externalUserId: acting.value, missing: true },
    player: user ? state.limits.of(user.id) : NO_STANDING,
    outcomeId: input.outcomeId,
    stake: input.stake,
    now: state.now,
  });
  if (!placement.ok) return { ok: false as const, rejection: tradeRejection(placement.rejection, 'body') };
  const order: OrderView = {
    id: newId(),
    seq: 0n,
    scope,
    marketId: held.market.id,
    externalUserId: acting.value,
    marketSlug: held.market.slug,
    outcomeId: input.outcomeId,
    stake: input.stake,
    limitPriceMicro: input.limitPriceMicro,
    status: 'open',
    fillPriceMicro: null,
    positionId: null,
    rejectCode: null,
    expiresAt: input.expiresAt,
    createdAt: state.now,
  };
  state.orders.place(order, user!.id);
  fillOrders(state, held);
  return ok(order);
}

/** POST /v1/orders through the write engine. */
export function placeOrder(
  ctx: TenantCtx,
  request: RequestContext,
  unit: { key: string; fields: Record<string, unknown>; input: OrderInput },
): Promise<StoredAnswer> {
  const { key, fields, input } = unit;
  return submitTo(placeHandler, { ctx, request, key: { key, fields } }, input);
}
