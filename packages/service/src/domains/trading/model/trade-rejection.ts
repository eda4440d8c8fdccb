import { fieldRejection, type Rejection } from '../../../errors/rejection.js';
import { assertNever } from '../../../lib/assert-never.js';
import { formatAmount } from '../../../lib/money.js';
import { formatPrice } from '../../markets/model/quotes.js';
import type { CloseRejection } from './close-rules.js';

/**
 * Where a trade's values were sent, for details.issues: an open's, an order's or a quote's body, or a
 * close's position (its id in the path, whatever of its market the refusal is about).
 */
export type TradeAsked = 'body' | 'position';

/** The catalog rejection of a refused trade, worded for the operator (and, through the widget, the user). */
export function tradeRejection(rejection: CloseRejection, asked: TradeAsked): Rejection {
  switch (rejection.code) {
    case 'validation_failed': {
      const { message, reason, field } = rejection;
      if (reason !== undefined) return { code: 'validation_failed', message, details: { reason } };
      if (asked === 'position') return fieldRejection('params', 'id', message);
      return field === undefined ? { code: 'validation_failed', message } : fieldRejection(asked, field, message);
    }
    case 'market_suspended':
      return { code: 'market_suspended', message: 'The market is suspended; retry after it reopens.' };
    case 'unknown_user':
      return { code: 'unknown_user', message: `No user "${rejection.externalUserId}" is registered.` };
    case 'user_blocked':
      return { code: 'user_blocked', message: 'The user is blocked; the operator can set it active.' };
    case 'user_excluded': {
      const until = rejection.excludedUntil.toISOString();
      return {
        code: 'user_excluded',
        message: `The player is taking a break until ${until}; no stake can be placed before then. Closing positions and withdrawing still work.`,
        details: { excluded_until: until },
      };
    }
    case 'user_limit_reached': {
      const remaining = formatAmount(rejection.remaining);
      const window = { stake_per_day: '24 hours', stake_per_week: '7 days', stake_per_month: '30 days' }[
        rejection.limit
      ];
      const resetsAt = rejection.resetsAt?.toISOString() ?? null;
      const message =
        rejection.remaining > 0n
          ? `The stake would pass the player's limit for the last ${window} (${rejection.limit}); at most ${remaining} fits now.`
          : `The player's limit for the last ${window} (${rejection.limit}) is used up${resetsAt ? `; more frees from ${resetsAt}` : ''}.`;
      return {
        code: 'user_limit_reached',
        message,
        details: { limit: rejection.limit, remaining, resets_at: resetsAt },
      };
    }
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
