import type { Db } from '../../db/connection.js';
import { inBatches } from '../../lib/in-batches.js';
import { dayRange, daysToCover, expiry, isCovered, rangeOf, type DayRange } from './model/days.js';
import { addDayPartition, deleteExpiredRows, dropDayPartition, listDayPartitions } from './request-log-repo.js';

/*
 * The request log's days (docs/operations.md, "The request log"; model/days.ts): each is made before its
 * first row is written and dropped once all of it has expired. The partitions are read afresh each time,
 * never remembered: another process may have added a day since, or dropped one.
 */

const DELETE_BATCH = 5_000;

async function partitions(db: Db): Promise<DayRange[]> {
  return (await listDayPartitions(db)).flatMap((name) => rangeOf(name) ?? []);
}

/** Makes the days that rows at times from `first` to `last` (in ms) fall in, and the day after the last. */
export async function coverDays(db: Db, first: number, last: number): Promise<void> {
  const ranges = await partitions(db);
  for (const day of daysToCover(first, last)) {
    if (!isCovered(ranges, day)) await addDayPartition(db, dayRange(day));
  }
}

/**
 * Drops each day all older than `cutoff`, and deletes the expired rows of a partition kept from before
 * the log went by day, a batch at a time.
 */
export async function expireDays(db: Db, cutoff: Date): Promise<void> {
  for (const range of await partitions(db)) {
    const what = expiry(range, cutoff.getTime());
    if (what === 'drop') await dropDayPartition(db, range.name);
    if (what === 'delete') await inBatches(DELETE_BATCH, (limit) => deleteExpiredRows(db, range.name, cutoff, limit));
  }
}
