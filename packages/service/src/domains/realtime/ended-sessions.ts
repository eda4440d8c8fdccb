import type { Executor } from '../../db/connection.js';
import { tenantSessionStates } from '../tenants/index.js';
import { endedBySuspension } from '../widget-sessions/index.js';
import type { Stream } from './stream-registry.js';

/**
 * The streams whose session has ended since they opened: their tenant is suspended, or was since their
 * token was issued (a reactivation brings no session back). A stream checked its token once, when it
 * opened, and would otherwise run on to the token's expiry. One query for all the streams' tenants.
 */
export async function streamsOfEndedSessions(db: Executor, streams: readonly Stream[]): Promise<Stream[]> {
  const states = await tenantSessionStates(db, [...new Set(streams.map((s) => s.tenantId))]);
  return streams.filter((stream) => {
    const state = states.get(stream.tenantId);
    return state?.status !== 'active' || endedBySuspension(stream.issuedAt, state.sessionsNotBefore);
  });
}
