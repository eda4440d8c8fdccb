/*
 * What a keyed write is to its domain (docs/architecture.md, "The write path"): a handler that says what
 * it needs locked and how it applies to the round's state, in the domain that owns the write (the balance
 * sync in sync/, opens and closes in trading/, orders in orders/). A verb binds its handler to one
 * request's input and submits it to the write engine through its context, which runs it in a round with
 * whatever else waits. The engine knows none of this: it sees commands (engine/ports.ts).
 */
import type { RequestContext } from '../errors/index.js';
import type { Applied, Command, StoredAnswer } from './engine/index.js';
import { actingUser, type TenantCtx, type TenantEnv } from './context.js';
import { keyOfCommand, type KeyedRoute } from './idempotency/index.js';

export type { Applied, KeyedRoute, StoredAnswer };

/** A request's Idempotency-Key and the request fields it is bound to (hashed: same key, other fields is 422). */
export interface CommandKey {
  key: string;
  fields: Record<string, unknown>;
}

/**
 * The rows a command needs a round to lock, in the names the round's state knows: its market (by slug,
 * and by id when the command knows it; the slug is the market's one name in the engine's queue), its user,
 * the position it closes, the order it cancels.
 */
export interface RoundNeeds {
  market?: { slug: string; id?: string };
  user?: { scope: TenantEnv; externalUserId: string };
  positionId?: string;
  orderId?: string;
  /** Whether it may open a position (then the round reads open stakes and the sandbox day). */
  trades: boolean;
}

/**
 * What a trade by a user on a market needs: the market (by slug) and the user a session is bound to or an
 * operator names. A session naming another user needs nothing: it is refused before any lock.
 */
export function userOnMarket(ctx: TenantCtx, named: string | undefined, marketSlug: string): RoundNeeds {
  const user = actingUser(ctx, named);
  if (!user.ok) return { trades: false };
  return { market: { slug: marketSlug }, user: { scope: ctx.tenantEnv, externalUserId: user.value }, trades: true };
}

/** Who asked, in which request, under which key (null for a write that takes none: a cancel). */
export interface Asked {
  ctx: TenantCtx;
  request: RequestContext;
  key: CommandKey | null;
}

/** A keyed write of a domain, applied to the slices of the round's state it names in S. */
export interface Handler<I, S> {
  /** Its key space, success status and presenter; null for a write that takes no key (a cancel). */
  route: KeyedRoute<unknown> | null;
  needs(input: I, asked: Asked): RoundNeeds;
  /** Pure against the state: a refusal changes nothing in it. */
  apply(state: S, input: I, asked: Asked): Applied;
}

/** A handler bound to one request's input, as the write engine queues it. */
export function commandOf<I, S>(handler: Handler<I, S>, asked: Asked, input: I): Command<S, RoundNeeds> {
  const operation = handler.route?.operation;
  const key = asked.key && operation ? keyOfCommand(asked.ctx, operation, asked.key) : null;
  return {
    key,
    request: asked.request,
    needs: handler.needs(input, asked),
    apply: (state) => handler.apply(state, input, asked),
  };
}

/** A verb's submission: its handler bound to the request, run by the write engine, answered once committed. */
export function submitTo<I, S>(handler: Handler<I, S>, asked: Asked, input: I): Promise<StoredAnswer> {
  return asked.ctx.runtime.engine.submit(commandOf(handler, asked, input));
}

/** A keyed route's success: its value presented, stored for its key and replayed. */
export function answered<V>(route: KeyedRoute<V>, value: V): Applied {
  return { answer: { status: route.status, body: route.present(value) }, spend: true };
}

/** How a position came to be opened or closed: by the operator's key, a user's session, or an order. */
export type Via = 'api_key' | 'session' | 'order';

/** The channel a request came through, as positions record it. */
export const viaOf = (ctx: TenantCtx): 'api_key' | 'session' => (ctx.actor.kind === 'user' ? 'session' : 'api_key');
