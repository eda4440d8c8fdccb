import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createDb, createPool } from '../../packages/service/src/db/connection.js';
import { REQUEST_LOG_DEFAULTS } from '../../packages/service/src/domains/request-log/index.js';
import { keptBodies } from '../../packages/service/src/domains/request-log/model/entry.js';
import {
  insertRequests,
  storedRequestOf,
  type StoredRequest,
} from '../../packages/service/src/domains/request-log/request-log-repo.js';
import { processCpuMs } from './database-cpu.js';

/*
 * What one batch of the request log costs, taken apart. The service's own functions first (insertRequests,
 * keptBodies: lib/bare-sync.ts does the same for the write path, so they cannot drift from the service's),
 * then the same rows written the other ways PostgreSQL takes a batch, as candidates: one INSERT … SELECT
 * FROM unnest(…) with an array per column (the form ledger-repo.ts and event-repo.ts use), the same with
 * time-ordered request ids (the primary key then grows at its right edge instead of anywhere), and COPY.
 * The rows are the last ones the bench's tenant logged, written again under fresh request ids, each batch
 * in a transaction rolled back, so the log keeps only what the services wrote.
 */

export interface WriterCost {
  writer: string;
  /** Per batch: the write's wall time, ms. */
  batchMs: number;
  /**
   * Per row, µs: wall time and this process's CPU (what the service would spend) of the transaction (begin,
   * the write, rollback); its backend's CPU over the same time.
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
  /** The service's insertRequests first, then the candidates. */
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
  ') on conflict (request_id) do nothing';

async function unnestInsert(client: pg.PoolClient, rows: readonly StoredRequest[]): Promise<void> {
  await client.query(
    UNNEST_SQL,
    COLUMNS.map(([, , value]) => rows.map((r) => value(r))),
  );
}

/** COPY's text format: \N for null, backslash escapes for the separators. */
const copyField = (value: string | number | boolean | null) =>
  value === null
    ? '\\N'
    : String(value).replace(/[\\\t\n\r]/g, (c) => ({ '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] ?? '\\\\');

async function copyInsert(client: pg.PoolClient, rows: readonly StoredRequest[]): Promise<void> {
  const text = rows.map((r) => COLUMNS.map(([, , value]) => copyField(value(r))).join('\t')).join('\n') + '\n';
  await pipeline(Readable.from([text]), client.query(copyFrom(`copy request_log (${NAMES}) from stdin`)));
}

/** A UUID whose first 48 bits are the time in ms (version 7's layout): successive ids sort after earlier ones. */
function timeOrderedId(ms: number): string {
  const hex = ms.toString(16).padStart(12, '0') + '7' + randomUUID().replace(/-/g, '').slice(13);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

type Writer = (rows: StoredRequest[]) => Promise<void>;

const ROLLBACK = new Error('rollback: the batch is measured, not kept');

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
  // One connection: the service's statement goes through kysely, the candidates through the same backend.
  const pool = createPool(url, 1);
  const db = createDb(pool);
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

    // Each writer in a transaction of its own, rolled back: the service's through kysely, the candidates on the
    // pool's one connection (the same backend either way).
    const service: Writer = (fresh) =>
      db
        .transaction()
        .execute(async (tx) => {
          await insertRequests(tx, fresh);
          throw ROLLBACK;
        })
        .catch((error: unknown) => {
          if (error !== ROLLBACK) throw error;
        });
    const rolledBack =
      (write: (client: pg.PoolClient, rows: readonly StoredRequest[]) => Promise<void>): Writer =>
      async (fresh) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await write(client, fresh);
        } finally {
          await client.query('rollback');
          client.release();
        }
      };
    const writers: Array<[string, Writer, ids: 'random' | 'time-ordered']> = [
      ['service: insert … values (17 parameters a row)', service, 'random'],
      ['insert … select from unnest (17 array parameters)', rolledBack(unnestInsert), 'random'],
      ['the same, time-ordered request ids', rolledBack(unnestInsert), 'time-ordered'],
      ['copy … from stdin (text)', rolledBack(copyInsert), 'random'],
    ];
    const totals = writers.map(() => ({ wallMs: 0, clientUs: 0, databaseMs: 0 as number | null, walBytes: 0 }));
    for (let i = -2; i < batches; i++) {
      for (const [w, [, write, ids]] of writers.entries()) {
        const now = Date.now();
        const fresh = rows.map((r, n) => ({
          ...r,
          requestId: ids === 'random' ? randomUUID() : timeOrderedId(now + n),
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
    await db.destroy();
  }
}
