import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';

/** What a user staked since one time: the sum, and when the earliest of those stakes was made. */
export interface StakedSince {
  used: bigint;
  earliest: Date | null;
}

/**
 * What each user staked since each of `since` (the player limits' windows): the stake of the positions
 * opened after it, opens and fills alike (a close gives nothing back), and the earliest of them. Read
 * from the index on (user_id, opened_at), so nothing older than the earliest `since` is read. Each user
 * asked for gets one entry per `since`, in that order.
 */
export async function stakedSince(
  db: Executor,
  userIds: readonly string[],
  since: readonly Date[],
): Promise<Map<string, StakedSince[]>> {
  const result = new Map(userIds.map((id) => [id, since.map(() => ({ used: 0n, earliest: null as Date | null }))]));
  if (userIds.length === 0 || since.length === 0) return result;
  const oldest = new Date(Math.min(...since.map((d) => d.getTime())));
  const { rows } = await prepared(sql<{ user_id: string; n: string; used: string; earliest: Date }>`
    select p.user_id, w.n, sum(p.stake_minor)::text as used, min(p.opened_at) as earliest
    from positions p
    join unnest(${[...since]}::timestamptz[]) with ordinality as w(since, n) on p.opened_at > w.since
    where p.user_id = any(${[...userIds]}::uuid[]) and p.opened_at > ${oldest}
    group by p.user_id, w.n`).execute(db);
  for (const r of rows) result.get(r.user_id)![Number(r.n) - 1] = { used: BigInt(r.used), earliest: r.earliest };
  return result;
}
