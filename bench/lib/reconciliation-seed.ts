import pg from 'pg';

/** What the seed put in, so the bench can check the run's counts against it. */
export interface SeededMix {
  users: number;
  agree: number;
  disagree: number;
  refused: number;
  unverifiable: number;
}

/**
 * Users spread over the tenants' sandbox and live environments, written straight into the database
 * (100,000 through the API would take longer than the run being measured), with a ledger that holds:
 * each balance-sync credit has its transaction, every balance equals the sum of its transactions.
 *
 * The mix, by user number n: 1 % disagree (the last sync's resulting_balance is 2.50 short), 0.2 % end
 * with a would_overdraw refusal without a resulting_balance, 5 % sync without ever sending a
 * resulting_balance and 2 % never sync (both unverifiable), and the rest agree; a third of those send no
 * resulting_balance on their last sync, so their evidence is the one before. Synced users have three
 * credits (a refused user a fourth, refused debit), so the run picks among several rows per user.
 */
export async function seedReconciliationMix(
  url: string,
  tenantIds: readonly string[],
  users: number,
): Promise<SeededMix> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `create temp table seed on commit drop as
       select gen_random_uuid() as id, n, ($1::uuid[])[n % cardinality($1::uuid[]) + 1] as tenant_id,
              case when (n / cardinality($1::uuid[])) % 2 = 0 then 'sandbox' else 'live' end as environment,
              case when n % 100 = 7 then 'disagree' when n % 500 = 3 then 'refused'
                   when n % 20 = 1 then 'unverifiable' when n % 50 = 5 then 'no_sync' else 'agree' end as kind
       from generate_series(0, $2::int - 1) n`,
      [tenantIds, users],
    );
    await client.query(
      `insert into users (id, tenant_id, environment, external_user_id, status, balance_minor, created_at, updated_at)
       select id, tenant_id, environment, 'bench-' || n, 'active', 0, now(), now() from seed order by n`,
    );
    await client.query(
      `create temp table moves on commit drop as
       select s.*, k, gen_random_uuid() as tx_id, gen_random_uuid() as sync_id, m.amount,
              (sum(m.amount) over (partition by s.id order by k))::bigint as balance_after
       from seed s cross join generate_series(1, 3) k
       cross join lateral (select (1000 + (s.n * 7 + k * 13) % 9000)::bigint as amount) m
       where s.kind <> 'no_sync'`,
    );
    await client.query(
      `insert into transactions (id, tenant_id, environment, user_id, entry_type, amount_minor, balance_after_minor, created_at)
       select tx_id, tenant_id, environment, id, 'balance_sync_credit', amount, balance_after, now()
       from moves order by n, k`,
    );
    await client.query(
      `insert into balance_syncs (id, tenant_id, environment, user_id, idempotency_key, direction, amount_minor,
                                  resulting_balance_minor, outcome, transaction_id, ledger_balance_minor, created_at)
       select sync_id, tenant_id, environment, id, 'seed-' || n || '-' || k, 'credit', amount,
              case when kind = 'unverifiable' then null
                   when kind = 'disagree' and k = 3 then balance_after - 250
                   when kind = 'agree' and k = 3 and n % 3 = 0 then null
                   else balance_after end,
              'applied', tx_id, balance_after, now()
       from moves order by n, k`,
    );
    await client.query(
      `insert into balance_syncs (id, tenant_id, environment, user_id, idempotency_key, direction, amount_minor,
                                  outcome, ledger_balance_minor, flagged_for_reconciliation, created_at)
       select gen_random_uuid(), tenant_id, environment, id, 'seed-' || n || '-4', 'debit', balance_after + 5000,
              'would_overdraw', balance_after, true, now()
       from moves where kind = 'refused' and k = 3 order by n`,
    );
    await client.query(`update users u set balance_minor = m.balance_after from moves m where m.id = u.id and m.k = 3`);
    const { rows } = await client.query<{ kind: string; n: string }>(
      'select kind, count(*)::text as n from seed group by kind',
    );
    await client.query('commit');
    const count = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
    return {
      users,
      agree: count('agree'),
      disagree: count('disagree'),
      refused: count('refused'),
      unverifiable: count('unverifiable') + count('no_sync'),
    };
  } finally {
    await client.end();
  }
}
