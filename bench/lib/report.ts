import type { LoopsResult } from './closed-loops.js';
import type { CpuShare } from './cpu-usage.js';
import type { LoadResult } from './http-load.js';
import type { Observation } from './observe.js';
import { fmt, table } from './stats.js';
import type { WaitProfile } from './wait-sampler.js';

/** The goals stated by the issue. */
export const GOAL = { serviceOverBare: 0.5, p99Ms: 50, batchOverSingle: 20 };

export interface Phase extends Observation {
  name: string;
  unit: string;
  clients: number;
  requestsPerS: number;
  movementsPerS: number;
  p50: number;
  p99: number;
  failures: string;
  /** non-2xx/errors/refused items, for the summary table. */
  failureCells: string;
  details: string[];
  /** WAL bytes per answered request (or completed call), from the whole server's WAL during the phase. */
  walPerRequest: number | null;
}

const perRequest = (seen: Observation, done: number) =>
  seen.walBytes === null ? null : seen.walBytes / Math.max(1, done);

export function httpPhase(name: string, unit: string, clients: number, r: LoadResult, seen: Observation): Phase {
  const applied = r.ok * r.itemsPerRequest - r.refusedItems;
  const failures = [`${r.non2xx} non-2xx`, `${r.errors} errors`];
  if (r.itemsPerRequest > 1) failures.push(`${r.refusedItems} items refused`);
  const details = [
    `answered ${r.answered} in ${fmt(r.elapsedS, 2)} s; status codes ${JSON.stringify(r.statusCodes)}; timeouts ${r.timeouts}`,
  ];
  if (r.firstNon2xx) details.push(`first non-2xx: ${r.firstNon2xx}`);
  return {
    name,
    unit,
    clients,
    requestsPerS: r.ok / r.elapsedS,
    movementsPerS: applied / r.elapsedS,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failures: failures.join(', '),
    failureCells: `${r.non2xx}/${r.errors}/${r.itemsPerRequest > 1 ? r.refusedItems : '-'}`,
    details,
    walPerRequest: perRequest(seen, r.ok),
    ...seen,
  };
}

/** A phase of closed loops on the database, no HTTP (a ceiling): `itemsPerCall` movements per completed call. */
export function loopPhase(
  name: string,
  unit: string,
  clients: number,
  r: LoopsResult,
  itemsPerCall: number,
  seen: Observation,
  details: string[] = [],
): Phase {
  return {
    name,
    unit,
    clients,
    requestsPerS: r.done / r.elapsedS,
    movementsPerS: (r.done * itemsPerCall) / r.elapsedS,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failures: `${r.errors} errors`,
    failureCells: `-/${r.errors}/-`,
    details: [...details, ...(r.firstError ? [`first error: ${r.firstError}`] : [])],
    walPerRequest: perRequest(seen, r.done),
    ...seen,
  };
}

const cpuText = (c: CpuShare) =>
  `service ${fmt(c.service, 0)}, postgres ${fmt(c.postgres, 0)}, load generator ${fmt(c.loadGenerator, 0)}, ` +
  `other processes ${fmt(c.other, 0)}, idle ${fmt(c.idle, 0)}`;
const cpuCells = (c: CpuShare | null) =>
  c ? [c.service, c.postgres, c.loadGenerator, c.other, c.idle].map((v) => fmt(v, 0)).join('/') : 'n/a';
const waitText = (w: WaitProfile) =>
  `running ${fmt(w.running)}, waiting on a row lock ${fmt(w.lock)}, on WAL/IO ${fmt(w.walOrIo)}, ` +
  `on an LWLock ${fmt(w.lwlock)}, idle in transaction ${fmt(w.idleInTransaction)} (${w.samples} samples)`;

/** `movements: false` for a load whose requests are not all balance movements (a mix with reads). */
export function printPhase(phase: Phase, options: { movements?: boolean } = {}): void {
  const movements = options.movements === false ? '' : `${fmt(phase.movementsPerS)} movements/s, `;
  console.log(
    `  ${fmt(phase.requestsPerS)} ${phase.unit}/s, ${movements}` +
      `p50 ${fmt(phase.p50, 2)} ms, p99 ${fmt(phase.p99, 2)} ms, ${phase.failures}`,
  );
  for (const line of phase.details) console.log(`  ${line}`);
  if (phase.cpu) console.log(`  CPU, % of one core: ${cpuText(phase.cpu)}`);
  if (phase.waits) console.log(`  database backends on average: ${waitText(phase.waits)}`);
  if (phase.walBytes !== null && phase.walPerRequest !== null) {
    console.log(
      `  WAL: ${fmt(phase.walBytes / 1e6, 1)} MB written by the server, ${fmt(phase.walPerRequest, 0)} bytes per ${singular(phase.unit)}`,
    );
  }
}

/** Every phase in one row: rates, latencies, the CPU split and the failures. */
export function phaseTable(phases: readonly Phase[]): string {
  return table(
    [
      'phase',
      'clients',
      'requests/s',
      'movements/s',
      'p50 ms',
      'p99 ms',
      'CPU svc/pg/gen/oth/idle',
      'non2xx/err/refused',
    ],
    phases.map((p) => [
      p.name,
      String(p.clients),
      fmt(p.requestsPerS),
      fmt(p.movementsPerS),
      fmt(p.p50, 2),
      fmt(p.p99, 2),
      cpuCells(p.cpu),
      p.failureCells,
    ]),
  );
}

export function printSummary(phases: Phase[]): void {
  const [single, bare, ...batches] = phases as [Phase, Phase, ...Phase[]];
  console.log('\nsummary (requests/s counts 2xx answers, one bare sync counts as one request; CPU in % of one core)\n');
  console.log(phaseTable(phases));
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const ratio = single.requestsPerS / bare.requestsPerS;
  console.log('');
  console.log(
    `service / bare SQL:             ${fmt(ratio, 2)}x  (goal >= ${GOAL.serviceOverBare}x: ${verdict(ratio >= GOAL.serviceOverBare)})`,
  );
  console.log(
    `single sync p99:                ${fmt(single.p99, 2)} ms  (goal < ${GOAL.p99Ms} ms: ${verdict(single.p99 < GOAL.p99Ms)})`,
  );
  for (const batch of batches) {
    const gain = batch.movementsPerS / single.requestsPerS;
    console.log(
      `${`${batch.name} / single:`.padEnd(32)}${fmt(gain, 1)}x  ` +
        `(movements/s over requests/s; goal >= ${GOAL.batchOverSingle}x: ${verdict(gain >= GOAL.batchOverSingle)})`,
    );
  }
}

/** 'requests' → 'request', 'batches' → 'batch', 'closes' → 'close'. */
function singular(unit: string): string {
  return unit.replace(/(?<=ch|sh|x)es$|s$/, '');
}
