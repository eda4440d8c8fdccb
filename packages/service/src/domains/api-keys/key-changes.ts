import type { Ctx } from '../context.js';
import type { KeyCache, KeyInvalidation } from './key-cache.js';

/** The channel migration 0022's triggers notify on a change to a key or to its tenant's status. */
export const KEY_CHANGES_CHANNEL = 'api_key_changes';

/**
 * What a process does with the LISTEN connection of KEY_CHANGES_CHANNEL. A call without a payload comes
 * once the connection is (back) up: what was sent meanwhile is lost, so nothing cached is trusted; while
 * the connection is down nothing is cached at all.
 */
export function keyChangeHandlers(cache: KeyCache): { onNotify(payload?: string): void; onDown(): void } {
  return {
    onNotify(payload) {
      const [kind, id] = payload?.split(':') ?? [];
      if (kind === 'key' && id) cache.forgetKey(id);
      else if (kind === 'tenant' && id) cache.forgetTenant(id);
      // (Re)connected, or a payload this process does not know (a newer one's): start afresh.
      else cache.reset(true);
    },
    onDown: () => cache.reset(false),
  };
}

/**
 * Tells this process's key cache of a change once it has committed. The notification reaches every process
 * too, this one included, but only some milliseconds later: a request sent right after the answer to a
 * revocation must already be refused here.
 */
export function forgetKeysAfterCommit(ctx: Ctx, forget: (keys: KeyInvalidation) => void): void {
  const keys = ctx.runtime.apiKeys;
  if (!keys) return;
  if (ctx.db.isTransaction) ctx.afterCommit(async () => forget(keys));
  else forget(keys);
}
