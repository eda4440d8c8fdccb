export { cancelHandler, cancelOrder } from './cancel-order.js';
export { evaluateOrders, sweepOrders } from './evaluate-orders.js';
export { expireOrders } from './expire-orders.js';
export { fillOrders, type FillTerms, type Opener, type OrderState } from './fill-orders.js';
export { getOrder } from './get-order.js';
export { listOrders } from './list-orders.js';
export { isFinalOrderStatus } from './model/order-status.js';
export {
  findOrderById,
  listOrderRows,
  lockOpenOrdersOfMarkets,
  marketsWithOpenOrders,
  stillOpenOrders,
  type OrderChange,
  type OrderView,
} from './order-repo.js';
export { expireOpenOrdersOfMarket } from './order-repo.js';
export { placeHandler, placeOrder, type OrderInput } from './place-order.js';
export { RoundOrders } from './round-orders.js';
export * from './schemas.js';
