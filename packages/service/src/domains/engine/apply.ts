import { actingUser, type TenantEnv } from '../context.js';
import type { StoredAnswer } from '../commands.js';

import { refusalAnswer } from '../idempotency/index.js';
import { formatAmount } from '../../lib/money.js';
import { presenter } from '../../lib/present.js';
import { Order, presentOrder } from '../orders/index.js';
import { Position, presentPosition, type RejectedAttempt } from '../positions/index.js';
import { BalanceSyncResult, presentSyncApplied } from '../sync/index.js';
import { assertNever } from '../../lib/assert-never.js';
import type { RoundBook } from './book.js';
import type { QueuedItem } from './queued.js';

const presentPositionBytes = presenter(Position, presentPosition);
const presentOrderBytes = presenter(Order, presentOrder);
const presentSyncBytes = presenter(BalanceSyncResult, presentSyncApplied);

/**
 * The rows a command needs locked: its market (named by slug, and by id when the command knows it), its
 * user, the position it closes. The slug is the market's one name in the engine's queue.
 */
export interface Needs {
  marketSlug?: string;
  marketId?: string;
  user?: { scope: TenantEnv; externalUserId: string };
  positionId?: string;
  /** Whether it may open a position (then the round reads open stakes). */
  trades: boolean;
}

export function needsOf(item: QueuedItem): Needs {
  const { ctx, command } = item.submitted;
  const scope = ctx.tenantEnv;
  switch (command.kind) {
    case 'sync':
      return { user: { scope, externalUserId: command.externalUserId }, trades: false };
    case 'open':
    case 'place_order': {
      const user = actingUser(ctx, command.externalUserId);
      // A session naming another user is refused before any lock.
      if (!user.ok) return { trades: false };
      return { marketSlug: command.marketSlug, user: { scope, externalUserId: user.value }, trades: true };
    }
    case 'close':
      if (!command.position) return { trades: false };
      return {
        marketId: command.position.marketId,
        marketSlug: command.position.marketSlug,
        user: { scope, externalUserId: command.position.externalUserId },
        positionId: command.positionId,
        trades: true,
      };
    case 'cancel_order':
      return {
        marketId: command.order.marketId,
        marketSlug: command.order.marketSlug,
        user: { scope, externalUserId: command.order.externalUserId },
        trades: true,
      };
    default:
      return assertNever(command);
  }
}

/**
 * A command judged against the round's state: its answer; whether the answer spends its key (stored and
 * replayed) or gives it back; and, for a refused trade, the attempt /v1/position-rejections lists.
 */
export function applyItem(
  book: RoundBook,
  item: QueuedItem,
): { answer: StoredAnswer; spend: boolean; rejection?: RejectedAttempt } {
  const { ctx, command, request, key } = item.submitted;
  const scope = ctx.tenantEnv;
  const via = ctx.actor.kind === 'user' ? 'session' : 'api_key';
  const refuse = (rejection: Parameters<typeof refusalAnswer>[0]) => refusalAnswer(rejection, request, book.now);
  switch (command.kind) {
    case 'sync': {
      const synced = book.sync(scope, key!.key, command);
      if (synced.ok) {
        const { transactionId, balance } = synced.value;
        return {
          answer: { status: 200, body: presentSyncBytes({ transactionId, balance: formatAmount(balance) }) },
          spend: true,
        };
      }
      // A refused debit is recorded and stored for its key (spec 4.1 rule 4); the other refusals spend nothing.
      return { answer: refuse(synced.rejection), spend: synced.rejection.code === 'would_overdraw' };
    }
    case 'open': {
      const user = actingUser(ctx, command.externalUserId);
      if (!user.ok) return { answer: refuse(user.rejection), spend: false };
      const opened = book.open({ ...command, scope, externalUserId: user.value, via });
      if (opened.ok) return { answer: { status: 201, body: presentPositionBytes(opened.value) }, spend: true };
      const attempt = { externalUserId: user.value, action: 'open' as const, positionId: null };
      return {
        answer: refuse(opened.rejection),
        spend: false,
        rejection: { ...attempt, code: opened.rejection.code, request: key!.fields },
      };
    }
    case 'close': {
      const { position, positionId } = command;
      const notFound = { code: 'not_found' as const, message: `No position ${positionId}.` };
      if (!position) return { answer: refuse(notFound), spend: false };
      const closed = book.close({ scope, positionId, minPriceMicro: command.minPriceMicro, via });
      if (closed.ok) return { answer: { status: 200, body: presentPositionBytes(closed.value) }, spend: true };
      const attempt = { externalUserId: position.externalUserId, action: 'close' as const, positionId };
      return {
        answer: refuse(closed.rejection),
        spend: false,
        rejection: { ...attempt, code: closed.rejection.code, request: key!.fields },
      };
    }
    case 'place_order': {
      const user = actingUser(ctx, command.externalUserId);
      if (!user.ok) return { answer: refuse(user.rejection), spend: false };
      const placed = book.placeOrder({ ...command, scope, externalUserId: user.value });
      if (placed.ok) return { answer: { status: 201, body: presentOrderBytes(placed.value) }, spend: true };
      return { answer: refuse(placed.rejection), spend: false };
    }
    case 'cancel_order':
      book.cancelOrder(command.order.marketId, command.order.id);
      // The verb answers with the order as it then is (cancel-order.ts).
      return { answer: { status: 200, body: '' }, spend: false };
    default:
      return assertNever(command);
  }
}
