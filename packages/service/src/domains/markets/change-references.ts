import type { Ctx } from '../context.js';
import { changeSince, referencePrices } from './model/price-change.js';
import { changeReferences } from './price-point-repo.js';

/**
 * For each market, the prices its change_24h is measured against at ctx.now (model/price-change.ts): those
 * in force 24 hours before, or its prices at open when it is younger. One statement for all of them; a
 * market without any price point is null (no change).
 */
export async function referencePricesOf(
  ctx: Ctx,
  marketIds: readonly string[],
): Promise<Map<string, readonly bigint[] | null>> {
  const points = await changeReferences(ctx.db, marketIds, changeSince(ctx.now));
  return new Map(marketIds.map((id) => [id, referencePrices(points.get(id) ?? { atSince: null, first: null })]));
}
