import pg from 'pg';
import type { Sent } from './load.js';

/** One property the harness proves; `losses` counts the rows that break it (0 is the only pass). */
export interface Check {
  name: string;
  losses: number;
  detail: string;
}

const ids = (journal: Sent[], kinds: Sent['kind'][], status: number): Set<string> =>
  new Set(
    journal
      .filter((s) => kinds.includes(s.kind) && s.answer?.status === status)
      .map((s) => s.answer!.json.id as string),
  );

/** The transaction ids of every acknowledged balance movement, single or batch item. */
function acknowledgedMovements(journal: Sent[]): Set<string> {
  const out = new Set<string>();
  for (const sent of journal) {
    if (sent.answer?.status !== 200) continue;
    if (sent.kind === 'sync') out.add(sent.answer.json.transaction_id);
    if (sent.kind === 'batch')
      for (const item of sent.answer.json.results as { status: number; body: { transaction_id: string } }[])
        if (item.status === 200) out.add(item.body.transaction_id);
  }
  return out;
}

/** |a \ b| and |b \ a|: what one side has that the other lacks. */
function difference(a: Set<string>, b: Set<string>): [number, number] {
  return [[...a].filter((x) => !b.has(x)).length, [...b].filter((x) => !a.has(x)).length];
}

/**
 * What the database holds for the tenant, against what the service acknowledged (the journal) and what
 * the receiver accepted. Read-only; run after the load drained and the deliveries settled.
 */
