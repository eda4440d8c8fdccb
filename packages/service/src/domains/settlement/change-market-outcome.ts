import { ok, rejected, type Result } from '../../errors/index.js';
import { ENVIRONMENTS, withTransaction, type Ctx } from '../context.js';
import { recordEvents } from '../events/index.js';
import { applyLeaderboardDeltas } from '../leaderboard/index.js';
import { balancesOf, postEntries } from '../ledger/index.js';
import { findMarketBySlug, setMarketOutcome, tenantsOfMarket, type MarketRecord } from '../markets/index.js';
import { expireOpenOrdersOfMarket } from '../orders/index.js';
import { marketPositionsInStates, settlePositions } from '../positions/index.js';
import { lockMarketForSettlement } from '../trading/index.js';
import { transitionOf, type MarketAction } from './model/market-transition.js';
import { planOutcome, sameSummary, type OutcomeSummary } from './outcome-plan.js';
import { marketEvent } from './position-events.js';

/**
 * Resolves, voids or corrects a market (docs/platform-api.md, "Settlement and corrections") in one transaction: the
 * market's new status, every moved position with its ledger lines, its leaderboard buckets and the events, all or
 * nothing (outcome-plan.ts). Closed positions are never touched; positions a correction leaves in their state post and
 * send nothing. With `expect` (a preview someone confirmed), a change that would now differ from it is refused. Each
 * table is written by its owner's repo: positions, the ledger and balances, the market, its orders, the leaderboard,
 * the events.
 *
 * Locks: the market row, then every affected user in id order, as every trade and settlement does.
 */
export async function changeMarketOutcome(
  ctx: Ctx,
  input: {
    slug: string;
    action: MarketAction;
    expect?: OutcomeSummary;
    /** A tenant settling its own sandbox test market (docs/operator-api.md, "Self-service, test markets and exposure"): any other market is not_found. */
    owner?: string;
  },
): Promise<Result<MarketRecord>> {
  const { now } = ctx;
  const { slug, action } = input;
  return withTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const market = await lockMarketForSettlement(tx, slug);
    if (!market || (input.owner !== undefined && market.ownerTenantId !== input.owner)) {
      return rejected('not_found', `No market ${slug}.`);
    }
    const transition = transitionOf(market, action);
    if (!transition.ok) return rejected(transition.code, transition.message);
    const { kind, target } = transition;

    const initial = kind === 'resolve' || kind === 'void';
    const positions = await marketPositionsInStates(
      tx,
      market.id,
      initial ? ['open'] : ['settled_win', 'settled_loss', 'voided'],
    );
    const balances = await balancesOf(tx, [...new Set(positions.map((p) => p.userId))], { lock: true });
    const plan = planOutcome(kind, target, market, positions, balances, now);
    if (input.expect && !sameSummary(input.expect, plan.summary)) {
      return rejected(
        'state_conflict',
        'The market changed since the preview: review the new preview and confirm again.',
      );
    }

    const events = [...plan.events];
    for (const tenantId of await tenantsOfMarket(txCtx, market.id)) {
      // A sandbox test market exists in its owner's sandbox only.
      for (const environment of market.ownerTenantId === null ? ENVIRONMENTS : (['sandbox'] as const)) {
        events.push({ scope: { tenantId, environment }, ...marketEvent(kind, market.slug, market, target) });
      }
    }
    // Each user's lines are in order within one tenant environment (a user belongs to one), so the
    // balance each group leaves is the user's final balance.
    for (const { scope, entries } of plan.entries) await postEntries(tx, scope, entries, now);
    await settlePositions(tx, plan.updates, now);
    await applyLeaderboardDeltas(tx, plan.leaderboard);
    await setMarketOutcome(tx, market.id, target.status, target.status === 'resolved' ? target.outcomeId : null, now);
    if (initial) await expireOpenOrdersOfMarket(tx, market.id, now);
    await recordEvents(tx, events, now);
    return ok((await findMarketBySlug(tx, slug))!);
  });
}
