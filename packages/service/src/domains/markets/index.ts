export { referencePricesOf } from './change-references.js';
export { createMarket, type NewMarket } from './create-market.js';
export { getFeedMarket } from './get-market.js';
export { getFeedMarkets } from './get-feed-markets.js';
export { getPriceHistory, type HistoryRequest } from './get-price-history.js';
export {
  listAllMarkets,
  marketsAwaitingResolution,
  tenantsOfMarket,
  type MarketListQuery,
} from './list-all-markets.js';
export { listMarkets } from './list-markets.js';
export { firstPricePoint, insertPricePoints } from './price-point-repo.js';
export {
  availableWhere,
  enabledFor,
  findEnabledMarket,
  findMarketBySlug,
  findMarketsByIds,
  queryMarkets,
  saveMarketState,
  saveMarketStateSql,
  saveMarketStatesSql,
  MARKET_COLUMNS,
  marketRecordOf,
  type MarketRow,
  updateMarketStatus,
  type MarketForTrade,
  type MarketOutcome,
  type MarketRecord,
  type MarketStatus,
} from './market-repo.js';
export { setMarketOutcome } from './market-repo.js';
export { INTERVALS, type Interval } from './model/history.js';
export { initialQ } from './model/lmsr.js';
export { MAX_RESOLUTION_SOURCE_LENGTH, MAX_RULES_LENGTH } from './model/market-facts.js';
export { formatPercent } from './model/price-percent.js';
export {
  displayPrices,
  formatPrice,
  limitOrderFill,
  parsePrice,
  PRICE_SCALE,
  quoteClose,
  quoteOpen,
  settledWinPayout,
  SHARE_SCALE,
} from './model/quotes.js';
export {
  DAY_MS as SANDBOX_DAY_MS,
  dayCap,
  microOf,
  spreadOf,
  spreadRatio,
  withSandboxShares,
  type InfluenceBound,
} from './model/sandbox-influence.js';
export {
  isAvailable,
  lockRoundMarkets,
  movesSandbox,
  RoundMarkets,
  type HeldMarket,
  type LockedMarkets,
} from './round-markets.js';
export { isSlug, SLUG_PATTERN } from './model/slug.js';
export * from './schemas.js';
export { setMarketEnabled, type TenantMarket } from './set-market-enabled.js';
export { findStatusChange, saveStatusChange, type MarketStatusChange } from './status-change-repo.js';
export { updateMarket, type MarketChanges } from './update-market.js';
