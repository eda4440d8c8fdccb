import { sql } from 'kysely';
import { STREAM_BATCH, type Executor } from '../../db/connection.js';
import type { TenantEnv } from '../context.js';

export interface UserRow {
  id: string;
  externalUserId: string;
  status: 'active' | 'blocked';
  balance: bigint;
}

/** Creates the user or sets its status, in one statement; created tells which happened. */
export async function upsertUserRow(
  db: Executor,
  scope: TenantEnv,
  externalUserId: string,
  status: 'active' | 'blocked',
  id: string,
  now: Date,
): Promise<UserRow & { created: boolean }> {
  const { rows } = await sql<{ id: string; status: 'active' | 'blocked'; balance_minor: bigint; created: boolean }>`
    insert into users (id, tenant_id, environment, external_user_id, status, created_at, updated_at)
    values (${id}, ${scope.tenantId}, ${scope.environment}, ${externalUserId}, ${status}, ${now}, ${now})
    on conflict (tenant_id, environment, external_user_id)
      do update set status = excluded.status, updated_at = excluded.updated_at
    returning id, status, balance_minor, (xmax = 0) as created`.execute(db);
  const row = rows[0]!;
  return { id: row.id, externalUserId, status: row.status, balance: row.balance_minor, created: row.created };
}

function userQuery(db: Executor, scope: TenantEnv, externalUserId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'external_user_id', 'status', 'balance_minor'])
    .where('tenant_id', '=', scope.tenantId)
    .where('environment', '=', scope.environment)
    .where('external_user_id', '=', externalUserId);
}

function toUserRow(row: { id: string; external_user_id: string; status: UserRow['status']; balance_minor: bigint }) {
  return { id: row.id, externalUserId: row.external_user_id, status: row.status, balance: row.balance_minor };
}

export async function findUser(db: Executor, scope: TenantEnv, externalUserId: string): Promise<UserRow | null> {
  const row = await userQuery(db, scope, externalUserId).executeTakeFirst();
  return row ? toUserRow(row) : null;
}

/** A user locked for a change that must not race the write engine's rounds (its limits), or null. */
export async function lockUser(db: Executor, scope: TenantEnv, externalUserId: string): Promise<UserRow | null> {
  const row = await userQuery(db, scope, externalUserId).forUpdate().executeTakeFirst();
  return row ? toUserRow(row) : null;
}

/** Balances of users by id (any tenant environment: ids are unique), for the realtime stream. */
export async function findBalances(db: Executor, ids: readonly string[]): Promise<Map<string, bigint>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'balance_minor'])
    .where('id', '=', sql<string>`any(${[...ids]}::uuid[])`)
    .execute();
  return new Map(rows.map((r) => [r.id, r.balance_minor]));
}

/**
 * Every user of the tenant environment in external_user_id order, through a server-side cursor
 * (reports): memory holds one batch. `db` should hold one snapshot (a transaction).
 */
export async function* streamUserRows(db: Executor, scope: TenantEnv): AsyncGenerator<UserRow> {
  const query = db
    .selectFrom('users')
    .select(['id', 'external_user_id', 'status', 'balance_minor'])
    .where('tenant_id', '=', scope.tenantId)
    .where('environment', '=', scope.environment)
    .orderBy('external_user_id');
  for await (const r of query.stream(STREAM_BATCH))
    yield { id: r.id, externalUserId: r.external_user_id, status: r.status, balance: r.balance_minor };
}

/** Where an end user lives: the tenant environment of a user row (the panel finds users across tenants). */
export interface UserPlace {
  id: string;
  scope: TenantEnv;
  externalUserId: string;
  status: 'active' | 'blocked';
  balance: bigint;
  createdAt: Date;
}

function placeQuery(db: Executor) {
  return db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'environment', 'external_user_id', 'status', 'balance_minor', 'created_at']);
}

function toPlace(r: Awaited<ReturnType<ReturnType<typeof placeQuery>['executeTakeFirstOrThrow']>>): UserPlace {
  return {
    id: r.id,
    scope: { tenantId: r.tenant_id, environment: r.environment },
    externalUserId: r.external_user_id,
    status: r.status,
    balance: r.balance_minor,
    createdAt: r.created_at,
  };
}

/** A user by its own id, of any tenant environment. `id` must be a UUID (the caller checks). */
export async function findUserById(db: Executor, id: string): Promise<UserPlace | null> {
  const row = await placeQuery(db).where('id', '=', id).executeTakeFirst();
  return row ? toPlace(row) : null;
}

/** Every tenant environment's user of this external id (one id may be used by several operators). */
export async function findUsersByExternalId(db: Executor, externalUserId: string, limit: number): Promise<UserPlace[]> {
  const rows = await placeQuery(db)
    .where('external_user_id', '=', externalUserId)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map(toPlace);
}