export async function runChecks(
  url: string,
  tenantId: string,
  journal: Sent[],
  accepted: Set<string>,
  resolvedSlugs: string[],
): Promise<Check[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const count = async (sql: string, values: unknown[] = [tenantId]) =>
    Number((await client.query<{ n: string }>(`select count(*) as n from (${sql}) x`, values)).rows[0]!.n);
  const column = async (sql: string) =>
    new Set((await client.query<{ id: string }>(sql, [tenantId])).rows.map((r) => r.id));
  try {
    const checks: Check[] = [];
    const add = (name: string, losses: number, detail: string) => checks.push({ name, losses, detail });

    const movements = acknowledgedMovements(journal);
    const posted = await column(
      `select id from transactions where tenant_id = $1 and entry_type in ('balance_sync_credit', 'balance_sync_debit')`,
    );
    const [lostMovements, unacknowledged] = difference(movements, posted);
    const doubledKeys = await count(
      'select idempotency_key from balance_syncs where tenant_id = $1 group by idempotency_key having count(*) > 1',
    );
    add(
      'acknowledged movements present once',
      lostMovements + unacknowledged + doubledKeys,
      `${movements.size} acknowledged, ${posted.size} in the ledger; ${lostMovements} missing, ${unacknowledged} never acknowledged, ${doubledKeys} keys applied twice`,
    );

    const opened = ids(journal, ['open', 'widget-open'], 201);
    const direct = await column('select id from positions where tenant_id = $1 and order_id is null');
    const [lostOpens, strayOpens] = difference(opened, direct);
    const badDebits = await count(
      `select p.id from positions p left join transactions t on t.id = p.open_transaction_id
       where p.tenant_id = $1 and (t.id is null or t.entry_type <> 'position_open_debit' or t.amount_minor <> -p.stake_minor
         or t.position_id is distinct from p.id or t.user_id <> p.user_id)`,
    );
    add(
      'acknowledged opens present once, each debited its stake',
      lostOpens + strayOpens + badDebits,
      `${opened.size} acknowledged, ${direct.size} in the database; ${lostOpens} missing, ${strayOpens} never acknowledged, ${badDebits} without their exact debit`,
    );

    const closed = ids(journal, ['close', 'widget-close'], 200);
    const closedInDb = await column("select id from positions where tenant_id = $1 and state = 'closed'");
    const [lostCloses, strayCloses] = difference(closed, closedInDb);
    const badCredits = await count(
      `select p.id from positions p left join transactions t on t.id = p.settlement_transaction_id
       where p.tenant_id = $1 and p.state = 'closed' and (t.id is null or t.entry_type <> 'position_close_credit'
         or t.amount_minor <> p.payout_minor or t.position_id is distinct from p.id)`,
    );
    add(
      'acknowledged closes present once, each credited its proceeds',
      lostCloses + strayCloses + badCredits,
      `${closed.size} acknowledged, ${closedInDb.size} closed in the database; ${lostCloses} missing, ${strayCloses} never acknowledged, ${badCredits} without their exact credit`,
    );

    const placed = ids(journal, ['order'], 201);
    const orders = await column('select id from orders where tenant_id = $1');
    const lostOrders = difference(placed, orders)[0];
    const filledTwice = await count(
      'select order_id from positions where tenant_id = $1 and order_id is not null group by order_id having count(*) > 1',
    );
    const fillMismatch = await count(
      `select o.id from orders o left join positions p on p.order_id = o.id
       where o.tenant_id = $1 and ((o.status = 'filled') <> (p.id is not null) or o.position_id is distinct from p.id)`,
    );
    const filled = await count("select id from orders where tenant_id = $1 and status = 'filled'");
    add(
      'no order lost or filled twice',
      lostOrders + filledTwice + fillMismatch,
      `${placed.size} placed, ${filled} filled; ${lostOrders} missing, ${filledTwice} filled twice, ${fillMismatch} whose status and position disagree`,
    );

    const unresolved = await count("select id from markets where slug = any($1) and status <> 'resolved'", [
      resolvedSlugs,
    ]);
    const unsettled = await count(
      "select p.id from positions p join markets m on m.id = p.market_id where p.tenant_id = $1 and m.status = 'resolved' and p.state = 'open'",
    );
    const settledTwice = await count(
      `select position_id from transactions where tenant_id = $1 and entry_type = 'settlement_credit'
       group by position_id having count(*) > 1`,
    );
    const badPayouts = await count(
      `select p.id from positions p left join transactions t on t.id = p.settlement_transaction_id
       where p.tenant_id = $1 and p.state in ('settled_win', 'settled_loss')
         and (case when p.state = 'settled_win' then t.id is null or t.entry_type <> 'settlement_credit'
                 or t.amount_minor <> p.payout_minor or t.position_id is distinct from p.id
              else t.id is not null or p.payout_minor <> 0 end)`,
    );
    const eventsTwice = await count(
      `select data->>'position_id' from events where tenant_id = $1 and type = 'position.settled'
       group by 1 having count(*) > 1`,
    );
    const eventless = await count(
      `select p.id from positions p where p.tenant_id = $1 and p.state in ('settled_win', 'settled_loss')
         and not exists (select 1 from events e where e.tenant_id = p.tenant_id and e.type = 'position.settled'
                         and e.data->>'position_id' = p.id::text)`,
    );
    const settled = await count(
      "select id from positions where tenant_id = $1 and state in ('settled_win', 'settled_loss')",
    );
    add(
      'no position settled twice or left unsettled',
      unresolved + unsettled + settledTwice + badPayouts + eventsTwice + eventless,
      `${resolvedSlugs.length} markets resolved, ${settled} positions settled; ${unresolved} markets not resolved, ` +
        `${unsettled} positions left open on them, ${settledTwice} credited twice, ${badPayouts} with a wrong payout, ` +
        `${eventsTwice} with position.settled twice, ${eventless} without it`,
    );

    const users = await count('select id from users where tenant_id = $1');
    const mismatched = await count(
      `select u.id from users u left join (select user_id, sum(amount_minor) as total from transactions group by user_id) t
         on t.user_id = u.id where u.tenant_id = $1 and u.balance_minor <> coalesce(t.total, 0)`,
    );
    const negative = await count(
      `select id::text from users where tenant_id = $1 and balance_minor < 0
       union all select id::text from transactions where tenant_id = $1 and balance_after_minor < 0`,
    );
    add(
      "every user's ledger sums to the balance, never below zero",
      mismatched + negative,
      `${users} users; ${mismatched} whose balance differs from the sum of their transactions, ${negative} balances below zero`,
    );

    const events = (
      await client.query<{ id: string; state: string | null; how: string }>(
        `select e.id, d.state, concat_ws(' ', e.type, 'attempts', d.attempts, 'last', d.last_status, d.last_error,
                'next', to_char(d.next_attempt_at - now(), 'MI:SS'), 'leased', d.leased_until is not null) as how
         from events e left join webhook_deliveries d on d.event_id = e.id
         where e.tenant_id = $1 and e.environment = 'sandbox'`,
        [tenantId],
      )
    ).rows;
    const dead = events.filter((e) => e.state === 'dead').length;
    const undelivered = events.filter((e) => !accepted.has(e.id) && e.state !== 'dead').length;
    const deliveredUnseen = events.filter((e) => e.state === 'delivered' && !accepted.has(e.id)).length;
    const firstMissing = events.find((e) => !accepted.has(e.id) && e.state !== 'dead');
    add(
      'every event delivered at least once or dead-lettered',
      undelivered + deliveredUnseen,
      `${events.length} events, ${events.length - undelivered - dead} received, ${dead} dead-lettered; ${undelivered} neither, ` +
        `${deliveredUnseen} marked delivered that the receiver never accepted${firstMissing ? `; first: ${firstMissing.how}` : ''}`,
    );
    return checks;
  } finally {
    await client.end();
  }
}

/** The tenant's sandbox deliveries not yet delivered or dead, and when they will next be tried. */
export interface Pending {
  count: number;
  /** Of those: held by a worker now (an attempt under way, or a lease its dead holder left). */
  leased: number;
  /** Seconds to the latest next attempt among them (a retry later in the schedule waits long). */
  latestInS: number;
}

/**
 * Deliveries of the tenant's sandbox events still waiting for an attempt (count 0: the receiver has had its
 * say on all). Only the sandbox has a webhook_url; the live environment's market events have no delivery.
 */
export async function pendingDeliveries(url: string, tenantId: string): Promise<Pending> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string; leased: string; latest: number | null }>(
      `select count(*) as n, count(*) filter (where d.leased_until > now()) as leased,
              extract(epoch from max(d.next_attempt_at) - now())::float8 as latest
       from events e left join webhook_deliveries d on d.event_id = e.id
       where e.tenant_id = $1 and e.environment = 'sandbox' and (d.state is null or d.state = 'pending')`,
      [tenantId],
    );
    return { count: Number(rows[0]!.n), leased: Number(rows[0]!.leased), latestInS: Math.max(0, rows[0]!.latest ?? 0) };
  } finally {
    await client.end();
  }
}
