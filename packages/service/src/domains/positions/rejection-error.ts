import { ApiError } from '../../errors/index.js';
import { formatAmount } from '../../lib/money.js';
import { assertNever } from '../../lib/assert-never.js';
import { formatPrice } from '../markets/model/quotes.js';
import type { Rejection } from './model/open-rules.js';

/** The catalog error of a trading rejection. */
export function errorOf(rejection: Rejection): ApiError {
  switch (rejection.code) {
    case 'validation_failed':
      return new ApiError('validation_failed', rejection.message);
    case 'market_suspended':
      return new ApiError('market_suspended', 'The market is suspended; retry after it reopens.');
    case 'user_blocked':
      return new ApiError('user_blocked', 'The user is blocked; the operator can set it active.');
    case 'stake_limit_exceeded':
      return new ApiError(
        'stake_limit_exceeded',
        `The stake is above what fits; at most ${formatAmount(rejection.remaining)} fits now.`,
        {
          details: { remaining: formatAmount(rejection.remaining) },
        },
      );
    case 'price_moved':
      return new ApiError(
        'price_moved',
        `The price moved to ${formatPrice(rejection.priceMicro)}; nothing was applied. Re-quote and retry with a new key.`,
      );
    case 'would_overdraw':
      return new ApiError(
        'would_overdraw',
        `The stake is above the balance of ${formatAmount(rejection.balance)}; nothing was applied.`,
      );
    default:
      return assertNever(rejection);
  }
}
