import { ROUND_STEPS } from '../../packages/service/src/domains/engine/stats.js';
import { ADMIN_TOKEN, type ServiceProcess } from './service-process.js';
import { fmt, percentile, table } from './stats.js';

/** GET /platform/v1/engine: the counters of the service's write engine since it started (issue 28). */
export interface EngineCounters {
  rounds: number;
  commands: number;
  deferrals: number;
  blocking_rounds: number;
  failed_rounds: number;
  /** Wall-clock ms in each step of every round so far (ROUND_STEPS: begin, lock, read, evaluate, commit). */
  step_ms: Record<string, number>;
  /** Commands per round of the most recent rounds (at most 10,000), oldest first. */
  recent_round_sizes: number[];
}

/** What the engine did during one measured phase, or why that cannot be said. */
export type EnginePhase =
  | { available: false; reason: string }
  | {
      available: true;
      rounds: number;
      roundsPerS: number;
      commands: number;
      /** Mean and p99 of the phase's round sizes (its last 10,000 rounds when it had more). */
      meanPerRound: number;
      p99PerRound: number;
      /** Round sizes the mean and p99 are taken over (fewer than `rounds` past the service's 10,000). */
      sizesSeen: number;
      deferrals: number;
      /** Deferrals over commands: a command deferred twice counts twice. */
      deferredShare: number;
      blockingRounds: number;
      failedRounds: number;
      /** Mean wall-clock ms of each step of the phase's rounds: where a round's time goes. */
      stepMsPerRound: Record<string, number>;
    };

async function readCounters(service: ServiceProcess): Promise<EngineCounters | string> {
  try {
    const res = await fetch(`${service.platformUrl}/platform/v1/engine`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const text = await res.text();
    if (res.status !== 200) {
      const code = /"error":"([a-z_]+)"/.exec(text)?.[1];
      return `GET /platform/v1/engine: ${res.status}${code ? ` ${code}` : ''}`;
    }
    return JSON.parse(text) as EngineCounters;
  } catch (error) {
    return `GET /platform/v1/engine: ${(error as Error).message}`;
  }
}

/**
 * Reads the counters now; the returned function reads them again and gives what happened in between,
 * rounds per second taken over `elapsedS` (the load's own duration).
 */
export async function engineProbe(service: ServiceProcess): Promise<(elapsedS: number) => Promise<EnginePhase>> {
  const before = await readCounters(service);
  return async (elapsedS) => {
    const after = await readCounters(service);
    if (typeof before === 'string') return { available: false, reason: before };
    if (typeof after === 'string') return { available: false, reason: after };
    const rounds = after.rounds - before.rounds;
    const commands = after.commands - before.commands;
    const deferrals = after.deferrals - before.deferrals;
    const sizes = rounds > 0 ? after.recent_round_sizes.slice(-rounds) : [];
    const sorted = [...sizes].sort((a, b) => a - b);
    return {
      available: true,
      rounds,
      roundsPerS: rounds / elapsedS,
      commands,
      meanPerRound: sizes.length > 0 ? sizes.reduce((a, b) => a + b, 0) / sizes.length : Number.NaN,
      p99PerRound: percentile(sorted, 0.99),
      sizesSeen: sizes.length,
      deferrals,
      deferredShare: commands > 0 ? deferrals / commands : Number.NaN,
      blockingRounds: after.blocking_rounds - before.blocking_rounds,
      failedRounds: after.failed_rounds - before.failed_rounds,
      stepMsPerRound: Object.fromEntries(
        Object.keys(after.step_ms).map((step) => [
          step,
          rounds > 0 ? (after.step_ms[step]! - (before.step_ms[step] ?? 0)) / rounds : Number.NaN,
        ]),
      ),
    };
  };
}

const pct = (share: number) => `${fmt(100 * share, 1)} %`;

/** The line printed under a service phase. */
export function engineLines(e: EnginePhase): string[] {
  if (!e.available) return [`engine figures: not available (${e.reason})`];
  const window = e.sizesSeen < e.rounds ? ` (over its last ${e.sizesSeen} rounds)` : '';
  return [
    `engine: ${e.rounds} rounds (${fmt(e.roundsPerS)}/s), ${e.commands} commands, per round mean ` +
      `${fmt(e.meanPerRound, 1)} p99 ${fmt(e.p99PerRound, 0)}${window}; ${e.deferrals} deferrals ` +
      `(${pct(e.deferredShare)} of commands), ${e.blockingRounds} blocking rounds, ${e.failedRounds} failed rounds`,
    `a round's time, ms: ${Object.entries(e.stepMsPerRound)
      .map(([step, ms]) => `${step} ${fmt(ms, 2)}`)
      .join(', ')}; total ${fmt(
      Object.values(e.stepMsPerRound).reduce((a, b) => a + b, 0),
      2,
    )}`,
  ];
}

/** One row per service phase: the issue's "also printed" figures; one line when the service has none. */
export function engineTable(phases: readonly { name: string; engine: EnginePhase | null }[]): string {
  const missing = phases.find((p) => p.engine === null || !p.engine.available)?.engine;
  if (phases.every((p) => p.engine === null || !p.engine.available))
    return `engine figures: not available${missing && !missing.available ? ` (${missing.reason})` : ''}`;
  return table(
    [
      'phase',
      'rounds/s',
      'commands/round mean',
      'p99',
      'deferred/commands',
      'blocking rounds',
      'failed rounds',
      `ms/round: ${ROUND_STEPS.join(' ')}`,
    ],
    phases.map(({ name, engine: e }) =>
      e?.available
        ? [
            name,
            fmt(e.roundsPerS),
            fmt(e.meanPerRound, 1),
            fmt(e.p99PerRound, 0),
            pct(e.deferredShare),
            String(e.blockingRounds),
            String(e.failedRounds),
            Object.values(e.stepMsPerRound)
              .map((ms) => fmt(ms, 2))
              .join(' '),
          ]
        : [name, 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a'],
    ),
  );
}
