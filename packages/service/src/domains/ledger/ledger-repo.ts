import { sql, type RawBuilder } from 'kysely';
import { STREAM_BATCH, type Executor } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import type { TenantEnv } from '../context.js';

export interface LockedUser {
  id: string;
  externalUserId: string;
  status: 'active' | 'blocked';
  balance: bigint;
}

export interface Entry {
  id: string;
  userId: string;
  entryType: string;
  amount: bigint;
  balanceAfter: bigint;
  reversesTransactionId: string | null;
  positionId: string | null;
}

/**
 * Appends entries to the ledger and sets each user's balance to the balance after its last entry, in
 * one statement. The caller holds the users' row locks and computed balanceAfter with post().
 */
export async function postEntries(tx: Executor, scope: TenantEnv, entries: readonly Entry[], now: Date): Promise<void> {
  if (entries.length === 0) return;
  const scoped = entries.map((e) => ({ ...e, scope }));
  await sql`with inserted as (${insertEntriesSql(scoped, now)}) ${setBalancesSql(scoped, now)}`.execute(tx);
}

/** An entry with the tenant environment of its user, for writes that span several (an engine round). */
export interface ScopedEntry extends Entry {
  scope: TenantEnv;
}

/**
 * The append of entries, as one statement to run alone or as a part of a larger one (an engine round
 * writes everything in one statement). Entries keep their order: seq follows it.
 */
export function insertEntriesSql(entries: readonly ScopedEntry[], now: Date): RawBuilder<unknown> {
  return sql`
    insert into transactions
      (id, tenant_id, environment, user_id, entry_type, amount_minor, balance_after_minor,
       reverses_transaction_id, position_id, created_at)
    select e.id, e.tenant_id, e.environment, e.user_id, e.entry_type, e.amount, e.balance_after,
           e.reverses, e.position_id, ${now}
    from unnest(${entries.map((e) => e.id)}::uuid[], ${entries.map((e) => e.scope.tenantId)}::uuid[],
                ${entries.map((e) => e.scope.environment)}::text[], ${entries.map((e) => e.userId)}::uuid[],
                ${entries.map((e) => e.entryType)}::text[], ${entries.map((e) => e.amount)}::bigint[],
                ${entries.map((e) => e.balanceAfter)}::bigint[], ${entries.map((e) => e.reversesTransactionId)}::uuid[],
                ${entries.map((e) => e.positionId)}::uuid[])
      with ordinality as e(id, tenant_id, environment, user_id, entry_type, amount, balance_after, reverses,
                           position_id, n)
    order by e.n`;
}

/** Each user's balance set to the balance after its last entry (the caller holds the users' locks). */
export function setBalancesSql(entries: readonly ScopedEntry[], now: Date): RawBuilder<unknown> {
  const finalBalance = new Map<string, bigint>();
  for (const e of entries) finalBalance.set(e.userId, e.balanceAfter);
  return sql`
    update users set balance_minor = b.balance, updated_at = ${now}
    from unnest(${[...finalBalance.keys()]}::uuid[], ${[...finalBalance.values()]}::bigint[]) as b(id, balance)
    where users.id = b.id`;
}

export interface TransactionRow {
  seq: bigint;
  id: string;
  externalUserId: string;
  entryType: string;
  amount: bigint;
  balanceAfter: bigint;
  reversesTransactionId: string | null;
  positionId: string | null;
  createdAt: Date;
}

/** Transactions with their user's external id and their tenant environment, in no order yet. */
function transactionsWithUser(db: Executor) {
  return db
    .selectFrom('transactions as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.seq',
      't.id',
      'u.external_user_id',
      't.entry_type',
      't.amount_minor',
      't.balance_after_minor',
      't.reverses_transaction_id',
      't.position_id',
      't.created_at',
      't.tenant_id',
      't.environment',
      't.user_id',
    ]);
}

/** The tenant environment's transactions with their user's external id, in no order yet. */
function transactionQuery(db: Executor, scope: TenantEnv) {
  return transactionsWithUser(db)
    .where('t.tenant_id', '=', scope.tenantId)
    .where('t.environment', '=', scope.environment);
}

type TransactionQueryRow = Awaited<ReturnType<ReturnType<typeof transactionQuery>['executeTakeFirstOrThrow']>>;

function toTransactionRow(r: TransactionQueryRow): TransactionRow {
  return {
    seq: r.seq,
    id: r.id,
    externalUserId: r.external_user_id,
    entryType: r.entry_type,
    amount: r.amount_minor,
    balanceAfter: r.balance_after_minor,
    reversesTransactionId: r.reverses_transaction_id,
    positionId: r.position_id,
    createdAt: r.created_at,
  };
}

/** A transaction by id, of any tenant environment, with that tenant environment. `id` must be a UUID. */
export async function findTransactionById(
  db: Executor,
  id: string,
): Promise<(TransactionRow & { scope: TenantEnv; userId: string }) | null> {
  const row = await transactionsWithUser(db).where('t.id', '=', id).executeTakeFirst();
  if (!row) return null;
  return {
    ...toTransactionRow(row),
    scope: { tenantId: row.tenant_id, environment: row.environment },
    userId: row.user_id,
  };
}

