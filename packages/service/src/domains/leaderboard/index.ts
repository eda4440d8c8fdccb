export { getLeaderboard } from './get-leaderboard.js';
export { PERIODS, type Period } from './model/period.js';
export * from './schemas.js';
export { readLeaderboard } from './leaderboard-repo.js';
