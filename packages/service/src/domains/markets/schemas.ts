import { z } from 'zod';
import { PageQuery, pageOf } from '../../lib/page.js';
import { PlainText } from '../../lib/text.js';
import { SLUG_PATTERN } from './model/slug.js';
import { AMOUNT_DESCRIPTION, formatAmount, parseAmount } from '../../lib/money.js';
import { positiveAmountText } from '../../lib/amount-text.js';
import { checkInitialPrices } from './model/initial-prices.js';
import { INTERVALS, type HistoryPoint } from './model/history.js';
import { displayPrices, formatPrice } from './model/quotes.js';
import { MAX_INFLUENCE_MICRO, microOf, MIN_INFLUENCE_MICRO, spreadRatio } from './model/sandbox-influence.js';
import { MAX_RESOLUTION_SOURCE_LENGTH, MAX_RULES_LENGTH, resolutionSourceProblem } from './model/market-facts.js';
import { formatChange, priceChanges } from './model/price-change.js';
import type { MarketRecord } from './market-repo.js';
import type { TenantMarket } from './set-market-enabled.js';
import type { NewMarket } from './create-market.js';

/** Liquidity: a positive decimal with at most 12 integer digits and 6 decimals. */
export const LIQUIDITY_PATTERN = /^[0-9]{1,12}(\.[0-9]{1,6})?$/;
/** Its rule in words, as a refusal says it (docs/operator-api.md, "Errors"). */
export const LIQUIDITY_RULE =
  'must be a decimal string with at most 12 digits before the point and 6 after, such as "100"';
export const MIN_OUTCOMES = 2;
export const MAX_OUTCOMES = 20;

export const MARKET_STATUSES = ['open', 'suspended', 'resolved', 'voided'] as const;
export const MarketStatusSchema = z.enum(MARKET_STATUSES);

export const Slug = z
  .string()
  .regex(SLUG_PATTERN, { error: 'must be 1 to 64 characters from a-z, 0-9 and "-"' })
  .describe('1 to 64 characters from a-z, 0-9 and "-".');
const Timestamp = z.iso.datetime().describe('RFC 3339 UTC with a Z, for example "2026-06-01T18:00:00Z".');
const PositiveAmount = positiveAmountText().describe(`${AMOUNT_DESCRIPTION} Greater than 0.`);
const Price = z.string().describe('Decimal string strictly between 0 and 1 with six decimals, for example "0.523000".');

const INFLUENCE_PATTERN = /^0\.[0-9]{1,6}$/;
export const SandboxInfluence = z
  .string()
  .regex(INFLUENCE_PATTERN, 'must be a decimal string like "0.01" (at most 6 decimals)')
  .refine((text) => {
    // The pattern's own issue covers other text; zod runs this check too.
    if (!INFLUENCE_PATTERN.test(text)) return true;
    const micro = microOf(text);
    return micro >= MIN_INFLUENCE_MICRO && micro <= MAX_INFLUENCE_MICRO;
  }, 'must be from 0.001 to 0.05')
  .nullable()
  .describe(
    'How far sandbox trades may move the live price (docs/operator-api.md, "Sandbox influence"): a decimal string from "0.001" to "0.05" (ε: sandbox opens keep the spread of the shares sandbox positions hold within ε·liquidity, and each sandbox tenant environment trades at most 10·ε·liquidity shares a day), or null for no bound. Default "0.01".',
  );

const RULES_DESCRIPTION = `What resolves the market and how, for the players: plain text of 1 to ${MAX_RULES_LENGTH.toLocaleString('en')} characters after trimming, on one line (no line breaks or other control characters).`;
const SOURCE_DESCRIPTION = `Where the result comes from: plain text of 1 to ${MAX_RESOLUTION_SOURCE_LENGTH} characters after trimming, or an https URL alone. Text that starts with a scheme and "//" (or with javascript:, data:, vbscript: or file:) is taken for a URL and must be one https URL with a host, no spaces and no user name or password.`;

