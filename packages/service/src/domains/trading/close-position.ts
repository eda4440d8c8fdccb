import type { RequestContext } from '../../errors/index.js';
import type { StoredAnswer } from '../commands.js';
import type { TenantCtx } from '../context.js';
import { getPosition } from '../positions/index.js';

export interface CloseInput {
  positionId: string;
  minPriceMicro: bigint;
}

/**
 * POST /v1/positions/{id}/close through the write engine: the position names its market and user, which
 * the round locks. A position the asker may not see is not_found, still after its key has had its say
 * (a replay, reused, in progress), and does not spend it.
 */
export async function closePosition(
  ctx: TenantCtx,
  request: RequestContext,
  unit: { key: string; fields: Record<string, unknown>; input: CloseInput },
): Promise<StoredAnswer> {
  const { key, fields, input } = unit;
  const seen = await getPosition(ctx, input.positionId);
  const position = seen.ok
    ? { marketId: seen.value.marketId, marketSlug: seen.value.marketSlug, externalUserId: seen.value.externalUserId }
    : null;
  const command = {
    kind: 'close',
    positionId: input.positionId,
    position,
    minPriceMicro: input.minPriceMicro,
  } as const;
  return ctx.runtime.engine.submit({ ctx, request, key: { key, fields }, command });
}
