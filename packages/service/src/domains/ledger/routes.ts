import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import { API_KEY_ERRORS, errorResponses } from '../../http/openapi.js';
import { listTransactions } from './list-transactions.js';
import { TransactionPage, TransactionsQuery } from './schemas.js';

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
        const q = request.query;
        return listTransactions(deps, principalOf(request), {
          externalUserId: q.external_user_id,
          entryType: q.entry_type,
          limit: q.limit,
          cursor: q.cursor,
        });
      },
    );
  };
}
