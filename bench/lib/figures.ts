import { setTimeout as sleep } from 'node:timers/promises';
import { runCeiling } from './ceiling-run.js';
import type { NextTransaction } from './ceiling-sql.js';
import type { Goal, GoalRow } from './goal-table.js';
import type { LoadResult } from './http-load.js';
import type { Observer } from './observe.js';
import { httpPhase, loopPhase, printPhase, type Phase } from './report.js';
import { lockLines, sampleRowLocks } from './row-locks.js';
import { fmt } from './stats.js';

/** One figure of an issue's goals: a load on the service and its ceiling, run back to back. */
export interface Figure {
  /** The row of the goal table. */
  figure: string;
  goal: Goal;
  /** Which rate of the two phases the goal compares. */
  rate: 'requestsPerS' | 'movementsPerS';
  service: {
    title: string;
    name: string;
    unit: string;
    clients: number;
    /** Also sample who holds the contended row locks (lib/row-locks.ts): for trades. */
    rowLocks: boolean;
    load(durationS: number): Promise<LoadResult>;
  };
  ceiling: { title: string; name: string; clients: number; itemsPerTx: number; next: NextTransaction };
}

export interface FigureRun<P = never> {
  url: string;
  warmupS: number;
  durationS: number;
  observe(): Promise<Observer>;
  /**
   * Started right before each service load that is measured and ended right after it, given the load's
   * duration (the engine's counters of bench/engine.ts); its lines are printed under the phase.
   */
  probe?(): Promise<(elapsedS: number) => Promise<P>>;
  describeProbe?(result: P): string[];
}

export interface Measured<P = never> {
  row: GoalRow;
  service: Phase;
  ceiling: Phase;
  /** The service process's CPU time over the measured load per request answered (any status); null off Linux. */
  serviceCpuMsPerRequest: number | null;
  /** What the run's probe saw during the service's load; null without a probe. */
  probe: P | null;
}

/**
 * The service's load (a warm-up that is not counted, then the measured run, watched), then its ceiling the
 * same way; prints both phases as they end.
 */
export async function measureFigure<P = never>(run: FigureRun<P>, f: Figure): Promise<Measured<P>> {
  const timing = `${run.durationS} s (after ${run.warmupS} s not counted)`;
  const s = f.service;
  console.log(`\n${s.title}, ${s.clients} clients, ${timing}`);
  await s.load(run.warmupS);
  const probing = run.probe ? await run.probe() : null;
  const watching = await run.observe();
  const locks = s.rowLocks ? await sampleRowLocks(run.url) : null;
  const load = await s.load(run.durationS);
  const seen = await watching.end();
  const probe = probing ? await probing(load.elapsedS) : null;
  const profile = locks ? await locks() : null;
  const service = httpPhase(s.name, s.unit, s.clients, load, seen);
  printPhase(service);
  const serviceCpuMsPerRequest = seen.cpu ? seen.cpu.serviceCpuMs / Math.max(1, load.answered) : null;
  if (serviceCpuMsPerRequest !== null)
    console.log(`  service CPU per request answered: ${fmt(serviceCpuMsPerRequest, 3)} ms`);
  for (const line of probe !== null && run.describeProbe ? run.describeProbe(probe) : []) console.log(`  ${line}`);
  for (const line of profile ? lockLines(profile) : []) console.log(`  ${line}`);
  await sleep(500); // requests in flight when the load ended finish before the ceiling starts

  const c = f.ceiling;
  console.log(`${c.title}, ${c.clients} connections, ${timing}`);
  const bare = await runCeiling({ ...run, clients: c.clients, next: c.next });
  const ceiling = loopPhase(c.name, 'transactions', c.clients, bare.result, c.itemsPerTx, bare.seen);
  printPhase(ceiling);
  return {
    row: { figure: f.figure, goal: f.goal, service: service[f.rate], ceiling: ceiling[f.rate] },
    service,
    ceiling,
    serviceCpuMsPerRequest,
    probe,
  };
}
