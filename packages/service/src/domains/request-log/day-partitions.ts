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
 * first row is written and dropped once all of it has expired. `expireDays` reads the partitions afresh:
 * another process may have added a day since, or dropped one.
 */

const DELETE_BATCH = 5_000;

async function dayTables(db: Db): Promise<(DayRange & DayTable)[]> {
  return (await listDayTables(db)).flatMap((table) => {
    const range = rangeOf(table.name);
    return range ? [{ ...range, ...table }] : [];
  });
}

/**
 * `cover` makes the days that rows at times from `first` to `last` (in ms) fall in, and the day after the
 * last. It remembers the days it has seen made and reads the catalog only for a day not among them: about
 * once a day for a process's batches. Remembering is sound because the retention drops only days older
 * than any a batch writes; `forget` is for a write the database refused (a day detached by hand, a clock
 * set back), after which the next batch reads the days afresh.
 */
export function dayCover(db: Db): { cover(first: number, last: number): Promise<void>; forget(): void } {
  let known: DayRange[] = [];
  return {
    async cover(first, last) {
      const days = daysToCover(first, last);
      if (days.every((day) => isCovered(known, day))) return;
      const ranges: DayRange[] = (await dayTables(db)).filter((t) => t.attached);
      for (const day of days) {
        if (isCovered(ranges, day)) continue;
        await addDayPartition(db, dayRange(day));
        ranges.push(dayRange(day));
      }
      known = ranges;
    },
    forget() {
      known = [];
    },
  };
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
