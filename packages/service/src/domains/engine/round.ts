import { sql, type RawBuilder } from 'kysely';
import type { PipelinedTransactions } from '../../db/pipelined-transaction.js';
import { prepared } from '../../db/prepared.js';
import type { Clock } from '../../lib/clock.js';
import type { EngineKey, KeyStore, RoundWorld, StoredAnswer } from './ports.js';
import type { QueuedGroup } from './queued.js';
import type { RoundStep } from './stats.js';

/** What a round did with its groups: each group's answers, or put back for the next round. */
export interface RoundResult<S, N> {
  answered: Map<QueuedGroup<S, N>, StoredAnswer[]>;
  deferred: QueuedGroup<S, N>[];
}

/**
 * One round of the write engine, in one transaction: claims every key of the round and locks what the
 * commands need, skipping rows another transaction holds (or waiting for them, when `wait`: a group put back
 * too often); puts back each group that touches a held row, with every later group on the same row, so
 * order per row stays arrival order; applies the other commands one by one in arrival order; writes what
 * they changed and their answers in one statement, sent with the COMMIT. BEGIN, the claims and the first
 * locks go out together too (pipelined: docs/architecture.md, "The write path"), so a round is three round
 * trips when it reads nothing more after its locks.
 */
export async function runRound<S, N>(
  runtime: { transactions: PipelinedTransactions; clock: Clock },
  world: RoundWorld<S, N>,
  keys: KeyStore,
  round: { groups: readonly QueuedGroup<S, N>[]; wait: boolean },
  time: (step: RoundStep) => void,
): Promise<RoundResult<S, N>> {
  const now = runtime.clock.now();
  return runtime.transactions(async ({ tx, commitWith }) => {
    time('begin');
    const result: RoundResult<S, N> = { answered: new Map(), deferred: [] };
    const needsOf = (run: { group: QueuedGroup<S, N>; items: number[] }) =>
      run.items.map((i) => run.group.items[i]!.command.needs);
    const unanswered = (group: QueuedGroup<S, N>) => group.items.flatMap((item, i) => (item.preset ? [] : [i]));
    // The locks do not need the claims' answers (a replay's rows are locked too, which is harmless), so both
    // go out at once; but a round that waits for its locks holds its keys first, so that a duplicate sent
    // to another process meanwhile is answered in progress rather than waiting as well.
    const asks = keyAsks(round.groups);
    const claiming = keys.claim(tx, asks, now);
    const lock = () =>
      world.lock(
        tx,
        round.groups.flatMap((group) => needsOf({ group, items: unanswered(group) })),
        { wait: round.wait, now },
      );
    const [claimed, locked] = round.wait ? [await claiming, await lock()] : await Promise.all([claiming, lock()]);
    const claims = new Map(asks.map((ask, i) => [ask.key, claimed[i]!]));

    // A group whose own key is taken is answered by that key alone; so are items whose keys are.
    const running: { group: QueuedGroup<S, N>; items: number[] }[] = [];
    for (const group of round.groups) {
      const outer = group.outer && claims.get(group.outer.key)!;
      if (outer && outer !== 'free') {
        result.answered.set(group, [outer]);
        continue;
      }
      const items = unanswered(group).filter((i) => {
        const { key } = group.items[i]!.command;
        return !key || claims.get(key) === 'free';
      });
      running.push({ group, items });
    }

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
    time('lock');
    const state = await locked.state(going.flatMap(needsOf), putBack);
    time('read');

    const stored: { key: EngineKey; answer: StoredAnswer }[] = [];
    for (const { group, items } of going) {
      // A set: a batch of 500 items would otherwise search its list once per item.
      const applies = new Set(items);
      const answers = group.items.map((item, i) => {
        if (item.preset) return item.preset;
        const { command } = item;
        if (!applies.has(i)) return claims.get(command.key!) as StoredAnswer;
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

    await commitWith(roundWrite(world.writes(state), keys, stored, now));
    time('commit');
    return result;
  });
}

/**
 * The round's one write: each slice's part and the keys' answers. Every answer must be stored (a key taken
 * by another request means the work must not commit); the statement checks it itself, since COMMIT is sent
 * with it.
 */
function roundWrite(
  parts: RawBuilder<unknown>[],
  keys: KeyStore,
  stored: { key: EngineKey; answer: StoredAnswer }[],
  now: Date,
): RawBuilder<unknown> | null {
  if (parts.length === 0 && stored.length === 0) return null;
  const keysPart = stored.length > 0 ? keys.storeSql(stored, now) : sql`select null where false`;
  const named = parts.map((part, i) => sql`${sql.raw(`part_${i}`)} as (${part})`);
  return prepared(sql`
    with ${sql.join([...named, sql`keys as (${keysPart})`])}
    select raise_unless(count(*) = ${stored.length}::int,
                        'an idempotency key was taken while its claim was held; the round is rolled back')
    from keys`);
}

/** Every key of the round, the groups' own and their items', as the key store claims them. */
function keyAsks<S, N>(groups: readonly QueuedGroup<S, N>[]): { key: EngineKey; request: unknown }[] {
  return groups.flatMap((g) => [
    ...(g.outer ? [{ key: g.outer.key, request: g.outer.request }] : []),
    ...g.items.flatMap((item) =>
      item.command.key && !item.preset ? [{ key: item.command.key, request: item.command.request }] : [],
    ),
  ]);
}
