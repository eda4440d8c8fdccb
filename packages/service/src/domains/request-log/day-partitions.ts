import type { Db } from '../../db/connection.js';
import { inBatches } from '../../lib/in-batches.js';
import { dayRange, daysToCover, expiry, isCovered, rangeOf, type DayRange } from './model/days.js';
import {
  addDayPartition,
  deleteExpiredRows,
  detachDayPartition,
  dropDetachedDay,
  listDayTables,
  type DayTable,
} from './request-log-repo.js';

/*
 * The request log's days (docs/operations.md, "The request log"; model/days.ts): each is made before its
 * first row is written and dropped once all of it has expired. The partitions are read afresh each time,
 * never remembered: another process may have added a day since, or dropped one.
 */

const DELETE_BATCH = 5_000;

async function dayTables(db: Db): Promise<(DayRange & DayTable)[]> {
  return (await listDayTables(db)).flatMap((table) => {
    const range = rangeOf(table.name);
    return range ? [{ ...range, ...table }] : [];
  });
}

/** Makes the days that rows at times from `first` to `last` (in ms) fall in, and the day after the last. */
export async function coverDays(db: Db, first: number, last: number): Promise<void> {
  const ranges = (await dayTables(db)).filter((t) => t.attached);
  for (const day of daysToCover(first, last)) {
    if (!isCovered(ranges, day)) await addDayPartition(db, dayRange(day));
  }
}

/**
 * Drops each day all older than `cutoff`, and deletes the expired rows of a partition kept from before
 * the log went by day, a batch at a time. Another process may be expiring the same day: a detach that
 * fails because the day is no longer attached as it was is left to that process, which drops it; a day
 * left detached (a drop cut short) is dropped here.
 */
export async function expireDays(db: Db, cutoff: Date): Promise<void> {
  for (const day of await dayTables(db)) {
    const what = expiry(day, cutoff.getTime());
    if (what === 'drop' && (!day.attached || (await detached(db, day)))) await dropDetachedDay(db, day.name);
    if (what === 'delete' && day.attached) {
      await inBatches(DELETE_BATCH, (limit) => deleteExpiredRows(db, day.name, cutoff, limit));
    }
  }
}

/** Whether this call detached the day: false when another process was detaching or dropping it. */
async function detached(db: Db, day: DayTable): Promise<boolean> {
  try {
    await detachDayPartition(db, day);
    return true;
  } catch (error) {
    const now = (await listDayTables(db)).find((t) => t.name === day.name);
    if (now?.attached && now.detaching === day.detaching) throw error;
    return false;
  }
}
