import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audited } from '../../domains/audit/index.js';
import { IdempotencyHeaders, keyedWork, type KeyedWork } from '../../domains/idempotency/index.js';
import { presentPlatformMarket, type MarketRecord } from '../../domains/markets/index.js';
import {
  CorrectTestMarketBody,
  createTestMarket,
  CreateTestMarketBody,
  listTestMarkets,
  MAX_TEST_MARKETS,
  newTestMarketOf,
  ResolveTestMarketBody,
  settleTestMarket,
  TestMarket,
  TestMarketPage,
  TestMarketParams,
  TestMarketsQuery,
  VoidTestMarketBody,
  type NewTestMarket,
} from '../../domains/sandbox-markets/index.js';
import type { MarketAction } from '../../domains/settlement/index.js';
import type { ServiceDeps } from '../../deps.js';
import { presentPage } from '../../lib/page.js';
import { presenter } from '../../lib/present.js';
import { tenantCtx } from '../context.js';
import { idempotencyKeyOf } from '../idempotency-key.js';
import { API_KEY_ERRORS, API_KEY_SECURITY, API_KEY_WRITE_ERRORS, errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';
import type { RouteMeta } from '../route-meta.js';
import { sendStored } from '../stored-answer.js';
import { settlementDetails } from './settlement-details.js';

const meta = { tier: 'default', credential: 'api_key', scope: 'write:positions' } as const satisfies RouteMeta;
const doc = { tags: ['sandbox'], security: API_KEY_SECURITY };
const SANDBOX_ONLY =
  'Sandbox only: the live listener answers 404 not_found. Takes an API key with write:positions and an ' +
  'Idempotency-Key; the answer is replayed byte for byte for the key, with no time limit.';

const present = presenter(TestMarket, presentPlatformMarket);

/*
 * Each write is recorded in the audit log by the caller's key, in the transaction of its key's claim: a
 * refusal rolls back and leaves no entry, and a replay runs nothing and records nothing again.
 */
const createWrite: KeyedWork<NewTestMarket, MarketRecord> = {
  operation: 'sandbox_market_create',
  run: (ctx, input) =>
    audited(
      ctx,
      {
        action: 'sandbox_market.create',
        target: input.title,
        details: { title: input.title, outcomes: input.outcomeTitles.length, liquidity: input.liquidity ?? null },
      },
      (tx) => createTestMarket(tx, input),
    ),
  status: 201,
  present,
};

const settleWrite: KeyedWork<{ slug: string; action: MarketAction }, MarketRecord> = {
  operation: 'sandbox_market_settle',
  run: (ctx, input) =>
    audited(
      ctx,
      { action: `sandbox_market.${input.action.kind}`, target: input.slug, details: settlementDetails(input.action) },
      (tx) => settleTestMarket(tx, input),
    ),
  status: 200,
  present,
};

const SETTLE_ERRORS = [...API_KEY_WRITE_ERRORS, 'not_found', 'state_conflict'] as const;

/**
 * Sandbox test markets (docs/guides/sandbox.md): a tenant's own markets in its sandbox, created, traded and
 * settled like shared ones. Registered on the sandbox listener only.
 */
export function sandboxMarketRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/sandbox/markets',
      {
        config: { meta: { ...meta, idempotent: true } },
        schema: {
          ...doc,
          summary: 'Create a sandbox test market',
          description: [
            SANDBOX_ONLY,
            'Creates a market for this tenant alone: open now for 90 days, equal prices, at most 1,000.00 per',
            'position and 10,000.00 open per user, with its own market maker (trading on it never moves a shared',
            "market's price). It shows in this tenant's sandbox feed, widget and stream like any enabled market and",
            'nowhere else: not to other tenants, not in live. Its slug starts with sandbox- and is chosen by the',
            `service. At most ${MAX_TEST_MARKETS} per tenant: the next is 409 state_conflict.`,
          ].join(' '),
          headers: IdempotencyHeaders,
          body: CreateTestMarketBody,
          response: { 201: TestMarket, ...errorResponses(...API_KEY_WRITE_ERRORS, 'state_conflict') },
        },
      },
      async (request, reply) => {
        const ctx = tenantCtx(deps, request);
        const unit = {
          key: idempotencyKeyOf(request),
          fields: { ...request.body },
          input: newTestMarketOf(request.body),
        };
        return sendStored(reply, await keyedWork(ctx, request.requestContext, createWrite, unit));
      },
    );

    app.get(
      '/v1/sandbox/markets',
      {
        config: { meta },
        schema: {
          ...doc,
          summary: "This tenant's sandbox test markets",
          description:
            'Sandbox only (the live listener answers 404 not_found). Every status, ordered by slug, a page at a time.',
          querystring: TestMarketsQuery,
          response: { 200: TestMarketPage, ...errorResponses('validation_failed', ...API_KEY_ERRORS) },
        },
      },
      async (request) =>
        presentPage(
          valueOrThrow(await listTestMarkets(tenantCtx(deps, request), request.query)),
          presentPlatformMarket,
        ),
    );

    const settle = (
      request: Parameters<typeof tenantCtx>[1],
      reply: Parameters<typeof sendStored>[0],
      slug: string,
      action: MarketAction,
      body: Record<string, unknown>,
    ) => {
      const ctx = tenantCtx(deps, request);
      const unit = { key: idempotencyKeyOf(request), fields: { slug, ...body }, input: { slug, action } };
      return keyedWork(ctx, request.requestContext, settleWrite, unit).then((answer) => sendStored(reply, answer));
    };
    const settleDoc = (what: string) =>
      [
        SANDBOX_ONLY,
        what,
        'It runs the platform settlement: ledger lines, position and market events, and their webhooks to this',
        "tenant's sandbox. A market that is not one of this tenant's test markets (another tenant's, a shared",
        'one, none) is 404 not_found; a change its state does not allow is 409 state_conflict.',
      ].join(' ');

    app.post(
      '/v1/sandbox/markets/:slug/resolve',
      {
        config: { meta: { ...meta, idempotent: true } },
        schema: {
          ...doc,
          summary: 'Resolve a sandbox test market',
          description: settleDoc(
            'Resolves an open or suspended test market to outcome_id: winners are paid, the others settle as losses.',
          ),
          headers: IdempotencyHeaders,
          params: TestMarketParams,
          body: ResolveTestMarketBody,
          response: { 200: TestMarket, ...errorResponses(...SETTLE_ERRORS) },
        },
      },
      async (request, reply) =>
        settle(
          request,
          reply,
          request.params.slug,
          { kind: 'resolve', outcomeId: request.body.outcome_id },
          {
            action: 'resolve',
            ...request.body,
          },
        ),
    );

    app.post(
      '/v1/sandbox/markets/:slug/void',
      {
        config: { meta: { ...meta, idempotent: true } },
        schema: {
          ...doc,
          summary: 'Void a sandbox test market',
          description: settleDoc('Voids an open or suspended test market: every open position is refunded its stake.'),
          headers: IdempotencyHeaders,
          params: TestMarketParams,
          body: VoidTestMarketBody,
          response: { 200: TestMarket, ...errorResponses(...SETTLE_ERRORS) },
        },
      },
      async (request, reply) => settle(request, reply, request.params.slug, { kind: 'void' }, { action: 'void' }),
    );

    app.post(
      '/v1/sandbox/markets/:slug/corrections',
      {
        config: { meta: { ...meta, idempotent: true } },
        schema: {
          ...doc,
          summary: 'Correct the outcome of a sandbox test market',
          description: settleDoc(
            'As the platform correction: from resolved to resolved with another outcome (settlement correction), ' +
              'from voided to resolved or resolved to voided (void correction); anything else is 409 state_conflict.',
          ),
          headers: IdempotencyHeaders,
          params: TestMarketParams,
          body: CorrectTestMarketBody,
          response: { 200: TestMarket, ...errorResponses(...SETTLE_ERRORS) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const target =
          body.status === 'resolved'
            ? ({ status: 'resolved', outcomeId: body.outcome_id } as const)
            : ({ status: 'voided' } as const);
        return settle(request, reply, request.params.slug, { kind: 'correct', target }, { action: 'correct', ...body });
      },
    );
  };
}
