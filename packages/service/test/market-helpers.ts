import { expect } from 'vitest';
import type { FakeClock } from '../src/lib/clock.js';
import { saveMarketState } from '../src/domains/markets/market-repo.js';
import type { TestService } from './helpers.js';

/**
 * The market tests' fixtures (test/markets.test.ts, test/market-facts.test.ts): unique slugs, a market
 * body with what a test changes, creating and enabling a market through the platform API, reading the
 * feed, and moving a market's prices at the fake clock's time. `service` is read when a helper runs, so
 * the fixtures can be made before the service starts.
 */
export function marketHelpers(service: () => TestService, clock: FakeClock) {
  let counter = 0;
  /** A slug unique in this run. */
  function uniqueSlug(prefix = 'm'): string {
    counter += 1;
    return `${prefix}-${process.pid}-${Date.now()}-${counter}`;
  }

  function marketBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      slug: uniqueSlug(),
      title: 'Will it rain in Lisbon tomorrow?',
      outcomes: [{ title: 'Yes' }, { title: 'No' }],
      opens_at: '2026-01-01T00:00:00Z',
      closes_at: '2027-01-01T00:00:00Z',
      max_stake_per_position: '100.00',
      max_open_stake_per_user: '500',
      liquidity: '100',
      ...overrides,
    };
  }

  async function createMarket(overrides: Record<string, unknown> = {}): Promise<any> {
    const res = await service().platform('POST', '/platform/v1/markets', marketBody(overrides));
    expect(res.status, res.text).toBe(201);
    return res.json;
  }

  async function enable(tenantId: string, slug: string): Promise<void> {
    const res = await service().platform('PUT', `/platform/v1/tenants/${tenantId}/markets/${slug}`);
    expect(res.status, res.text).toBe(200);
  }

  const feed = (key: string, path: string, environment: 'sandbox' | 'live' = 'sandbox') =>
    service().api(environment, 'GET', path, { key });

  /** Sets a market's q (and records a price point) at the clock's time, as a trade would. */
  async function movePrices(marketId: string, q: number[], b = 100): Promise<void> {
    await service()
      .db.transaction()
      .execute((tx) => saveMarketState(tx, marketId, q, b, clock.now()));
  }

  return { uniqueSlug, marketBody, createMarket, enable, feed, movePrices };
}
