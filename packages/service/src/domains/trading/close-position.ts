import type { Rejection } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { getPosition, recordRejection } from '../positions/index.js';

/** POST /v1/positions/{id}/close as the market's batch takes it (batch/run-trade-batch.ts). */
export interface CloseInput {
  positionId: string;
  minPriceMicro: bigint;
}

/**
 * Records a refused close with the request's fields, after its batch committed. A close of a position
 * that is not there (or not the session's) names no user to record it for.
 */
export async function recordCloseRejection(
  ctx: TenantCtx,
  attempt: { input: CloseInput; fields: Record<string, unknown> },
  rejection: Rejection,
): Promise<void> {
  const position = await getPosition(ctx, attempt.input.positionId);
  if (!position.ok) return;
  const { positionId } = attempt.input;
  const record = { externalUserId: position.value.externalUserId, action: 'close' as const, positionId };
  await recordRejection(ctx.db, ctx.tenantEnv, { ...record, code: rejection.code, request: attempt.fields }, ctx.now);
}
