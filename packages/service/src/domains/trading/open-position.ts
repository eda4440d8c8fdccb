import { ok, rejected, type Rejection, type Result } from '../../errors/index.js';
import { actingUser, type TenantCtx } from '../context.js';
import { lockUsers } from '../ledger/index.js';
import { recordRejection, type PositionView } from '../positions/index.js';
import { decideOpen } from './decide-open.js';
import { evaluateOrders } from './evaluate-orders.js';
import { executeOpen } from './execute-open.js';
import { lockMarketForTrade } from './market-lock.js';
import { tradeRejection } from './model/trade-rejection.js';

export interface OpenInput {
  /** The operator names the user; a session opens for its own user. */
  externalUserId?: string;
  marketSlug: string;
  outcomeId: string;
  stake: bigint;
  maxPriceMicro: bigint;
}

/**
 * POST /v1/positions, in the caller's transaction: locks the market, then the user, decides with
 * openRules and writes the open. After the commit the market's limit orders are evaluated (the open
 * moved the price).
 */
export async function openPosition(ctx: TenantCtx, input: OpenInput): Promise<Result<PositionView>> {
  const externalUserId = actingUser(ctx, input.externalUserId);
  if (!externalUserId.ok) return externalUserId;
  const { tenantEnv } = ctx;
  const market = await lockMarketForTrade(ctx.db, tenantEnv.tenantId, { slug: input.marketSlug });
  if (!market) return rejected('validation_failed', `No market "${input.marketSlug}" is available to this tenant.`);
  const user = (await lockUsers(ctx.db, tenantEnv, [externalUserId.value])).get(externalUserId.value);
  const { outcomeId, stake, maxPriceMicro } = input;
  const ask = { user, externalUserId: externalUserId.value, outcomeId, stake, maxPriceMicro };
  const decision = await decideOpen(ctx.db, market, ask, ctx.now);
  if (!decision.ok) return { ok: false, rejection: tradeRejection(decision.rejection) };
  const openedVia = ctx.actor.kind === 'user' ? 'session' : 'api_key';
  const position = await executeOpen(ctx, {
    tenantEnv,
    market,
    user: user!,
    outcomeId: input.outcomeId,
    stake: input.stake,
    ...decision,
    openedVia,
    orderId: null,
  });
  ctx.afterCommit((after) => evaluateOrders(after, { id: market.id }));
  return ok(position);
}

/**
 * Records a refused open with the request's fields as sent (decisions part 4: /v1/position-rejections),
 * after its transaction rolled back. A session that named another user is not recorded: the attempt names
 * no user of its own.
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
