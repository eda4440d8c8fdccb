import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { StreamChangeKind } from '../../db/schema.js';
import type { ChangePosition } from './model/event-id.js';

/** One row of the change log (migration 0009): what changed, never its new state. */
export interface Change {
  kind: StreamChangeKind;
  marketId: string | null;
  userId: string | null;
  positionId: string | null;
}

export interface ChangeBatch {
  changes: Change[];
  /**
   * Where the next read starts: the last row read when the batch is full, else (xmin, 0): every
   * transaction below the snapshot's xmin has ended, so nothing can appear before that any more.
   */
  through: ChangePosition;
  full: boolean;
  /** Committed rows wait behind an older transaction still running: read again soon. */
  waiting: boolean;
  /** The purge's high-water mark: a reader whose place is below it may have lost rows. */
  purgedThrough: ChangePosition;
}

/** Which rows a reader wants: those of these markets or these users. */
export interface ChangeFilter {
  marketIds: readonly string[];
  userIds: readonly string[];
}

type ChangeTuple = [StreamChangeKind, string | null, string | null, string | null, string, string];

const position = (xactId: string, seq: string | bigint): ChangePosition => ({
  xactId: BigInt(xactId),
  seq: BigInt(seq),
});

const toChange = ([kind, marketId, userId, positionId]: ChangeTuple): Change => ({
  kind,
  marketId,
  userId,
  positionId,
});

/**
 * The changes of `filter` after `after`, in (xact_id, seq) order, at most `limit`, only of transactions
 * below the snapshot's xmin (migration 0003 explains why that makes a place final), in one round trip.
 * With `after` null it reads no rows and only says where reading starts now.
 */
export async function readChanges(
  db: Executor,
  after: ChangePosition | null,
  filter: ChangeFilter,
  limit: number,
): Promise<ChangeBatch> {
  const { rows } = await sql<{
    xmin: string;
    purged_xact: string;
    purged_seq: bigint;
    waiting: boolean;
    changes: ChangeTuple[];
  }>`
    with snap as materialized (select pg_snapshot_xmin(pg_current_snapshot()) as xmin),
    page as (
      select c.kind, c.market_id, c.user_id, c.position_id, c.xact_id, c.seq
      from stream_changes c, snap
      where ${after !== null}
        and (c.xact_id, c.seq) > (${String(after?.xactId ?? 0n)}::xid8, ${after?.seq ?? 0n}::bigint)
        and c.xact_id < snap.xmin
        and (c.market_id = any(${filter.marketIds}::uuid[]) or c.user_id = any(${filter.userIds}::uuid[]))
      order by c.xact_id, c.seq
      limit ${limit}
    )
    select snap.xmin::text as xmin, p.xact_id::text as purged_xact, p.seq as purged_seq,
      exists (select 1 from stream_changes w where w.xact_id >= snap.xmin) as waiting,
      coalesce((select json_agg(json_build_array(kind, market_id, user_id, position_id, xact_id::text, seq::text)
                  order by xact_id, seq) from page), '[]'::json) as changes
    from snap, stream_changes_purged p`.execute(db);
  const row = rows[0]!;
  const full = row.changes.length >= limit;
  const last = row.changes[row.changes.length - 1];
  return {
    changes: row.changes.map(toChange),
    through: full && last ? position(last[4], last[5]) : position(row.xmin, 0n),
    full,
    waiting: row.waiting,
    purgedThrough: position(row.purged_xact, row.purged_seq),
  };
}

/**
 * What changed for `filter` in (after, through], each thing once, for a stream that resumes; null when
 * the purge has deleted rows after `after` (the stream must start afresh). `through` must be a place a
 * readChanges returned, so that every row up to it is final.
 */
export async function replayChanges(
  db: Executor,
  after: ChangePosition,
  through: ChangePosition,
  filter: ChangeFilter,
): Promise<Change[] | null> {
  const { rows } = await sql<{ resumable: boolean; changes: ChangeTuple[] }>`
    select (p.xact_id, p.seq) <= (${String(after.xactId)}::xid8, ${after.seq}::bigint) as resumable,
      coalesce((
        select json_agg(json_build_array(kind, market_id, user_id, position_id, '0', '0'))
        from (
          select distinct c.kind, c.market_id, c.user_id, c.position_id
          from stream_changes c
          where (c.xact_id, c.seq) > (${String(after.xactId)}::xid8, ${after.seq}::bigint)
            and (c.xact_id, c.seq) <= (${String(through.xactId)}::xid8, ${through.seq}::bigint)
            and (c.market_id = any(${filter.marketIds}::uuid[]) or c.user_id = any(${filter.userIds}::uuid[]))
        ) d), '[]'::json) as changes
    from stream_changes_purged p`.execute(db);
  const row = rows[0]!;
  return row.resumable ? row.changes.map(toChange) : null;
}

/**
 * Deletes up to `limit` rows written before `cutoff` and moves the purge's high-water mark past them, in
 * one statement (one transaction: a reader sees both or neither); returns how many. SKIP LOCKED lets
 * several processes run it at once; the mark only ever moves forward.
 */
export async function purgeChanges(db: Executor, cutoff: Date, limit: number): Promise<number> {
  const { rows } = await sql<{ deleted: number }>`
    with gone as (
      delete from stream_changes where ctid in (
        select ctid from stream_changes where created_at < ${cutoff} limit ${limit} for update skip locked)
      returning xact_id, seq
    ), top as (
      select xact_id, seq from gone order by xact_id desc, seq desc limit 1
    ), mark as (
      update stream_changes_purged p set xact_id = top.xact_id, seq = top.seq
      from top where (top.xact_id, top.seq) > (p.xact_id, p.seq)
      returning 1
    )
    select (select count(*) from gone)::int as deleted`.execute(db);
  return rows[0]!.deleted;
}
