export { getLeaderboard } from './get-leaderboard.js';
export { PERIODS, type Period } from './model/period.js';
export * from './schemas.js';
export { applyLeaderboardDeltas, leaderboardDeltaSql, readLeaderboard } from './leaderboard-repo.js';
export { RoundLeaderboard } from './round-leaderboard.js';
export {
  bucketsOf,
  leaderboardDeltas,
  realisedPnl,
  type BucketDelta,
  type Counted,
  type PositionChange,
} from './model/pnl.js';
