import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, createPool, type Db } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { dayCover, expireDays } from '../src/domains/request-log/day-partitions.js';
import { REQUEST_LOG_DEFAULTS, requestLogRecorder } from '../src/domains/request-log/recorder.js';
import { systemClock } from '../src/lib/clock.js';
import { memoryLogger } from '../src/lib/logger.js';
import { DAY_MS, dayStart } from '../src/domains/request-log/model/days.js';
import { listDayTables } from '../src/domains/request-log/request-log-repo.js';
import { createDatabaseOn, type ScratchDatabase } from '../scripts/scratch-database.js';
import { loggedRequest } from './request-log-helpers.js';

/*
 * The request log by day (docs/operations.md, "The request log"), on a database of its own: the days
 * other files' services make on the run's database would overlap the partitions made here.
 */

const MIGRATIONS = fileURLToPath(new URL('../src/db/migrations/', import.meta.url));
const LOG_BY_DAY = '0042_request_log_days.sql';

let database: ScratchDatabase;
let pool: ReturnType<typeof createPool>;
let db: Db;

/** The database's time (the migration's), not this process's: the two could be on each side of midnight. */
let now: number;
let today: number;
const name = (day: number) => `d${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`;

async function logRow(at: number): Promise<string> {
  const id = crypto.randomUUID();
  await sql`insert into request_log (request_id, tenant_id, environment, at, method, route, path, status,
    replayed, latency_ms) values (${id}, ${crypto.randomUUID()}, 'sandbox', ${new Date(at)}, 'GET', '/v1/markets',
    '/v1/markets', 200, false, 1)`.execute(db);
  return id;
}

/** Makes the days as a process does that has seen none made yet. */
const coverDays = (at: Db, first: number, last: number) => dayCover(at).cover(first, last);

/** The days attached to the log, by name. */
const days = async () =>
  (await listDayTables(db))
    .filter((t) => t.attached)
    .map((t) => t.name)
    .sort();

const ids = async () =>
  (await sql<{ request_id: string }>`select request_id from request_log`.execute(db)).rows.map((r) => r.request_id);

