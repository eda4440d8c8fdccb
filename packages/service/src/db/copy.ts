import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/*
 * Rows written with COPY … FROM STDIN in PostgreSQL's text format: one line a row, columns split by tabs,
 * null as \N. For a table written often and read rarely (the request log), it spares what an INSERT of
 * many rows costs on both sides: a statement of thousands of parameters compiled, each parameter
 * converted, bound and parsed again by the server.
 */

const SPECIAL = /[\\\t\n\r\0]/;
const SPECIALS = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\uFFFD' };

/**
 * A text column's field. A NUL cannot be stored in a PostgreSQL text, so it becomes U+FFFD (the
 * replacement character) rather than failing the row.
 */
export function copyField(value: string | null): string {
  if (value === null) return '\\N';
  return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c]!) : value;
}

/** A column that is null or a number, a boolean or a time (no escaping needed). */
export function copyValue(value: number | boolean | Date | null): string {
  if (value === null) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value);
}

/**
 * Sends `lines` (each ending in a newline) to `COPY table (columns) FROM STDIN` on a connection of the
 * pool, in one transaction of its own: all of the lines are written or none.
 *
 * `durable: false` commits without waiting for the WAL to reach the disk (`synchronous_commit = off`): a
 * crash of the database or its machine, or an immediate stop, may lose the batches of the last
 * 3 × wal_writer_delay (0.6 s by default), each whole, never a part of one. For a record whose waiting
 * entries the service itself loses on a kill (the request log); under load the flush was a seventh of the
 * `COPY`'s time in its backend (bench/README.md, "request-log.ts").
 */
export async function copyLines(
  pool: pg.Pool,
  statement: string,
  lines: string,
  { durable = true }: { durable?: boolean } = {},
): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    if (!durable) await client.query('begin; set local synchronous_commit = off');
    const stream = client.query(copyFrom(statement));
    stream.end(lines);
    await finished(stream);
    if (!durable) await client.query('commit');
  } catch (error) {
    // The connection may be unusable (a COPY cut short): it is closed rather than given back.
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(failure);
  }
}
