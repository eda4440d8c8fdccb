export { closeHandler, closePosition, type CloseInput } from './close-position.js';
export {
  lockMarketForSettlement,
  lockMarketForTrade,
  readMarketForSettlement,
  type LockedMarket,
} from './market-lock.js';
export { openHandler, openPosition, type OpenInput } from './open-position.js';
export { quoteClose, type CloseQuoteView } from './quote-close.js';
export { quoteOpenPosition, type OpenQuoteView } from './quote-open.js';
export * from './schemas.js';
export { setMarketStatus, STATUS_MOVES, type StatusAction } from './set-market-status.js';
export { openerOf, type TradeState } from './trade.js';
