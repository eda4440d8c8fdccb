/** The steps of a round, in order, as the engine times them. */
export const ROUND_STEPS = ['begin', 'lock', 'read', 'evaluate', 'commit'] as const;
export type RoundStep = (typeof ROUND_STEPS)[number];

/** What the write engine of this process has done since it started (bench/engine.ts reads it). */
export interface EngineStats {
  /** Transactions the engine committed or rolled back, one per round. */
  rounds: number;
  /** Commands answered (a batch item is one command). */
  commands: number;
  /** Times a command was put back for the next round because another transaction held its market or user. */
  deferrals: number;
  /** Rounds that took their locks waiting, because a command had been put back too often. */
  blockingRounds: number;
  /** Rounds whose transaction failed; their commands then ran one group at a time. */
  failedRounds: number;
  /**
   * Wall-clock milliseconds spent in each step of every round so far: where a round's time goes (begin:
   * a connection; lock: BEGIN, the keys' claims and the locks of markets, orders and users, sent together;
   * read: positions, open stakes and what else the rules read after the locks; evaluate: the rules and the
   * answers; commit: the one write and COMMIT, sent together).
   */
  stepMs: Readonly<Record<RoundStep, number>>;
  /** Commands per round of the most recent rounds (at most 10,000), oldest first. */
  recentRoundSizes: readonly number[];
}

/** What the engine reports as it goes, for the service's metrics (src/metrics); its counts stay in EngineStats. */
export interface EngineObserver {
  /** A round committed: the commands it answered and its transaction's seconds. */
  round(commands: number, seconds: number): void;
  /** A round took a group that had waited this many seconds in the queue (since it was queued or put back). */
  queueWait(seconds: number): void;
}
