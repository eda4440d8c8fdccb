import type { Executor } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import { ENVIRONMENTS } from '../context.js';

export interface TenantRow {
  id: string;
  name: string;
  status: 'active' | 'suspended';
  createdAt: Date;
}

export interface EnvironmentSettings {
  environment: Environment;
  webhookUrl: string | null;
  allowedOrigins: string[];
  webhookSecretSet: boolean;
}

export async function insertTenant(tx: Executor, tenant: TenantRow): Promise<void> {
  await tx
    .insertInto('tenants')
    .values({
      id: tenant.id,
      name: tenant.name,
      status: tenant.status,
      created_at: tenant.createdAt,
      updated_at: tenant.createdAt,
    })
    .execute();
  await tx
    .insertInto('tenant_environments')
    .values(ENVIRONMENTS.map((environment) => ({ tenant_id: tenant.id, environment, updated_at: tenant.createdAt })))
    .execute();
}

/** A tenant's status alone (the check every session request makes), or null when there is no such tenant. */
export async function tenantStatus(db: Executor, id: string): Promise<TenantRow['status'] | null> {
  const row = await db.selectFrom('tenants').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status ?? null;
}

export async function findTenant(db: Executor, id: string): Promise<TenantRow | null> {
  const row = await db
    .selectFrom('tenants')
    .select(['id', 'name', 'status', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, status: row.status, createdAt: row.created_at } : null;
}

/** Sets the status; returns the tenant, or null when there is none. */
export async function updateTenantStatus(
  tx: Executor,
  id: string,
  status: TenantRow['status'],
  now: Date,
): Promise<TenantRow | null> {
  const row = await tx
    .updateTable('tenants')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .returning(['id', 'name', 'status', 'created_at'])
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, status: row.status, createdAt: row.created_at } : null;
}

const settingsColumns = ['environment', 'webhook_url', 'allowed_origins', 'webhook_secret'] as const;

function presentSettings(row: {
  environment: Environment;
  webhook_url: string | null;
  allowed_origins: string[];
  webhook_secret: string | null;
}): EnvironmentSettings {
  return {
    environment: row.environment,
    webhookUrl: row.webhook_url,
    allowedOrigins: row.allowed_origins,
    webhookSecretSet: row.webhook_secret !== null,
  };
}

export async function listEnvironmentSettings(db: Executor, tenantId: string): Promise<EnvironmentSettings[]> {
  const rows = await db
    .selectFrom('tenant_environments')
    .select(settingsColumns)
    .where('tenant_id', '=', tenantId)
    .orderBy('environment', 'desc')
    .execute();
  return rows.map(presentSettings);
}

export async function updateEnvironmentSettings(
  db: Executor,
  tenantId: string,
  environment: Environment,
  changes: { webhookUrl?: string | null; allowedOrigins?: string[] },
  now: Date,
): Promise<EnvironmentSettings | null> {
  const row = await db
    .updateTable('tenant_environments')
    .set({
      updated_at: now,
      ...(changes.webhookUrl !== undefined && { webhook_url: changes.webhookUrl }),
      ...(changes.allowedOrigins !== undefined && { allowed_origins: changes.allowedOrigins }),
    })
    .where('tenant_id', '=', tenantId)
    .where('environment', '=', environment)
    .returning(settingsColumns)
    .executeTakeFirst();
  return row ? presentSettings(row) : null;
}

export async function setWebhookSecret(
  db: Executor,
  tenantId: string,
  environment: Environment,
  secret: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('tenant_environments')
    .set({ webhook_secret: secret, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('environment', '=', environment)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The origins one tenant environment lists for CORS. */
export async function originsOfTenant(db: Executor, scope: { tenantId: string; environment: Environment }) {
  const row = await db
    .selectFrom('tenant_environments')
    .select('allowed_origins')
    .where('tenant_id', '=', scope.tenantId)
    .where('environment', '=', scope.environment)
    .executeTakeFirst();
  return row?.allowed_origins ?? [];
}

/** Every origin some tenant lists in an environment: what a preflight, which names no tenant, is told. */
export async function originsListedIn(db: Executor, environment: Environment): Promise<string[]> {
  const rows = await db
    .selectFrom('tenant_environments')
    .select((eb) => eb.fn<string>('unnest', ['allowed_origins']).as('origin'))
    .where('environment', '=', environment)
    .distinct()
    .execute();
  return rows.map((r) => r.origin);
}