/** A tenant environment's ledger rows after afterSeq, oldest first (or newest first), limit + 1 rows (the caller pages). */
export async function listTransactionRows(
  db: Executor,
  scope: TenantEnv,
  f: { externalUserId?: string; entryType?: string; afterSeq: bigint | null; limit: number; newestFirst?: boolean },
): Promise<TransactionRow[]> {
  let query = transactionQuery(db, scope);
  if (f.externalUserId !== undefined) query = query.where('u.external_user_id', '=', f.externalUserId);
  if (f.entryType !== undefined) query = query.where('t.entry_type', '=', f.entryType);
  if (f.afterSeq !== null) query = query.where('t.seq', f.newestFirst ? '<' : '>', f.afterSeq);
  const rows = await query
    .orderBy('t.seq', f.newestFirst ? 'desc' : 'asc')
    .limit(f.limit + 1)
    .execute();
  return rows.map(toTransactionRow);
}

/**
 * Every transaction created in [from, to), oldest first, read through a server-side cursor (reports):
 * memory holds one batch, however many rows there are. `db` should hold one snapshot (a transaction).
 */
export async function* streamTransactionRows(
  db: Executor,
  scope: TenantEnv,
  range: { from: Date | null; to: Date | null },
): AsyncGenerator<TransactionRow> {
  let query = transactionQuery(db, scope);
  if (range.from !== null) query = query.where('t.created_at', '>=', range.from);
  if (range.to !== null) query = query.where('t.created_at', '<', range.to);
  for await (const row of query.orderBy('t.seq').stream(STREAM_BATCH)) yield toTransactionRow(row);
}

/** A user an engine round locked: its tenant environment, status and balance. */
export interface RoundLockedUser extends LockedUser {
  scope: TenantEnv;
}

/**
 * Locks users of any tenant environments for an engine round, named by external id or (for limit
 * orders' owners) by id, in one statement. With skipLocked a user another transaction holds is not
 * waited for but returned in `held`; without, users are taken in id order (docs/architecture.md, "Locks"). Users that
 * are not registered are in neither.
 */
export async function lockUsersForRound(
  tx: Executor,
  wanted: { named: readonly { scope: TenantEnv; externalUserId: string }[]; ids: readonly string[] },
  options: { skipLocked: boolean },
): Promise<{ locked: RoundLockedUser[]; held: RoundLockedUser[] }> {
  const { named, ids } = wanted;
  if (named.length === 0 && ids.length === 0) return { locked: [], held: [] };
  // Every wanted user once unlocked (who they are), and again for each row the lock took (its latest
  // status and balance), merged here: a join of the two in SQL was planned as a nested loop from the
  // arrays' row estimates, which grew with the square of a batch's users.
  const { rows } = await prepared(sql<{
    id: string;
    tenant_id: string | null;
    environment: TenantEnv['environment'] | null;
    external_user_id: string | null;
    got: boolean;
    status: 'active' | 'blocked';
    balance_minor: bigint;
  }>`
    with wanted as (
      select u.id from users u
      join unnest(${named.map((u) => u.scope.tenantId)}::uuid[], ${named.map((u) => u.scope.environment)}::text[],
                  ${named.map((u) => u.externalUserId)}::text[]) as k(tenant_id, environment, external_user_id)
        on u.tenant_id = k.tenant_id and u.environment = k.environment and u.external_user_id = k.external_user_id
      union
      select unnest(${[...ids]}::uuid[])
    ), locked as (
      select u.id, u.status, u.balance_minor from users u where u.id in (select id from wanted)
      order by u.id for update of u ${options.skipLocked ? sql`skip locked` : sql``}
    )
    select u.id, u.tenant_id, u.environment, u.external_user_id, false as got, u.status, u.balance_minor
    from users u join wanted w on w.id = u.id
    union all
    select l.id, null, null, null, true, l.status, l.balance_minor from locked l`).execute(tx);
  const users = new Map<string, RoundLockedUser>();
  const got = new Set<string>();
  for (const r of rows) {
    if (r.got) {
      got.add(r.id);
      continue;
    }
    users.set(r.id, {
      id: r.id,
      scope: { tenantId: r.tenant_id!, environment: r.environment! },
      externalUserId: r.external_user_id!,
      status: r.status,
      balance: r.balance_minor,
    });
  }
  const locked: RoundLockedUser[] = [];
  for (const r of rows) {
    const user = r.got ? users.get(r.id) : undefined;
    if (user) locked.push({ ...user, status: r.status, balance: r.balance_minor });
  }
  return { locked, held: [...users.values()].filter((u) => !got.has(u.id)) };
}

/**
 * Users' balances by id. With lock, the users are locked in id order, the order every transaction that
 * locks several users takes them (a settlement, after its market); without, they are only read (a preview).
 */
export async function balancesOf(
  db: Executor,
  userIds: readonly string[],
  options: { lock: boolean },
): Promise<Map<string, bigint>> {
  if (userIds.length === 0) return new Map();
  const query = db
    .selectFrom('users')
    .select(['id', 'balance_minor'])
    .where('id', 'in', [...userIds])
    .orderBy('id');
  const rows = await (options.lock ? query.forUpdate() : query).execute();
  return new Map(rows.map((r) => [r.id, r.balance_minor]));
}
