import { randomInt } from 'node:crypto';
import { ADMIN_TOKEN, type ServiceProcess } from './service-process.js';
import type { BenchTenant } from './setup-tenant.js';

/** Every open: a small stake, any price accepted; caps and depth so large that nothing is refused. */
export const STAKE = '1.00';
export const MARKET_TERMS = {
  max_stake_per_position: '1000000.00',
  max_open_stake_per_user: '1000000.00',
  liquidity: '100000',
  // The bench's own sandbox traffic is trusted: no sandbox bound (bench/trading.ts measures one apart).
  sandbox_influence: null as string | null,
};

export interface BenchMarket {
  slug: string;
  outcomes: string[];
  /** Opens alternate between the outcomes so that the price stays mid-range. */
  next: number;
}

async function platform(service: ServiceProcess, method: string, route: string, body?: unknown): Promise<any> {
  const res = await fetch(`${service.platformUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/** Two-outcome markets at even prices, open from an hour ago for 30 days, enabled for the bench tenant. */
export async function createMarkets(
  service: ServiceProcess,
  tenant: BenchTenant,
  slugs: string[],
  terms: Partial<typeof MARKET_TERMS> = {},
): Promise<BenchMarket[]> {
  const opensAt = new Date(Date.now() - 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const closesAt = new Date(Date.now() + 30 * 86400_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const markets: BenchMarket[] = [];
  for (const slug of slugs) {
    const market = await platform(service, 'POST', '/platform/v1/markets', {
      slug,
      title: `Bench market ${slug}`,
      outcomes: [{ title: 'Yes' }, { title: 'No' }],
      opens_at: opensAt,
      closes_at: closesAt,
      ...MARKET_TERMS,
      ...terms,
    });
    await platform(service, 'PUT', `/platform/v1/tenants/${tenant.tenantId}/markets/${slug}`);
    markets.push({ slug, outcomes: (market.outcomes as { id: string }[]).map((o) => o.id), next: 0 });
  }
  return markets;
}

/**
 * The sandbox bound the bench's bounded markets carry: the widest allowed, so that a phase of opens
 * alternating between the outcomes stays within it (ε·b = 5,000 shares of spread, 50,000 a day per
 * market) and every open pays for the rule without being refused by it.
 */
export const BOUNDED_INFLUENCE = '0.05';

/** The hot market `bench-hot` and `count` others, `bench-m001` …, in one call. */
export async function createHotAndSpread(
  service: ServiceProcess,
  tenant: BenchTenant,
  count: number,
): Promise<{ hot: BenchMarket; spread: BenchMarket[] }> {
  const [hot, ...spread] = await createMarkets(service, tenant, ['bench-hot', ...numbered('m', count)]);
  return { hot: hot!, spread };
}

/** `count` markets with the sandbox bound, `bench-s001` …, like createHotAndSpread's others. */
export async function createBounded(
  service: ServiceProcess,
  tenant: BenchTenant,
  count: number,
): Promise<BenchMarket[]> {
  return createMarkets(service, tenant, numbered('s', count), { sandbox_influence: BOUNDED_INFLUENCE });
}

const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `bench-${prefix}${String(i + 1).padStart(3, '0')}`);

/** The body of one open: a random user, the market's next outcome, STAKE at any price. */
export function openBody(market: BenchMarket, ids: readonly string[]): string {
  const outcome = market.outcomes[market.next++ % market.outcomes.length]!;
  return JSON.stringify({
    external_user_id: ids[randomInt(ids.length)]!,
    market_slug: market.slug,
    outcome_id: outcome,
    stake: STAKE,
    max_price: '1',
  });
}
