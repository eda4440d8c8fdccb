import type { Ctx, TenantEnv } from '../context.js';
import { selectEndpointHealth, type EndpointHealthRow } from './endpoint-health-repo.js';
import { successRate } from './model/endpoint-health.js';

/** How far back the health summary looks. */
export const HEALTH_WINDOW_MS = 24 * 3_600_000;

/** An environment's webhook endpoint at a glance: its settings, its last 24 h, and its backlog now. */
export interface EndpointHealth extends EndpointHealthRow {
  since: Date;
  /** Delivered over sent attempts since `since`; null when none was sent. */
  successRate: number | null;
}

/**
 * The top of the portal's webhooks screen (docs/operations.md, "The tenant portal"): the URL, the success
 * rate and median latency of the attempts sent in the last 24 h (an attempt not sent, for want of a secret
 * or a URL, is counted apart and in no rate), the deliveries pending and dead, and the last failure.
 */
export async function endpointHealth(ctx: Ctx, scope: TenantEnv): Promise<EndpointHealth> {
  const since = new Date(ctx.now.getTime() - HEALTH_WINDOW_MS);
  const row = await selectEndpointHealth(ctx.db, scope, since);
  return { ...row, since, successRate: successRate(row) };
}
