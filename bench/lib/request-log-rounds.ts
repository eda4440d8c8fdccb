/**
 * The request log bench's measurements (bench/request-log.ts): the operator's mixed load, a round of it on
 * one service watched for CPU, WAL and the log's rows, and a period of both services loaded side by side.
 */
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { measureCpu } from './cpu-usage.js';
import { databaseCpu } from './database-cpu.js';
import { runHttpLoad, type LoadResult } from './http-load.js';
import { keyMaker, randomMovement } from './movements.js';
import type { Observation, Observer } from './observe.js';
import type { ServiceProcess } from './service-process.js';
import type { BenchTenant } from './setup-tenant.js';

/** How long a round or period loads, and how long it then waits for the requests in flight and the log's last batch. */
export interface Timing {
  durationS: number;
  settleS: number;
}

export type Log = 'on' | 'off';

/** Each service's PGAPPNAME: its backends are told apart in pg_stat_activity (lib/database-cpu.ts). */
export const APP: Record<Log, string> = { on: 'pm-bench-log-on', off: 'pm-bench-log-off' };

export interface Round {
  log: Log;
  load: LoadResult;
  seen: Observation;
  /** Requests sent by kind (those still in flight when the load ended included). */
  reads: number;
  writes: number;
  /**
   * CPU time in ms over the load and the settle after it (so the log's last batch is in): the service
   * process, its database's backends (lib/database-cpu.ts: not the other databases of a shared server), this
   * process (the load generator); null off Linux.
   */
  serviceCpuMs: number | null;
  databaseCpuMs: number | null;
  generatorCpuMs: number;
  /** WAL of the whole server over the same time (other work on a shared server counts too). */
  walBytes: number | null;
  /** Rows the round added to request_log for the bench tenant, and of them writes with both bodies kept. */
  logged: number;
  loggedWithBodies: number;
}

/**
 * What an operator's back end sends, closed loop: `writeShare` of the requests POST /v1/balance-sync with a
 * fresh Idempotency-Key (a write: the log keeps both bodies), the rest GET /v1/users/{id} (a read: the log
 * keeps no body), each on a random user. The market feed's reads are not in the mix: their tier (feed_read,
 * 600 a minute) cannot be raised, so at this rate they would measure the limiter's 429s.
 */
export function mixedLoad(
  service: ServiceProcess,
  tenant: BenchTenant,
  ids: readonly string[],
  label: string,
  connections: number,
  writeShare: number,
) {
  // A prefix per load: two makers started in the same millisecond would hand out the same keys.
  const key = keyMaker(`mix-${label}`);
  return async (durationS: number) => {
    let reads = 0;
    let writes = 0;
    const load = await runHttpLoad({
      baseUrl: service.sandboxUrl,
      path: '/v1/balance-sync',
      apiKey: tenant.apiKey,
      connections,
      durationS,
      itemsPerRequest: 1,
      next: () => {
        if (Math.random() < writeShare) {
          writes++;
          return { idempotencyKey: key(), body: JSON.stringify(randomMovement(ids)) };
        }
        reads++;
        return { method: 'GET', path: `/v1/users/${ids[randomInt(ids.length)]!}` };
      },
    });
    return { load, reads, writes };
  };
}

export async function logRows(db: pg.Client, tenantId: string): Promise<{ rows: number; withBodies: number }> {
  const { rows } = await db.query<{ rows: number; with_bodies: number }>(
    `select count(*)::int as rows,
            count(*) filter (where method = 'POST' and request_body is not null and response_body is not null)::int
              as with_bodies
       from request_log where tenant_id = $1`,
    [tenantId],
  );
  return { rows: rows[0]!.rows, withBodies: rows[0]!.with_bodies };
}

async function walPosition(db: pg.Client): Promise<string | null> {
  try {
    return (await db.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows[0]!.lsn;
  } catch {
    return null;
  }
}

async function walBetween(db: pg.Client, from: string | null, to: string | null): Promise<number | null> {
  if (from === null || to === null) return null;
  const { rows } = await db.query<{ bytes: string }>('select pg_wal_lsn_diff($2::pg_lsn, $1::pg_lsn)::text as bytes', [
    from,
    to,
  ]);
  return Number(rows[0]!.bytes);
}

/** One round: the load, watched, then the settle, with the log's rows counted before and after. */
export async function runRound(
  log: Log,
  service: ServiceProcess,
  db: pg.Client,
  tenantId: string,
  load: ReturnType<typeof mixedLoad>,
  observe: () => Promise<Observer>,
  timing: Timing,
): Promise<Round> {
  const before = await logRows(db, tenantId);
  const walFrom = await walPosition(db);
  const databaseCpuOf = await databaseCpu(db, APP[log]);
  const serviceCpuOf = measureCpu(service.pid, null);
  const generator0 = process.cpuUsage();
  const watching = await observe();
  const { load: result, reads, writes } = await load(timing.durationS);
  const seen = await watching.end();
  // Requests in flight when the load ended finish, and the log writes its last batch: both counted here.
  await sleep(timing.settleS * 1000);
  const serviceCpuMs = serviceCpuOf()?.serviceCpuMs ?? null;
  const generator = process.cpuUsage(generator0);
  const databaseCpuMs = await databaseCpuOf();
  const walBytes = await walBetween(db, walFrom, await walPosition(db));
  const after = await logRows(db, tenantId);
  return {
    log,
    load: result,
    seen,
    reads,
    writes,
    serviceCpuMs,
    databaseCpuMs,
    generatorCpuMs: (generator.user + generator.system) / 1000,
    walBytes,
    logged: after.rows - before.rows,
    loggedWithBodies: after.withBodies - before.withBodies,
  };
}

/** One service's share of a side-by-side period. */
export interface Side {
  load: LoadResult;
  serviceCpuMs: number | null;
  databaseCpuMs: number | null;
}

/** Both services loaded at once, half the clients each: whatever else the machine does hits both at the same moment. */
export interface Pair {
  on: Side;
  off: Side;
  /** Rows the period added to request_log for the bench tenant. */
  logged: number;
}

export async function runPair(
  services: Record<Log, ServiceProcess>,
  db: pg.Client,
  tenantId: string,
  loads: Record<Log, ReturnType<typeof mixedLoad>>,
  timing: Timing,
): Promise<Pair> {
  const before = await logRows(db, tenantId);
  const meters = {
    on: { service: measureCpu(services.on.pid, null), database: await databaseCpu(db, APP.on) },
    off: { service: measureCpu(services.off.pid, null), database: await databaseCpu(db, APP.off) },
  };
  const [on, off] = await Promise.all([loads.on(timing.durationS), loads.off(timing.durationS)]);
  await sleep(timing.settleS * 1000);
  const side = async (log: Log, load: LoadResult): Promise<Side> => ({
    load,
    serviceCpuMs: meters[log].service()?.serviceCpuMs ?? null,
    databaseCpuMs: await meters[log].database(),
  });
  const pair = { on: await side('on', on.load), off: await side('off', off.load) };
  const after = await logRows(db, tenantId);
  return { ...pair, logged: after.rows - before.rows };
}
