import type { RawBuilder } from 'kysely';
import { leaderboardDeltaSql } from './leaderboard-repo.js';
import { leaderboardDeltas, type PositionChange } from './model/pnl.js';

/** The leaderboard's slice of an engine round: the positions its closes ended, counted in their buckets. */
export class RoundLeaderboard {
  private readonly changes: PositionChange[] = [];

  /** What the round's closes ended so far, in order. */
  get ended(): readonly PositionChange[] {
    return this.changes;
  }

  /** A position ended in this round (a close): its profit counts in the buckets of its end. */
  end(change: PositionChange): void {
    this.changes.push(change);
  }

  writes(): RawBuilder<unknown>[] {
    const deltas = leaderboardDeltas(this.changes);
    return deltas.length > 0 ? [leaderboardDeltaSql(deltas)] : [];
  }
}
