import pg from 'pg';

export interface LedgerCheck {
  users: number;
  transactions: number;
  /** Users whose balance differs from the sum of their ledger rows (the ledger invariant). */
  mismatched: number;
  /** balance_syncs rows by outcome. */
  applied: number;
  refused: number;
  /** Completed balance_sync keys: one per balance_syncs row (applied or refused), no more, no less. */
  doneSyncKeys: number;
  /** Reservations neither completed nor released: should be none once the load has drained. */
  inProgressKeys: number;
  /** Tables autovacuum analyzed after `since`: their plans may have changed mid-run (see README). */
  autoAnalyzed: string[];
}

const count = async (client: pg.Client, sql: string, values: unknown[]) =>
  Number((await client.query<{ n: string }>(sql, values)).rows[0]!.n);

/** Read-only checks over the bench tenant after the load: a correctness smoke test, not a number. */
export async function checkLedger(databaseUrl: string, tenantId: string, since: Date): Promise<LedgerCheck> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ledger = await client.query<{ users: string; transactions: string; mismatched: string }>(
      `select count(*) as users, coalesce(sum(t.n), 0) as transactions,
              count(*) filter (where u.balance_minor <> coalesce(t.total, 0)) as mismatched
       from users u
       left join (select user_id, count(*) as n, sum(amount_minor) as total from transactions group by user_id) t
         on t.user_id = u.id
       where u.tenant_id = $1`,
      [tenantId],
    );
    const row = ledger.rows[0]!;
    const analyzed = await client.query<{ relname: string }>(
      'select relname from pg_stat_user_tables where last_autoanalyze >= $1 order by relname',
      [since],
    );
    return {
      users: Number(row.users),
      transactions: Number(row.transactions),
      mismatched: Number(row.mismatched),
      applied: await count(client, "select count(*) as n from balance_syncs where tenant_id = $1 and outcome = 'applied'", [tenantId]),
      refused: await count(client, "select count(*) as n from balance_syncs where tenant_id = $1 and outcome <> 'applied'", [tenantId]),
      doneSyncKeys: await count(
        client,
        "select count(*) as n from idempotency_keys where tenant_id = $1 and operation = 'balance_sync' and state = 'done'",
        [tenantId],
      ),
      inProgressKeys: await count(client, "select count(*) as n from idempotency_keys where tenant_id = $1 and state = 'in_progress'", [
        tenantId,
      ]),
      autoAnalyzed: analyzed.rows.map((r) => r.relname),
    };
  } finally {
    await client.end();
  }
}