export const Rules = PlainText.min(1, 'must not be empty; send null to clear the rules')
  .max(MAX_RULES_LENGTH, `must be at most ${MAX_RULES_LENGTH.toLocaleString('en')} characters`)
  .nullable()
  .describe(`${RULES_DESCRIPTION} null: none.`);

export const ResolutionSource = PlainText.min(1, 'must not be empty; send null to clear the resolution source')
  .max(MAX_RESOLUTION_SOURCE_LENGTH, `must be at most ${MAX_RESOLUTION_SOURCE_LENGTH} characters`)
  .superRefine((text, ctx) => {
    const problem = resolutionSourceProblem(text);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable()
  .describe(`${SOURCE_DESCRIPTION} null: none.`);

export const CreateMarketBody = z
  .object({
    slug: Slug.describe('The operator-facing identifier: 1 to 64 characters from a-z, 0-9 and "-". Unique.'),
    title: PlainText.min(1).max(200),
    outcomes: z
      .array(z.object({ title: PlainText.min(1).max(200) }).strict())
      .min(MIN_OUTCOMES)
      .max(MAX_OUTCOMES)
      .describe(`${MIN_OUTCOMES} to ${MAX_OUTCOMES} outcomes with distinct titles, in display order.`),
    opens_at: Timestamp,
    closes_at: Timestamp.describe('After opens_at.'),
    max_stake_per_position: PositiveAmount,
    max_open_stake_per_user: PositiveAmount,
    liquidity: z
      .string()
      .regex(LIQUIDITY_PATTERN, { error: LIQUIDITY_RULE, abort: true })
      .refine((text) => /[1-9]/.test(text), 'must be greater than 0')
      .describe("The market maker's depth b in currency units: a positive decimal string (at most 6 decimals)."),
    sandbox_influence: SandboxInfluence.optional(),
    rules: Rules.optional(),
    resolution_source: ResolutionSource.optional(),
    initial_prices: z
      .array(z.string().max(16))
      .optional()
      .describe(
        'One price per outcome, each strictly between 0 and 1 with at most 6 decimals, summing to exactly 1. Default: equal prices.',
      ),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (Date.parse(body.closes_at) <= Date.parse(body.opens_at)) {
      ctx.addIssue({ code: 'custom', path: ['closes_at'], message: 'must be after opens_at' });
    }
    const titles = body.outcomes.map((o) => o.title);
    if (new Set(titles).size !== titles.length)
      ctx.addIssue({ code: 'custom', path: ['outcomes'], message: 'outcome titles must be distinct' });
    if (body.initial_prices !== undefined) {
      const checked = checkInitialPrices(body.initial_prices, body.outcomes.length);
      if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['initial_prices'], message: checked.message });
    }
  });
export type CreateMarketBody = z.infer<typeof CreateMarketBody>;

/** The verb's input from a body the schema passed (the platform API's and the panel's form). */
export function newMarketOf(body: CreateMarketBody): NewMarket {
  return {
    slug: body.slug,
    title: body.title,
    outcomeTitles: body.outcomes.map((o) => o.title),
    opensAt: new Date(body.opens_at),
    closesAt: new Date(body.closes_at),
    maxStakePerPosition: parseAmount(body.max_stake_per_position)!,
    maxOpenStakePerUser: parseAmount(body.max_open_stake_per_user)!,
    liquidity: body.liquidity,
    initialPrices: body.initial_prices,
    sandboxInfluence: body.sandbox_influence,
    rules: body.rules,
    resolutionSource: body.resolution_source,
  };
}

export const UpdateMarketBody = z
  .object({
    sandbox_influence: SandboxInfluence.optional(),
    rules: Rules.optional(),
    resolution_source: ResolutionSource.optional(),
  })
  .strict()
  .describe('The fields to change; an absent field is left as it is, null clears rules and resolution_source.');
export type UpdateMarketBody = z.infer<typeof UpdateMarketBody>;

