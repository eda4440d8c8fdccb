import type { Environment } from '../../db/schema.js';
import { ok, rejected, type Result } from '../../errors/index.js';
import { newId } from '../../lib/ids.js';
import {
  displayPrefix,
  generateApiKey,
  hashApiKey,
  insertApiKey,
  type ApiKeyRecord,
  type Scope,
} from '../api-keys/index.js';
import type { Ctx } from '../context.js';
import { existingTenant } from './existing-tenant.js';

export interface IssueApiKeyInput {
  tenantId: string;
  environment: Environment;
  scopes: readonly Scope[];
}

/** Issues a key; the plain key is in this answer only, the database keeps its hash. */
export async function issueApiKey(
  ctx: Ctx,
  input: IssueApiKeyInput,
): Promise<Result<ApiKeyRecord & { apiKey: string }>> {
  const tenant = await existingTenant(ctx, input.tenantId);
  if (!tenant.ok) return tenant;
  if (tenant.value.status === 'suspended') {
    return rejected('state_conflict', 'The tenant is suspended; reactivate it before issuing keys.');
  }
  const apiKey = generateApiKey(input.environment);
  const record: ApiKeyRecord = {
    id: newId(),
    tenantId: input.tenantId,
    environment: input.environment,
    prefix: displayPrefix(apiKey),
    scopes: [...new Set(input.scopes)],
    createdAt: ctx.now,
    revokedAt: null,
  };
  await insertApiKey(ctx.db, record, hashApiKey(apiKey));
  return ok({ ...record, apiKey });
}