beforeAll(async () => {
  const databaseName = `pm_log_days_${process.pid}_${Date.now()}`;
  database = await createDatabaseOn(inject('databaseUrl'), databaseName);
  // A session whose times read back in another zone and order, and whose tables live in a schema other
  // than public: the migration and the log's days must depend on none of these.
  const setup = createPool(database.url, 1);
  await setup.query(`alter database "${databaseName}" set timezone = 'Asia/Kolkata'`);
  await setup.query(`alter database "${databaseName}" set datestyle = 'SQL, DMY'`);
  await setup.query('create schema operator_tables');
  await setup.query(`alter database "${databaseName}" set search_path = operator_tables`);
  await setup.end();
  pool = createPool(database.url, 4);
  db = createDb(pool);
  // As a number: pg reads times back only in the ISO style, which this database's sessions do not use.
  const { rows } = await sql<{ ms: number }>`select extract(epoch from now())::float8 * 1000 as ms`.execute(db);
  now = rows[0]!.ms;
  today = dayStart(now);
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
    // From a clock that ran ahead: a day of its own, so the old table's range still ends tomorrow.
    const ahead = await logRow(today + 40 * DAY_MS + 5_000);
    // The migration by day first, then whichever came after it.
    expect((await migrate(pool))[0]).toBe(LOG_BY_DAY);
    const until = `until_${name(today + DAY_MS).slice(1)}`;
    expect(await days()).toEqual([name(today + 40 * DAY_MS), until].sort());
    expect((await ids()).sort()).toEqual([expired, recent, ahead].sort());

    // Today is in the old table's range; tomorrow is a day of its own, made before its first row.
    await coverDays(db, now, now);
    expect(await days()).toEqual([name(today + DAY_MS), name(today + 40 * DAY_MS), until].sort());
    const tomorrow = await logRow(today + DAY_MS + 1);

    await expireDays(db, new Date(now - 14 * DAY_MS));
    expect((await ids()).sort()).toEqual([recent, tomorrow, ahead].sort());

    // Once every row of the old table has expired, it goes whole.
    await expireDays(db, new Date(today + DAY_MS));
    expect(await days()).toEqual([name(today + DAY_MS), name(today + 40 * DAY_MS)].sort());
    expect((await ids()).sort()).toEqual([tomorrow, ahead].sort());
  });

  it('makes a day once however many processes ask at once, and drops it once all of it is older than the cutoff', async () => {
    const far = today + 400 * DAY_MS;
    await Promise.all(Array.from({ length: 4 }, () => coverDays(db, far + 5_000, far + 9_000)));
    expect((await days()).filter((d) => d === name(far) || d === name(far + DAY_MS))).toHaveLength(2);
    const kept = await logRow(far + 5_000);

    // The cutoff inside the day keeps it (a row is kept 14 to 15 days); past its end drops it, once
    // however many processes expire it at once.
    await expireDays(db, new Date(far + DAY_MS - 1));
    expect(await ids()).toContain(kept);
    await Promise.all(Array.from({ length: 3 }, () => expireDays(db, new Date(far + DAY_MS))));
    expect(await ids()).not.toContain(kept);
    expect(await days()).not.toContain(name(far));
    expect(await days()).toContain(name(far + DAY_MS));
    expect((await listDayTables(db)).map((t) => t.name)).not.toContain(name(far));
  });

  it('finishes a drop cut short after the detach, and makes a day again over a table so left', async () => {
    const day = today + 500 * DAY_MS;
    await coverDays(db, day, day);
    const table = sql.id('request_log_days', name(day));
    await sql`alter table request_log detach partition ${table}`.execute(db);
    expect(await listDayTables(db)).toContainEqual({ name: name(day), attached: false, detaching: false });

    // Made again (a clock at that day): the table left behind goes, a new one is attached.
    await coverDays(db, day, day);
    expect(await days()).toContain(name(day));
    const row = await logRow(day + 1);
    expect(await ids()).toContain(row);

    await sql`alter table request_log detach partition ${table}`.execute(db);
    await expireDays(db, new Date(day + DAY_MS));
    expect((await listDayTables(db)).map((t) => t.name)).not.toContain(name(day));
  });

  it("remembers the days a process's batches have seen made, and reads them afresh once told to forget", async () => {
    const day = today + 600 * DAY_MS;
    const cover = dayCover(db);
    await cover.cover(day + 1_000, day + 2_000);
    expect(await days()).toEqual(expect.arrayContaining([name(day), name(day + DAY_MS)]));

    // Gone behind its back: remembered, so not read again and not made again.
    const table = sql.id('request_log_days', name(day));
    await sql`alter table request_log detach partition ${table}`.execute(db);
    await cover.cover(day + 3_000, day + 4_000);
    expect(await days()).not.toContain(name(day));

    // A day not among those seen made is read for, and the catalog's answer then covers the gap too.
    await cover.cover(day + DAY_MS + 1_000, day + DAY_MS + 2_000);
    expect(await days()).toEqual(expect.arrayContaining([name(day + DAY_MS), name(day + 2 * DAY_MS)]));
    expect(await days()).not.toContain(name(day));

    // After forget (a write was refused) the day is made again.
    cover.forget();
    await cover.cover(day + 5_000, day + 6_000);
    expect(await days()).toContain(name(day));
    const row = await logRow(day + 5_000);
    expect(await ids()).toContain(row);
  });

  it("a process's batches make a day again after a write the database refused: a day detached by hand", async () => {
    const day = today + 700 * DAY_MS;
    const { log, lines } = memoryLogger();
    const recorder = requestLogRecorder({ db, clock: systemClock, log }, pool, {
      ...REQUEST_LOG_DEFAULTS,
      flushMs: 60_000,
    });
    const logged = async (at: number) => {
      const request = loggedRequest({ tenantId: crypto.randomUUID(), at: new Date(at) });
      recorder.record(request, null, 'default');
      await recorder.flush();
      return request.requestId;
    };
    try {
      const first = await logged(day + 1_000);
      expect(await ids()).toContain(first);
      await sql`alter table request_log detach partition ${sql.id('request_log_days', name(day))}`.execute(db);
      // Remembered as made: this batch's row has nowhere to go, and the warning says so.
      const lost = await logged(day + 2_000);
      expect(await ids()).not.toContain(lost);
      expect(lines.some((l) => /requests the database refused/.test(String(l.msg)))).toBe(true);
      // The refusal made the process forget: the next batch makes the day again and is written.
      const again = await logged(day + 3_000);
      expect(await ids()).toContain(again);
      expect(await days()).toContain(name(day));
    } finally {
      await recorder.stop();
    }
  });
});
