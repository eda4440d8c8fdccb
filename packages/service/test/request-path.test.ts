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
 * What a reader opens to follow a keyed write from its verb to its commit (docs/benchmarks.md, "The files a
 * keyed write runs"): the files of src/domains/ and src/write-path/ whose code one request runs, as V8's
 * precise coverage counts it. Under vitest's module transform an import is read through a getter in the
 * file that exports it, so a file counts when its code runs or one of its exports is read. The request's
 * own hooks and its answer's way out are left out by taking away the files the same request runs when its
 * body is refused, before its handler. The service runs without its request log and with its refusals'
 * records written before each window, and only the files both writes ran count: the windows alternate
 * (write, refused, write, refused), so work begun in one window and ended in a later one is taken away too.
 * Barrels (index.ts) only re-export and are not counted.
 *
 * The lists are today's: a change that adds a file to one of these paths changes its list here and in
 * docs/benchmarks.md on purpose, or finds another place for the code.
 */

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
const coverage = new Session();

beforeAll(async () => {
  service = await startTestService({ clock, env: { REQUEST_LOG: '0' } });
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
  // A refused request's record is written a moment after its answer: written now, not in the window.
  await service.deps.errorAnswers.flush();
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
  const first = await filesRun(write);
  const hooks = await filesRun(refused);
  const second = await filesRun(write);
  for (const file of await filesRun(refused)) hooks.add(file);
  return [...first].filter((file) => second.has(file) && !hooks.has(file)).sort();
}

/** The files of the engine, the write path, the handler's contract, the key and the ledger: a sync's and an open's. */
const SHARED = [
  'domains/context.ts',
  'domains/engine/engine.ts',
  'domains/engine/round.ts',
  'domains/handler.ts',
  'domains/idempotency/fingerprint.ts',
  'domains/idempotency/key-store.ts',
  'domains/idempotency/keys-in-transaction.ts',
  'domains/ledger/ledger-repo.ts',
  'domains/ledger/model/balance.ts',
  'domains/ledger/round-balances.ts',
  'write-path/round-state.ts',
];

describe("a keyed write's path from its verb to its commit", () => {
  it('a balance sync runs code in 15 files', async () => {
    await registerUser(service, tenant.sandboxKey, 'path');
    const movement = (amount: string) => () =>
      sync(service, tenant.sandboxKey, { external_user_id: 'path', direction: 'credit', amount }, uniqueKey());
    const files = await pathOf(movement('1.00'), movement('not an amount'));
    expect(files).toEqual(
      [
        ...SHARED,
        'domains/sync/model/sync-rules.ts',
        'domains/sync/round-syncs.ts',
        'domains/sync/schemas.ts',
        'domains/sync/sync-handler.ts',
      ].sort(),
    );
  });

  it('a position open runs code in 29 files', async () => {
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
    expect(files).toEqual(
      [
        ...SHARED,
        'domains/markets/market-repo.ts',
        'domains/markets/model/lmsr.ts',
        'domains/markets/model/quotes.ts',
        'domains/markets/model/sandbox-influence.ts',
        'domains/markets/model/slug.ts',
        'domains/markets/round-markets.ts',
        'domains/orders/fill-orders.ts',
        'domains/orders/round-orders.ts',
        'domains/player-limits/limits-repo.ts',
        'domains/player-limits/model/limits.ts',
        'domains/player-limits/round-limits.ts',
        'domains/positions/position-repo.ts',
        'domains/positions/round-positions.ts',
        'domains/positions/schemas.ts',
        'domains/positions/trading-figures-repo.ts',
        'domains/trading/model/open-rules.ts',
        'domains/trading/open-position.ts',
        'domains/trading/trade.ts',
      ].sort(),
    );
  });
});
