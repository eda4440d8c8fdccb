import { ApiError } from '../../errors/index.js';
import type { Principal } from '../../http/auth.js';

/**
 * The user a position request acts for: a session's own user, or the external_user_id an API-key call
 * names. A session cannot act for anyone else.
 */
export function actingUser(principal: Principal, named: string | undefined): string {
  if (principal.kind === 'session') {
    if (named !== undefined && named !== principal.externalUserId) {
      throw new ApiError('validation_failed', 'A session acts only for its own user; leave external_user_id out.');
    }
    return principal.externalUserId;
  }
  if (named === undefined) throw new ApiError('validation_failed', 'external_user_id is required with the API key.');
  return named;
}
