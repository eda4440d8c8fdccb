import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, createPool, type Db } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { coverDays, expireDays } from '../src/domains/request-log/day-partitions.js';
import { DAY_MS, dayStart } from '../src/domains/request-log/model/days.js';
import { listDayPartitions } from '../src/domains/request-log/request-log-repo.js';
import { createDatabaseOn, type ScratchDatabase } from '../scripts/scratch-database.js';

/*
 * The request log by day (docs/operations.md, "The request log"), on a database of its own: the days
 * other files' services make on the run's database would overlap the partitions made here.
 */

const MIGRATIONS = fileURLToPath(new URL('../src/db/migrations/', import.meta.url));
const LOG_BY_DAY = '0042_request_log_days.sql';

let database: ScratchDatabase;
let pool: ReturnType<typeof createPool>;
let db: Db;

const now = Date.now();
const today = dayStart(now);
const name = (day: number) => `d${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`;

async function logRow(at: number): Promise<string> {
  const id = crypto.randomUUID();
  await sql`insert into request_log (request_id, tenant_id, environment, at, method, route, path, status,
    replayed, latency_ms) values (${id}, ${crypto.randomUUID()}, 'sandbox', ${new Date(at)}, 'GET', '/v1/markets',
    '/v1/markets', 200, false, 1)`.execute(db);
  return id;
}

const ids = async () =>
  (await sql<{ request_id: string }>`select request_id from request_log`.execute(db)).rows.map((r) => r.request_id);

beforeAll(async () => {
  database = await createDatabaseOn(inject('databaseUrl'), `pm_log_days_${process.pid}_${Date.now()}`);
  pool = createPool(database.url, 4);
  db = createDb(pool);
  // The database as it was before the log went by day, as migrate() applies it.
  await pool.query(
    'create table schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  for (const file of (await readdir(MIGRATIONS)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort()) {
    if (file >= LOG_BY_DAY) break;
    await pool.query(await readFile(`${MIGRATIONS}${file}`, 'utf8'));
    await pool.query('insert into schema_migrations (name) values ($1)', [file]);
  }
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('the request log by day', () => {
  it('keeps the rows logged before it went by day, deletes them as they expire, then drops them whole', async () => {
    const expired = await logRow(now - 20 * DAY_MS);
    const recent = await logRow(now - 60_000);
    expect(await migrate(pool)).toEqual([LOG_BY_DAY]);
    const until = `until_${new Date(today + DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')}`;
    expect(await listDayPartitions(db)).toEqual([until]);
    expect((await ids()).sort()).toEqual([expired, recent].sort());

    // Today is in the old table's range; tomorrow is a day of its own, made before its first row.
    await coverDays(db, now, now);
    expect((await listDayPartitions(db)).sort()).toEqual([name(today + DAY_MS), until].sort());
    const tomorrow = await logRow(today + DAY_MS + 1);

    await expireDays(db, new Date(now - 14 * DAY_MS));
    expect((await ids()).sort()).toEqual([recent, tomorrow].sort());

    // Once every row of the old table has expired, it goes whole.
    await expireDays(db, new Date(today + DAY_MS));
    expect(await listDayPartitions(db)).toEqual([name(today + DAY_MS)]);
    expect(await ids()).toEqual([tomorrow]);
  });

  it('makes a day once however many processes ask at once, and drops it once all of it is older than the cutoff', async () => {
    const far = today + 400 * DAY_MS;
    await Promise.all(Array.from({ length: 4 }, () => coverDays(db, far + 5_000, far + 9_000)));
    const days = await listDayPartitions(db);
    expect(days.filter((d) => d === name(far) || d === name(far + DAY_MS))).toHaveLength(2);
    const kept = await logRow(far + 5_000);

    // The cutoff inside the day keeps it (a row is kept 14 to 15 days); past its end drops it.
    await expireDays(db, new Date(far + DAY_MS - 1));
    expect(await ids()).toContain(kept);
    await expireDays(db, new Date(far + DAY_MS));
    expect(await ids()).not.toContain(kept);
    expect(await listDayPartitions(db)).not.toContain(name(far));
    expect(await listDayPartitions(db)).toContain(name(far + DAY_MS));
  });
});
