import type { Db } from '../../db/connection.js';
import { ApiError } from '../../errors/index.js';
import type { Clock } from '../../lib/clock.js';
import { revokeKey } from './api-key-repo.js';

/** Revokes at once: the next request with the key is 401 (keys are checked on every request, never cached). */
export async function revokeApiKey(deps: { db: Db; clock: Clock }, keyId: string): Promise<void> {
  if (!(await revokeKey(deps.db, keyId, deps.clock.now()))) throw new ApiError('not_found', `No API key ${keyId}.`);
}
