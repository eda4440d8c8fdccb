import type { Actor } from '../context.js';

/** Who the audit log and the pauses name for a change made through the platform API. */
export const PLATFORM_API = 'platform API';

/**
 * Who a context's actor is, as the audit log names it when its caller does not (docs/operations.md, "The
 * audit log"): the platform admin token, an operator's API key by its id, a tenant's staff member, a job.
 * The panel and the portal name the signed-in person themselves (web-session's whoOf).
 */
export function actorName(actor: Actor): string {
  switch (actor.kind) {
    case 'platform':
      return PLATFORM_API;
    case 'operator':
      return `api_key:${actor.keyId}`;
    case 'staff':
      return `portal:${actor.name}`;
    case 'user':
      return `user:${actor.externalUserId}`;
    case 'system':
      return `system:${actor.job}`;
  }
}
