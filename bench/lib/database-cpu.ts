import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICKS_PER_S = 100; // USER_HZ, as in cpu-usage.ts

/** utime + stime of one process in ticks; null when it is gone or /proc is not there. */
function ticksOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

async function backendPids(db: pg.Client, applicationName: string): Promise<number[]> {
  const { rows } = await db.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and application_name = $1`,
    [applicationName],
  );
  return rows.map((r) => r.pid);
}

/**
 * The CPU time (ms, user + system) between the call and the returned function's of the backends of `db`'s
 * database whose connections carry `applicationName` (a service started with PGAPPNAME set to it: every
 * connection node-postgres opens in it, its pools' and its job runner's), from /proc (Linux; null
 * elsewhere). Unlike cpu-usage.ts's PostgreSQL share, which counts every process of the server, this
 * leaves out other clients and databases (a shared server's other work, the bench's own queries) and the
 * server's background processes (WAL writer, checkpointer, autovacuum). A backend that opened in between
 * counts whole; one that closed in between is missed (the services' pools keep theirs for 10 s idle).
 */
export async function databaseCpu(db: pg.Client, applicationName: string): Promise<() => Promise<number | null>> {
  const start = new Map<number, number>();
  for (const pid of await backendPids(db, applicationName)) {
    const ticks = ticksOf(pid);
    if (ticks !== null) start.set(pid, ticks);
  }
  const readable = ticksOf(process.pid) !== null;
  return async () => {
    if (!readable) return null;
    let total = 0;
    for (const pid of new Set([...start.keys(), ...(await backendPids(db, applicationName))])) {
      const ticks = ticksOf(pid);
      if (ticks !== null) total += ticks - (start.get(pid) ?? 0);
    }
    return (total * 1000) / TICKS_PER_S;
  };
}

/** The CPU time (ms, user + system) one process has used so far, from /proc; null when unreadable. */
export function processCpuMs(pid: number): number | null {
  const ticks = ticksOf(pid);
  return ticks === null ? null : (ticks * 1000) / TICKS_PER_S;
}
