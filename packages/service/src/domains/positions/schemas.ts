import { z } from 'zod';
import { formatAmount } from '../../lib/money.js';
import { PageQuery, pageOf } from '../../lib/page.js';
import { formatPrice, SHARE_SCALE, Slug } from '../markets/index.js';
import { ExternalUserId } from '../users/index.js';
import type { OutcomeExposure } from './model/exposure.js';
import type { RejectionRow } from './rejection-repo.js';
import type { PositionState } from '../../db/schema.js';

export const PositionParams = z.object({ id: z.string().max(64) });

export const PositionState_ = z.enum(['open', 'closed', 'settled_win', 'settled_loss', 'voided']);

export const Position = z.object({
  id: z.uuid(),
  external_user_id: z.string(),
  market_slug: z.string(),
  outcome_id: z.uuid(),
  state: PositionState_,
  stake: z.string(),
  shares: z.string().describe('Shares the market maker gave for the stake, 8 decimals.'),
  price: z.string().describe('Price at open: stake / shares rounded up to 6 decimals.'),
  payout: z.string().nullable().describe('Close proceeds, settlement payout or refund; null until there is one.'),
  close_price: z.string().nullable().describe('Proceeds / shares, 6 decimals; null unless closed.'),
  open_transaction_id: z.uuid(),
  settlement_transaction_id: z.uuid().nullable(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  settled_at: z.string().nullable(),
});
export type Position = z.infer<typeof Position>;

export const PositionListQuery = z.object({
  external_user_id: ExternalUserId.optional(),
  market_slug: Slug.optional(),
  state: PositionState_.optional(),
  ...PageQuery,
});
export const PositionPage = pageOf(Position);

export const RejectionListQuery = z.object({ external_user_id: ExternalUserId.optional(), ...PageQuery });
export const PositionRejection = z.object({
  id: z.uuid(),
  external_user_id: z.string(),
  action: z.enum(['open', 'close']),
  position_id: z.uuid().nullable(),
  error: z.string().describe('The error code the attempt got.'),
  request: z.record(z.string(), z.unknown()).describe("The request's fields."),
  created_at: z.string(),
});
export const RejectionPage = pageOf(PositionRejection);

export function formatShares(units: bigint): string {
  return `${units / SHARE_SCALE}.${(units % SHARE_SCALE).toString().padStart(8, '0')}`;
}

/** A position row with the names operators know it by. */
export interface PositionView {
  id: string;
  externalUserId: string;
  marketSlug: string;
  outcomeId: string;
  state: PositionState;
  stake: bigint;
  shares: bigint;
  priceMicro: bigint;
  payout: bigint | null;
  closePriceMicro: bigint | null;
  openTransactionId: string;
  settlementTransactionId: string | null;
  openedAt: Date;
  closedAt: Date | null;
  settledAt: Date | null;
}

export function presentPosition(p: PositionView): Position {
  return {
    id: p.id,
    external_user_id: p.externalUserId,
    market_slug: p.marketSlug,
    outcome_id: p.outcomeId,
    state: p.state,
    stake: formatAmount(p.stake),
    shares: formatShares(p.shares),
    price: formatPrice(p.priceMicro),
    // The payout of a settled_loss is "0", everywhere (docs/operator-api.md, "Positions"; webhooks too).
    payout: p.payout === null ? null : p.state === 'settled_loss' ? '0' : formatAmount(p.payout),
    close_price: p.closePriceMicro === null ? null : formatPrice(p.closePriceMicro),
    open_transaction_id: p.openTransactionId,
    settlement_transaction_id: p.settlementTransactionId,
    opened_at: p.openedAt.toISOString(),
    closed_at: p.closedAt?.toISOString() ?? null,
    settled_at: p.settledAt?.toISOString() ?? null,
  };
}

export function presentRejection(r: RejectionRow): z.infer<typeof PositionRejection> {
  return {
    id: r.id,
    external_user_id: r.external_user_id,
    action: r.action,
    position_id: r.position_id,
    error: r.code,
    request: r.request as Record<string, unknown>,
    created_at: r.created_at.toISOString(),
  };
}

const amount = (what: string) => z.string().describe(`${what}; two decimals.`);

export const Exposure = z.object({
  market_slug: z.string(),
  as_of: z.string().describe('RFC 3339 UTC: when the open positions were summed.'),
  outcomes: z
    .array(
      z.object({
        outcome_id: z.uuid(),
        open_positions: z.number().int().describe('Open positions on this outcome, of every user of this environment.'),
        open_stake: amount('Their stakes summed'),
        payout_if_wins: amount(
          'What they pay if this outcome wins: each position’s stake / price at open, rounded down to the cent, summed',
        ),
        net_if_wins: amount(
          'payout_if_wins minus the open stake of the whole market: what you pay out beyond the stakes you hold if ' +
            'this outcome wins (negative: what you keep)',
        ),
      }),
    )
    .describe('Every outcome of the market, in its order.'),
});
export type Exposure = z.infer<typeof Exposure>;

/** A market's exposure as the route answers it (the verb's MarketExposure, by shape: no cycle through the repo). */
export function presentExposure(e: { market: { slug: string }; asOf: Date; outcomes: OutcomeExposure[] }): Exposure {
  return {
    market_slug: e.market.slug,
    as_of: e.asOf.toISOString(),
    outcomes: e.outcomes.map((o) => ({
      outcome_id: o.outcomeId,
      open_positions: o.positions,
      open_stake: formatAmount(o.stake),
      payout_if_wins: formatAmount(o.payoutIfWins),
      net_if_wins: formatAmount(o.netIfWins),
    })),
  };
}

const ExposureLine = z.object({
  outcome_id: z.uuid(),
  open_positions: z.number().int(),
  open_stake: amount('Their stakes summed'),
  payout_if_wins: amount(
    'What they pay if this outcome wins (each position rounded down to the cent, as settlement pays)',
  ),
  net_if_wins: amount('payout_if_wins minus the open stake of the whole market in this scope (negative: kept)'),
});

export const PlatformExposureAnswer = z.object({
  market_slug: z.string(),
  as_of: z.string().describe('RFC 3339 UTC: when the open positions were summed.'),
  by_tenant: z
    .array(z.object({ tenant_id: z.uuid(), environment: z.enum(['sandbox', 'live']), outcomes: z.array(ExposureLine) }))
    .describe(
      'Every tenant environment with open positions on the market; each as GET /v1/markets/{slug}/exposure answers it.',
    ),
  totals: z
    .object({ sandbox: z.array(ExposureLine), live: z.array(ExposureLine), all: z.array(ExposureLine) })
    .describe(
      'The lines summed over tenants, per environment and in all: what operators pay in total if the outcome wins.',
    ),
  market_maker: z.object({
    liquidity: z.string().describe('b, as stored.'),
    max_loss: amount(
      'the most the market maker can lose on the market: b·ln n (n outcomes) from equal starting prices, b·ln(1/p) for the lowest starting price p otherwise',
    ),
    q: z
      .array(z.object({ outcome_id: z.uuid(), shares: z.string().describe('Outstanding shares, 8 decimals.') }))
      .describe('The current q vector, in outcome order.'),
  }),
});
export type PlatformExposureAnswer = z.infer<typeof PlatformExposureAnswer>;

const lineOf = (o: OutcomeExposure) => ({
  outcome_id: o.outcomeId,
  open_positions: o.positions,
  open_stake: formatAmount(o.stake),
  payout_if_wins: formatAmount(o.payoutIfWins),
  net_if_wins: formatAmount(o.netIfWins),
});

/** The platform's exposure of a market (the verb's PlatformExposure, by shape). */
export function presentPlatformExposure(e: {
  market: { slug: string; liquidity: string; q: number[]; outcomes: { id: string }[] };
  asOf: Date;
  byTenant: { tenantId: string; environment: 'sandbox' | 'live'; outcomes: OutcomeExposure[] }[];
  totals: Record<'sandbox' | 'live' | 'all', OutcomeExposure[]>;
  makerBound: bigint;
}): PlatformExposureAnswer {
  return {
    market_slug: e.market.slug,
    as_of: e.asOf.toISOString(),
    by_tenant: e.byTenant.map((t) => ({
      tenant_id: t.tenantId,
      environment: t.environment,
      outcomes: t.outcomes.map(lineOf),
    })),
    totals: { sandbox: e.totals.sandbox.map(lineOf), live: e.totals.live.map(lineOf), all: e.totals.all.map(lineOf) },
    market_maker: {
      liquidity: e.market.liquidity,
      max_loss: formatAmount(e.makerBound),
      q: e.market.outcomes.map((o, i) => ({ outcome_id: o.id, shares: (e.market.q[i] ?? 0).toFixed(8) })),
    },
  };
}
