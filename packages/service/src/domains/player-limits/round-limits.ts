import {
  addStake,
  hasStakeLimit,
  inForce,
  NO_LIMITS,
  NO_USE,
  windowsToMeasure,
  type LimitName,
  type PlayerLimits,
  type StakeUse,
} from './model/limits.js';

/** A trading user's limits in force and what they staked in each window, as a round judges a stake. */
export interface PlayerStanding {
  limits: PlayerLimits;
  use: StakeUse;
}

/** The standing of a user who set no limit, or is not registered. */
export const NO_STANDING: PlayerStanding = { limits: NO_LIMITS, use: NO_USE };

/**
 * The player limits' slice of an engine round: the limits in force of the users it trades for, read after
 * their row locks (a change of limits holds the same lock), and their stakes in each window, which the
 * round's own opens and fills add to as it applies them. It writes nothing.
 */
export class RoundLimits {
  private readonly use = new Map<string, StakeUse>();
  private readonly limits = new Map<string, PlayerLimits>();

  constructor(stored: ReadonlyMap<string, PlayerLimits>, use: ReadonlyMap<string, StakeUse>, now: Date) {
    for (const [userId, limits] of stored) this.limits.set(userId, inForce(limits, now));
    for (const [userId, u] of use) this.use.set(userId, u);
  }

  /**
   * What must be measured before the round judges stakes: the users with a stake limit in force, and
   * the windows their limits need (a daily limit alone reads one day of stakes, not thirty).
   */
  static toMeasure(stored: ReadonlyMap<string, PlayerLimits>, now: Date): { userIds: string[]; windows: LimitName[] } {
    const limited = [...stored]
      .map(([userId, limits]) => [userId, inForce(limits, now)] as const)
      .filter(([, limits]) => hasStakeLimit(limits));
    return { userIds: limited.map(([userId]) => userId), windows: windowsToMeasure(limited.map(([, l]) => l)) };
  }

  /** A user's standing: no limits when they never set one. */
  of(userId: string): PlayerStanding {
    const limits = this.limits.get(userId);
    return limits ? { limits, use: this.use.get(userId) ?? NO_USE } : NO_STANDING;
  }

  /** A stake the round made for a user (an open or a fill), counted in every window from `at`. */
  staked(userId: string, stake: bigint, at: Date): void {
    if (!this.limits.has(userId)) return;
    this.use.set(userId, addStake(this.use.get(userId) ?? NO_USE, stake, at));
  }
}
