import pg from 'pg';

/**
 * Samples pg_stat_activity of the bench database during a phase: how many backends were running, waiting
 * on row locks, on the WAL or I/O, or sitting idle in a transaction (waiting for the application's next
 * statement). Averages over samples tell whether the database, its locks or the application is the wait.
 */
export interface WaitProfile {
  samples: number;
  running: number;
  lock: number;
  walOrIo: number;
  lwlock: number;
  idleInTransaction: number;
}

const INTERVAL_MS = 100;

const QUERY = `
  select
    count(*) filter (where state = 'active' and wait_event_type is null) as running,
    count(*) filter (where state = 'active' and wait_event_type = 'Lock') as lock,
    count(*) filter (where state = 'active' and wait_event_type = 'IO') as io,
    count(*) filter (where state = 'active' and wait_event_type = 'LWLock') as lwlock,
    count(*) filter (where state like 'idle in transaction%') as idle_in_tx
  from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;

/** Starts sampling; the returned function stops and gives the averages (null when nothing was sampled). */
export async function sampleWaits(databaseUrl: string): Promise<() => Promise<WaitProfile | null>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {}); // a server going away mid-sample ends the sampling, not the bench
  await client.connect();
  const totals = { samples: 0, running: 0, lock: 0, walOrIo: 0, lwlock: 0, idleInTransaction: 0 };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const { rows } = await client.query<Record<'running' | 'lock' | 'io' | 'lwlock' | 'idle_in_tx', string>>(QUERY);
      const r = rows[0]!;
      totals.samples++;
      totals.running += Number(r.running);
      totals.lock += Number(r.lock);
      totals.walOrIo += Number(r.io);
      totals.lwlock += Number(r.lwlock);
      totals.idleInTransaction += Number(r.idle_in_tx);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, INTERVAL_MS - (performance.now() - started))));
    }
  })().catch(() => {});
  return async () => {
    stopped = true;
    await loop;
    await client.end().catch(() => {});
    if (totals.samples === 0) return null;
    const avg = (n: number) => n / totals.samples;
    return {
      samples: totals.samples,
      running: avg(totals.running),
      lock: avg(totals.lock),
      walOrIo: avg(totals.walOrIo),
      lwlock: avg(totals.lwlock),
      idleInTransaction: avg(totals.idleInTransaction),
    };
  };
}
