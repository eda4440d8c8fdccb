export { closePosition, type CloseInput } from './close-position.js';
export { evaluateOrders } from './evaluate-orders.js';
export {
  lockMarketForSettlement,
  lockMarketForTrade,
  lockMarketsForRound,
  readMarketForSettlement,
  type RoundMarketLock,
  type LockedMarket,
  type RoundMarkets,
} from './market-lock.js';
export { openPosition, type OpenInput } from './open-position.js';
export { placeOrder, type OrderInput } from './place-order.js';
export { quoteClose, type CloseQuoteView } from './quote-close.js';
export { quoteOpenPosition, type OpenQuoteView } from './quote-open.js';
export * from './schemas.js';
export { setMarketStatus, STATUS_MOVES, type StatusAction } from './set-market-status.js';
export { sweepOrders } from './sweep-orders.js';
