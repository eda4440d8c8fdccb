export { runTradeBatch, type TradeAsk, type TradeOutcome, type TradeUnit } from './batch/run-trade-batch.js';
export { recordCloseRejection, type CloseInput } from './close-position.js';
export { evaluateOrders } from './evaluate-orders.js';
export {
  lockMarketForSettlement,
  lockMarketForTrade,
  readMarketForSettlement,
  type LockedMarket,
} from './market-lock.js';
export { recordOpenRejection, type OpenInput } from './open-position.js';
export { placeOrder, type OrderInput } from './place-order.js';
export { quoteClose, type CloseQuoteView } from './quote-close.js';
export { quoteOpenPosition, type OpenQuoteView } from './quote-open.js';
export * from './schemas.js';
export { setMarketStatus, STATUS_MOVES, type StatusAction } from './set-market-status.js';
export { sweepOrders } from './sweep-orders.js';
