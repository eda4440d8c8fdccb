import { newId } from '../../lib/ids.js';
import type { TenantEnv } from '../context.js';
import type { NewEvent } from '../events/index.js';
import { leaderboardDeltas, type BucketDelta, type PositionChange } from '../leaderboard/index.js';
import type { Entry } from '../ledger/index.js';
import type { PositionSettlement, SettleablePosition } from '../positions/index.js';
import type { Transition } from './model/market-transition.js';
import { applyPostings, moveOf, type Move, type Posting } from './model/settlement-plan.js';
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
 * Every moved position's new standing, what it moves on the leaderboard and its event, and each user's
 * ledger lines against their balance: the new credits first, then the reversals of old ones, each after a
 * shortfall credit when the user has spent what it takes back (applyPostings). `now` is when a position
 * that ends here ends.
 */
export function planOutcome(
  kind: Extract<Transition, { ok: true }>['kind'],
  target: Extract<Transition, { ok: true }>['target'],
  market: { slug: string; status: string; resolvedOutcomeId: string | null },
  positions: readonly SettleablePosition[],
  balances: ReadonlyMap<string, bigint>,
  now: Date,
): OutcomePlan {
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
  const moved: { position: SettleablePosition; move: Move }[] = [];
  for (const position of positions) {
    const standing = {
      state: position.state,
      creditTransactionId: position.settlementTransactionId,
      payout: position.payout,
    };
    const move = moveOf(position, standing, target);
    if (!move) continue;
    moved.push({ position, move });
    summary.positions += 1;
    if (move.ending.state === 'settled_win') summary.wins += 1;
    else if (move.ending.state === 'settled_loss') summary.losses += 1;
    else summary.voids += 1;
  }

  summary.users = new Set(moved.map(({ position }) => position.userId)).size;
  const { groups, newCredits } = ledgerOf(moved, balances, summary);
  const updates: PositionSettlement[] = [];
  const changes: PositionChange[] = [];
  const events: NewEvent[] = [];
  for (const { position, move } of moved) {
    const scope: TenantEnv = { tenantId: position.tenantId, environment: position.environment };
    const newCredit = newCredits.get(position.id) ?? null;
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
  return { entries: groups, updates, leaderboard: leaderboardDeltas(changes), events, summary };
}

/**
 * The ledger entries of the moved positions, user by user (a user's lines depend on all of that user's
 * moves), grouped by tenant environment; the id of each position's new credit; the money into `summary`.
 */
function ledgerOf(
  moved: readonly { position: SettleablePosition; move: Move }[],
  balances: ReadonlyMap<string, bigint>,
  summary: OutcomeSummary,
): { groups: { scope: TenantEnv; entries: Entry[] }[]; newCredits: Map<string, string> } {
  const byUser = new Map<string, { position: SettleablePosition; posting: Posting }[]>();
  for (const { position, move } of moved) {
    const postings = byUser.get(position.userId) ?? [];
    byUser.set(position.userId, postings);
    for (const posting of move.postings) postings.push({ position, posting });
  }
  const groups = new Map<string, { scope: TenantEnv; entries: Entry[] }>();
  const newCredits = new Map<string, string>();
  for (const [userId, postings] of byUser) {
    let running = balances.get(userId)!;
    const { lines } = applyPostings(
      running,
      postings.map(({ position, posting }) => ({ of: position, posting })),
    );
    for (const line of lines) {
      const position = line.of;
      const key = `${position.tenantId}/${position.environment}`;
      const group = groups.get(key) ?? {
        scope: { tenantId: position.tenantId, environment: position.environment },
        entries: [],
      };
      groups.set(key, group);
      running += line.amount;
      const id = newId();
      if (line.posting?.kind === 'credit') newCredits.set(position.id, id);
      if (line.amount > 0n) summary.paidToUsers += line.amount;
      else summary.takenFromUsers -= line.amount;
      if (line.entryType === 'correction_shortfall_credit') summary.shortfallCredits += line.amount;
      group.entries.push({
        id,
        userId,
        entryType: line.entryType,
        amount: line.amount,
        balanceAfter: running,
        reversesTransactionId: line.reverses,
        positionId: position.id,
      });
    }
  }
  return { groups: [...groups.values()], newCredits };
}

/** Whether two summaries tell the same change (the preview a person confirmed, and the change now). */
export function sameSummary(a: OutcomeSummary, b: OutcomeSummary): boolean {
  return (Object.keys(a) as (keyof OutcomeSummary)[]).every((k) => a[k] === b[k]);
}
