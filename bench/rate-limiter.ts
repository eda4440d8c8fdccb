/**
 * The rate limiter's cost per request (bench/README.md): the exact window (packages/service/src/http/
 * rate-limiter.ts) against the estimating limiter it replaced (lib/estimating-limiter.ts, the old
 * baseline, measured in the same run as the ceiling), with the counters in memory and in Redis.
 * `npm run bench:rate-limiter [-- --quick]`. Prints numbers only: it fails (exit 1) when it cannot run,
 * never because of a number.
 */
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { windowRateLimiter } from '../packages/service/src/http/rate-limiter.js';
import type { RateLimiter, RateLimitQuery } from '../packages/service/src/domains/rate-limits/index.js';
import { FakeClock } from '../packages/service/src/lib/clock.js';
import { memoryLogger } from '../packages/service/src/lib/logger.js';
import { estimatingRateLimiter } from './lib/estimating-limiter.js';
import { fmt, positive, table } from './lib/stats.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    requests: { type: 'string' },
    'in-flight': { type: 'string', default: '32' },
  },
});
const settings = {
  rounds: positive('rounds', args.rounds ?? (args.quick ? '2' : '7')),
  requests: positive('requests', args.requests ?? (args.quick ? '2000' : '20000')),
  inFlight: positive('in-flight', args['in-flight']),
};
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const GOAL = 1.2;

type Check = Pick<RateLimiter, 'check'>['check'];
type Make = (redis: Redis | null, clock: FakeClock, keyPrefix: string) => Check;
const raised = { balance_sync: 1_000_000, positions: 1_000_000 };
const raisedLimits = { of: async () => raised, invalidate: () => {} };
const log = memoryLogger('silent').log;
const LIMITERS: Record<'estimate' | 'exact', Make> = {
  estimate: (redis, clock, keyPrefix) => {
    const limiter = estimatingRateLimiter({ redis, clock, raisedLimits, keyPrefix });
    return (query) => limiter.check(query);
  },
  exact: (redis, clock, keyPrefix) => {
    const limiter = windowRateLimiter({ redis, clock, log, raisedLimits, keyPrefix });
    return (query) => limiter.check(query);
  },
};

/**
 * What is asked, request after request, the service clock moving on between them (`measure`): a tenant's
 * API key on one bucket that never refuses; widget sessions of 5,000 users, each request counted in its
 * user's bucket and the tenant's (neither refuses); one widget user asking again and again, refused
 * nearly every time (the refusal's path).
 */
const SCENARIOS: Array<{ name: string; query: (tenant: string, i: number) => RateLimitQuery }> = [
  {
    name: 'API key, passes (1 bucket)',
    query: (tenant) => ({
      tier: 'balance_sync',
      tenantEnv: { tenantId: tenant, environment: 'sandbox' },
      externalUserId: null,
    }),
  },
  {
    name: 'session, passes (2 buckets)',
    query: (tenant, i) => ({
      tier: 'positions',
      tenantEnv: { tenantId: tenant, environment: 'sandbox' },
      externalUserId: `u${i % 5_000}`,
    }),
  },
  {
    name: 'session, refused (2 buckets)',
    query: (tenant) => ({
      tier: 'saved_markets',
      tenantEnv: { tenantId: tenant, environment: 'sandbox' },
      externalUserId: 'u',
    }),
  },
];

interface Cost {
  /** Wall time per request, µs (with requests in flight, the inverse of throughput). */
  wallUs: number;
  /** This process's CPU per request, µs. */
  cpuUs: number;
  /** Redis's CPU per request, µs (0 in memory). */
  redisUs: number;
}

async function redisCpuS(redis: Redis | null): Promise<number> {
  if (redis === null) return 0;
  const info = await redis.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return field('used_cpu_user') + field('used_cpu_sys');
}

