import { setTimeout as sleep } from 'node:timers/promises';
import type { StoredAnswer } from '../commands.js';
import { principalOf, type Ctx, type Engine, type Group, type Runtime, type Submitted } from '../context.js';
import { claimAnswer, fingerprint, keyName, type KeyRef } from '../idempotency/index.js';
import { needsOf } from './apply.js';
import type { GroupResult, QueuedGroup, QueuedItem } from './queued.js';
import { runRound } from './round.js';
import { ROUND_STEPS, type EngineObserver, type EngineStats, type RoundStep } from './stats.js';

/** Commands per round at most (a batch of 500 syncs is never split): one transaction stays short. */
const MAX_ROUND_COMMANDS = 1_000;
/** Rounds a group may be put back before it takes its locks waiting (in the slow lane, beside the others). */
const MAX_DEFERRALS = 5;
/**
 * Rounds in flight at once, besides the slow lane. A round takes no group that touches a market or user
 * of one in flight, so two never meet on a row: while one commits, the next (other markets, other users)
 * is already claiming and locking.
 */
const MAX_ROUNDS_IN_FLIGHT = 2;
const RECENT_ROUNDS = 10_000;

/**
 * This process's write engine (DESIGN part 2): one queue of commands, answered in rounds of one
 * transaction each, up to MAX_ROUNDS_IN_FLIGHT at a time on disjoint markets and users. A round takes whatever waits, so a quiet queue adds no wait and
 * a busy one pays one commit for many requests. A group another transaction holds up is put back and
 * retried; after MAX_DEFERRALS rounds it runs in the slow lane, a round of its own that waits for its
 * locks, while later groups on its markets and users wait behind it and all others go on.
 */
export class WriteEngine implements Engine {
  private queue: QueuedGroup[] = [];
  /** The rounds in flight and what they touch; at most one is the slow lane, which takes its locks waiting. */
  private readonly rounds = new Set<{ touches: Set<string>; slow: boolean }>();
  /** Rounds in a row whose every group was put back: the next waits a little for the holder instead of spinning. */
  private idleDeferrals = 0;
  private readonly inFlight = new Set<string>();
  private readonly counters = { rounds: 0, commands: 0, deferrals: 0, blockingRounds: 0, failedRounds: 0 };
  private readonly recent: number[] = [];
  private readonly stepMs = Object.fromEntries(ROUND_STEPS.map((step) => [step, 0])) as Record<RoundStep, number>;
  /** When each queued group entered the queue (or was put back), for the metrics' queue wait. */
  private readonly queuedAt = new WeakMap<QueuedGroup, number>();

  constructor(
    private readonly runtime: Pick<Runtime, 'db' | 'clock' | 'log'> & { engine?: Engine; observe?: EngineObserver },
  ) {}

  submit(item: Submitted): Promise<StoredAnswer> {
    return this.enqueue([item], null).then((result) => result.answers[0]!);
  }

  submitGroup(group: Group): Promise<StoredAnswer> {
    return this.enqueue(group.items, group.outer).then((result) => result.answers[0]!);
  }

  evaluateOrders(_ctx: Ctx, market: { id: string; slug: string }): Promise<number> {
    return new Promise<GroupResult>((settle, fail) =>
      this.push({ items: [], outer: null, evaluate: market, names: [], deferrals: 0, settle, fail }),
    ).then((result) => result.finished);
  }

  stats(): EngineStats {
    return { ...this.counters, stepMs: { ...this.stepMs }, recentRoundSizes: [...this.recent] };
  }

  private enqueue(items: readonly Submitted[], outer: Group['outer'] | null): Promise<GroupResult> {
    const now = this.runtime.clock.now();
    const busy = (submitted: { request: Submitted['request'] }) =>
      claimAnswer({ kind: 'in_progress', retryAfterSeconds: 1 }, submitted.request, now);
    const outerRef = outer ? keyRef(outer.ctx, outer.operation, outer.key) : null;
    if (outer && this.inFlight.has(keyName(outerRef!))) return Promise.resolve({ answers: [busy(outer)], finished: 0 });
    // A duplicate already queued or running in this process is in progress at once, without a round trip.
    const queued: QueuedItem[] = items.map((submitted) => {
      const ref = submitted.key ? keyRef(submitted.ctx, operationOf(submitted), submitted.key) : null;
      return ref && this.inFlight.has(keyName(ref))
        ? { submitted, ref: null, preset: busy(submitted) }
        : { submitted, ref };
    });
    if (!outer && queued[0]!.preset) return Promise.resolve({ answers: [queued[0]!.preset], finished: 0 });
    const names = [outerRef, ...queued.map((q) => q.ref)].flatMap((ref) => (ref ? [keyName(ref)] : []));
    return new Promise<GroupResult>((settle, fail) =>
      this.push({
        items: queued,
        outer: outer && { ref: outerRef!, request: outer.request, compose: outer.compose },
        evaluate: null,
        names,
        deferrals: 0,
        settle,
        fail,
      }),
    );
  }

  private push(group: QueuedGroup): void {
    for (const name of group.names) this.inFlight.add(name);
    this.queuedAt.set(group, performance.now());
    this.queue.push(group);
    this.kick();
  }

  private kick(): void {
    while ([...this.rounds].filter((r) => !r.slow).length < MAX_ROUNDS_IN_FLIGHT && this.queue.length > 0) {
      const round = this.take();
      if (round.length === 0) return; // all wait behind rounds in flight, which kick when they end
      this.start(round, false);
    }
  }

