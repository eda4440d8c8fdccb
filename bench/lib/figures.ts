import { setTimeout as sleep } from 'node:timers/promises';
import { runCeiling } from './ceiling-run.js';
import type { NextTransaction } from './ceiling-sql.js';
import type { Goal, GoalRow } from './goal-table.js';
import type { LoadResult } from './http-load.js';
import type { Observer } from './observe.js';
import { httpPhase, loopPhase, printPhase, type Phase } from './report.js';
import { lockLines, sampleRowLocks } from './row-locks.js';

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

export interface FigureRun {
  url: string;
  warmupS: number;
  durationS: number;
  observe(): Promise<Observer>;
}

export interface Measured {
  row: GoalRow;
  service: Phase;
  ceiling: Phase;
}

/**
 * The service's load (a warm-up that is not counted, then the measured run, watched), then its ceiling the
 * same way; prints both phases as they end.
 */
export async function measureFigure(run: FigureRun, f: Figure): Promise<Measured> {
  const timing = `${run.durationS} s (after ${run.warmupS} s not counted)`;
  const s = f.service;
  console.log(`\n${s.title}, ${s.clients} clients, ${timing}`);
  await s.load(run.warmupS);
  const watching = await run.observe();
  const locks = s.rowLocks ? await sampleRowLocks(run.url) : null;
  const load = await s.load(run.durationS);
  const seen = await watching.end();
  const profile = locks ? await locks() : null;
  const service = httpPhase(s.name, s.unit, s.clients, load, seen);
  printPhase(service);
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
  };
}
