import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { sql } from 'kysely';
import { createDb, createPool } from '../../packages/service/src/db/connection.js';
import { REQUEST_LOG_DEFAULTS } from '../../packages/service/src/domains/request-log/index.js';
import { keptBodies } from '../../packages/service/src/domains/request-log/model/entry.js';
import {
  storedRequestOf,
  writeRequests,
  type StoredRequest,
} from '../../packages/service/src/domains/request-log/request-log-repo.js';
import { newRequestId } from '../../packages/service/src/lib/ids.js';
import { processCpuMs } from './database-cpu.js';

/*
 * What one batch of the request log costs, taken apart. The service's own functions first (writeRequests,
 * COPY under time-ordered request ids, and keptBodies: lib/bare-sync.ts does the same for the write path,
 * so they cannot drift from the service's), then, to compare, the same rows by one INSERT … SELECT FROM
 * unnest(…) with an array per column (the form ledger-repo.ts and event-repo.ts use), under the same ids
 * and under random ones (the primary key then takes them anywhere, not at its right edge). The rows are
 * the last ones the bench's tenant logged, written again under fresh request ids and a tenant id of their
 * own, each batch committed (a commit's WAL flush is part of a batch's cost) and deleted at the end: the log
 * keeps only what the services wrote.
 */

export interface WriterCost {
  writer: string;
  /** Per batch: the write's wall time, ms. */
  batchMs: number;
  /**
   * Per row, µs: wall time and this process's CPU (what the service would spend) of the transaction (begin,
   * the write, commit); its backend's CPU over the same time.
   */
  wallUs: number;
  clientCpuUs: number;
  databaseCpuUs: number | null;
  /** Per row, bytes of WAL of the whole server (other work on a shared server counts too). */
  walBytes: number;
}

export interface BatchCost {
  rows: number;
  writes: number;
  batches: number;
  /** The service's writeRequests first, then the candidates. */
  writers: WriterCost[];
  /** Per write (a row with bodies), µs of this process's CPU: keptBodies (parse, redact, stringify, cut). */
  bodiesUs: number;
  /** Average sizes of the kept bodies of the writes, bytes. */
  requestBytes: number;
  responseBytes: number;
}

type Column = readonly [name: string, type: string, value: (r: StoredRequest) => string | number | boolean | null];

const COLUMNS: readonly Column[] = [
  ['request_id', 'uuid', (r: StoredRequest) => r.requestId],
  ['tenant_id', 'uuid', (r: StoredRequest) => r.tenantId],
  ['environment', 'text', (r: StoredRequest) => r.environment],
  ['at', 'timestamptz', (r: StoredRequest) => r.at.toISOString()],
  ['method', 'text', (r: StoredRequest) => r.method],
  ['route', 'text', (r: StoredRequest) => r.route],
  ['path', 'text', (r: StoredRequest) => r.path],
  ['status', 'smallint', (r: StoredRequest) => r.status],
  ['code', 'text', (r: StoredRequest) => r.code],
  ['idempotency_key', 'text', (r: StoredRequest) => r.idempotencyKey],
  ['replayed', 'boolean', (r: StoredRequest) => r.replayed],
  ['latency_ms', 'real', (r: StoredRequest) => r.latencyMs],
  ['external_user_id', 'text', (r: StoredRequest) => r.externalUserId],
  ['request_body', 'text', (r: StoredRequest) => r.requestBody],
  ['request_body_bytes', 'integer', (r: StoredRequest) => r.requestBodyBytes],
  ['response_body', 'text', (r: StoredRequest) => r.responseBody],
  ['response_body_bytes', 'integer', (r: StoredRequest) => r.responseBodyBytes],
];
const NAMES = COLUMNS.map(([name]) => name).join(', ');

const UNNEST_SQL =
  `insert into request_log (${NAMES}) select * from unnest(` +
  COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ') +
  ') on conflict (request_id, at) do nothing';

async function unnestInsert(client: pg.PoolClient, rows: readonly StoredRequest[]): Promise<void> {
  await client.query(
    UNNEST_SQL,
    COLUMNS.map(([, , value]) => rows.map((r) => value(r))),
  );
}

type Writer = (rows: StoredRequest[]) => Promise<void>;

const cpuUs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return used.user + used.system;
};

/**
 * `batches` rounds (after two not counted), each writing the tenant's last REQUEST_LOG_DEFAULTS.flushAt
 * logged rows once per writer, in turn; then keptBodies over the writes among them. Null when the tenant
 * logged nothing.
 */
