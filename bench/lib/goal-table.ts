import { fmt, table } from './stats.js';

/** A goal of an issue: the service at least a share of its ceiling, or a latency under a bound. */
export type Goal = { kind: 'ratio'; atLeast: number } | { kind: 'latency'; belowMs: number };

export interface GoalRow {
  figure: string;
  /** The service's figure: per second, or ms for a latency goal. */
  service: number;
  /** Its ceiling measured in the same run, per second; null where the goal names none. */
  ceiling: number | null;
  goal: Goal;
}

export function goalMet(row: GoalRow): boolean {
  return row.goal.kind === 'ratio'
    ? row.ceiling !== null && row.service / row.ceiling >= row.goal.atLeast
    : row.service < row.goal.belowMs;
}

const rate = (perS: number) => `${fmt(perS, perS < 100 ? 1 : 0)}/s`;
const ratio = (r: number) => `${fmt(r, r < 0.1 ? 3 : 2)}x`;

/** `figure | service | ceiling | ratio | goal | met`, one row per goal. */
export function goalTable(rows: readonly GoalRow[]): string {
  return table(
    ['figure', 'service', 'ceiling', 'ratio', 'goal', 'met'],
    rows.map((r) => [
      r.figure,
      r.goal.kind === 'latency' ? `${fmt(r.service, 1)} ms` : rate(r.service),
      r.ceiling === null ? '-' : rate(r.ceiling),
      r.ceiling === null ? '-' : ratio(r.service / r.ceiling),
      r.goal.kind === 'ratio' ? `>= ${fmt(r.goal.atLeast, 1)}x` : `< ${r.goal.belowMs} ms`,
      goalMet(r) ? 'yes' : 'NO',
    ]),
  );
}
