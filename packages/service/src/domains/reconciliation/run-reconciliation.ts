import { assertNever } from '../../lib/assert-never.js';
import { newId } from '../../lib/ids.js';
import { withTransaction, type Ctx } from '../context.js';
import { recordEvents, type NewEvent } from '../events/index.js';
import { insertDiscrepancies, type Discrepancy, type NewDiscrepancy } from './discrepancy-repo.js';
import { readEvidencePage, type UserEvidence } from './evidence-repo.js';
import { compare } from './model/compare.js';
import { finishRun, insertRun, type RunCounts, type RunTrigger } from './run-repo.js';
import { discrepancyEventData, DISCREPANCY_EVENT } from './discrepancy-event.js';

/** Users read and judged per step: memory stays this size however many users there are. */
export const PAGE_SIZE = 1_000;
/**
 * Findings written per transaction. Pages mostly find a handful, and a commit per page made the write
 * side of a first run over 100,000 users cost twice its reads (bench/reconciliation.ts); collecting
 * them across pages keeps the commits few and the memory still bounded.
 */
export const WRITE_BATCH = 500;
/** The answer lists at most this many of the run's new discrepancies; discrepancies_found counts all. */
export const LISTED_DISCREPANCIES = 1_000;

export interface ReconciliationRun extends RunCounts {
  id: string;
  startedAt: Date;
  finishedAt: Date;
  /** The first listLimit (LISTED_DISCREPANCIES) this run reported; the list endpoint has them all. */
  listed: Discrepancy[];
}

/**
 * A reconciliation run (docs/operator-api.md, "Reconciliation") over every user of every tenant
 * environment: each user's candidate request is read by SQL, judged by the model, and a disagreement
 * is inserted once per request with its `reconciliation.discrepancy` event in the same transaction.
 * Users go by in pages in id order (keyset, no cursor or snapshot held open), findings are written
 * WRITE_BATCH at a time in short transactions, so a run holds no lock for long and two runs at once
 * only meet on the rows they both found.
 */
export async function runReconciliation(
  ctx: Ctx,
  trigger: RunTrigger,
  options: { pageSize?: number; writeBatch?: number; listLimit?: number } = {},
): Promise<ReconciliationRun> {
  const { pageSize = PAGE_SIZE, writeBatch = WRITE_BATCH, listLimit = LISTED_DISCREPANCIES } = options;
  const clock = ctx.runtime.clock;
  const run = { id: newId(), startedAt: clock.now(), trigger };
  await insertRun(ctx.db, run);
  const counts: RunCounts = { usersChecked: 0, unverifiable: 0, discrepancies: 0, tenantsChecked: 0 };
  // Tenants are few beside users: their ids are all the memory this adds.
  const tenants = new Set<string>();
  const listed: Discrepancy[] = [];
  let found: Found[] = [];
  const flush = async () => {
    const reported = await report(ctx, run.id, found);
    found = [];
    counts.discrepancies += reported.length;
    listed.push(...reported.slice(0, listLimit - listed.length));
  };

  for (let after: string | null = null; ;) {
    const page = await readEvidencePage(ctx.db, after, pageSize);
    if (page.length === 0) break;
    after = page[page.length - 1]!.userId;
    for (const user of page) {
      tenants.add(user.tenantId);
      const verdict = compare(user.candidate === null ? [] : [user.candidate]);
      switch (verdict.kind) {
        case 'unverifiable':
          counts.unverifiable += 1;
          break;
        case 'agrees':
          counts.usersChecked += 1;
          break;
        case 'discrepancy':
          counts.usersChecked += 1;
          found.push({
            id: newId(),
            user,
            ledgerBalance: verdict.ledgerBalance,
            operatorBalance: verdict.operatorBalance,
            delta: verdict.delta,
          });
          break;
        default:
          assertNever(verdict);
      }
    }
    if (found.length >= writeBatch) await flush();
    if (page.length < pageSize) break;
  }
  await flush();
  counts.tenantsChecked = tenants.size;

  const finishedAt = clock.now();
  await finishRun(ctx.db, run.id, finishedAt, counts);
  ctx.log.info({ report_id: run.id, trigger, ...counts }, 'reconciliation run finished');
  return { ...run, finishedAt, ...counts, listed };
}

interface Found {
  id: string;
  user: UserEvidence;
  ledgerBalance: bigint;
  operatorBalance: bigint;
  delta: bigint;
}

/** A batch of findings: the new ones inserted and announced together, or neither. */
async function report(ctx: Ctx, reportId: string, found: readonly Found[]): Promise<Discrepancy[]> {
  if (found.length === 0) return [];
  const now = ctx.runtime.clock.now();
  return withTransaction(ctx, async (tx) => {
    const inserted = await insertDiscrepancies(tx.db, reportId, found.map(toRow), now);
    const reported = found
      .filter((f) => inserted.has(f.id))
      .map((f): Discrepancy => ({ ...toDiscrepancy(f, reportId, now), seq: inserted.get(f.id)! }));
    await recordEvents(
      tx.db,
      reported.map((d): NewEvent => ({
        scope: { tenantId: d.tenantId, environment: d.environment },
        type: DISCREPANCY_EVENT,
        data: discrepancyEventData(d),
      })),
      now,
    );
    return reported;
  });
}

function toRow(f: Found): NewDiscrepancy {
  return {
    id: f.id,
    tenantId: f.user.tenantId,
    environment: f.user.environment,
    userId: f.user.userId,
    balanceSyncId: f.user.candidate!.id,
    ledgerBalance: f.ledgerBalance,
    operatorBalance: f.operatorBalance,
    delta: f.delta,
  };
}

function toDiscrepancy(f: Found, reportId: string, createdAt: Date): Omit<Discrepancy, 'seq'> {
  return {
    id: f.id,
    reportId,
    tenantId: f.user.tenantId,
    environment: f.user.environment,
    externalUserId: f.user.externalUserId,
    idempotencyKey: f.user.candidate!.idempotencyKey,
    ledgerBalance: f.ledgerBalance,
    operatorBalance: f.operatorBalance,
    delta: f.delta,
    createdAt,
  };
}
