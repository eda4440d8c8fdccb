import { setTimeout as sleep } from 'node:timers/promises';
import type { PipelinedTransactions } from '../../db/pipelined-transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { Command, CommandGroup, KeyStore, RoundWorld, StoredAnswer } from './ports.js';
import type { QueuedGroup, QueuedItem } from './queued.js';
import { runRound } from './round.js';
import { ROUND_STEPS, type EngineObserver, type EngineStats, type RoundStep } from './stats.js';

/** What the engine runs on: its rounds' transactions, the clock, the logger, and where it reports its rounds. */
export interface EngineRuntime {
  readonly transactions: PipelinedTransactions;
  readonly clock: Clock;
  readonly log: Logger;
  readonly observe?: EngineObserver;
}

/** Commands per round at most (a batch of 500 syncs is never split): one transaction stays short. */
const MAX_ROUND_COMMANDS = 1_000;
/** Rounds a group may be put back before it takes its locks waiting (in the slow lane, beside the others). */
const MAX_DEFERRALS = 5;
/**
 * Rounds in flight at once, besides the slow lane. A round takes no group that touches a row (a market, a
 * user) of one in flight, so two never meet on a row: while one commits, the next (other rows) is already
 * claiming and locking.
 */
const MAX_ROUNDS_IN_FLIGHT = 2;
/** Connections the engine's rounds use at most: the rounds in flight and the slow lane's. */
export const ENGINE_CONNECTIONS = MAX_ROUNDS_IN_FLIGHT + 1;
const RECENT_ROUNDS = 10_000;

/**
 * This process's write engine (docs/architecture.md, "The write path"): one queue of commands, answered in
 * rounds of one transaction each, up to MAX_ROUNDS_IN_FLIGHT at a time on disjoint rows. It knows no
 * domain: what a command needs and does is its handler's, what a round locks and writes is the world's
 * (RoundWorld). A round takes whatever waits, so a quiet queue adds no wait and
 * a busy one pays one commit for many requests. A group another transaction holds up is put back and
 * retried; after MAX_DEFERRALS rounds it runs in the slow lane, a round of its own that waits for its
 * locks, while later groups on its rows wait behind it and all others go on.
 */
export class WriteEngine<S, N> {
  private queue: QueuedGroup<S, N>[] = [];
  /** The rounds in flight and what they touch; at most one is the slow lane, which takes its locks waiting. */
  private readonly rounds = new Set<{ touches: Set<string>; slow: boolean }>();
  /** Rounds in a row whose every group was put back: the next waits a little for the holder instead of spinning. */
  private idleDeferrals = 0;
  private readonly inFlight = new Set<string>();
  /**
   * The rows of the rounds in flight and of every queued group, while none of those groups can start (the
   * last take found none); null once a round ends or starts.
   */
  private stalledBehind: Set<string> | null = null;
  private readonly counters = { rounds: 0, commands: 0, deferrals: 0, blockingRounds: 0, failedRounds: 0 };
  private readonly recent: number[] = [];
  private readonly stepMs = Object.fromEntries(ROUND_STEPS.map((step) => [step, 0])) as Record<RoundStep, number>;
  /** When each queued group entered the queue (or was put back), for the metrics' queue wait. */
  private readonly queuedAt = new WeakMap<QueuedGroup<S, N>, number>();

  constructor(
    private readonly runtime: EngineRuntime,
    private readonly world: RoundWorld<S, N>,
    private readonly keys: KeyStore,
  ) {}

  /** One command's answer, after its round committed. */
  submit(command: Command<S, N>): Promise<StoredAnswer> {
    return this.enqueue({ items: [command], outer: null }).then((answers) => answers[0]!);
  }

  /** A group's one answer: its outer key's, composed from the items' answers. */
  submitGroup(group: CommandGroup<S, N>): Promise<StoredAnswer> {
    return this.enqueue(group).then((answers) => answers[0]!);
  }