let runs = 0;
async function measure(make: Make, redis: Redis | null, scenario: (typeof SCENARIOS)[number], n: number) {
  const clock = new FakeClock('2026-06-01T12:00:00.000Z');
  runs += 1;
  const check = make(redis, clock, `pm-rl-bench-${process.pid}-${runs}`);
  const tenant = `bench-${process.pid}-${runs}`;
  const inFlight = redis === null ? 1 : settings.inFlight;
  // Two minutes of the service clock per run, so that every bucket's window holds all its 60 seconds.
  const stepMs = Math.ceil((2 * 60_000) / n);
  let next = 0;
  const loop = async () => {
    for (let i = next++; i < n; i = next++) {
      await check(scenario.query(tenant, i));
      clock.advance(stepMs);
    }
  };
  const [cpu0, redis0, t0] = [process.cpuUsage(), await redisCpuS(redis), performance.now()];
  await Promise.all(Array.from({ length: inFlight }, loop));
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const redisS = (await redisCpuS(redis)) - redis0;
  return {
    wallUs: (wallMs * 1000) / n,
    cpuUs: (cpu.user + cpu.system) / n,
    redisUs: (redisS * 1e6) / n,
  } satisfies Cost;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function storeRows(redis: Redis | null): Promise<string[][]> {
  const rows: string[][] = [];
  const n = redis === null ? settings.requests : Math.max(500, Math.floor(settings.requests / 4));
  for (const scenario of SCENARIOS) {
    for (const make of Object.values(LIMITERS)) await measure(make, redis, scenario, Math.min(n, 1_000)); // warm-up
    const costs: Record<'estimate' | 'exact', Cost[]> = { estimate: [], exact: [] };
    // Rounds alternate, so that what else runs on the machine falls on both alike.
    for (let round = 0; round < settings.rounds; round++) {
      for (const name of round % 2 === 0 ? (['estimate', 'exact'] as const) : (['exact', 'estimate'] as const)) {
        costs[name].push(await measure(LIMITERS[name], redis, scenario, n));
      }
    }
    const of = (name: 'estimate' | 'exact', key: keyof Cost) => median(costs[name].map((c) => c[key]));
    const ratio = (key: keyof Cost) => of('exact', key) / of('estimate', key);
    const where = redis === null ? 'memory' : `Redis, ${settings.inFlight} in flight`;
    rows.push([
      `${where}: ${scenario.name}`,
      fmt(of('estimate', 'wallUs'), 2),
      fmt(of('exact', 'wallUs'), 2),
      `${fmt(ratio('wallUs'), 2)}x`,
      `${fmt(ratio('cpuUs'), 2)}x`,
      redis === null
        ? '—'
        : `${fmt(of('estimate', 'redisUs'), 1)} → ${fmt(of('exact', 'redisUs'), 1)} (${fmt(ratio('redisUs'), 2)}x)`,
      ratio('wallUs') <= GOAL ? 'met' : 'missed',
    ]);
  }
  return rows;
}

async function connect(url: string): Promise<Redis | null> {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return redis;
  } catch {
    redis.disconnect();
    return null;
  }
}

async function forget(redis: Redis): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `pm-rl-bench-${process.pid}-*`, 'COUNT', 1_000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

console.log(
  `rate limiter cost per request: the exact window against the old estimate (the ceiling), ` +
    `${settings.rounds} alternating rounds of ${fmt(settings.requests, 0)} requests in memory ` +
    `(a quarter of that in Redis), medians`,
);
const rows = await storeRows(null);
const redis = await connect(REDIS_URL);
if (redis === null) console.log(`Redis: skipped, nothing answers at ${REDIS_URL} (set REDIS_URL)`);
else {
  try {
    rows.push(...(await storeRows(redis)));
  } finally {
    await forget(redis);
    redis.disconnect();
  }
}
console.log(
  '\n' +
    table(
      ['', 'estimate µs/req', 'exact µs/req', 'exact/estimate', 'node CPU', 'Redis CPU µs/req', `goal ≤ ${GOAL}x`],
      rows,
    ),
);
