import type { Redis } from 'ioredis';
import {
  dueSecond,
  isBeforeRetryAfter,
  oldestRedeemable,
  redeemable,
  REDEEM_WITHIN_S,
  WINDOW_MS,
} from '../domains/rate-limits/index.js';

/**
 * What a bucket remembers of the Retry-Afters it gave (decisions part 5; model/refusals.ts): the instant
 * the last one pointed to, and how many it gave per second they point into and were not yet redeemed.
 * Asked only for refused requests: an allowed one never reaches it. In memory without Redis, and in Redis
 * (one hash per bucket, `<bucket>:ra`: field `at`, and one field per second with its count) with it, each
 * operation one atomic step (one script, one round trip).
 */
export interface RefusalStore {
  /**
   * For a refused request: the instant the bucket's last Retry-After pointed to (null: none lately) and,
   * when the request came before it, whether it redeemed one the bucket gave earlier that is now due
   * (taken at once, so two requests never redeem the same one).
   */
  recall(bucketKey: string, nowMs: number): Promise<{ retryAtMs: number | null; redeemed: boolean }>;
  /** A refusal gave this instant: the bucket's last Retry-After from now on, and one more given for its second. */
  remember(bucketKey: string, retryAtMs: number, nowMs: number): Promise<void>;
}

/** How long after now what a refusal gave can matter: its instant, the span it is redeemable in, and a margin. */
const keptMs = (retryAtMs: number, nowMs: number) => retryAtMs - nowMs + (REDEEM_WITHIN_S + 1) * 1000 + WINDOW_MS;

interface Remembered {
  retryAtMs: number;
  /** Given and not redeemed, per second they point into. */
  given: Map<number, number>;
  /** On the service clock: past it nothing here can change a verdict. */
  keepUntilMs: number;
}

/** In this process's memory, on the service clock; what is moot is dropped as it is met and once a window. */
export function memoryRefusalStore(): RefusalStore {
  const buckets = new Map<string, Remembered>();
  let sweptAt = -Infinity;
  const sweep = (nowMs: number) => {
    sweptAt = nowMs;
    for (const [key, remembered] of buckets) if (remembered.keepUntilMs <= nowMs) buckets.delete(key);
  };
  return {
    async recall(bucketKey, nowMs) {
      const remembered = buckets.get(bucketKey);
      if (remembered === undefined) return { retryAtMs: null, redeemed: false };
      const { retryAtMs, given } = remembered;
      if (!isBeforeRetryAfter(nowMs, retryAtMs)) return { retryAtMs, redeemed: false };
      for (const second of given.keys()) if (second < oldestRedeemable(nowMs)) given.delete(second);
      const second = redeemable(given, nowMs);
      if (second === null) return { retryAtMs, redeemed: false };
      if (given.get(second)! > 1) given.set(second, given.get(second)! - 1);
      else given.delete(second);
      return { retryAtMs, redeemed: true };
    },
    async remember(bucketKey, retryAtMs, nowMs) {
      if (nowMs - sweptAt >= WINDOW_MS) sweep(nowMs);
      const remembered = buckets.get(bucketKey) ?? { retryAtMs, given: new Map(), keepUntilMs: 0 };
      const second = dueSecond(retryAtMs);
      remembered.retryAtMs = retryAtMs;
      remembered.given.set(second, (remembered.given.get(second) ?? 0) + 1);
      remembered.keepUntilMs = nowMs + keptMs(retryAtMs, nowMs);
      buckets.set(bucketKey, remembered);
    },
  };
}

/**
 * recall, as model/refusals.ts says: ARGV now (ms), now's second, the oldest redeemable second. Answers
 * {at or -1, 1 when redeemed}. Seconds too old to redeem are deleted on the way.
 */
const RECALL = `
local at = tonumber(redis.call('HGET', KEYS[1], 'at'))
if not at then return {-1, 0} end
if tonumber(ARGV[1]) >= at then return {at, 0} end
local now_s, oldest = tonumber(ARGV[2]), tonumber(ARGV[3])
local pick
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  local s = tonumber(field)
  if s and s < oldest then
    redis.call('HDEL', KEYS[1], field)
  elseif s and s <= now_s and (not pick or s < pick) then
    pick = s
  end
end
if not pick then return {at, 0} end
if redis.call('HINCRBY', KEYS[1], pick, -1) <= 0 then redis.call('HDEL', KEYS[1], pick) end
return {at, 1}
`;

/** remember: ARGV the instant (ms), its second, how long to keep the hash (ms, real time). */
const REMEMBER = `
redis.call('HSET', KEYS[1], 'at', ARGV[1])
redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

interface RefusalCommands {
  pmRefusalRecall(key: string, nowMs: number, nowSecond: number, oldest: number): Promise<[number, number]>;
  pmRefusalRemember(key: string, retryAtMs: number, second: number, keepMs: number): Promise<number>;
}

/**
 * In Redis, shared by every process. Instants and seconds are on the service clock (compared in the
 * script with the now it is given); the hash expires on real time, a window after it can matter.
 */
export function redisRefusalStore(redis: Redis, keyPrefix: string): RefusalStore {
  redis.defineCommand('pmRefusalRecall', { numberOfKeys: 1, lua: RECALL });
  redis.defineCommand('pmRefusalRemember', { numberOfKeys: 1, lua: REMEMBER });
  const commands = redis as unknown as RefusalCommands;
  const keyOf = (bucketKey: string) => `${keyPrefix}:${bucketKey}:ra`;
  return {
    async recall(bucketKey, nowMs) {
      const [at, redeemed] = await commands.pmRefusalRecall(
        keyOf(bucketKey),
        nowMs,
        dueSecond(nowMs),
        oldestRedeemable(nowMs),
      );
      return { retryAtMs: at < 0 ? null : at, redeemed: redeemed === 1 };
    },
    async remember(bucketKey, retryAtMs, nowMs) {
      await commands.pmRefusalRemember(keyOf(bucketKey), retryAtMs, dueSecond(retryAtMs), keptMs(retryAtMs, nowMs));
    },
  };
}
