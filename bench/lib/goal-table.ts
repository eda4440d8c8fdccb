import { fmt, table } from './stats.js';

/**
 * A goal of an issue: the service at least a share of its ceiling, a latency under a bound, or a cost
 * (ms per request) printed with its ratio to the ceiling and no bound.
 */
export type Goal =
  { kind: 'ratio'; atLeast: number } | { kind: 'latency'; belowMs: number } | { kind: 'cost'; atMostMs?: number };

export interface GoalRow {
  figure: string;
  /** The service's figure: per second, or ms for a latency or a cost. */
  service: number;
  /** Its ceiling measured in the same run (per second, or ms for a cost); null where the goal names none. */
  ceiling: number | null;
  goal: Goal;
}

/** Whether the row meets its goal; null for a cost printed without a bound. */
export function goalMet(row: GoalRow): boolean | null {
  switch (row.goal.kind) {
    case 'ratio':
      return row.ceiling !== null && row.service / row.ceiling >= row.goal.atLeast;
    case 'latency':
      return row.service < row.goal.belowMs;
    case 'cost':
      return row.goal.atMostMs === undefined ? null : row.service <= row.goal.atMostMs;
  }
}

const rate = (perS: number) => `${fmt(perS, perS < 100 ? 1 : 0)}/s`;
const ratio = (r: number) => `${fmt(r, r < 0.1 ? 3 : 2)}x`;
const value = (v: number, goal: Goal) =>
  goal.kind === 'latency' ? `${fmt(v, 1)} ms` : goal.kind === 'cost' ? `${fmt(v, 3)} ms` : rate(v);
const goalText = (goal: Goal) =>
  goal.kind === 'ratio'
    ? `>= ${fmt(goal.atLeast, Number.isInteger(goal.atLeast * 10) ? 1 : 2)}x`
    : goal.kind === 'latency'
      ? `< ${goal.belowMs} ms`
      : goal.atMostMs === undefined
        ? 'printed'
        : `<= ${fmt(goal.atMostMs, 2)} ms`;
const metText = (met: boolean | null) => (met === null ? '-' : met ? 'yes' : 'NO');

/** `figure | service | ceiling | ratio | goal | met`, one row per goal. */
export function goalTable(rows: readonly GoalRow[]): string {
  return table(
    ['figure', 'service', 'ceiling', 'ratio', 'goal', 'met'],
    rows.map((r) => [
      r.figure,
      value(r.service, r.goal),
      r.ceiling === null ? '-' : value(r.ceiling, r.goal),
      r.ceiling === null ? '-' : ratio(r.service / r.ceiling),
      goalText(r.goal),
      metText(goalMet(r)),
    ]),
  );
}
