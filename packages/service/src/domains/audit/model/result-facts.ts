import type { Environment } from '../../../db/schema.js';

/** What a verb's result tells the audit log: details to add, and the tenant (environment) it was about. */
export interface ResultFacts {
  details: Record<string, unknown>;
  tenantId?: string;
  environment?: Environment;
}

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const environmentOf = (value: unknown) => (value === 'sandbox' || value === 'live' ? value : undefined);
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : undefined);

/**
 * The facts of a done action's result, by action (docs/operations.md, "The audit log"): the ids, names
 * and states that say what changed, whichever site (platform API, panel, portal) ran it, so that no entry
 * is left with empty details. Never a key, a secret or a token: a key is read for its id and prefix, and
 * a rotated webhook secret or an issued link is not read at all.
 */
export function resultFacts(action: string, value: unknown): ResultFacts {
  const noun = action.split('.')[0];
  if (action === 'webhook_secret.rotate') return { details: { rotated: 'webhook secret' } };
  if (action === 'portal_link.issue' || !isFields(value)) return { details: {} };
  if (noun === 'api_key' || action === 'tenant.go_live') return keyFacts(action, value);
  if (noun === 'tenant') return { details: { name: value.name, status: value.status }, tenantId: text(value.id) };
  if (noun === 'market' || noun === 'sandbox_market') return marketFacts(value, noun === 'sandbox_market');
  if (noun === 'ticket') return ticketFacts(value);
  if (noun === 'report') return { details: { report_id: value.id } };
  if (noun === 'dead_letter' && 'attempts' in value) return { details: { attempts: value.attempts } };
  return { details: {} };
}

/** A key by its id, prefix, environment and scopes (an issued key's value is in the result: never read). */
function keyFacts(action: string, key: Fields): ResultFacts {
  const details: Fields = { key_id: key.id, prefix: key.prefix, environment: key.environment, scopes: key.scopes };
  if (action === 'api_key.rotate') details.replaces_key_id = key.rotatesKeyId;
  if (action === 'api_key.confirm_rotation') details.revoked_key_id = key.rotatesKeyId;
  const expires = iso(key.expiresAt);
  if (expires) details.expires_at = expires;
  return { details, tenantId: text(key.tenantId), environment: environmentOf(key.environment) };
}

/** A market, or its enablement for a tenant (`{tenantId, marketSlug, enabled}`). */
function marketFacts(market: Fields, sandbox: boolean): ResultFacts {
  if ('enabled' in market) return { details: { enabled: market.enabled }, tenantId: text(market.tenantId) };
  // A test market's slug is the service's choice: the entry's target could not name it.
  const details: Fields = sandbox ? { slug: market.slug, status: market.status } : { status: market.status };
  if (text(market.resolvedOutcomeId)) details.resolved_outcome_id = market.resolvedOutcomeId;
  // A sandbox test market is its owner's, in its sandbox.
  const owner = text(market.ownerTenantId);
  return owner ? { details, tenantId: owner, environment: 'sandbox' } : { details };
}

function ticketFacts(ticket: Fields): ResultFacts {
  return {
    details: { ticket_id: ticket.id, status: ticket.status },
    tenantId: text(ticket.tenantId),
    environment: environmentOf(ticket.environment),
  };
}
