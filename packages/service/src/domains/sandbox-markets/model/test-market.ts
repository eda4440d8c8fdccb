/**
 * Sandbox test markets (docs/guides/sandbox.md): a tenant's own markets in its sandbox, to try trading and
 * settlement end to end. Everything but the title, the outcomes and the depth is fixed here.
 */
export const MAX_TEST_MARKETS = 50;
export const MIN_TEST_OUTCOMES = 2;
export const MAX_TEST_OUTCOMES = 10;
export const DEFAULT_TEST_LIQUIDITY = '100';
/** Open from creation for 90 days. */
export const TEST_MARKET_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
/** 1,000.00 per position and 10,000.00 open per user, in minor units. */
export const TEST_MAX_STAKE_PER_POSITION = 100_000n;
export const TEST_MAX_OPEN_STAKE_PER_USER = 1_000_000n;

/** The prefix of every test market's slug; shared markets are named by the platform team. */
export const TEST_SLUG_PREFIX = 'sandbox-';

/**
 * A fresh slug for a test market: the prefix, the title's first words in a-z and 0-9, and the caller's 10
 * random hex digits, so a slug says what it is and never names a shared market or another tenant's (the unique
 * constraint still decides: a collision is refused, never merged).
 */
export function testMarketSlug(title: string, random: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${TEST_SLUG_PREFIX}${words === '' ? '' : `${words}-`}${random}`;
}
