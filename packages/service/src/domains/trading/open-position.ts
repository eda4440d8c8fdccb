import type { Rejection } from '../../errors/index.js';
import { actingUser, type TenantCtx } from '../context.js';
import { recordRejection } from '../positions/index.js';

/** POST /v1/positions as the market's batch takes it (batch/run-trade-batch.ts). */
export interface OpenInput {
  /** The operator names the user; a session opens for its own user. */
  externalUserId?: string;
  marketSlug: string;
  outcomeId: string;
  stake: bigint;
  maxPriceMicro: bigint;
}

/**
 * Records a refused open with the request's fields as sent (decisions part 4: /v1/position-rejections),
 * after its batch committed. A session that named another user is not recorded: the attempt names no
 * user of its own.
 */
export async function recordOpenRejection(
  ctx: TenantCtx,
  attempt: { input: OpenInput; fields: Record<string, unknown> },
  rejection: Rejection,
): Promise<void> {
  const externalUserId = actingUser(ctx, attempt.input.externalUserId);
  if (!externalUserId.ok) return;
  const request = attempt.fields;
  await recordRejection(
    ctx.runtime.db,
    ctx.tenantEnv,
    { externalUserId: externalUserId.value, action: 'open', positionId: null, code: rejection.code, request },
    ctx.now,
  );
}