/** A slug in a path is only looked up when it is a slug: any other text names no market (404). */
export const MarketParams = z.object({ slug: z.string().max(200) });
export const TenantMarketParams = z.object({ tenant_id: z.string().max(200), slug: z.string().max(200) });

const PricedOutcome = z.object({ id: z.uuid(), title: z.string(), price: Price });

export const PlatformMarket = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  status: MarketStatusSchema,
  opens_at: z.string(),
  closes_at: z.string(),
  max_stake_per_position: z.string(),
  max_open_stake_per_user: z.string(),
  liquidity: z.string(),
  resolved_outcome_id: z.uuid().nullable(),
  outcomes: z.array(PricedOutcome),
  sandbox_influence: z
    .string()
    .nullable()
    .describe(
      'The sandbox bound ε (docs/operator-api.md, "Sandbox influence"); null: none (and for a sandbox test market).',
    ),
  sandbox_spread: z
    .string()
    .describe(
      "S / liquidity with 6 decimals: the spread of the shares open sandbox positions hold (largest outcome's minus smallest's) over the depth. Sandbox opens keep it at or below sandbox_influence; closes can widen it.",
    ),
  rules: z.string().nullable().describe('What resolves the market and how, as written; null: not given.'),
  resolution_source: z
    .string()
    .nullable()
    .describe('Where the result comes from: text, or an https URL; null: not given.'),
  created_at: z.string(),
});
export type PlatformMarket = z.infer<typeof PlatformMarket>;

export const MarketEnablement = z.object({ tenant_id: z.uuid(), market_slug: z.string(), enabled: z.boolean() });

const FeedOutcome = PricedOutcome.extend({
  change_24h: z
    .string()
    .describe(
      'The price minus the price 24 hours ago (or, for a market younger than that, minus its price at open): a signed decimal string with six decimals, for example "0.012345", "-0.030000" or "0.000000".',
    ),
});

export const FeedMarket = z.object({
  slug: z.string(),
  title: z.string(),
  status: MarketStatusSchema,
  opens_at: z.string(),
  closes_at: z.string(),
  resolved_outcome_id: z.uuid().nullable().describe('Set when resolved.'),
  resolved_at: z
    .string()
    .nullable()
    .describe(
      'When the market got its ending, RFC 3339 UTC: set when it is resolved or voided (status tells which), moved by a correction; null while open or suspended.',
    ),
  rules: z
    .string()
    .nullable()
    .describe('What resolves the market and how, as the platform wrote it (plain text, one line); null: not given.'),
  resolution_source: z
    .string()
    .nullable()
    .describe(
      'Where the result comes from, as the platform wrote it: text, or an https URL when it starts with "https://"; null: not given.',
    ),
  volume: z
    .string()
    .describe(
      "The stake opened on the market by your own tenant environment (this key's or session's, never another tenant's or environment's), all time: opens and limit-order fills count, a close gives nothing back; two decimals, for example \"1250.00\".",
    ),
  outcomes: z.array(FeedOutcome).describe('In display order; prices need not sum to exactly 1 after rounding.'),
});
export type FeedMarket = z.infer<typeof FeedMarket>;

/** What the feed shows of a market beyond its record (docs/operator-api.md, "Market feed"). */
export interface FeedFacts {
  /** The stake the reading tenant environment opened on the market, all time. */
  volumeMinor: bigint;
  /** The prices change_24h is measured against (model/price-change.ts); null: none recorded. */
  referencePrices: readonly bigint[] | null;
}

/** A market as the feed shows it to one tenant environment. */
export interface FeedMarketView {
  market: MarketRecord;
  facts: FeedFacts;
}

export const FeedMarketPage = pageOf(FeedMarket);

export const MarketsQuery = z.object({
  status: MarketStatusSchema.optional().describe('Only markets in this status.'),
  ...PageQuery,
});

const OutcomePrice = z.object({ id: z.uuid(), price: Price });

export const Snapshot = z.object({
  market_slug: z.string(),
  ts: z.string().describe('When the prices were read.'),
  outcomes: z.array(OutcomePrice),
});

