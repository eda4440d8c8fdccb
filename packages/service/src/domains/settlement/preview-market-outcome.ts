import { ok, rejected, type Result } from '../../errors/index.js';
import type { Ctx } from '../context.js';
import { balancesOf } from '../ledger/index.js';
import { marketPositionsInStates } from '../positions/index.js';
import { readMarketForSettlement } from '../trading/index.js';
import { transitionOf, type MarketAction } from './model/market-transition.js';
import { planOutcome, type OutcomeSummary } from './outcome-plan.js';

/**
 * What changeMarketOutcome would do now, computed by the same plan and changing nothing: no lock is
 * taken, so a preview never holds up trading. Refused exactly when the change would be.
 */
export async function previewMarketOutcome(
  ctx: Ctx,
  input: { slug: string; action: MarketAction },
): Promise<Result<OutcomeSummary>> {
  const market = await readMarketForSettlement(ctx.db, input.slug);
  if (!market) return rejected('not_found', `No market ${input.slug}.`);
  const transition = transitionOf(market, input.action);
  if (!transition.ok) return rejected(transition.code, transition.message);
  const { kind, target } = transition;
  const initial = kind === 'resolve' || kind === 'void';
  const positions = await marketPositionsInStates(
    ctx.db,
    market.id,
    initial ? ['open'] : ['settled_win', 'settled_loss', 'voided'],
  );
  const balances = await balancesOf(ctx.db, [...new Set(positions.map((p) => p.userId))], { lock: false });
  return ok(planOutcome(kind, target, market, positions, balances, ctx.now).summary);
}
