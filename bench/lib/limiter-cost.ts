import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { BenchDatabase } from './database.js';
import type { LoadResult } from './http-load.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';
import type { BenchTenant } from './setup-tenant.js';
import { fmt } from './stats.js';
import { singleSyncLoad } from './sync-load.js';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * The rate limiter's cost (issue 8): single syncs against the bench's service (counters in memory) and
 * against a second service process on the same database with REDIS_URL, back to back, same duration.
 * Skipped, with a line that says so, when no Redis answers.
 */
export async function limiterCost(
  repoRoot: string,
  service: ServiceProcess,
  database: BenchDatabase,
  tenant: BenchTenant,
  ids: readonly string[],
  options: { connections: number; durationS: number; poolSize: number },
): Promise<void> {
  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  console.log(`\n[4] the limiter's cost: single syncs with counters in memory, then in Redis (${redisUrl})`);
  if (!(await redisAnswers(redisUrl))) {
    console.log('  skipped: no Redis answers there (set REDIS_URL)');
    return;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pm-bench-redis-'));
  const second = { ...database, dataDir, serviceUrl: await database.url() };
  const withRedis = await startServiceProcess(repoRoot, second, options.poolSize, { REDIS_URL: redisUrl });
  try {
    const run = (on: ServiceProcess) => singleSyncLoad(on, tenant, ids, options.connections)(options.durationS);
    await run(withRedis); // warm-up of the second process, not counted
    const memory = await run(service);
    const redis = await run(withRedis);
    const rate = (r: LoadResult) => r.ok / r.elapsedS;
    const line = (r: LoadResult) => `${fmt(rate(r))} req/s, p99 ${fmt(r.latency.p99)} ms, ${r.non2xx} non-2xx`;
    console.log(`  counters in memory: ${line(memory)}; in Redis: ${line(redis)}`);
    console.log(`  Redis / memory: ${fmt(rate(redis) / rate(memory), 2)}x`);
  } finally {
    await sleep(1000); // requests in flight when the load ended still finish before the stop
    await withRedis.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
