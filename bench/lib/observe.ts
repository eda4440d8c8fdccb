import pg from 'pg';
import { measureCpu, type CpuShare } from './cpu-usage.js';
import { sampleWaits, type WaitProfile } from './wait-sampler.js';

/** What was going on in the machine and the database while a phase ran. */
export interface Observation {
  cpu: CpuShare | null;
  waits: WaitProfile | null;
  /** WAL the whole server wrote during the phase (pg_current_wal_lsn before and after), in bytes. */
  walBytes: number | null;
}

export interface Observer {
  /** Takes the CPU reading at once (before any pool closes) and stops sampling the database. */
  end(): Promise<Observation>;
}

export function observer(
  servicePid: number,
  postmasterPid: number | null,
  databaseUrl: string,
): () => Promise<Observer> {
  return async () => {
    const waits = await sampleWaits(databaseUrl);
    const walFrom = await walPosition(databaseUrl);
    const cpu = measureCpu(servicePid, postmasterPid);
    return {
      end: async () => {
        const share = cpu();
        const walTo = await walPosition(databaseUrl);
        const walBytes = walFrom === null || walTo === null ? null : await walBetween(databaseUrl, walFrom, walTo);
        return { cpu: share, waits: await waits(), walBytes };
      },
    };
  };
}

async function query<T>(url: string, sql: string, values: unknown[] = []): Promise<T | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return (await client.query(sql, values)).rows[0] as T;
  } catch {
    return null; // a server that will not say (a pooler in front): the line is left out
  } finally {
    await client.end().catch(() => {});
  }
}

const walPosition = async (url: string) =>
  (await query<{ lsn: string }>(url, 'select pg_current_wal_lsn()::text as lsn'))?.lsn ?? null;

const walBetween = async (url: string, from: string, to: string) => {
  const row = await query<{ bytes: string }>(url, 'select pg_wal_lsn_diff($2::pg_lsn, $1::pg_lsn)::text as bytes', [
    from,
    to,
  ]);
  return row === null ? null : Number(row.bytes);
};
