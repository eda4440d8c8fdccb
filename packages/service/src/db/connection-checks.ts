import pg from 'pg';

/**
 * Start-up checks of the database connections a deployment will open (issue 14): the direct URL must
 * reach the same database as the pooled one, and a cluster's processes must fit in max_connections.
 */

/**
 * Refuses a DATABASE_DIRECT_URL that reaches another server or database than DATABASE_URL: the job queue
 * and the migrations would then run against data the API never sees. The direct session looks for itself
 * (its pid and start time) in pg_stat_activity through the pooled URL; any user may read those columns,
 * and through PgBouncer the query runs on the real server.
 */
export async function assertSameDatabase(pooled: pg.Pool, direct: pg.Pool): Promise<void> {
  const client = await direct.connect();
  try {
    const self = await client.query<{ pid: number; db: string; started: Date }>(
      `select pid, current_database() as db, backend_start as started from pg_stat_activity where pid = pg_backend_pid()`,
    );
    const { pid, db, started } = self.rows[0]!;
    const seen = await pooled.query<{ db: string; started: Date | null }>(
      `select current_database() as db, (select backend_start from pg_stat_activity where pid = $1) as started`,
      [pid],
    );
    const other = seen.rows[0]!;
    if (other.db !== db || other.started?.getTime() !== started.getTime()) {
      throw new Error(
        `DATABASE_DIRECT_URL does not reach the database of DATABASE_URL (database "${db}" there, "${other.db}" ` +
          'here, and not the same server session list): point it at the PostgreSQL behind the pooler, same database.',
      );
    }
  } finally {
    client.release();
  }
}

export interface Deployment {
  processes: number;
  /** The service's pool and the write engine's in each process (DB_POOL_SIZE + ENGINE_CONNECTIONS). */
  poolSize: number;
  /** The job queue's pool in each process (QUEUE_POOL_SIZE). */
  queuePoolSize: number;
  /** DATABASE_URL goes through a pooler: only the direct connections count against the server. */
  pooled: boolean;
}

/**
 * The most connections the processes open on the server: each its pool (unless a pooler stands in
 * between), the job queue's pool and two LISTENs (the realtime streams', and the webhook worker's in a
 * process that runs jobs). Pools open lazily, so this is a ceiling under load.
 */
export function connectionCeiling(d: Deployment): number {
  return d.processes * ((d.pooled ? 0 : d.poolSize) + d.queuePoolSize + 2);
}

/** A line to print when the ceiling is above what the server takes (its reserved slots left out), else null. */
export async function connectionBudgetWarning(url: string, deployment: Deployment): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ max: string; reserved: string }>(
      `select current_setting('max_connections') as max, current_setting('superuser_reserved_connections') as reserved`,
    );
    const allowed = Number(rows[0]!.max) - Number(rows[0]!.reserved);
    const ceiling = connectionCeiling(deployment);
    if (ceiling <= allowed) return null;
    return (
      `${deployment.processes} processes may open up to ${ceiling} connections, and the server takes ${allowed} ` +
      '(max_connections less the reserved): under load some requests would fail to connect. Lower API_PROCESSES or ' +
      'DB_POOL_SIZE, raise max_connections, or put PgBouncer in front (docs/operations.md, "Several processes").'
    );
  } finally {
    await client.end();
  }
}
