import type { Environment } from '../../../db/schema.js';

/** A tenant environment's requests of one rate-limit tier in one hour, and how many were refused 429. */
export interface HourCount {
  hour: Date;
  tenantId: string;
  environment: Environment;
  tier: string;
  requests: number;
  rateLimited: number;
}

const HOUR_MS = 3_600_000;

export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

const keyOf = (c: Pick<HourCount, 'hour' | 'tenantId' | 'environment' | 'tier'>) =>
  `${c.hour.getTime()}|${c.tenantId}|${c.environment}|${c.tier}`;

/** Adds one request to the counts being gathered. */
export function tally(
  counts: Map<string, HourCount>,
  request: { at: Date; tenantId: string; environment: Environment; status: number },
  tier: string,
): void {
  const c = { hour: hourOf(request.at), tenantId: request.tenantId, environment: request.environment, tier };
  const key = keyOf(c);
  const seen = counts.get(key) ?? { ...c, requests: 0, rateLimited: 0 };
  seen.requests += 1;
  if (request.status === 429) seen.rateLimited += 1;
  counts.set(key, seen);
}

/** Puts counts that could not be written back, added to what was gathered since. */
export function restore(counts: Map<string, HourCount>, unwritten: readonly HourCount[]): void {
  for (const c of unwritten) {
    const key = keyOf(c);
    const seen = counts.get(key);
    counts.set(
      key,
      seen
        ? { ...seen, requests: seen.requests + c.requests, rateLimited: seen.rateLimited + c.rateLimited }
        : { ...c },
    );
  }
}

/** One tier's figures for the portal: the day so far and each of the last 24 hours' 429s, oldest first. */
export interface TierUse {
  tier: string;
  requestsToday: number;
  rateLimitedToday: number;
  rateLimitedByHour: number[];
}

/**
 * The figures of each tier from the hours read: "today" is the UTC day of `now`; the 24 hours are the
 * one `now` is in and the 23 before it.
 */
export function tierUse(rows: readonly HourCount[], now: Date): TierUse[] {
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const firstHour = hourOf(now).getTime() - 23 * HOUR_MS;
  const byTier = new Map<string, TierUse>();
  for (const r of rows) {
    const use = byTier.get(r.tier) ?? {
      tier: r.tier,
      requestsToday: 0,
      rateLimitedToday: 0,
      rateLimitedByHour: Array<number>(24).fill(0),
    };
    const at = r.hour.getTime();
    if (at >= dayStart) {
      use.requestsToday += r.requests;
      use.rateLimitedToday += r.rateLimited;
    }
    const slot = (at - firstHour) / HOUR_MS;
    if (slot >= 0 && slot < 24) use.rateLimitedByHour[slot]! += r.rateLimited;
    byTier.set(r.tier, use);
  }
  return [...byTier.values()];
}

/** The UTC day `now` is in, from its midnight. */
export const dayOf = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * A tenant environment's use at a glance (the panel's tenant page, docs/operations.md "The platform panel"):
 * the UTC day's requests and 429s, and the requests of the clock hour `now` is in and of the hour before,
 * every tier together. The hours are whole clock hours because the counts are kept per hour: "this hour"
 * is the one under way.
 */
export interface DayUse {
  requestsToday: number;
  rateLimitedToday: number;
  /** The start of the hour under way; the hour before starts an hour earlier. */
  hour: Date;
  requestsThisHour: number;
  requestsHourBefore: number;
}

/** The first hour dayUse needs: midnight, or the hour before this one when that is yesterday's. */
export const dayUseSince = (now: Date): Date =>
  new Date(Math.min(dayOf(now).getTime(), hourOf(now).getTime() - HOUR_MS));

export function dayUse(rows: readonly HourCount[], now: Date): DayUse {
  const day = dayOf(now).getTime();
  const hour = hourOf(now);
  const use: DayUse = { requestsToday: 0, rateLimitedToday: 0, hour, requestsThisHour: 0, requestsHourBefore: 0 };
  for (const r of rows) {
    const at = r.hour.getTime();
    if (at >= day) {
      use.requestsToday += r.requests;
      use.rateLimitedToday += r.rateLimited;
    }
    if (at === hour.getTime()) use.requestsThisHour += r.requests;
    if (at === hour.getTime() - HOUR_MS) use.requestsHourBefore += r.requests;
  }
  return use;
}
