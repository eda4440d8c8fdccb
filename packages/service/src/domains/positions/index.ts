export { getExposure, type MarketExposure } from './get-exposure.js';
export { getMarketExposure, type PlatformExposure } from './get-market-exposure.js';
export { houseResult, netTerms, type HouseResult, type NetTerms } from './model/exposure-terms.js';
export { getPosition } from './get-position.js';
export { listPositions, listRejections, type PositionFilter } from './list-positions.js';
export {
  findPosition,
  findPositionById,
  listPositionRows,
  findPositionsByIds,
  insertPositionsSql,
  lockPositionsByIds,
  closePositionsSql,
  streamPositionRows,
  type Closing,
  type NewPosition,
  type PositionRow,
} from './position-repo.js';
export {
  marketPositionsInStates,
  settlePositions,
  type PositionSettlement,
  type SettleablePosition,
  type SettledState,
} from './position-repo.js';
export { RoundPositions } from './round-positions.js';
export {
  stakedSince,
  stakeOpenedOnMarkets,
  stakeOpenedSince,
  type StakedSince,
  type StakeOnMarket,
} from './stake-use-repo.js';
export { tradingFigures, type TradingFigures } from './trading-figures-repo.js';
export { purgeRejections, REJECTION_RETENTION_DAYS } from './purge-rejections.js';
export { insertRejectionsSql, type RejectedAttempt, type RejectionRow } from './rejection-repo.js';
export * from './schemas.js';
