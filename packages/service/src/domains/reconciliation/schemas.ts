import { z } from 'zod';
import { pageOf, PageQuery } from '../../lib/page.js';
import { ENVIRONMENTS } from '../context.js';
import { ExternalUserId } from '../users/index.js';
import type { Discrepancy } from './discrepancy-repo.js';
import { discrepancyEventData } from './discrepancy-event.js';
import type { ReconciliationRun } from './run-reconciliation.js';

export const DiscrepancyQuery = z.object({
  external_user_id: ExternalUserId.optional().describe("Only this user's discrepancies."),
  ...PageQuery,
});

export const PlatformDiscrepancyQuery = z.object({
  report_id: z.uuid().optional().describe('Only those this run found (the report_id of POST …/runs).'),
  tenant_id: z.uuid().optional(),
  environment: z.enum(ENVIRONMENTS).optional(),
  ...PageQuery,
});

const amount = (text: string) => z.string().describe(text);

/** The fields of the reconciliation.discrepancy event, and what names the request it is about. */
export const ReconciliationDiscrepancy = z.object({
  discrepancy_id: z.uuid(),
  report_id: z.uuid().describe('The reconciliation run that found it.'),
  external_user_id: z.string(),
  ledger_balance: amount("The ledger's balance at that request: after it when applied, before it when refused."),
  operator_balance: amount(
    'The resulting_balance the operator sent; for a would_overdraw refusal without one, ledger_balance minus the ' +
      'refused debit (may be negative).',
  ),
  delta: amount('ledger_balance minus operator_balance; never zero.'),
  idempotency_key: z.string().describe('The Idempotency-Key of the balance-sync request it is about.'),
  created_at: z.string(),
});
export const DiscrepancyPage = pageOf(ReconciliationDiscrepancy);

export const PlatformDiscrepancy = ReconciliationDiscrepancy.extend({
  tenant_id: z.uuid(),
  environment: z.enum(ENVIRONMENTS),
});
export const PlatformDiscrepancyPage = pageOf(PlatformDiscrepancy);

export const ReconciliationRunAnswer = z.object({
  report_id: z.uuid(),
  started_at: z.string(),
  finished_at: z.string(),
  users_checked: z.number().int().describe('Users with a request to compare.'),
  discrepancies: z
    .array(PlatformDiscrepancy)
    .describe('The discrepancies this run found first (at most 1,000); GET …/discrepancies?report_id= lists all.'),
  discrepancies_found: z.number().int().describe('How many new discrepancies this run found in all.'),
  unverifiable: z.number().int().describe('Users with no resulting_balance and no would_overdraw refusal, ever.'),
});

export function presentDiscrepancy(d: Discrepancy): z.infer<typeof ReconciliationDiscrepancy> {
  return {
    ...discrepancyEventData(d),
    idempotency_key: d.idempotencyKey,
    created_at: d.createdAt.toISOString(),
  };
}

export function presentPlatformDiscrepancy(d: Discrepancy): z.infer<typeof PlatformDiscrepancy> {
  return { ...presentDiscrepancy(d), tenant_id: d.tenantId, environment: d.environment };
}

export function presentRun(run: ReconciliationRun): z.infer<typeof ReconciliationRunAnswer> {
  return {
    report_id: run.id,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt.toISOString(),
    users_checked: run.usersChecked,
    discrepancies: run.listed.map(presentPlatformDiscrepancy),
    discrepancies_found: run.discrepancies,
    unverifiable: run.unverifiable,
  };
}