export async function requestLogBatchCost(url: string, tenantId: string, batches: number): Promise<BatchCost | null> {
  // One connection, so that every writer's statements run on the same backend.
  const pool = createPool(url, 1);
  const db = createDb(pool);
  const scratchTenant = randomUUID();
  try {
    const stored = await db
      .selectFrom('request_log')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('at', 'desc')
      .limit(REQUEST_LOG_DEFAULTS.flushAt)
      .execute();
    if (stored.length === 0) return null;
    const rows: StoredRequest[] = stored.map(storedRequestOf);

    // Under a tenant id no service uses, deleted at the end; COPY is a transaction of its own, the
    // candidates each get one.
    const service: Writer = async (fresh) => {
      const lost = await writeRequests(
        pool,
        fresh.map((r) => ({ request: r, bodies: r })),
      );
      if (lost > 0) throw new Error(`the service's writer lost ${lost} rows`);
    };
    const committed =
      (write: (client: pg.PoolClient, rows: readonly StoredRequest[]) => Promise<void>): Writer =>
      async (fresh) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await write(client, fresh);
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        } finally {
          client.release();
        }
      };
    const writers: Array<[string, Writer, ids: 'random' | 'time-ordered']> = [
      ['service: copy … from stdin (text)', service, 'time-ordered'],
      ['insert … select from unnest (17 array parameters)', committed(unnestInsert), 'time-ordered'],
      ['the same, random request ids', committed(unnestInsert), 'random'],
    ];
    const totals = writers.map(() => ({ wallMs: 0, clientUs: 0, databaseMs: 0 as number | null, walBytes: 0 }));
    for (let i = -2; i < batches; i++) {
      for (const [w, [, write, ids]] of writers.entries()) {
        const fresh = rows.map((r) => ({
          ...r,
          tenantId: scratchTenant,
          requestId: ids === 'random' ? randomUUID() : newRequestId(),
        }));
        const { rows: probe } = await pool.query<{ pid: number; lsn: string }>(
          'select pg_backend_pid() as pid, pg_current_wal_insert_lsn()::text as lsn',
        );
        const { pid, lsn } = probe[0]!;
        const before = processCpuMs(pid);
        const [cpu0, t0] = [process.cpuUsage(), performance.now()];
        await write(fresh);
        const [wall, used] = [performance.now() - t0, cpuUs(cpu0)];
        const after = processCpuMs(pid);
        const { rows: walRows } = await pool.query<{ bytes: string }>(
          'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)::text as bytes',
          [lsn],
        );
        if (i < 0) continue; // warm-up: the statements' first compile and plan
        const t = totals[w]!;
        t.wallMs += wall;
        t.clientUs += used;
        t.databaseMs =
          t.databaseMs === null || before === null || after === null ? null : t.databaseMs + after - before;
        t.walBytes += Number(walRows[0]!.bytes);
      }
    }

    const writes = rows.filter((r) => r.requestBody !== null || r.responseBody !== null);
    const raw = writes.map((r) => ({ request: r.requestBody, response: r.responseBody }));
    const passes = Math.max(20, Math.ceil(20_000 / Math.max(1, raw.length)));
    for (const bodies of raw) keptBodies(bodies); // warm-up
    const cpu0 = process.cpuUsage();
    for (let pass = 0; pass < passes; pass++) for (const bodies of raw) keptBodies(bodies);
    const bodiesUs = raw.length === 0 ? 0 : cpuUs(cpu0) / (passes * raw.length);
    const average = (pick: (r: StoredRequest) => string | null) =>
      writes.length === 0 ? 0 : writes.reduce((n, r) => n + Buffer.byteLength(pick(r) ?? ''), 0) / writes.length;

    const perRow = (total: number) => total / (batches * rows.length);
    return {
      rows: rows.length,
      writes: writes.length,
      batches,
      writers: writers.map(([writer], w) => {
        const t = totals[w]!;
        return {
          writer,
          batchMs: t.wallMs / batches,
          wallUs: perRow(t.wallMs * 1000),
          clientCpuUs: perRow(t.clientUs),
          databaseCpuUs: t.databaseMs === null ? null : perRow(t.databaseMs * 1000),
          walBytes: perRow(t.walBytes),
        };
      }),
      bodiesUs,
      requestBytes: average((r) => r.requestBody),
      responseBytes: average((r) => r.responseBody),
    };
  } finally {
    await sql`delete from request_log where tenant_id = ${scratchTenant}`.execute(db).catch(() => {});
    await db.destroy();
  }
}
