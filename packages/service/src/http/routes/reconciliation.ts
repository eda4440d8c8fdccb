import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DiscrepancyPage,
  DiscrepancyQuery,
  listAllDiscrepancies,
  listDiscrepancies,
  PlatformDiscrepancyPage,
  PlatformDiscrepancyQuery,
  presentDiscrepancy,
  presentPlatformDiscrepancy,
  presentRun,
  ReconciliationRunAnswer,
  runReconciliation,
} from '../../domains/reconciliation/index.js';
import { audited } from '../../domains/audit/index.js';
import type { ServiceDeps } from '../../deps.js';
import { ok } from '../../errors/index.js';
import { presentPage } from '../../lib/page.js';
import { platformCtx, tenantCtx } from '../context.js';
import { API_KEY_ERRORS, API_KEY_SECURITY, errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';
import type { RouteMeta } from '../route-meta.js';

const meta = { tier: 'default', credential: 'api_key', scope: 'read:reports' } as const satisfies RouteMeta;
const platformMeta = { tier: 'platform', credential: 'platform' } as const satisfies RouteMeta;
const tags = ['reconciliation'];

/** A tenant's reconciliation discrepancies (docs/operator-api.md, "Reconciliation"). */
export function reconciliationRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/reconciliation/discrepancies',
      {
        config: { meta },
        schema: {
          summary: "The tenant environment's reconciliation discrepancies, oldest first",
          description:
            'Each balance-sync request whose resulting_balance (or, for a would_overdraw refusal without one, ' +
            'the ledger balance minus the refused debit) disagreed with the ledger, reported once by the run that ' +
            'found it, with the same fields as the reconciliation.discrepancy event plus the Idempotency-Key of the ' +
            'request and when it was found. Runs happen daily at 02:00Z.',
          tags,
          security: API_KEY_SECURITY,
          querystring: DiscrepancyQuery,
          response: { 200: DiscrepancyPage, ...errorResponses('validation_failed', ...API_KEY_ERRORS) },
        },
      },
      async (request) => {
        const { external_user_id, limit, cursor } = request.query;
        const page = await listDiscrepancies(tenantCtx(deps, request), {
          externalUserId: external_user_id,
          limit,
          cursor,
        });
        return presentPage(valueOrThrow(page), presentDiscrepancy);
      },
    );
  };
}

/** The platform team's side: a run on demand, and every tenant's discrepancies. */
export function reconciliationPlatformRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/platform/v1/reconciliation/runs',
      {
        config: { meta: platformMeta },
        schema: {
          summary: 'Run reconciliation now over every tenant environment',
          description:
            'Answers when the run is over, with what it newly found. The list is bounded: at most 1,000 ' +
            'discrepancies, and discrepancies_found counts them all.',
          response: { 201: ReconciliationRunAnswer, ...errorResponses() },
        },
      },
      async (request, reply) => {
        // A run is many short transactions of its own (run-reconciliation.ts): it runs first, and its
        // audit entry is written when it is over, as the panel's.
        const run = await runReconciliation(platformCtx(deps, request), 'platform');
        const entry = {
          action: 'reconciliation.run',
          target: run.id,
          details: { users_checked: run.usersChecked, discrepancies: run.discrepancies },
        };
        await audited(platformCtx(deps, request), entry, async () => ok(run));
        return reply.code(201).send(presentRun(run));
      },
    );

    app.get(
      '/platform/v1/reconciliation/discrepancies',
      {
        config: { meta: platformMeta },
        schema: {
          summary: "Every tenant's reconciliation discrepancies, oldest first",
          querystring: PlatformDiscrepancyQuery,
          response: { 200: PlatformDiscrepancyPage, ...errorResponses('validation_failed') },
        },
      },
      async (request) => {
        const { report_id, tenant_id, environment, limit, cursor } = request.query;
        const query = { reportId: report_id, tenantId: tenant_id, environment, limit, cursor };
        return presentPage(
          valueOrThrow(await listAllDiscrepancies(platformCtx(deps, request), query)),
          presentPlatformDiscrepancy,
        );
      },
    );
  };
}