export const HistoryQuery = z.object({
  from: Timestamp.optional().describe(
    'Inclusive; rounded down to its bucket. Default: to minus 24 hours (1m), 30 days (1h) or 365 days (1d).',
  ),
  to: Timestamp.optional().describe('Exclusive. Default: now.'),
  interval: z
    .enum(INTERVALS)
    .default('1h')
    .describe('Bucket size, aligned to UTC (00:00Z for 1d). Default 1h. At most 1,500 buckets per request.'),
});

export const History = z.object({
  market_slug: z.string(),
  points: z
    .array(z.object({ ts: z.string().describe('Start of the bucket.'), outcomes: z.array(OutcomePrice) }))
    .describe('One per bucket in which the price changed, oldest first: the last price of the bucket.'),
});

/** Current prices of a market's outcomes, formatted, in ordinal order. */
function currentPrices(market: MarketRecord): string[] {
  return displayPrices(market.q, market.b).map(formatPrice);
}

function pricedOutcomes(market: MarketRecord) {
  const prices = currentPrices(market);
  return market.outcomes.map((o, i) => ({ id: o.id, title: o.title, price: prices[i]! }));
}

export function presentPlatformMarket(market: MarketRecord): PlatformMarket {
  return {
    id: market.id,
    slug: market.slug,
    title: market.title,
    status: market.status,
    opens_at: market.opensAt.toISOString(),
    closes_at: market.closesAt.toISOString(),
    max_stake_per_position: formatAmount(market.maxStakePerPosition),
    max_open_stake_per_user: formatAmount(market.maxOpenStakePerUser),
    liquidity: market.liquidity,
    resolved_outcome_id: market.resolvedOutcomeId,
    outcomes: pricedOutcomes(market),
    sandbox_influence: market.sandboxInfluence,
    sandbox_spread: spreadRatio(market.qSandbox, microOf(market.liquidity)),
    rules: market.rules,
    resolution_source: market.resolutionSource,
    created_at: market.createdAt.toISOString(),
  };
}

export function presentFeedMarket({ market, facts }: FeedMarketView): FeedMarket {
  const prices = displayPrices(market.q, market.b);
  const changes = priceChanges(prices, facts.referencePrices);
  return {
    slug: market.slug,
    title: market.title,
    status: market.status,
    opens_at: market.opensAt.toISOString(),
    closes_at: market.closesAt.toISOString(),
    resolved_outcome_id: market.resolvedOutcomeId,
    resolved_at: market.resolvedAt?.toISOString() ?? null,
    rules: market.rules,
    resolution_source: market.resolutionSource,
    volume: formatAmount(facts.volumeMinor),
    outcomes: market.outcomes.map((o, i) => ({
      id: o.id,
      title: o.title,
      price: formatPrice(prices[i]!),
      change_24h: formatChange(changes[i]!),
    })),
  };
}

/** Micro-unit prices in ordinal order as [{id, price}]. */
export function presentOutcomePrices(market: MarketRecord, micros: readonly bigint[]) {
  return market.outcomes.map((o, i) => ({ id: o.id, price: formatPrice(micros[i]!) }));
}

export function presentSnapshot(market: MarketRecord, ts: Date): z.infer<typeof Snapshot> {
  return {
    market_slug: market.slug,
    ts: ts.toISOString(),
    outcomes: presentOutcomePrices(market, displayPrices(market.q, market.b)),
  };
}

export function presentHistory(market: MarketRecord, points: readonly HistoryPoint[]): z.infer<typeof History> {
  return {
    market_slug: market.slug,
    points: points.map((p) => ({ ts: p.ts.toISOString(), outcomes: presentOutcomePrices(market, p.prices) })),
  };
}

export function presentEnablement(e: TenantMarket): z.infer<typeof MarketEnablement> {
  return { tenant_id: e.tenantId, market_slug: e.marketSlug, enabled: e.enabled };
}
