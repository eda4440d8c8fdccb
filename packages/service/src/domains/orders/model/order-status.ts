import type { OrderStatus } from '../../../db/schema.js';

/** filled, expired, rejected and cancelled never change again. */
export function isFinalOrderStatus(status: OrderStatus): boolean {
  return status !== 'open';
}

/**
 * The answer to a cancel, given the order's status after the cancel's conditional update: a cancelled order (now or
 * earlier) is answered again; filled, expired and rejected are state_conflict (docs/operator-api.md, "Limit orders").
 */
export function cancelAnswer(status: OrderStatus): 'ok' | 'conflict' {
  return status === 'cancelled' ? 'ok' : 'conflict';
}
