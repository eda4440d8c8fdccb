import { newId } from '../../lib/ids.js';
import type { TenantEnv } from '../context.js';
import type { NewEvent } from '../events/index.js';
import { leaderboardDeltas, type BucketDelta, type PositionChange } from '../leaderboard/index.js';
import type { Entry } from '../ledger/index.js';
import type { PositionSettlement, SettleablePosition } from '../positions/index.js';
import type { Transition } from './model/market-transition.js';
import { applyPostings, moveOf } from './model/settlement-plan.js';
import { positionEvent } from './position-events.js';

/**
 * What a market's change does, in numbers a person can check before it is applied (docs/platform-api.md, "Settlement and corrections"):
 * how many positions move and where to, and the money each way. The panel shows it as a preview; the
 * change itself refuses to apply when the market has since moved on and the numbers differ.
 */
export interface OutcomeSummary {
  /** The market as the change found it: a confirm after someone else changed the market is refused. */
  fromStatus: string;
  fromOutcomeId: string | null;
  positions: number;
  wins: number;
  losses: number;
  voids: number;
  users: number;
  /** Credits to users: winnings, refunds and shortfall credits, in minor units. */
  paidToUsers: bigint;
  /** Reversals of earlier credits (corrections), in minor units. */
  takenFromUsers: bigint;
  /** The part of paidToUsers that only covers reversals users had spent (correction_shortfall_credit). */
  shortfallCredits: bigint;
}

export interface OutcomePlan {
  entries: { scope: TenantEnv; entries: Entry[] }[];
  updates: PositionSettlement[];
  /** The leaderboard's buckets each moved position changes, in the period it first ended in. */
  leaderboard: BucketDelta[];
  events: NewEvent[];
  summary: OutcomeSummary;
}

/**
 * Every moved position's ledger lines (reversal of the old credit, a shortfall credit first when the user
 * has spent it, then the new credit), its new standing, what it moves on the leaderboard and its event,
 * against the users' balances. `now` is when a position that ends here ends.
 */
export function planOutcome(
  kind: Extract<Transition, { ok: true }>['kind'],
  target: Extract<Transition, { ok: true }>['target'],
  market: { slug: string; status: string; resolvedOutcomeId: string | null },
  positions: readonly SettleablePosition[],
  startBalances: ReadonlyMap<string, bigint>,
  now: Date,
): OutcomePlan {
  const balances = new Map(startBalances);
  const groups = new Map<string, { scope: TenantEnv; entries: Entry[] }>();
  const updates: PositionSettlement[] = [];
  const changes: PositionChange[] = [];
  const events: NewEvent[] = [];
  const summary: OutcomeSummary = {
    fromStatus: market.status,
    fromOutcomeId: market.resolvedOutcomeId,
    positions: 0,
    wins: 0,
    losses: 0,
    voids: 0,
    users: 0,
    paidToUsers: 0n,
    takenFromUsers: 0n,
    shortfallCredits: 0n,
  };
  const users = new Set<string>();

  for (const position of positions) {
    const standing = {
      state: position.state,
      creditTransactionId: position.settlementTransactionId,
      payout: position.payout,
    };
    const move = moveOf(position, standing, target);
    if (!move) continue;
    const start = balances.get(position.userId)!;
    const { lines, balance } = applyPostings(start, move.postings);
    const scope: TenantEnv = { tenantId: position.tenantId, environment: position.environment };
    const key = `${scope.tenantId}/${scope.environment}`;
    const group = groups.get(key) ?? { scope, entries: [] };
    groups.set(key, group);
    let running = start;
    let newCredit: string | null = null;
    for (const line of lines) {
      running += line.amount;
      const id = newId();
      if (line.posting?.kind === 'credit') newCredit = id;
      if (line.amount > 0n) summary.paidToUsers += line.amount;
      else summary.takenFromUsers -= line.amount;
      if (line.entryType === 'correction_shortfall_credit') summary.shortfallCredits += line.amount;
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
    users.add(position.userId);
    summary.positions += 1;
    if (move.ending.state === 'settled_win') summary.wins += 1;
    else if (move.ending.state === 'settled_loss') summary.losses += 1;
    else summary.voids += 1;
    updates.push({
      id: position.id,
      state: move.ending.state,
      payout: move.ending.payout,
      settlementTransactionId: newCredit,
    });
    // A position keeps the time it first ended (settled_at) through every correction.
    const endedAt = position.settledAt ?? now;
    changes.push({
      ...scope,
      userId: position.userId,
      before: position.state === 'open' ? null : { endedAt, stake: position.stake, payout: position.payout },
      after: { endedAt, stake: position.stake, payout: move.ending.payout },
    });
    events.push({ scope, ...positionEvent(kind, position, market.slug, move.ending, newCredit) });
  }
  summary.users = users.size;
  return { entries: [...groups.values()], updates, leaderboard: leaderboardDeltas(changes), events, summary };
}

/** Whether two summaries tell the same change (the preview a person confirmed, and the change now). */
export function sameSummary(a: OutcomeSummary, b: OutcomeSummary): boolean {
  return (Object.keys(a) as (keyof OutcomeSummary)[]).every((k) => a[k] === b[k]);
}
