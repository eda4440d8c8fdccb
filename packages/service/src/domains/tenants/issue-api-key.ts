import type { Environment } from '../../db/schema.js';
import type { Executor } from '../../db/connection.js';
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
  /** From this instant the key is refused, like a revoked one; must be in the future. */
  expiresAt?: Date | null;
}

/** A key as it is issued: its record, and the plain key, which this answer alone ever shows. */
export type IssuedKey = ApiKeyRecord & { apiKey: string };

/** Issues a key; the database keeps its hash only. */
export async function issueApiKey(ctx: Ctx, input: IssueApiKeyInput): Promise<Result<IssuedKey>> {
  const tenant = await existingTenant(ctx, input.tenantId);
  if (!tenant.ok) return tenant;
  if (tenant.value.status === 'suspended') {
    return rejected('state_conflict', 'The tenant is suspended; reactivate it before issuing keys.');
  }
  const expiresAt = input.expiresAt ?? null;
  if (expiresAt !== null && expiresAt.getTime() <= ctx.now.getTime()) {
    return rejected('validation_failed', 'expires_at must be in the future.');
  }
  return ok(await writeNewKey(ctx.db, ctx.now, { ...input, expiresAt, rotatesKeyId: null }));
}

/** Generates a key and stores its record; shared by an issue, a rotation and a go-live. */
export async function writeNewKey(
  db: Executor,
  now: Date,
  fields: Pick<ApiKeyRecord, 'tenantId' | 'environment' | 'expiresAt' | 'rotatesKeyId'> & { scopes: readonly string[] },
): Promise<IssuedKey> {
  const apiKey = generateApiKey(fields.environment);
  const record: ApiKeyRecord = {
    id: newId(),
    tenantId: fields.tenantId,
    environment: fields.environment,
    prefix: displayPrefix(apiKey),
    scopes: [...new Set(fields.scopes)],
    createdAt: now,
    revokedAt: null,
    expiresAt: fields.expiresAt,
    rotatesKeyId: fields.rotatesKeyId,
  };
  await insertApiKey(db, record, hashApiKey(apiKey));
  return { ...record, apiKey };
}
