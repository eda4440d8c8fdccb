import { fieldRejected, type RequestContext } from '../../errors/index.js';
import { presenter } from '../../lib/present.js';
import { actingUser, type TenantCtx } from '../context.js';
import {
  answered,
  submitTo,
  userOnMarket,
  type KeyedRoute,
  viaOf,
  type Handler,
  type StoredAnswer,
} from '../handler.js';
import { refusalAnswer } from '../idempotency/index.js';
import { fillOrders } from '../orders/index.js';
import { Position, presentPosition, type PositionView } from '../positions/index.js';
import { openOn, type TradeState } from './trade.js';

/** POST /v1/positions: 201 with the opened position. */
export const OPEN_ROUTE: KeyedRoute<PositionView> = {
  operation: 'position_open',
  status: 201,
  present: presenter(Position, presentPosition),
};

export interface OpenInput {
  externalUserId: string | undefined;
  marketSlug: string;
  outcomeId: string;
  stake: bigint;
  maxPriceMicro: bigint;
}

/**
 * An open by an operator or a session (docs/operator-api.md, "Positions"): judged by the open's rules against its
 * market and user (trade.ts), then the market's limit orders are evaluated after it. An opened position is stored for
 * its key (201); a refused open gives its key back and is listed in /v1/position-rejections.
 */
export const openHandler: Handler<OpenInput, TradeState> = {
  route: OPEN_ROUTE,
  needs: (input, { ctx }) => userOnMarket(ctx, input.externalUserId, input.marketSlug),
  apply(state, input, { ctx, request, key }) {
    const refuse = (rejection: Parameters<typeof refusalAnswer>[0]) => refusalAnswer(rejection, request, state.now);
    const user = actingUser(ctx, input.externalUserId);
    if (!user.ok) return { answer: refuse(user.rejection), spend: false };
    const scope = ctx.tenantEnv;
    const held = state.markets.tradedBy(scope, input.marketSlug);
    const ask = { ...input, scope, externalUserId: user.value, via: viaOf(ctx), orderId: null };
    const opened = held
      ? openOn(state, held, ask)
      : fieldRejected('body', 'market_slug', `No market "${input.marketSlug}" is available to this tenant.`);
    if (opened.ok) {
      fillOrders(state, held!);
      return answered(OPEN_ROUTE, opened.value);
    }
    const attempt = { externalUserId: user.value, action: 'open' as const, positionId: null };
    state.positions.reject(scope, { ...attempt, code: opened.rejection.code, request: key!.fields });
    return { answer: refuse(opened.rejection), spend: false };
  },
};

/** POST /v1/positions through the write engine. */
export function openPosition(
  ctx: TenantCtx,
  request: RequestContext,
  unit: { key: string; fields: Record<string, unknown>; input: OpenInput },
): Promise<StoredAnswer> {
  const { key, fields, input } = unit;
  return submitTo(openHandler, { ctx, request, key: { key, fields } }, input);
}
