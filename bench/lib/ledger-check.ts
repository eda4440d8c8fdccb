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
  /** Tables autovacuum analyzed after `since`: their plans may have changed mid-run (see bench/README.md, "Plans"). */
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
      applied: await count(
        client,
        "select count(*) as n from balance_syncs where tenant_id = $1 and outcome = 'applied'",
        [tenantId],
      ),
      refused: await count(
        client,
        "select count(*) as n from balance_syncs where tenant_id = $1 and outcome <> 'applied'",
        [tenantId],
      ),
      doneSyncKeys: await count(
        client,
        "select count(*) as n from idempotency_keys where tenant_id = $1 and operation = 'balance_sync' and state = 'done'",
        [tenantId],
      ),
      inProgressKeys: await count(
        client,
        "select count(*) as n from idempotency_keys where tenant_id = $1 and state = 'in_progress'",
        [tenantId],
      ),
      autoAnalyzed: analyzed.rows.map((r) => r.relname),
    };
  } finally {
    await client.end();
  }
}

export interface TradingCheck {
  positions: number;
  open: number;
  closed: number;
  /** Ledger rows of the trades, by entry type. */
  openDebits: number;
  closeCredits: number;
  /** Positions whose open transaction is not a debit of exactly the stake naming the position (and its user). */
  badOpenDebits: number;
  /** Closed positions whose settlement transaction is not a credit of exactly the payout naming the position. */
  badCloseCredits: number;
  /** Completed position_open / position_close keys: one per opened / closed position. */
  doneOpenKeys: number;
  doneCloseKeys: number;
  rejections: number;
  markets: number;
  /**
   * Largest |q_i − Σ shares of the open positions on outcome i| over the tenant's markets, in shares:
   * markets created with equal prices start at q = 0, every open adds its shares and every close takes
   * them back, so a lost update of the market row shows here (float rounding alone stays far below 1e-6).
   */
  qDrift: number;
  /**
   * Markets whose price points are not 1 (creation) plus one per round that traded on it: at least one
   * more when it traded, and never more than one per open and close (an engine round writes one point per
   * market, whatever number of trades it made there).
   */
  badPricePoints: number;
}

/** Read-only checks of the positions of the bench tenant against the ledger, the keys and the market rows. */
export async function checkTrading(databaseUrl: string, tenantId: string): Promise<TradingCheck> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const p = (
      await client.query<Record<'positions' | 'open' | 'closed', string>>(
        `select count(*) as positions, count(*) filter (where state = 'open') as open,
                count(*) filter (where state = 'closed') as closed
         from positions where tenant_id = $1`,
        [tenantId],
      )
    ).rows[0]!;
    const t = (
      await client.query<Record<'open_debits' | 'close_credits', string>>(
        `select count(*) filter (where entry_type = 'position_open_debit') as open_debits,
                count(*) filter (where entry_type = 'position_close_credit') as close_credits
         from transactions where tenant_id = $1`,
        [tenantId],
      )
    ).rows[0]!;
    const drift = await client.query<{ drift: number | null }>(
      `select max(abs(m.q[o.ordinal + 1] - coalesce(s.units, 0) / 1e8)) as drift
       from tenant_markets tm
       join markets m on m.id = tm.market_id
       join market_outcomes o on o.market_id = m.id
       left join (select outcome_id, sum(shares_units)::float8 as units from positions where state = 'open' group by outcome_id) s
         on s.outcome_id = o.id
       where tm.tenant_id = $1`,
      [tenantId],
    );
    return {
      positions: Number(p.positions),
      open: Number(p.open),
      closed: Number(p.closed),
      openDebits: Number(t.open_debits),
      closeCredits: Number(t.close_credits),
      badOpenDebits: await count(
        client,
        `select count(*) as n from positions p left join transactions t on t.id = p.open_transaction_id
         where p.tenant_id = $1 and (t.id is null or t.entry_type <> 'position_open_debit' or t.amount_minor <> -p.stake_minor
           or t.position_id is distinct from p.id or t.user_id <> p.user_id)`,
        [tenantId],
      ),
      badCloseCredits: await count(
        client,
        `select count(*) as n from positions p left join transactions t on t.id = p.settlement_transaction_id
         where p.tenant_id = $1 and p.state = 'closed' and (t.id is null or t.entry_type <> 'position_close_credit'
           or t.amount_minor <> p.payout_minor or t.position_id is distinct from p.id or t.user_id <> p.user_id)`,
        [tenantId],
      ),
      doneOpenKeys: await count(
        client,
        "select count(*) as n from idempotency_keys where tenant_id = $1 and operation = 'position_open' and state = 'done'",
        [tenantId],
      ),
      doneCloseKeys: await count(
        client,
        "select count(*) as n from idempotency_keys where tenant_id = $1 and operation = 'position_close' and state = 'done'",
        [tenantId],
      ),
      rejections: await count(client, 'select count(*) as n from position_rejections where tenant_id = $1', [tenantId]),
      markets: await count(client, 'select count(*) as n from tenant_markets where tenant_id = $1', [tenantId]),
      qDrift: Number(drift.rows[0]?.drift ?? 0),
      badPricePoints: await count(
        client,
        `select count(*) as n from tenant_markets tm
         cross join lateral (select count(*) as n from price_points pp where pp.market_id = tm.market_id) points
         cross join lateral (
           select count(*) + count(*) filter (where state = 'closed') as n from positions p where p.market_id = tm.market_id
         ) trades
         where tm.tenant_id = $1
           and (points.n > 1 + trades.n or points.n < 1 + least(trades.n, 1))`,
        [tenantId],
      ),
    };
  } finally {
    await client.end();
  }
}