  stats(): EngineStats {
    return { ...this.counters, stepMs: { ...this.stepMs }, recentRoundSizes: [...this.recent] };
  }

  private enqueue(group: CommandGroup<S, N>): Promise<StoredAnswer[]> {
    const now = this.runtime.clock.now();
    const { outer } = group;
    if (outer && this.inFlight.has(outer.key.name)) return Promise.resolve([this.keys.busy(outer.request, now)]);
    // A duplicate already queued or running in this process is in progress at once, without a round trip.
    const items: QueuedItem<S, N>[] = group.items.map((command) =>
      command.key && this.inFlight.has(command.key.name)
        ? { command, preset: this.keys.busy(command.request, now) }
        : { command },
    );
    if (!outer && items[0]!.preset) return Promise.resolve([items[0]!.preset]);
    const names = [outer?.key, ...items.map((i) => (i.preset ? null : i.command.key))].flatMap((key) =>
      key ? [key.name] : [],
    );
    const touches = items.flatMap((i) => (i.preset ? [] : this.world.touches(i.command.needs)));
    return new Promise<StoredAnswer[]>((settle, fail) =>
      this.push({ items, outer, names, touches, deferrals: 0, settle, fail }),
    );
  }

  private push(group: QueuedGroup<S, N>): void {
    for (const name of group.names) this.inFlight.add(name);
    this.queuedAt.set(group, performance.now());
    this.queue.push(group);
    // While everything queued waits behind the rounds in flight, a group on one of their rows waits too:
    // no need to go through the queue again (on a hot market, for every request).
    const behind = this.stalledBehind;
    if (behind && group.touches.some((t) => behind.has(t))) {
      group.touches.forEach((t) => behind.add(t));
      return;
    }
    this.kick();
  }

  private kick(): void {
    while ([...this.rounds].filter((r) => !r.slow).length < MAX_ROUNDS_IN_FLIGHT && this.queue.length > 0) {
      const { round, behind } = this.take();
      // All wait behind rounds in flight, which kick when they end.
      this.stalledBehind = round.length === 0 ? behind : null;
      if (round.length === 0) return;
      this.start(round, false);
    }
  }

  /** Starts a round; when it ends, what it put back is at the queue's front and the next rounds start. */
  private start(round: QueuedGroup<S, N>[], wait: boolean): void {
    const lane = { touches: new Set(round.flatMap((g) => g.touches)), slow: wait };
    this.rounds.add(lane);
    void this.run(round, wait).then(async (deferred) => {
      this.rounds.delete(lane);
      this.stalledBehind = null;
      if (!wait) {
        // Only groups that keep meeting a held lock: give the holder a moment instead of spinning.
        this.idleDeferrals = deferred.length === round.length ? this.idleDeferrals + 1 : 0;
        if (this.idleDeferrals > 0) await sleep(Math.min(2 ** this.idleDeferrals, 50));
      }
      this.kick();
    });
  }

  /**
   * The groups of the next round in arrival order, up to the bound, leaving those that touch a row of a
   * round in flight, and every later one on the same row: per row, commands run in arrival order.
   */
  private take(): { round: QueuedGroup<S, N>[]; behind: Set<string> } {
    const round: QueuedGroup<S, N>[] = [];
    const behind = new Set([...this.rounds].flatMap((r) => [...r.touches]));
    const rest: QueuedGroup<S, N>[] = [];
    let commands = 0;
    for (const group of this.queue) {
      const touches = group.touches;
      const full = round.length > 0 && commands + group.items.length > MAX_ROUND_COMMANDS;
      if (full || touches.some((t) => behind.has(t))) {
        touches.forEach((t) => behind.add(t));
        rest.push(group);
        continue;
      }
      round.push(group);
      commands += group.items.length;
    }
    this.queue = rest;
    this.observeWaits(round);
    return { round, behind };
  }

