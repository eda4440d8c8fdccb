export { listSavedMarkets } from './list-saved-markets.js';
export { SAVED_MARKETS_LIMIT, saveMarket } from './save-market.js';
export * from './schemas.js';
export { unsaveMarket } from './unsave-market.js';
