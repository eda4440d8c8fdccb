import { Redis } from 'ioredis';
import type { Logger } from '../lib/logger.js';

/**
 * The Redis connection of the rate-limit counters (REDIS_URL). Commands fail at once while it is down
 * (no offline queue, one attempt), so the limiter can serve unlimited instead of waiting; ioredis
 * keeps reconnecting in the background, and its errors are logged here, at most every 10 s.
 */
export function connectRedis(url: string, log: Logger): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  let loggedAt = -Infinity;
  redis.on('error', (error) => {
    if (performance.now() - loggedAt < 10_000) return;
    loggedAt = performance.now();
    log.warn({ err: error }, 'redis unreachable; rate limits are not applied until it is back');
  });
  return redis;
}
