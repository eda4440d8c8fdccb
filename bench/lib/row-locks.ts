import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { fmt } from './stats.js';

/*
 * Who holds the contended row locks. Every 100 ms: the backends waiting on a row lock, by the statement
 * they wait in (the market lock `… for update of m`, the user lock `from "users" … for update`), and the
 * holders of the market locks they wait for (their blockers that do not wait on a market lock themselves):
 * running a statement, flushing WAL at commit, waiting on a user lock, or idle in transaction, that is,
 * waiting for the service to send its next statement while every other trade on the market waits.
 */
export interface LockProfile {
  samples: number;
  /** Samples with at least one backend waiting on a market lock. */
  contended: number;
  onMarket: number;
  onUser: number;
  otherLock: number;
  /** Holder state → samples (one per holder per sample). */
  holders: Map<string, number>;
  /** For idle-in-transaction holders: the statement they last ran → samples. */
  idleAfter: Map<string, number>;
}

const LOCK_QUERY = `
  with w as (
    select pid, query from pg_stat_activity
    where datname = current_database() and backend_type = 'client backend' and wait_event_type = 'Lock'
  ), mw as (select pid from w where query like '%for update of m%')
  select
    (select count(*) from mw)::int as on_market,
    (select count(*) from w where query like '%from "users"%')::int as on_user,
    (select count(*) from w)::int as waiting,
    (select coalesce(json_agg(json_build_object('state', a.state, 'type', a.wait_event_type, 'event', a.wait_event, 'query', a.query)), '[]')
       from pg_stat_activity a
       where a.pid in (select unnest(pg_blocking_pids(pid)) from mw) and a.pid not in (select pid from mw)) as holders`;

/** Which of the service's statements a query text is (see open-position.ts and execute-open.ts). */
function statementOf(query: string): string {
  const q = query.toLowerCase();
  if (q.includes('for update of m') || q.startsWith('select m.id, m.slug')) return 'market lock';
  if (q.includes('from "users"') && q.includes('for update')) return 'user lock';
  if (q.includes('sum(stake_minor)')) return 'open stake sum';
  if (q.includes('insert into transactions')) return 'ledger insert+balance update';
  if (q.includes('insert into "positions"')) return 'position insert';
  if (q.includes('update "positions"')) return 'position close update';
  if (q.includes('from "positions"')) return q.includes('for update') ? 'position lock' : 'position read';
  if (q.includes('update markets set q')) return 'market state + price point';
  if (q.includes('update idempotency_keys')) return 'key completion';
  if (q.trim() === 'commit') return 'commit';
  if (q.trim() === 'begin') return 'begin';
  return q.replace(/\s+/g, ' ').trim().slice(0, 40);
}

function holderState(h: { state: string; type: string | null; event: string | null }): string {
  if (h.state?.startsWith('idle in transaction')) return 'idle in transaction';
  if (h.state !== 'active') return h.state ?? 'unknown';
  if (h.type === null) return 'running';
  if (h.type === 'Lock') return 'waiting on another lock';
  if (/^WAL/i.test(h.event ?? '')) return 'WAL write/flush';
  return `${h.type}:${h.event}`;
}

export async function sampleRowLocks(databaseUrl: string): Promise<() => Promise<LockProfile>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  const profile: LockProfile = {
    samples: 0,
    contended: 0,
    onMarket: 0,
    onUser: 0,
    otherLock: 0,
    holders: new Map(),
    idleAfter: new Map(),
  };
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const { rows } = await client.query<{
        on_market: number;
        on_user: number;
        waiting: number;
        holders: { state: string; type: string | null; event: string | null; query: string }[];
      }>(LOCK_QUERY);
      const r = rows[0]!;
      profile.samples++;
      profile.onMarket += r.on_market;
      profile.onUser += r.on_user;
      profile.otherLock += r.waiting - r.on_market - r.on_user;
      if (r.on_market > 0) profile.contended++;
      for (const h of r.holders) {
        const state = holderState(h);
        add(profile.holders, state);
        if (state === 'idle in transaction') add(profile.idleAfter, statementOf(h.query));
      }
      await sleep(Math.max(0, 100 - (performance.now() - started)));
    }
  })().catch(() => {});
  return async () => {
    stopped = true;
    await loop;
    await client.end().catch(() => {});
    return profile;
  };
}

const shares = (map: Map<string, number>, total: number, top = 6) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, n]) => `${k} ${fmt((100 * n) / total, 0)} %`)
    .join(', ');

export function lockLines(p: LockProfile): string[] {
  if (p.samples === 0) return [];
  const avg = (n: number) => fmt(n / p.samples);
  const lines = [
    `row lock waits on average: ${avg(p.onMarket)} on a market row, ${avg(p.onUser)} on a user row, ${avg(p.otherLock)} on others; ` +
      `a market row had waiters in ${fmt((100 * p.contended) / p.samples, 0)} % of ${p.samples} samples`,
  ];
  const held = [...p.holders.values()].reduce((a, b) => a + b, 0);
  if (held > 0) {
    lines.push(`  the market lock's holder while others waited: ${shares(p.holders, held)}`);
    const idle = p.holders.get('idle in transaction') ?? 0;
    if (idle > 0) lines.push(`  idle in transaction after (the statement it last ran): ${shares(p.idleAfter, idle)}`);
  }
  return lines;
}
