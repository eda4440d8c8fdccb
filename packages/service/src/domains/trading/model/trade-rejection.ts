import type { Rejection } from '../../../errors/rejection.js';
import { assertNever } from '../../../lib/assert-never.js';
import { formatAmount } from '../../../lib/money.js';
import { formatPrice } from '../../markets/model/quotes.js';
import type { CloseRejection } from './close-rules.js';

/** The catalog rejection of a refused trade, worded for the operator (and, through the widget, the user). */
export function tradeRejection(rejection: CloseRejection): Rejection {
  switch (rejection.code) {
    case 'validation_failed':
      return { code: 'validation_failed', message: rejection.message };
    case 'market_suspended':
      return { code: 'market_suspended', message: 'The market is suspended; retry after it reopens.' };
    case 'unknown_user':
      return { code: 'unknown_user', message: `No user "${rejection.externalUserId}" is registered.` };
    case 'user_blocked':
      return { code: 'user_blocked', message: 'The user is blocked; the operator can set it active.' };
    case 'stake_limit_exceeded': {
      const remaining = formatAmount(rejection.remaining);
      const message = `The stake is above what fits; at most ${remaining} fits now.`;
      return { code: 'stake_limit_exceeded', message, details: { remaining } };
    }
    case 'sandbox_limit_reached': {
      const remaining = formatAmount(rejection.remaining);
      const message =
        rejection.remaining > 0n
          ? `Sandbox trades may move this shared market's live price only a little; at most ${remaining} fits now. Test larger stakes on a sandbox test market.`
          : "Sandbox trades may move this shared market's live price only a little, and no stake fits now. Test larger stakes on a sandbox test market.";
      return { code: 'sandbox_limit_reached', message, details: { remaining } };
    }
    case 'price_moved':
      return {
        code: 'price_moved',
        message: `The price moved to ${formatPrice(rejection.priceMicro)}; nothing was applied. Re-quote and retry with a new key.`,
      };
    case 'would_overdraw':
      return {
        code: 'would_overdraw',
        message: `The stake is above the balance of ${formatAmount(rejection.balance)}; nothing was applied.`,
      };
    case 'position_terminal':
      return {
        code: 'position_terminal',
        message: `The position is ${rejection.state}; only an open position can be closed.`,
      };
    default:
      return assertNever(rejection);
  }
}
