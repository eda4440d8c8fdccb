import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addStake,
  changeLimits,
  exclusionRefusal,
  inForce,
  LIMIT_NAMES,
  NO_LIMITS,
  NO_USE,
  RAISE_WAIT_MS,
  stakeLimitRefusal,
  stakeUseOf,
  tightestLimit,
  WINDOW_MS,
  windowStarts,
  windowsToMeasure,
  type LimitName,
  type PlayerLimits,
  type StakeUse,
} from './limits.js';

const NOW = new Date('2026-06-10T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 3_600_000;

function changed(current: PlayerLimits, change: Parameters<typeof changeLimits>[1], now = NOW): PlayerLimits {
  const result = changeLimits(current, change, now);
  if (!result.ok) throw new Error(result.message);
  return result.limits;
}

describe('changeLimits', () => {
  it('applies a new limit and a lower one at once, and "0.00" allows no stake', () => {
    const set = changed(NO_LIMITS, { stake_per_day: 5000n });
    expect(set.stake_per_day).toEqual({ limit: 5000n, pending: null });
    expect(changed(set, { stake_per_day: 0n }).stake_per_day).toEqual({ limit: 0n, pending: null });
  });

  it('makes a raise and a removal wait 24 hours, then applies them', () => {
    const set = changed(NO_LIMITS, { stake_per_week: 5000n, stake_per_month: 9000n });
    const raised = changed(set, { stake_per_week: 8000n, stake_per_month: null });
    expect(raised.stake_per_week).toEqual({ limit: 5000n, pending: { limit: 8000n, effectiveAt: at(RAISE_WAIT_MS) } });
    expect(raised.stake_per_month).toEqual({ limit: 9000n, pending: { limit: null, effectiveAt: at(RAISE_WAIT_MS) } });
    expect(inForce(raised, at(RAISE_WAIT_MS - 1)).stake_per_week.limit).toBe(5000n);
    const later = inForce(raised, at(RAISE_WAIT_MS));
    expect(later.stake_per_week).toEqual({ limit: 8000n, pending: null });
    expect(later.stake_per_month).toEqual({ limit: null, pending: null });
  });

  it('restarts the wait for a different raise, keeps it for the same one, and clears it on a lowering', () => {
    const set = changed(NO_LIMITS, { stake_per_day: 1000n });
    const raised = changed(set, { stake_per_day: 2000n });
    const again = changed(raised, { stake_per_day: 2000n }, at(HOUR));
    expect(again.stake_per_day.pending?.effectiveAt).toEqual(at(RAISE_WAIT_MS));
    const other = changed(raised, { stake_per_day: 3000n }, at(HOUR));
    expect(other.stake_per_day.pending).toEqual({ limit: 3000n, effectiveAt: at(HOUR + RAISE_WAIT_MS) });
    expect(changed(raised, { stake_per_day: 500n }, at(HOUR)).stake_per_day).toEqual({ limit: 500n, pending: null });
    expect(changed(raised, { stake_per_day: 1000n }, at(HOUR)).stake_per_day).toEqual({ limit: 1000n, pending: null });
  });

  it('leaves fields that are not sent as they are', () => {
    const set = changed(NO_LIMITS, { stake_per_day: 1000n, excludedUntil: at(HOUR) });
    expect(changed(set, {})).toEqual(set);
    expect(changed(set, { stake_per_month: 1n }).stake_per_day).toEqual(set.stake_per_day);
  });

  it('starts and extends a break, and refuses to shorten or end one early', () => {
    const onBreak = changed(NO_LIMITS, { excludedUntil: at(48 * HOUR) });
    expect(changed(onBreak, { excludedUntil: at(96 * HOUR) }).excludedUntil).toEqual(at(96 * HOUR));
    for (const excludedUntil of [at(24 * HOUR), null]) {
      const refused = changeLimits(onBreak, { excludedUntil }, NOW);
      expect(refused).toMatchObject({ ok: false, code: 'state_conflict' });
    }
    expect(changeLimits(NO_LIMITS, { excludedUntil: at(0) }, NOW)).toMatchObject({
      ok: false,
      code: 'validation_failed',
    });
    expect(changed(NO_LIMITS, { excludedUntil: null }).excludedUntil).toBeNull();
    // Once it ended, it is gone, and a new one may start.
    expect(changed(onBreak, { excludedUntil: null }, at(48 * HOUR)).excludedUntil).toBeNull();
  });

  const limit = fc.option(fc.bigInt({ min: 0n, max: 100_000n }), { nil: null });
  const change = fc.record(
    { stake_per_day: limit, stake_per_week: limit, stake_per_month: limit },
    { requiredKeys: [] },
  );
  const above = (a: bigint | null, b: bigint | null) => (a === null ? b !== null : b !== null && a > b);

  it('never loosens a limit before 24 hours have passed (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(change, fc.integer({ min: 0, max: 30 * HOUR })), { maxLength: 12 }), (steps) => {
        let limits = NO_LIMITS;
        let t = NOW.getTime();
        const asked: number[] = [];
        for (const [ask, gap] of steps) {
          t += gap;
          const now = new Date(t);
          const before = inForce(limits, now);
          limits = changed(limits, ask, now);
          asked.push(t);
          const after = inForce(limits, now);
          for (const name of LIMIT_NAMES) {
            // Nothing loosens at once; a looser limit only waits, from a request made at least 24 hours before.
            expect(above(after[name].limit, before[name].limit)).toBe(false);
            const pending = after[name].pending;
            if (pending) expect(asked).toContain(pending.effectiveAt.getTime() - RAISE_WAIT_MS);
          }
        }
      }),
    );
  });
});

