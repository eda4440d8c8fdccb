import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import type { Clock } from '../../lib/clock.js';
import type { EngineKey, KeyClaimed, KeyStore, RoundWorld, StoredAnswer } from './ports.js';
import type { QueuedGroup } from './queued.js';
import type { RoundStep } from './stats.js';

/** What a round did with its groups: each group's answers, or put back for the next round. */
export interface RoundResult<S, N> {
  answered: Map<QueuedGroup<S, N>, StoredAnswer[]>;
  deferred: QueuedGroup<S, N>[];
}

/**
 * One round of the write engine, in one transaction: claims every key of the round; locks what the
 * commands need, skipping rows another transaction holds (or waiting for them, when `wait`: a group put back
 * too often); puts back each group that touches a held row, with every later group on the same row, so
 * order per row stays arrival order; applies the other commands one by one in arrival order; writes what
 * they changed and their answers in one statement; commits once.
 */
export async function runRound<S, N>(
  runtime: { db: Db; clock: Clock },
  world: RoundWorld<S, N>,
  keys: KeyStore,
  round: { groups: readonly QueuedGroup<S, N>[]; wait: boolean },
  time: (step: RoundStep) => void,
): Promise<RoundResult<S, N>> {
  const now = runtime.clock.now();
  const done = await runtime.db.transaction().execute(async (tx) => {
    time('begin');
    const result: RoundResult<S, N> = { answered: new Map(), deferred: [] };
    const claims = await claimAll(tx, keys, round.groups, now);
    time('claim');

    // A group whose own key is taken is answered by that key alone; so are items whose keys are.
    const running: { group: QueuedGroup<S, N>; items: number[] }[] = [];
    for (const group of round.groups) {
      const outer = group.outer && claims.get(group.outer.key)!;
      if (outer && outer !== 'free') {
        result.answered.set(group, [outer]);
        continue;
      }
      const items = group.items.flatMap((item, i) =>
        item.preset || (item.command.key && claims.get(item.command.key) !== 'free') ? [] : [i],
      );
      running.push({ group, items });
    }

    const needsOf = (run: { group: QueuedGroup<S, N>; items: number[] }) =>
      run.items.map((i) => run.group.items[i]!.command.needs);
    const locked = await world.lock(tx, running.flatMap(needsOf), { wait: round.wait, now });

    // Put back what touches a held row, and everything after it on the same row.
    const putBack = new Set(locked.held);
    const going: typeof running = [];
    for (const run of running) {
      const touches = needsOf(run).flatMap((needs) => world.touches(needs));
      if (touches.some((t) => putBack.has(t))) {
        touches.forEach((t) => putBack.add(t));
        result.deferred.push(run.group);
      } else {
        going.push(run);
      }
    }
    const state = await locked.state(going.flatMap(needsOf), putBack);
    time('lock');

    const stored: { key: EngineKey; answer: StoredAnswer }[] = [];
    for (const { group, items } of going) {
      const answers = group.items.map((item, i) => {
        if (item.preset) return item.preset;
        const { command } = item;
        if (!items.includes(i)) return claims.get(command.key!) as StoredAnswer;
        const applied = command.apply(state);
        if (applied.spend && command.key) stored.push({ key: command.key, answer: applied.answer });
        return applied.answer;
      });
      if (group.outer) {
        const { answer, store } = group.outer.compose(answers);
        if (store) stored.push({ key: group.outer.key, answer });
        result.answered.set(group, [answer]);
      } else {
        result.answered.set(group, answers);
      }
    }
    time('evaluate');

    const parts = world.writes(state);
    if (parts.length > 0 || stored.length > 0) {
      const keysPart = stored.length > 0 ? keys.storeSql(stored, now) : sql`select null where false`;
      const named = parts.map((part, i) => sql`${sql.raw(`part_${i}`)} as (${part})`);
      const written = await prepared(sql<{ keys: number }>`
        with ${sql.join([...named, sql`keys as (${keysPart})`])}
        select count(*)::int as keys from keys`).execute(tx);
      // Every answer must have been stored: a key taken by another request means the work must not commit.
      if (written.rows[0]!.keys !== stored.length) {
        throw new Error('an idempotency key was taken while its claim was held; the round is rolled back');
      }
    }
    time('write');
    return result;
  });
  time('commit');
  return done;
}

/** Every key of the round, the groups' own and their items', claimed in one round trip. */
async function claimAll<S, N>(
  tx: Parameters<KeyStore['claim']>[0],
  keys: KeyStore,
  groups: readonly QueuedGroup<S, N>[],
  now: Date,
): Promise<Map<EngineKey, KeyClaimed>> {
  const asks = groups.flatMap((g) => [
    ...(g.outer ? [{ key: g.outer.key, request: g.outer.request }] : []),
    ...g.items.flatMap((item) =>
      item.command.key && !item.preset ? [{ key: item.command.key, request: item.command.request }] : [],
    ),
  ]);
  const claims = await keys.claim(tx, asks, now);
  return new Map(asks.map((ask, i) => [ask.key, claims[i]!]));
}
