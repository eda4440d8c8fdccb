export { changeMarketOutcome } from './change-market-outcome.js';
export type { MarketAction } from './model/market-transition.js';