  /** Runs a round and settles what it answered; what it put back goes to the queue's front, in arrival order. */
  private async run(round: QueuedGroup<S, N>[], wait: boolean): Promise<QueuedGroup<S, N>[]> {
    const deferred = round.length === 1 ? await this.runOne(round, wait) : await this.runMany(round, wait);
    const again: QueuedGroup<S, N>[] = [];
    for (const group of deferred) {
      group.deferrals += 1;
      this.queuedAt.set(group, performance.now());
      if (group.deferrals >= MAX_DEFERRALS && ![...this.rounds].some((r) => r.slow)) {
        this.observeWaits([group]);
        this.start([group], true);
      } else again.push(group);
    }
    this.queue = [...again, ...this.queue];
    return again;
  }

  /** A round of several groups; if its transaction fails, its groups run again one by one. */
  private async runMany(round: QueuedGroup<S, N>[], wait: boolean): Promise<QueuedGroup<S, N>[]> {
    try {
      return await this.attempt(round, wait);
    } catch (error) {
      this.counters.failedRounds += 1;
      // A round's failure (a database error, an answer its schema refuses) must not fail the groups that did
      // nothing wrong: each runs alone, in arrival order, and only the one at fault fails. Once one is put
      // back, every later one on the same row waits with it, as within a round.
      this.runtime.log.warn(
        { err: error, groups: round.length },
        'a round of the write engine failed; its groups run alone',
      );
      const deferred: QueuedGroup<S, N>[] = [];
      const held = new Set<string>();
      for (const group of round) {
        const touches = group.touches;
        const back = touches.some((t) => held.has(t)) ? [group] : await this.runOne([group], wait);
        if (back.length > 0) touches.forEach((t) => held.add(t));
        deferred.push(...back);
      }
      return deferred;
    }
  }

  /** A round of one group; its failure is that group's alone (its request answers 500). */
  private async runOne(round: QueuedGroup<S, N>[], wait: boolean): Promise<QueuedGroup<S, N>[]> {
    try {
      return await this.attempt(round, wait);
    } catch (error) {
      this.counters.failedRounds += 1;
      this.finish(round[0]!, { error });
      return [];
    }
  }

  /** One round's transaction: settles every group it answered, returns those it put back. */
  private async attempt(round: QueuedGroup<S, N>[], wait: boolean): Promise<QueuedGroup<S, N>[]> {
    const started = performance.now();
    let last = started;
    const time = (step: RoundStep) => {
      const now = performance.now();
      this.stepMs[step] += now - last;
      last = now;
    };
    const result = await runRound(this.runtime, this.world, this.keys, { groups: round, wait }, time);
    const commands = this.count([...result.answered.keys()], result.deferred.length, wait);
    this.runtime.observe?.round(commands, (performance.now() - started) / 1000);
    for (const [group, answers] of result.answered) this.finish(group, { answers });
    return result.deferred;
  }

  private finish(group: QueuedGroup<S, N>, outcome: { answers: StoredAnswer[] } | { error: unknown }): void {
    for (const name of group.names) this.inFlight.delete(name);
    if ('answers' in outcome) group.settle(outcome.answers);
    else group.fail(outcome.error);
  }

  private observeWaits(round: readonly QueuedGroup<S, N>[]): void {
    const observe = this.runtime.observe;
    if (!observe) return;
    const now = performance.now();
    for (const group of round) observe.queueWait((now - (this.queuedAt.get(group) ?? now)) / 1000);
  }

  /** Counts a round in the stats; returns the commands it answered. */
  private count(answered: QueuedGroup<S, N>[], deferred: number, wait: boolean): number {
    const commands = answered.reduce((n, g) => n + Math.max(1, g.items.length), 0);
    this.counters.rounds += 1;
    this.counters.commands += commands;
    this.counters.deferrals += deferred;
    if (wait) this.counters.blockingRounds += 1;
    this.recent.push(commands);
    if (this.recent.length > RECENT_ROUNDS) this.recent.shift();
    return commands;
  }
}
