import type { Environment } from '../../db/schema.js';

/**
 * What the overview puts first (docs/operations.md, "The platform panel"): each thing that needs a look,
 * with how bad it is, how many, and where to act; and the areas with nothing wrong, named in one line.
 * Live comes before sandbox: its trouble is real money.
 */
export type Severity = 'critical' | 'warning' | 'notice';

export interface TriageItem {
  severity: Severity;
  /** The thing and its count in words: "3 dead letters in live". */
  title: string;
  count: number;
  /** Who and since when, in words. */
  detail?: string;
  /** The last hour against the hour before, in words. */
  trend?: string;
  href: string;
}

/** One environment's figures, totals only. */
export interface EnvironmentTotals {
  environment: Environment;
  dead: number;
  deadTenants: number;
  pending: number;
  /** How long the oldest pending delivery has waited, in ms; null when none waits. */
  oldestPendingMs: number | null;
  tickets: number;
  discrepancies: number;
  /** Error answers in the last hour. */
  errors: number;
  /** Of the last hour's, the service's own failures (internal_error); the rest are refusals. */
  failures: number;
  /** Refusals (error answers but internal_error) of the hour before the last. */
  refusalsBefore: number;
}

export interface TriageInput {
  pausedSwitches: readonly string[];
  pausedTenants: number;
  /** How long ago each market past its close, not resolved, closed (ms). */
  awaitingClosedMs: readonly number[];
  environments: readonly EnvironmentTotals[];
}

const RANK: Record<Severity, number> = { critical: 0, warning: 1, notice: 2 };
/** A delivery waiting longer than this is a receiver in trouble, not a queue doing its work. */
export const STALE_PENDING_MS = 15 * 60_000;
/** A market unresolved this long after its close keeps its bettors' money waiting. */
export const LATE_RESOLUTION_MS = 24 * 3_600_000;
/** Errors rising this much, from at least this many, are a change worth a look, not noise. */
const RISE_FACTOR = 2;
const RISE_FLOOR = 20;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const WORDS: Record<Environment, string> = { live: 'live', sandbox: 'sandbox' };

function environmentItems(e: EnvironmentTotals): TriageItem[] {
  const live = e.environment === 'live';
  const env = WORDS[e.environment];
  const items: TriageItem[] = [];
  if (e.dead > 0) {
    items.push({
      severity: live ? 'critical' : 'warning',
      title: `${plural(e.dead, 'dead letter')} in ${env}`,
      count: e.dead,
      detail: `${plural(e.deadTenants, 'tenant')}: events their receivers never took`,
      href: `/panel/dead-letters?environment=${e.environment}`,
    });
  }
  if (e.discrepancies > 0) {
    items.push({
      severity: live ? 'critical' : 'notice',
      title: `${plural(e.discrepancies, 'reconciliation discrepancy', 'reconciliation discrepancies')} in ${env}`,
      count: e.discrepancies,
      detail: 'balances that do not match their ledger',
      href: '/panel/reconciliation',
    });
  }
  if (e.failures > 0) {
    items.push({
      severity: live ? 'critical' : 'warning',
      title: `${plural(e.failures, 'internal error')} in ${env} in the last hour`,
      count: e.failures,
      detail: 'answers that failed on our side',
      href: `/panel/requests?environment=${e.environment}&code=internal_error`,
    });
  }
  const clientErrors = e.errors - e.failures;
  if (clientErrors > 0) {
    const rising = clientErrors >= RISE_FLOOR && clientErrors >= RISE_FACTOR * Math.max(1, e.refusalsBefore);
    items.push({
      severity: rising ? 'warning' : 'notice',
      title: `${plural(clientErrors, 'refused request')} in ${env} in the last hour`,
      count: clientErrors,
      trend: trendOf(clientErrors, e.refusalsBefore),
      href: `#errors-${e.environment}`,
    });
  }
  if (e.pending > 0 && e.oldestPendingMs !== null && e.oldestPendingMs >= STALE_PENDING_MS) {
    items.push({
      severity: live ? 'warning' : 'notice',
      title: `${plural(e.pending, 'webhook delivery', 'webhook deliveries')} waiting in ${env}`,
      count: e.pending,
      detail: `the oldest for ${Math.round(e.oldestPendingMs / 60_000)} min`,
      href: `#backlog-${e.environment}`,
    });
  }
  if (e.tickets > 0) {
    items.push({
      severity: 'notice',
      title: `${plural(e.tickets, 'open support ticket')} in ${env}`,
      count: e.tickets,
      href: `/panel/tickets?status=open`,
    });
  }
  return items;
}

/** The last hour against the hour before, in words. */
export function trendOf(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'none the hour before either' : 'none the hour before';
  if (now === before) return `as many as the hour before (${before})`;
  return `${now > before ? 'up' : 'down'} from ${before} the hour before`;
}

/**
 * The items, worst first; within a severity in the order of what is at stake: every tenant (a kill
 * switch), then live, then single tenants and markets, then sandbox. And the areas with nothing to say.
 */
export function triage(input: TriageInput): { items: TriageItem[]; calm: string[] } {
  const items: TriageItem[] = [];
  const calm: string[] = [];
  if (input.pausedSwitches.length > 0) {
    items.push({
      severity: 'critical',
      title: `Kill switch paused for every tenant: ${input.pausedSwitches.join(', ')}`,
      count: input.pausedSwitches.length,
      href: '/panel/kill-switches',
    });
  } else calm.push('no kill switch paused');
  const byEnvironment = (environment: Environment) => {
    const e = input.environments.find((x) => x.environment === environment);
    if (!e) return;
    const found = environmentItems(e);
    items.push(...found);
    if (found.length === 0) calm.push(`${WORDS[environment]} healthy`);
  };
  byEnvironment('live');
  if (input.pausedTenants > 0) {
    items.push({
      severity: 'warning',
      title: `${plural(input.pausedTenants, 'tenant pause')} in force`,
      count: input.pausedTenants,
      href: '#paused-tenants',
    });
  } else calm.push('no tenant paused');
  const late = input.awaitingClosedMs.filter((ms) => ms >= LATE_RESOLUTION_MS).length;
  if (input.awaitingClosedMs.length > 0) {
    const n = input.awaitingClosedMs.length;
    items.push({
      severity: late > 0 ? 'warning' : 'notice',
      title: `${plural(n, 'market')} past ${n === 1 ? 'its' : 'their'} close, not resolved`,
      count: n,
      detail: late > 0 ? `${late} for more than a day` : undefined,
      href: '#awaiting',
    });
  } else calm.push('every closed market resolved');
  byEnvironment('sandbox');
  // A stable sort: within a severity the order above stands.
  items.sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  return { items, calm };
}
