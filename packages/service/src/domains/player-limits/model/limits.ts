/**
 * Limits a player sets through the operator (docs/operator-api.md, "Player limits"), as pure functions of the
 * limits as stored, what the player staked, and the time. Nothing a player set is loosened early: lowering a
 * limit, setting a new one and starting or extending a break apply at once; raising or removing a limit
 * waits 24 hours; a break cannot be shortened or ended early.
 */

/** The three stake limits, by their names in the API, shortest window first. */
export const LIMIT_NAMES = ['stake_per_day', 'stake_per_week', 'stake_per_month'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

const HOUR_MS = 3_600_000;
/** Each window rolls: the last 24 hours, 7 days, 30 days. */
export const WINDOW_MS: Record<LimitName, number> = {
  stake_per_day: 24 * HOUR_MS,
  stake_per_week: 7 * 24 * HOUR_MS,
  stake_per_month: 30 * 24 * HOUR_MS,
};
/** How long a raise or a removal waits before it takes effect. */
export const RAISE_WAIT_MS = 24 * HOUR_MS;

/** A limit change waiting for its time: the limit it sets (null: none) and when. */
export interface PendingLimit {
  limit: bigint | null;
  effectiveAt: Date;
}

/** One stake limit: in force now (null: none), and a raise or removal waiting, if any. */
export interface StakeLimit {
  limit: bigint | null;
  pending: PendingLimit | null;
}

export interface PlayerLimits {
  stake_per_day: StakeLimit;
  stake_per_week: StakeLimit;
  stake_per_month: StakeLimit;
  /** The end of the player's break; a time already past means none. */
  excludedUntil: Date | null;
}

const NO_LIMIT: StakeLimit = { limit: null, pending: null };
export const NO_LIMITS: PlayerLimits = {
  stake_per_day: NO_LIMIT,
  stake_per_week: NO_LIMIT,
  stake_per_month: NO_LIMIT,
  excludedUntil: null,
};

/** The limits as they are at `now`: pending changes whose time came applied, a break that ended dropped. */
export function inForce(limits: PlayerLimits, now: Date): PlayerLimits {
  const due = (l: StakeLimit): StakeLimit =>
    l.pending && l.pending.effectiveAt <= now ? { limit: l.pending.limit, pending: null } : l;
  return {
    stake_per_day: due(limits.stake_per_day),
    stake_per_week: due(limits.stake_per_week),
    stake_per_month: due(limits.stake_per_month),
    excludedUntil: limits.excludedUntil && limits.excludedUntil > now ? limits.excludedUntil : null,
  };
}

/** Whether the player is on a break at `now`. */
export function excludedAt(limits: PlayerLimits, now: Date): Date | null {
  return limits.excludedUntil && limits.excludedUntil > now ? limits.excludedUntil : null;
}

/** What a PUT asks: each field left out stays as it is; null removes a limit or asks for no break. */
export type LimitsChange = Partial<Record<LimitName, bigint | null>> & { excludedUntil?: Date | null };

export type ChangeResult =
  { ok: true; limits: PlayerLimits } | { ok: false; code: 'state_conflict' | 'validation_failed'; message: string };

/**
 * The limits after a change asked at `now`. Per limit: a new limit or a lower one applies at once and clears
 * a waiting change; the limit in force asked again clears a waiting raise too (the player asked for it);
 * a raise or a removal waits 24 hours, replacing a different waiting change and starting the wait again.
 * The same waiting change asked again keeps its time, so a retried PUT changes nothing. A break can start
 * or be extended, never shortened or ended before its time (state_conflict).
 */
export function changeLimits(current: PlayerLimits, change: LimitsChange, now: Date): ChangeResult {
  const limits = inForce(current, now);
  const next: PlayerLimits = { ...limits };
  for (const name of LIMIT_NAMES) {
    const asked = change[name];
    if (asked !== undefined) next[name] = changeLimit(limits[name], asked, now);
  }
  if (change.excludedUntil !== undefined) {
    const until = change.excludedUntil;
    const running = limits.excludedUntil;
    if (running && (until === null || until < running)) {
      return {
        ok: false,
        code: 'state_conflict',
        message: `The break runs until ${running.toISOString()}; it can be extended but not shortened or ended before then.`,
      };
    }
    if (until !== null && until <= now) {
      return { ok: false, code: 'validation_failed', message: 'excluded_until must be in the future.' };
    }
    next.excludedUntil = until;
  }
  return { ok: true, limits: next };
}

function changeLimit(current: StakeLimit, asked: bigint | null, now: Date): StakeLimit {
  const { limit, pending } = current;
  const tighter = asked !== null && (limit === null || asked <= limit);
  if (tighter) return { limit: asked, pending: null };
  if (asked === null && limit === null) return NO_LIMIT;
  if (pending && pending.limit === asked) return current;
  return { limit, pending: { limit: asked, effectiveAt: new Date(now.getTime() + RAISE_WAIT_MS) } };
}

/** What a player staked in one window: the sum, and when the earliest stake still counted was made. */
export interface WindowUse {
  used: bigint;
  earliest: Date | null;
}
export type StakeUse = Record<LimitName, WindowUse>;

export const NO_USE: StakeUse = {
  stake_per_day: { used: 0n, earliest: null },
  stake_per_week: { used: 0n, earliest: null },
  stake_per_month: { used: 0n, earliest: null },
};

/** The windows some of these players' limits in force need measured, in LIMIT_NAMES order. */
export function windowsToMeasure(players: readonly PlayerLimits[]): LimitName[] {
  return LIMIT_NAMES.filter((name) => players.some((limits) => limits[name].limit !== null));
}

/** Where each of these windows starts at `now` (a stake counts when made after it). */
export const windowStarts = (now: Date, names: readonly LimitName[]): Date[] =>
  names.map((n) => new Date(now.getTime() - WINDOW_MS[n]));

/** The use from one reading per window of `names`; a window not read holds nothing. */
export function stakeUseOf(names: readonly LimitName[], windows: readonly WindowUse[]): StakeUse {
  const use = { ...NO_USE };
  names.forEach((name, i) => (use[name] = windows[i]!));
  return use;
}

/** The use after one more stake made at `at` (a round's open or fill, counted before the round writes it). */
export function addStake(use: StakeUse, stake: bigint, at: Date): StakeUse {
  const add = (w: WindowUse): WindowUse => ({
    used: w.used + stake,
    earliest: w.earliest && w.earliest <= at ? w.earliest : at,
  });
  return {
    stake_per_day: add(use.stake_per_day),
    stake_per_week: add(use.stake_per_week),
    stake_per_month: add(use.stake_per_month),
  };
}

/** One limit as the player sees it: the limit, what is used and left, and when the earliest stake leaves. */
export interface LimitView {
  limit: bigint;
  used: bigint;
  remaining: bigint;
  resetsAt: Date | null;
  pending: PendingLimit | null;
}

export function limitView(limit: StakeLimit, use: WindowUse, name: LimitName): LimitView | null {
  if (limit.limit === null) return null;
  const left = limit.limit - use.used;
  return {
    limit: limit.limit,
    used: use.used,
    remaining: left > 0n ? left : 0n,
    resetsAt: use.earliest && new Date(use.earliest.getTime() + WINDOW_MS[name]),
    pending: limit.pending,
  };
}

/** Whether `a` frees later than `b`: null (nothing counted, so waiting frees nothing) is latest. */
const freesLater = (a: Date | null, b: Date | null) => (a === null ? b !== null : b !== null && a > b);

/**
 * The limit with the least left, or null when none is set. On a tie, the one that frees last: naming a
 * limit that frees sooner would tell the player to come back when another limit still refuses.
 */
export function tightestLimit(limits: PlayerLimits, use: StakeUse): (LimitView & { name: LimitName }) | null {
  let tightest: (LimitView & { name: LimitName }) | null = null;
  for (const name of LIMIT_NAMES) {
    const view = limitView(limits[name], use[name], name);
    if (!view) continue;
    const tighter =
      !tightest ||
      view.remaining < tightest.remaining ||
      (view.remaining === tightest.remaining && freesLater(view.resetsAt, tightest.resetsAt));
    if (tighter) tightest = { ...view, name };
  }
  return tightest;
}

/** Whether any stake limit is in force (a break alone needs no stakes measured). */
export function hasStakeLimit(limits: PlayerLimits): boolean {
  return LIMIT_NAMES.some((name) => limits[name].limit !== null);
}

export type LimitRefusal =
  | { code: 'user_excluded'; excludedUntil: Date }
  | { code: 'user_limit_reached'; limit: LimitName; remaining: bigint; resetsAt: Date | null };

/** A player's break, when one is running: no open and no placement while it runs. */
export function exclusionRefusal(limits: PlayerLimits, now: Date): LimitRefusal | null {
  const until = excludedAt(limits, now);
  return until ? { code: 'user_excluded', excludedUntil: until } : null;
}

/**
 * A stake that would pass a limit in force, named by the limit with the least left (which it passes
 * whenever it passes any). `limits` must be in force at the time `use` was read for.
 */
export function stakeLimitRefusal(limits: PlayerLimits, use: StakeUse, stake: bigint): LimitRefusal | null {
  const tightest = tightestLimit(limits, use);
  if (!tightest || stake <= tightest.remaining) return null;
  return {
    code: 'user_limit_reached',
    limit: tightest.name,
    remaining: tightest.remaining,
    resetsAt: tightest.resetsAt,
  };
}
