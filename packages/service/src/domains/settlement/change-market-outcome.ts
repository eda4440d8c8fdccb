import { ok, rejected, type Result } from '../../errors/index.js';
import { newId } from '../../lib/ids.js';
import { ENVIRONMENTS, withTransaction, type Ctx, type TenantEnv } from '../context.js';
import { recordEvents, type NewEvent } from '../events/index.js';
import { postEntries, type Entry } from '../ledger/index.js';
import { findMarketBySlug, type MarketRecord } from '../markets/index.js';
import { lockMarketForSettlement } from '../trading/index.js';
import { transitionOf, type MarketAction } from './model/market-transition.js';
import { applyPostings, moveOf } from './model/settlement-plan.js';
import { marketEvent, positionEvent } from './position-events.js';
import {
  expireOpenOrders,
  lockBalances,
  positionsInStates,
  setMarketOutcome,
  tenantsWithMarket,
  updatePositions,
  type PositionUpdate,
} from './settlement-repo.js';

/**
 * Resolves, voids or corrects a market (spec 3.1, 3.2) in one transaction: the market's new status,
 * every moved position with its ledger lines (reversal of the old credit, a shortfall credit first when
 * the user has spent it, then the new credit), and the events, all or nothing. Closed positions are never
 * touched; positions a correction leaves in their state post and send nothing.
 *
 * Locks: the market row, then every affected user in id order, as every trade and settlement does.
 */
export async function changeMarketOutcome(
  ctx: Ctx,
  input: { slug: string; action: MarketAction },
): Promise<Result<MarketRecord>> {
  const { now } = ctx;
  const { slug, action } = input;
  return withTransaction(ctx, async ({ db: tx }) => {
    const market = await lockMarketForSettlement(tx, slug);
    if (!market) return rejected('not_found', `No market ${slug}.`);
    const transition = transitionOf(market, action);
    if (!transition.ok) return rejected(transition.code, transition.message);
    const { kind, target } = transition;

    const initial = kind === 'resolve' || kind === 'void';
    const positions = await positionsInStates(
      tx,
      market.id,
      initial ? ['open'] : ['settled_win', 'settled_loss', 'voided'],
    );
    const balances = await lockBalances(tx, [...new Set(positions.map((p) => p.userId))]);
    const entriesByScope = new Map<string, { scope: TenantEnv; entries: Entry[] }>();
    const updates: PositionUpdate[] = [];
    const events: NewEvent[] = [];

    for (const position of positions) {
      const move = moveOf(
        position,
        { state: position.state, creditTransactionId: position.settlementTransactionId, payout: position.payout },
        target,
      );
      if (!move) continue;
      const { lines, balance } = applyPostings(balances.get(position.userId)!, move.postings);
      const scope: TenantEnv = { tenantId: position.tenantId, environment: position.environment };
      const group = entriesByScope.get(`${scope.tenantId}/${scope.environment}`) ?? { scope, entries: [] };
      entriesByScope.set(`${scope.tenantId}/${scope.environment}`, group);
      let running = balances.get(position.userId)!;
      let newCredit: string | null = null;
      for (const line of lines) {
        running += line.amount;
        const id = newId();
        if (line.posting?.kind === 'credit') newCredit = id;
        group.entries.push({
          id,
          userId: position.userId,
          entryType: line.entryType,
          amount: line.amount,
          balanceAfter: running,
          reversesTransactionId: line.reverses,
          positionId: position.id,
        });
      }
      balances.set(position.userId, balance);
      updates.push({
        id: position.id,
        state: move.ending.state,
        payout: move.ending.payout,
        settlementTransactionId: newCredit,
      });
      events.push({ scope, ...positionEvent(kind, position, market.slug, move.ending, newCredit) });
    }

    for (const tenantId of await tenantsWithMarket(tx, market.id)) {
      for (const environment of ENVIRONMENTS) {
        events.push({ scope: { tenantId, environment }, ...marketEvent(kind, market.slug, market, target) });
      }
    }
    // Each user's lines are in order within one tenant environment (a user belongs to one), so the
    // balance each group leaves is the user's final balance.
    for (const { scope, entries } of entriesByScope.values()) await postEntries(tx, scope, entries, now);
    await updatePositions(tx, updates, now);
    await setMarketOutcome(tx, market.id, target.status, target.status === 'resolved' ? target.outcomeId : null, now);
    if (initial) await expireOpenOrders(tx, market.id, now);
    await recordEvents(tx, events, now);
    return ok((await findMarketBySlug(tx, slug))!);
  });
}
