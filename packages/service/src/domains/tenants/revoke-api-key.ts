import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import { revokeKey } from '../api-keys/index.js';
import type { Ctx } from '../context.js';

/** Revokes at once: the next request with the key is 401 (keys are checked on every request, never cached). */
export async function revokeApiKey(ctx: Ctx, keyId: string): Promise<Result<void>> {
  if (isUuid(keyId) && (await revokeKey(ctx.db, keyId, ctx.now))) return ok(undefined);
  return rejected('not_found', `No API key ${keyId}.`);
}
