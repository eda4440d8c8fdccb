import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import type { TenantEnv } from '../tenant-env.js';
import { getUser } from '../users/get-user.js';
import { SESSION_CAP_MS, signSessionToken, type IssuedToken } from './model/session-token.js';

export interface SessionDeps {
  db: Db;
  clock: Clock;
  widgetSessionSecret: string;
}

/**
 * Starts a widget session for a registered user (404 unknown_user otherwise). A blocked user still gets
 * one: it can read, and the position routes refuse its writes. The 24-hour cap starts here and every
 * refresh carries it on. Nothing is stored, so minting is as safe to repeat as a read.
 */
export async function mintSession(deps: SessionDeps, scope: TenantEnv, externalUserId: string): Promise<IssuedToken> {
  await getUser(deps, scope, externalUserId);
  const now = deps.clock.now();
  const claims = {
    tenantId: scope.tenantId,
    environment: scope.environment,
    externalUserId,
    capAt: new Date(now.getTime() + SESSION_CAP_MS),
  };
  return signSessionToken(deps.widgetSessionSecret, claims, now);
}
