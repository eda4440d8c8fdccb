import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import { forgetKeysAfterCommit, revokeKey, type ApiKeyRecord } from '../api-keys/index.js';
import type { Ctx } from '../context.js';

/**
 * Revokes a key: the next request with it is 401 in this process, and in every other one once the
 * notification reaches it (migration 0022; at most KEY_CACHE_BOUND_MS if notifications are lost). Answers
 * the key revoked (its id, prefix and tenant, for the audit log).
 */
export async function revokeApiKey(ctx: Ctx, keyId: string): Promise<Result<ApiKeyRecord>> {
  const revoked = isUuid(keyId) ? await revokeKey(ctx.db, keyId, ctx.now) : null;
  if (!revoked) return rejected('not_found', `No API key ${keyId}.`);
  forgetKeysAfterCommit(ctx, (keys) => keys.forgetKey(keyId));
  return ok(revoked);
}
