import { Session } from 'node:inspector/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import {
  createTenant,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, fundedUser, type TestMarket } from './trading-helpers.js';

/*
 * What a reader opens to follow a keyed write from its verb to its commit (docs/architecture.md, "A request's
 * path"): the files of src/domains/ and src/write-path/ whose code one request runs, as V8's precise coverage
 * counts it. The request's own hooks and its answer's way out are left out by taking away the files the same
 * request runs when its body is refused, before its handler; code a timer runs meanwhile, by keeping only
 * the files two requests both ran. Barrels (index.ts) only re-export and are not counted.
 *
 * The bounds are today's counts: a change that adds a file to one of these paths raises its bound on
 * purpose, here, or finds another place for the code.
 */

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
const coverage = new Session();

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
  coverage.connect();
  await coverage.post('Profiler.enable');
  await coverage.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
});
afterAll(async () => {
  await coverage.post('Profiler.stopPreciseCoverage');
  coverage.disconnect();
  await service.stop();
});

/** The counted files whose code ran during `request`. */
async function filesRun(request: () => Promise<unknown>): Promise<Set<string>> {
  // Taking coverage resets its counts: what is taken next ran after this.
  await coverage.post('Profiler.takePreciseCoverage');
  await request();
  const { result } = await coverage.post('Profiler.takePreciseCoverage');
  const files = new Set<string>();
  for (const script of result) {
    const file = /\/src\/((?:domains|write-path)\/.*\.ts)$/.exec(script.url)?.[1];
    if (!file || file.endsWith('/index.ts')) continue;
    if (script.functions.some((fn) => fn.ranges.some((range) => range.count > 0))) files.add(file);
  }
  return files;
}

/** The files `write` runs that `refused` (the same request refused before its handler) does not. */
async function pathOf(write: () => Promise<unknown>, refused: () => Promise<unknown>): Promise<string[]> {
  // Warm: the first requests also run what is made once (caches, prepared statements).
  for (let i = 0; i < 3; i += 1) await write();
  await refused();
  const [first, second] = [await filesRun(write), await filesRun(write)];
  const hooks = new Set([...(await filesRun(refused)), ...(await filesRun(refused))]);
  return [...first].filter((file) => second.has(file) && !hooks.has(file)).sort();
}

describe("a keyed write's path from its verb to its commit", () => {
  it('a balance sync runs code in at most 15 files', async () => {
    await registerUser(service, tenant.sandboxKey, 'path');
    const movement = (amount: string) => () =>
      sync(service, tenant.sandboxKey, { external_user_id: 'path', direction: 'credit', amount }, uniqueKey());
    const files = await pathOf(movement('1.00'), movement('not an amount'));
    expect(files).toContain('domains/sync/sync-handler.ts');
    expect(files.length, files.join('\n')).toBeLessThanOrEqual(15);
  });

  it('a position open runs code in at most 29 files', async () => {
    const market: TestMarket = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'path');
    const open = (stake: string) => () =>
      service.api('sandbox', 'POST', '/v1/positions', {
        key: tenant.sandboxKey,
        idempotencyKey: uniqueKey(),
        body: {
          external_user_id: user,
          market_slug: market.slug,
          outcome_id: market.outcomes[0]!.id,
          stake,
          max_price: '1',
        },
      });
    const files = await pathOf(open('0.10'), open('not an amount'));
    expect(files).toContain('domains/trading/open-position.ts');
    expect(files.length, files.join('\n')).toBeLessThanOrEqual(29);
  });
});
