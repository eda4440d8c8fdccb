import type { RequestContext } from '../../errors/index.js';
import type { PlaceOrderCommand, StoredAnswer } from '../commands.js';
import type { TenantCtx } from '../context.js';

export type OrderInput = Omit<PlaceOrderCommand, 'kind'>;

/**
 * POST /v1/orders through the write engine. Nothing is debited at placement: the placement checks the
 * market and the user (openRules at the placement stage), then the round evaluates the market's orders
 * with it, so the answer says filled when the market already satisfies the limit (or rejected when that
 * fill is refused). A refused placement gives its key back.
 */
export function placeOrder(
  ctx: TenantCtx,
  request: RequestContext,
  unit: { key: string; fields: Record<string, unknown>; input: OrderInput },
): Promise<StoredAnswer> {
  const { key, fields, input } = unit;
  return ctx.runtime.engine.submit({ ctx, request, key: { key, fields }, command: { kind: 'place_order', ...input } });
}
