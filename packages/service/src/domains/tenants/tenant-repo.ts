import type { Executor } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import { ENVIRONMENTS, type TenantEnv } from '../context.js';
import { DEFAULT_WIDGET_SETTINGS, type WidgetSettings } from './model/widget-settings.js';

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
  widget: WidgetSettings;
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

/** What decides whether a tenant's widget session tokens hold: its status, and since when they may be issued. */
export interface TenantSessionState {
  status: TenantRow['status'];
  /** Tokens issued in this second or before are refused (the latest suspension); null: never suspended. */
  sessionsNotBefore: Date | null;
}

/**
 * The session state of these tenants, by id (unknown ids are left out): what every session request reads
 * for its tenant (a primary-key read), and what open realtime streams are checked against every second.
 */
export async function tenantSessionStates(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, TenantSessionState>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('tenants')
    .select(['id', 'status', 'sessions_not_before'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { status: r.status, sessionsNotBefore: r.sessions_not_before }]));
}

/**
 * Ends every widget session token of a tenant issued up to `at`: tokens are not stored, so the tenant's row
 * says from when they may be issued again (checked with each token and each open stream).
 */
export async function endTenantWidgetSessions(tx: Executor, id: string, at: Date): Promise<void> {
  await tx.updateTable('tenants').set({ sessions_not_before: at }).where('id', '=', id).execute();
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

const settingsColumns = ['environment', 'webhook_url', 'allowed_origins', 'webhook_secret', 'widget'] as const;

function presentSettings(row: {
  environment: Environment;
  webhook_url: string | null;
  allowed_origins: string[];
  webhook_secret: string | null;
  widget: unknown;
}): EnvironmentSettings {
  return {
    environment: row.environment,
    webhookUrl: row.webhook_url,
    allowedOrigins: row.allowed_origins,
    webhookSecretSet: row.webhook_secret !== null,
    widget: widgetSettingsOf(row.widget),
  };
}

/** The stored jsonb (written only by updateEnvironmentSettings, after the contract's checks), or the defaults. */
function widgetSettingsOf(stored: unknown): WidgetSettings {
  if (stored === null || typeof stored !== 'object') return DEFAULT_WIDGET_SETTINGS;
  const s = stored as {
    theme: WidgetSettings['theme'];
    scheme: WidgetSettings['scheme'];
    locales: string[];
    default_locale: string;
    currency?: string | null;
  };
  // Settings stored before the currency existed have no key: they show plain amounts.
  const currency = s.currency ?? null;
  return { theme: s.theme, scheme: s.scheme, locales: s.locales, defaultLocale: s.default_locale, currency };
}

/** One tenant environment's widget settings; FOR UPDATE inside a change, so two changes never interleave. */
export async function widgetSettingsOfEnv(
  db: Executor,
  scope: TenantEnv,
  lock = false,
): Promise<WidgetSettings | null> {
  let query = db
    .selectFrom('tenant_environments')
    .select('widget')
    .where('tenant_id', '=', scope.tenantId)
    .where('environment', '=', scope.environment);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? widgetSettingsOf(row.widget) : null;
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
  changes: { webhookUrl?: string | null; allowedOrigins?: string[]; widget?: WidgetSettings },
  now: Date,
): Promise<EnvironmentSettings | null> {
  const widget = changes.widget;
  const row = await db
    .updateTable('tenant_environments')
    .set({
      updated_at: now,
      ...(changes.webhookUrl !== undefined && { webhook_url: changes.webhookUrl }),
      ...(changes.allowedOrigins !== undefined && { allowed_origins: changes.allowedOrigins }),
      ...(widget !== undefined && {
        widget: JSON.stringify({
          theme: widget.theme,
          scheme: widget.scheme,
          locales: widget.locales,
          default_locale: widget.defaultLocale,
          currency: widget.currency,
        }),
      }),
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

/** One tenant environment's settings (the caller's own, GET /v1/tenant/settings). */
export async function environmentSettingsOf(db: Executor, scope: TenantEnv): Promise<EnvironmentSettings | null> {
  const row = await db
    .selectFrom('tenant_environments')
    .select(settingsColumns)
    .where('tenant_id', '=', scope.tenantId)
    .where('environment', '=', scope.environment)
    .executeTakeFirst();
  return row ? presentSettings(row) : null;
}

/**
 * Whether the environment can deliver (a webhook_url and a secret to sign with), its row share-locked until
 * the caller's transaction ends: an event written meanwhile gets its delivery (the enqueue trigger reads the
 * same URL), and a change of the settings waits for it.
 */
export async function lockWebhookTarget(
  tx: Executor,
  scope: TenantEnv,
): Promise<{ webhookUrl: string | null; secretSet: boolean }> {
  const row = await tx
    .selectFrom('tenant_environments')
    .select(['webhook_url', 'webhook_secret'])
    .where('tenant_id', '=', scope.tenantId)
    .where('environment', '=', scope.environment)
    .forShare()
    .executeTakeFirst();
  return { webhookUrl: row?.webhook_url ?? null, secretSet: (row?.webhook_secret ?? null) !== null };
}
