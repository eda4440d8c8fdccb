import { ok, rejected, type Result } from '../../errors/index.js';
import { findKeyUse, type KeyUse } from '../api-keys/index.js';
import type { TenantCtx } from '../context.js';
import { findTenant, type TenantRow } from './tenant-repo.js';

export interface Caller {
  tenant: TenantRow;
  key: KeyUse;
}

/**
 * GET /v1/tenant ("who am I", docs/guides/self-service.md): the tenant and the API key a request came with. The key
 * was authenticated a moment ago, so a miss means it was deleted since; that answers like a refused key.
 */
export async function describeCaller(ctx: TenantCtx): Promise<Result<Caller>> {
  const invalid = rejected('invalid_api_key', 'The API key is not valid for this environment.');
  if (ctx.actor.kind !== 'operator') return invalid;
  const [tenant, key] = await Promise.all([
    findTenant(ctx.db, ctx.tenantEnv.tenantId),
    findKeyUse(ctx.db, ctx.actor.keyId),
  ]);
  return tenant && key ? ok({ tenant, key }) : invalid;
}
