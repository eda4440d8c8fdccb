import type { Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import type { MarketRecord } from '../markets/index.js';
import { changeMarketOutcome, type MarketAction } from '../settlement/index.js';
import { sandboxOnly } from './sandbox-only.js';

/**
 * Resolves, voids or corrects one of the caller's own test markets with the platform's settlement: the
 * same transitions, ledger lines and events (these reach the owner's sandbox only, the one tenant
 * environment that has the market). Any other market, a shared one included, is not_found.
 */
export async function settleTestMarket(
  ctx: TenantCtx,
  input: { slug: string; action: MarketAction },
): Promise<Result<MarketRecord>> {
  const allowed = sandboxOnly(ctx);
  if (!allowed.ok) return allowed;
  return changeMarketOutcome(ctx, { ...input, owner: ctx.tenantEnv.tenantId });
}
