import { z } from 'zod';
import { NoBody } from '../../lib/no-body.js';
import { PageQuery, pageOf } from '../../lib/page.js';
import { PlainText } from '../../lib/text.js';
import { LIQUIDITY_PATTERN, LIQUIDITY_RULE, PlatformMarket } from '../markets/index.js';
import { DEFAULT_TEST_LIQUIDITY, MAX_TEST_OUTCOMES, MIN_TEST_OUTCOMES } from './model/test-market.js';
import type { NewTestMarket } from './create-test-market.js';

export const CreateTestMarketBody = z
  .object({
    title: PlainText.min(1).max(200),
    outcomes: z
      .array(PlainText.min(1).max(200))
      .min(MIN_TEST_OUTCOMES)
      .max(MAX_TEST_OUTCOMES)
      .describe(`${MIN_TEST_OUTCOMES} to ${MAX_TEST_OUTCOMES} outcome titles, distinct, in display order.`),
    liquidity: z
      .string()
      .regex(LIQUIDITY_PATTERN, { error: LIQUIDITY_RULE, abort: true })
      .refine((text) => /[1-9]/.test(text), 'must be greater than 0')
      .optional()
      .describe(
        `The market maker's depth b in currency units: a positive decimal string (at most 6 decimals). Default "${DEFAULT_TEST_LIQUIDITY}".`,
      ),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (new Set(body.outcomes).size !== body.outcomes.length)
      ctx.addIssue({ code: 'custom', path: ['outcomes'], message: 'outcome titles must be distinct' });
  })
  .describe('A sandbox test market to create.');
export type CreateTestMarketBody = z.infer<typeof CreateTestMarketBody>;

export function newTestMarketOf(body: CreateTestMarketBody): NewTestMarket {
  return { title: body.title, outcomeTitles: body.outcomes, liquidity: body.liquidity };
}

const OutcomeId = z.uuid().describe('An outcome of the market.');

export const ResolveTestMarketBody = z.object({ outcome_id: OutcomeId }).strict();

/** A void takes no body, as the platform API's void. */
export const VoidTestMarketBody = NoBody;

/** A union (anyOf), not a discriminated one: the reference shows both shapes alike. */
export const CorrectTestMarketBody = z.union([
  z.object({ status: z.literal('resolved'), outcome_id: OutcomeId }).strict(),
  z.object({ status: z.literal('voided') }).strict(),
]);

export const TestMarketParams = z.object({ slug: z.string().max(200) });

export const TestMarket = PlatformMarket.describe(
  'A sandbox test market, shaped as the platform API answers a market: its outcomes with ids and current prices.',
);

export const TestMarketPage = pageOf(TestMarket);

export const TestMarketsQuery = z.object({ ...PageQuery });
