import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import { forgetKeysAfterCommit, lockKey, revokeKey, type ApiKeyRecord } from '../api-keys/index.js';
import { withTransaction, type Ctx } from '../context.js';
import { belongsTo, type KeyReach } from './model/key-scope.js';

/**
 * Completes a rotation: the old key is refused from now on. Named by the new key. Repeating
 * it is harmless (the old key keeps its first revocation time); a key that rotates nothing, or a new
 * key revoked since (the rotation abandoned), is state_conflict.
 */
export async function confirmKeyRotation(ctx: Ctx, newKeyId: string, reach: KeyReach): Promise<Result<ApiKeyRecord>> {
  if (!isUuid(newKeyId)) return rejected('not_found', `No API key ${newKeyId}.`);
  return withTransaction(ctx, async (tx) => {
    const key = await lockKey(tx.db, newKeyId);
    if (!key || !belongsTo(key, reach)) return rejected('not_found', `No API key ${newKeyId}.`);
    if (key.rotatesKeyId === null) return rejected('state_conflict', 'This key is not a rotation of another key.');
    if (key.revokedAt !== null) return rejected('state_conflict', 'This key was revoked; the rotation was abandoned.');
    await revokeKey(tx.db, key.rotatesKeyId, tx.now);
    const oldId = key.rotatesKeyId;
    forgetKeysAfterCommit(tx, (keys) => keys.forgetKey(oldId));
    return ok(key);
  });
}
