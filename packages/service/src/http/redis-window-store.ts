import type { Redis } from 'ioredis';
import { secondOf, usedAt, WINDOW_MS, type Bucket, type RateDecision } from '../domains/rate-limits/index.js';
import { TAKE_SCRIPT } from './redis-window-script.js';
import type { WindowStore } from './window-store.js';

/**
 * How long a bucket's hash lives after it last changed, on Redis's own clock: what matters of it is never
 * older than the window, a Retry-After it gave (at most a window ahead) and the seconds that one stays
 * redeemable. Three windows is a generous margin over that, so the service clock's time and Redis's may
 * differ by a lot before a key goes too soon.
 */
const KEEP_MS = 3 * WINDOW_MS;

type TakeAnswer = [allowed: number, retryAfter: number, index: number, remaining: number, reset: number];

interface WindowCommands {
  pmWindowTake(keyCount: number, ...args: Array<string | number>): Promise<TakeAnswer>;
}

/**
 * The buckets in Redis, shared by every process: one script call per request (redis-window-script.ts).
 * Keys are `<prefix>:{<tenant>:<environment>}:<bucket>`; the braces are a hash tag, so all the buckets of
 * a request (and of a tenant environment) fall in one cluster slot, as a script's keys must.
 */
export function redisWindowStore(redis: Redis, keyPrefix: string): WindowStore {
  redis.defineCommand('pmWindowTake', { lua: TAKE_SCRIPT });
  const commands = redis as unknown as WindowCommands;
  const keyOf = (tag: string, bucket: Bucket) => `${keyPrefix}:{${tag}}:${bucket.key}`;
  return {
    async take(tag, buckets, nowMs): Promise<RateDecision> {
      if (buckets.length === 0) return { limited: false, headers: null };
      const keys = buckets.map((bucket) => keyOf(tag, bucket));
      const limits = buckets.map((bucket) => bucket.limit);
      const [allowed, retryAfter, index, remaining, reset] = await commands.pmWindowTake(
        keys.length,
        ...keys,
        nowMs,
        KEEP_MS,
        ...limits,
      );
      const headers = { limit: buckets[index]!.limit, remaining, resetSeconds: reset };
      return allowed === 1 ? { limited: false, headers } : { limited: true, retryAfterSeconds: retryAfter, headers };
    },
    async used(tag, buckets, nowMs) {
      const pipeline = redis.pipeline();
      for (const bucket of buckets) pipeline.hgetall(keyOf(tag, bucket));
      const answers = (await pipeline.exec()) ?? [];
      const second = secondOf(nowMs);
      return answers.map(([error, fields]) => {
        if (error) throw error;
        const counts = new Map<number, number>();
        for (const [field, value] of Object.entries(fields as Record<string, string>)) {
          if (/^\d+$/.test(field)) counts.set(Number(field), Number(value));
        }
        return usedAt(counts, second);
      });
    },
  };
}
