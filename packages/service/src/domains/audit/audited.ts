import type { Environment } from '../../db/schema.js';
import type { Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import { withTransaction, type Ctx, type TenantEnv } from '../context.js';
import { actorName } from './actor.js';
import { insertAuditEntry, selectAuditEntries, type AuditRecord, type StoredAuditEntry } from './audit-repo.js';
import type { AuditFilter } from './model/audit-filter.js';
import { resultFacts } from './model/result-facts.js';
import { storable, storableDetails } from './model/storable.js';
import { withheld } from './model/withheld.js';

export interface AuditEntry {
  /** Who did it (`panel:Ada`, `portal:Sam (…)`); the context's actor when absent (actor.ts). */
  who?: string;
  /** What was done, as `<noun>.<verb>` (model/actions.ts): market.resolve, api_key.revoke, kill_switch.set … */
  action: string;
  /** What it was done to: a market's slug, a tenant's or key's id, a switch's name. */
  target: string;
  /** The tenant it was about, where the caller knows it; else a tenant context's own, else the result's. */
  tenantId?: string | null;
  environment?: Environment | null;
  /** The meaningful fields changed; never a key, secret or token (model/withheld.ts guards it). */
  details: Record<string, unknown>;
}

/**
 * Runs a verb and records it in the audit log in the verb's own transaction: the entry exists exactly
 * when the change does, and a refused attempt is recorded with the refusal's code. A verb that throws
 * leaves neither (the transaction rolls back). A done action's result adds its facts (model/result-facts.ts).
 */
export async function audited<C extends Ctx, T>(
  ctx: C,
  entry: AuditEntry,
  verb: (tx: C) => Promise<Result<T>>,
  /** What the result adds to the entry (the id of a key just issued, never the key). */
  detailsOf?: (value: T) => Record<string, unknown>,
): Promise<Result<T>> {
  return withTransaction(ctx, async (tx) => {
    const result = await verb(tx);
    const outcome = result.ok ? 'done' : result.rejection.code;
    await insertAuditEntry(tx.db, storedEntry(ctx, entry, result, detailsOf), outcome, tx.now);
    return result;
  });
}

function storedEntry<T>(
  ctx: Ctx,
  entry: AuditEntry,
  result: Result<T>,
  detailsOf?: (value: T) => Record<string, unknown>,
): StoredAuditEntry {
  const facts = result.ok ? resultFacts(entry.action, result.value) : { details: {} };
  const added = result.ok && detailsOf ? detailsOf(result.value) : {};
  const own = 'tenantEnv' in ctx ? (ctx.tenantEnv as TenantEnv) : null;
  const tenantId = entry.tenantId ?? own?.tenantId ?? facts.tenantId ?? null;
  const environment = entry.environment ?? own?.environment ?? facts.environment ?? null;
  return {
    who: storable(entry.who ?? actorName(ctx.actor)),
    action: entry.action,
    target: storable(entry.target),
    // A tenant id typed into a URL may be anything: the column takes only a UUID.
    tenantId: tenantId !== null && isUuid(tenantId) ? tenantId.toLowerCase() : null,
    environment: environment === 'sandbox' || environment === 'live' ? environment : null,
    details: storableDetails(withheld({ ...facts.details, ...entry.details, ...added })) as Record<string, unknown>,
  };
}

/** The audit log, newest first, a keyset page at a time, narrowed by a filter (model/audit-filter.ts). */
export async function readAuditLog(
  ctx: Ctx,
  page: { filter: AuditFilter; before: bigint | null; limit: number },
): Promise<AuditRecord[]> {
  return selectAuditEntries(ctx.db, page.filter, page.before, page.limit);
}
