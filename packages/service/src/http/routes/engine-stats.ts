import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROUND_STEPS, type EngineStats as Stats } from '../../domains/engine/index.js';
import type { ServiceDeps } from '../../deps.js';

const meta = { tier: 'platform', credential: 'platform' } as const;

const count = (what: string) => z.number().int().nonnegative().describe(what);

/** What this process's write engine has done since it started (issue 28; bench/engine.ts reads it). */
export const EngineStats = z.object({
  rounds: count('Transactions the engine committed or rolled back, one per round.'),
  commands: count('Commands answered (a batch item is one command).'),
  deferrals: count('Times a command was put back for the next round because another transaction held its lock.'),
  blocking_rounds: count('Rounds that took their locks waiting, because a command had been put back too often.'),
  failed_rounds: count('Rounds whose transaction failed; their commands then ran one group at a time.'),
  step_ms: z
    .object(
      Object.fromEntries(ROUND_STEPS.map((step) => [step, z.number().nonnegative()])) as Record<
        (typeof ROUND_STEPS)[number],
        z.ZodNumber
      >,
    )
    .describe(
      'Wall-clock milliseconds spent in each step of every round so far (begin: a connection; lock: BEGIN, the ' +
        "keys' claims and the locks of markets, orders and users, sent together; read: positions, open stakes and " +
        'what else the rules read after the locks; evaluate: the rules and the answers; commit: the one write and ' +
        'COMMIT, sent together). Divided by rounds: where a round of this process spends its time.',
    ),
  recent_round_sizes: z
    .array(z.number().int().nonnegative())
    .describe('Commands per round of the most recent rounds (at most 10,000), oldest first.'),
});

export const presentEngineStats = (s: Stats): z.infer<typeof EngineStats> => ({
  rounds: s.rounds,
  commands: s.commands,
  deferrals: s.deferrals,
  blocking_rounds: s.blockingRounds,
  failed_rounds: s.failedRounds,
  step_ms: { ...s.stepMs },
  recent_round_sizes: [...s.recentRoundSizes],
});

/**
 * GET /platform/v1/engine: the counters of the write engine of the process that answers (each process has
 * its own engine and its own counters; nothing is summed across processes).
 */
export function engineStatsPlatformRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/platform/v1/engine', { config: { meta }, schema: { response: { 200: EngineStats } } }, async () =>
      presentEngineStats(deps.engine.stats()),
    );
  };
}
