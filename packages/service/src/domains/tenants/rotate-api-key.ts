import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import { lockKey, pendingRotationOf } from '../api-keys/index.js';
import { withTransaction, type Ctx } from '../context.js';
import { belongsTo, type KeyReach } from './model/key-scope.js';
import { writeNewKey, type IssuedKey } from './issue-api-key.js';

/**
 * Starts a rotation (docs/platform-api.md, "Tenants, keys, support, reconciliation"): a new key with the old key's
 * tenant, environment and scopes, and no expiry. Both keys work until confirmRotation. The old key's row is locked, so
 * two rotations of one key cannot both start; a second one while the first is unconfirmed is state_conflict.
 */
export async function rotateApiKey(ctx: Ctx, keyId: string, reach: KeyReach): Promise<Result<IssuedKey>> {
  if (!isUuid(keyId)) return rejected('not_found', `No API key ${keyId}.`);
  return withTransaction(ctx, async (tx) => {
    const old = await lockKey(tx.db, keyId);
    if (!old || !belongsTo(old, reach)) return rejected('not_found', `No API key ${keyId}.`);
    if (old.revokedAt !== null || (old.expiresAt !== null && old.expiresAt <= tx.now)) {
      return rejected('state_conflict', 'The key is revoked or expired; issue a new key instead.');
    }
    const pending = await pendingRotationOf(tx.db, keyId);
    if (pending) {
      return rejected('state_conflict', `The key has a rotation to ${pending.id} waiting for confirmation.`);
    }
    return ok(await writeNewKey(tx.db, tx.now, { ...old, expiresAt: null, rotatesKeyId: old.id }));
  });
}
