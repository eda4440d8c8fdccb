export { changeMarketOutcome } from './change-market-outcome.js';
export type { MarketAction } from './model/market-transition.js';
export type { OutcomeSummary } from './outcome-plan.js';
export { previewMarketOutcome } from './preview-market-outcome.js';