  /** Starts a round; when it ends, what it put back is at the queue's front and the next rounds start. */
  private start(round: QueuedGroup[], wait: boolean): void {
    const lane = { touches: new Set(round.flatMap((g) => this.touchesOf(g))), slow: wait };
    this.rounds.add(lane);
    void this.run(round, wait).then(async (deferred) => {
      this.rounds.delete(lane);
      if (!wait) {
        // Only groups that keep meeting a held lock: give the holder a moment instead of spinning.
        this.idleDeferrals = deferred.length === round.length ? this.idleDeferrals + 1 : 0;
        if (this.idleDeferrals > 0) await sleep(Math.min(2 ** this.idleDeferrals, 50));
      }
      this.kick();
    });
  }

  /**
   * The groups of the next round in arrival order, up to the bound, leaving those that touch a market or
   * user of a round in flight, and every later one on the same market or user: per market and per user,
   * commands run in arrival order.
   */
  private take(): QueuedGroup[] {
    const round: QueuedGroup[] = [];
    const behind = new Set([...this.rounds].flatMap((r) => [...r.touches]));
    const rest: QueuedGroup[] = [];
    let commands = 0;
    for (const group of this.queue) {
      const touches = this.touchesOf(group);
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
    return round;
  }

  /** Runs a round and settles what it answered; what it put back goes to the queue's front, in arrival order. */
  private async run(round: QueuedGroup[], wait: boolean): Promise<QueuedGroup[]> {
    const deferred = round.length === 1 ? await this.runOne(round, wait) : await this.runMany(round, wait);
    const again: QueuedGroup[] = [];
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
  private async runMany(round: QueuedGroup[], wait: boolean): Promise<QueuedGroup[]> {
    try {
      return await this.attempt(round, wait);
    } catch (error) {
      this.counters.failedRounds += 1;
      // A round's failure (a database error, an answer its schema refuses) must not fail the groups that did
      // nothing wrong: each runs alone, in arrival order, and only the one at fault fails. Once one is put
      // back, every later one on the same market or user waits with it, as within a round.
      this.runtime.log.warn(
        { err: error, groups: round.length },
        'a round of the write engine failed; its groups run alone',
      );
      const deferred: QueuedGroup[] = [];
      const held = new Set<string>();
      for (const group of round) {
        const touches = this.touchesOf(group);
        const back = touches.some((t) => held.has(t)) ? [group] : await this.runOne([group], wait);
        if (back.length > 0) touches.forEach((t) => held.add(t));
        deferred.push(...back);
      }
      return deferred;
    }
  }

  /** A round of one group; its failure is that group's alone (its request answers 500). */
  private async runOne(round: QueuedGroup[], wait: boolean): Promise<QueuedGroup[]> {
    try {
      return await this.attempt(round, wait);
    } catch (error) {
      this.counters.failedRounds += 1;
      this.finish(round[0]!, error);
      return [];
    }
  }

  /** One round's transaction: settles every group it answered, returns those it put back. */
  private async attempt(round: QueuedGroup[], wait: boolean): Promise<QueuedGroup[]> {
    const started = performance.now();
    let last = started;
    const time = (step: RoundStep) => {
      const now = performance.now();
      this.stepMs[step] += now - last;
      last = now;
    };
    const result = await runRound(this.runtime, round, wait, time);
    const commands = this.count([...result.answered.keys()], result.deferred.length, wait);
    this.runtime.observe?.round(commands, (performance.now() - started) / 1000);
    for (const [group, answered] of result.answered) this.finish(group, answered);
    return result.deferred;
  }

  private finish(group: QueuedGroup, outcome: GroupResult | unknown): void {
    for (const name of group.names) this.inFlight.delete(name);
    if (isResult(outcome)) group.settle(outcome);
    else group.fail(outcome);
  }

  private observeWaits(round: readonly QueuedGroup[]): void {
    const observe = this.runtime.observe;
    if (!observe) return;
    const now = performance.now();
    for (const group of round) observe.queueWait((now - (this.queuedAt.get(group) ?? now)) / 1000);
  }

  /** Counts a round in the stats; returns the commands it answered. */
  private count(answered: QueuedGroup[], deferred: number, wait: boolean): number {
    const commands = answered.reduce((n, g) => n + Math.max(1, g.items.length), 0);
    this.counters.rounds += 1;
    this.counters.commands += commands;
    this.counters.deferrals += deferred;
    if (wait) this.counters.blockingRounds += 1;
    this.recent.push(commands);
    if (this.recent.length > RECENT_ROUNDS) this.recent.shift();
    return commands;
  }

  /** The markets and users a group touches, as names that match across slugs and ids where the id is known. */
  private touchesOf(group: QueuedGroup): string[] {
    const touches = group.evaluate ? [`m:${group.evaluate.slug}`] : [];
    for (const item of group.items) {
      if (item.preset) continue; // answered already: it touches nothing
      const needs = needsOf(item);
      if (needs.marketSlug) touches.push(`m:${needs.marketSlug}`);
      if (needs.user)
        touches.push(`u:${needs.user.scope.tenantId}/${needs.user.scope.environment}/${needs.user.externalUserId}`);
    }
    return touches;
  }
}

function isResult(outcome: unknown): outcome is GroupResult {
  return typeof outcome === 'object' && outcome !== null && 'answers' in outcome && 'finished' in outcome;
}

function operationOf(submitted: Submitted) {
  switch (submitted.command.kind) {
    case 'sync':
      return 'balance_sync' as const;
    case 'open':
      return 'position_open' as const;
    case 'close':
      return 'position_close' as const;
    case 'place_order':
      return 'order_place' as const;
    case 'cancel_order':
      throw new Error('a cancel takes no key');
  }
}

function keyRef(
  ctx: Submitted['ctx'],
  operation: string,
  key: { key: string; fields: Record<string, unknown> },
): KeyRef {
  const scope = { ...ctx.tenantEnv, principal: principalOf(ctx), operation };
  return { scope, key: key.key, requestHash: fingerprint(key.fields) };
}
