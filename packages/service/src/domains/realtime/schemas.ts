import { z } from 'zod';
import { Slug } from '../markets/index.js';

/** At most 20 markets per stream (docs/operator-api.md, "Realtime stream (widget)"). */
export const MAX_STREAM_MARKETS = 20;

/**
 * ?markets=<slug>,… : 1 to 20 slugs of markets enabled for the tenant, comma-separated; a slug given
 * twice counts once. Checked here (400 validation_failed); whether each is enabled is the verb's (404).
 */
export const StreamQuery = z.object({
  markets: z
    .string()
    .max(MAX_STREAM_MARKETS * 65 + 64)
    .superRefine((text, ctx) => {
      const slugs = text.split(',');
      if (slugs.length > MAX_STREAM_MARKETS)
        ctx.addIssue({ code: 'custom', message: `at most ${MAX_STREAM_MARKETS} markets, got ${slugs.length}` });
      for (const slug of slugs)
        if (!Slug.safeParse(slug).success)
          ctx.addIssue({ code: 'custom', message: `"${slug.slice(0, 70)}" is not a market slug` });
    })
    .describe(`1 to ${MAX_STREAM_MARKETS} market slugs, comma-separated, each a market enabled for the tenant.`),
});

/** The slugs of a checked StreamQuery, each once, in the order given. */
export function streamSlugs(query: z.infer<typeof StreamQuery>): string[] {
  return [...new Set(query.markets.split(','))];
}

/** `data` of a balance event. */
export const BalanceEvent = z.object({ balance: z.string().describe('The balance, two decimals.') });
