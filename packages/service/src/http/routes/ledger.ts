import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listTransactions,
  presentTransaction,
  TransactionPage,
  TransactionsQuery,
} from '../../domains/ledger/index.js';
import type { ServiceDeps } from '../../deps.js';
import { presentPage } from '../../lib/page.js';
import { tenantCtx } from '../context.js';
import { API_KEY_ERRORS, errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';

export function ledgerRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/transactions',
      {
        config: { meta: { tier: 'default', credential: 'api_key', scope: 'write:positions' } },
        schema: {
          summary: 'List ledger transactions',
          description: "Oldest first. The sum of amount over a user's transactions equals its balance.",
          tags: ['ledger'],
          security: [{ apiKey: [] }],
          querystring: TransactionsQuery,
          response: { 200: TransactionPage, ...errorResponses('validation_failed', ...API_KEY_ERRORS) },
        },
      },
      async (request) => {
        const { external_user_id, entry_type, limit, cursor } = request.query;
        const filter = { externalUserId: external_user_id, entryType: entry_type, limit, cursor };
        return presentPage(valueOrThrow(await listTransactions(tenantCtx(deps, request), filter)), presentTransaction);
      },
    );
  };
}
