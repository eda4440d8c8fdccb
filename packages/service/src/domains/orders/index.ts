export { cancelOrder } from './cancel-order.js';
export { expireOrders } from './expire-orders.js';
export { getOrder } from './get-order.js';
export { listOrders } from './list-orders.js';
export { isFinalOrderStatus } from './model/order-status.js';
export {
  findOrderById,
  listOrderRows,
  finishOrdersSql,
  insertOrdersSql,
  lockOpenOrdersOfMarkets,
  marketsWithOpenOrders,
  type OrderChange,
  type OrderView,
  type PlacedOrderRow,
} from './order-repo.js';
export * from './schemas.js';