describe('stake limits against a reference that sums the stakes in each window', () => {
  const stakes = fc.array(
    fc.record({ ago: fc.integer({ min: 0, max: 40 * 24 * HOUR }), stake: fc.bigInt({ min: 1n, max: 5_000n }) }),
    { maxLength: 30 },
  );
  const limitOf = fc.option(fc.bigInt({ min: 0n, max: 60_000n }), { nil: null });

  /** The reference: each window's stakes summed from the list. */
  function reference(list: { ago: number; stake: bigint }[], name: LimitName) {
    const counted = list.filter((s) => s.ago < WINDOW_MS[name]);
    const used = counted.reduce((sum, s) => sum + s.stake, 0n);
    const earliest = counted.length ? Math.max(...counted.map((s) => s.ago)) : null;
    return { used, resetsAt: earliest === null ? null : at(WINDOW_MS[name] - earliest) };
  }

  /**
   * What the windows' reading gives (stakedSince's sums) for the windows the limits need, built one stake
   * at a time with addStake.
   */
  function useOf(list: { ago: number; stake: bigint }[], names: readonly LimitName[]): StakeUse {
    const starts = windowStarts(NOW, names);
    const windows = names.map((_, i) => {
      const counted = list.filter((s) => at(-s.ago) > starts[i]!);
      return counted.reduce(
        (w, s) =>
          addStake({ stake_per_day: w, stake_per_week: w, stake_per_month: w }, s.stake, at(-s.ago)).stake_per_day,
        NO_USE.stake_per_day,
      );
    });
    return stakeUseOf(names, windows);
  }

  it('refuses exactly the stakes that pass a limit, naming the one with the least left (property)', () => {
    fc.assert(
      fc.property(stakes, limitOf, limitOf, limitOf, fc.bigInt({ min: 1n, max: 70_000n }), (list, d, w, m, stake) => {
        const limits = changed(NO_LIMITS, { stake_per_day: d, stake_per_week: w, stake_per_month: m });
        const refusal = stakeLimitRefusal(limits, useOf(list, windowsToMeasure([limits])), stake);
        const rooms = LIMIT_NAMES.flatMap((name) => {
          const l = limits[name].limit;
          if (l === null) return [];
          const { used, resetsAt } = reference(list, name);
          return [{ name, remaining: l > used ? l - used : 0n, resetsAt }];
        });
        const passes = rooms.some((r) => stake > r.remaining);
        expect(refusal !== null).toBe(passes);
        if (refusal?.code === 'user_limit_reached') {
          // The least left; on a tie the one that frees last (null: nothing counted, frees never).
          const later = (a: Date | null, b: Date | null) => (a === null ? b !== null : b !== null && a > b);
          const least = rooms.reduce((a, b) =>
            b.remaining < a.remaining || (b.remaining === a.remaining && later(b.resetsAt, a.resetsAt)) ? b : a,
          );
          expect(refusal).toEqual({
            code: 'user_limit_reached',
            limit: least.name,
            remaining: least.remaining,
            resetsAt: least.resetsAt,
          });
        }
      }),
    );
  });

  it('names, on a tie, the limit that frees last, not one after which another still refuses', () => {
    const limits = changed(NO_LIMITS, { stake_per_day: 5_000n, stake_per_week: 10_000n });
    // 50.00 yesterday and 50.00 an hour ago: both limits are used up, the day frees in 23 hours, the week in six days.
    let use = addStake(NO_USE, 5_000n, at(-25 * HOUR));
    use = { ...use, stake_per_day: NO_USE.stake_per_day };
    use = addStake(use, 5_000n, at(-HOUR));
    expect(stakeLimitRefusal(limits, use, 1n)).toEqual({
      code: 'user_limit_reached',
      limit: 'stake_per_week',
      remaining: 0n,
      resetsAt: at(-25 * HOUR + WINDOW_MS.stake_per_week),
    });
  });

  it("counts a round's own stakes, so thirty opens at once cannot pass a limit together", () => {
    const limits = changed(NO_LIMITS, { stake_per_day: 10_000n });
    let use = NO_USE;
    let accepted = 0n;
    for (let i = 0; i < 30; i += 1) {
      if (stakeLimitRefusal(limits, use, 700n)) continue;
      use = addStake(use, 700n, NOW);
      accepted += 700n;
    }
    expect(accepted).toBe(9_800n);
    expect(tightestLimit(limits, use)).toMatchObject({
      name: 'stake_per_day',
      remaining: 200n,
      resetsAt: at(WINDOW_MS.stake_per_day),
    });
  });

  it('refuses every stake during a break, and none after it', () => {
    const onBreak = changed(NO_LIMITS, { excludedUntil: at(HOUR) });
    expect(exclusionRefusal(onBreak, NOW)).toEqual({ code: 'user_excluded', excludedUntil: at(HOUR) });
    expect(exclusionRefusal(onBreak, at(HOUR))).toBeNull();
  });
});
